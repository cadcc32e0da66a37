/* SELU forward, AVX2 + F16C: ops/selu/op_kernel/selu-fwd.h's float32 sequence in 8
 * lanes, operation for operation (no FMA) but for two exact shortcuts listed
 * there: rint by vroundps, and no final min; and two of its own, which
 * selu() below explains: a NaN x runs through the sequence instead of being
 * put back at the end, and max(x, 0) + neg is a blend. int8 uses the exact
 * closed form of opsnn_selu_fwd_i8, int32 opsnn_selu_fwd_i32's conversions.
 * The step ignores its second input (the loop is handed x twice). */
#include "../params.h"
#include "cvt-avx2.h"
#include "kernels.h"
#include "lut16.h"
#include "loop-avx2.h"
#include "../selu-fwd.h"

static inline __m256 expm1_neg(__m256 t)
{
    __m256 k = _mm256_mul_ps(t, _mm256_set1_ps(OPSNN_SELU_LOG2E));
    __m256 nf = _mm256_round_ps(k, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_sub_ps(t, _mm256_mul_ps(nf, _mm256_set1_ps(OPSNN_SELU_LN2_HI)));
    r = _mm256_sub_ps(r, _mm256_mul_ps(nf, _mm256_set1_ps(OPSNN_SELU_LN2_LO)));
    __m256 p = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(OPSNN_SELU_C7), r), _mm256_set1_ps(OPSNN_SELU_C6));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(OPSNN_SELU_C5));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(OPSNN_SELU_C4));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(OPSNN_SELU_C3));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(OPSNN_SELU_C2));
    __m256 u = _mm256_mul_ps(_mm256_mul_ps(r, r), p);
    __m256 e = _mm256_add_ps(u, r);
    __m256i n = _mm256_add_epi32(_mm256_cvttps_epi32(nf), _mm256_set1_epi32(127));
    __m256 s = _mm256_castsi256_ps(_mm256_slli_epi32(n, 23));
    return _mm256_add_ps(_mm256_mul_ps(s, e), _mm256_sub_ps(s, _mm256_set1_ps(1.0f)));
}

/* A NaN x needs no blend at the end: minps/maxps return their second
 * operand when either is NaN, so t = max(EXP_MIN, min(0, x)) is x itself,
 * and every later operation returns its one NaN operand quieted (or its
 * first, when both are), so the result is x | quiet bit, sign and payload
 * kept. For the other x the operand order changes nothing: min(+0, -0) is
 * -0 where min(-0, +0) was +0, a t = -0 the sequence maps to the same
 * result as +0.
 * max(x, 0) + neg is one blend by x's sign bit: for a sign-clear x, neg is
 * +0 and x + 0 is x (a NaN x is quieted by the product after it); for a
 * sign-set x, max(x, 0) is +0 and 0 + neg is neg (never -0; -0 gives +0,
 * a NaN gives the quieted x). Both compared with the sequence as written
 * over all 2^32 inputs. */
static inline __m256 selu(__m256 x, const opsnn_selu_params *c)
{
    __m256 zero = _mm256_setzero_ps();
    __m256 t = _mm256_max_ps(_mm256_set1_ps(OPSNN_SELU_EXP_MIN), _mm256_min_ps(zero, x));
    __m256 neg = _mm256_mul_ps(expm1_neg(t), _mm256_set1_ps(c->alpha));
    return _mm256_mul_ps(_mm256_blendv_ps(x, neg, x), _mm256_set1_ps(c->scale));
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    __m256 v = selu(_mm256_loadu_ps((const float *)a + i), c);
    if (stream) {
        _mm256_stream_ps((float *)y + i, v);
    } else {
        _mm256_storeu_ps((float *)y + i, v);
    }
}

static inline void step_f16(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    __m256i x = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m128i lo = opsnn_avx2_f32_to_f16(selu(opsnn_avx2_f16_to_f32(_mm256_castsi256_si128(x)), c));
    __m128i hi = opsnn_avx2_f32_to_f16(selu(opsnn_avx2_f16_to_f32(_mm256_extracti128_si256(x, 1)), c));
    opsnn_avx2_store_x16(y, i, stream, _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1));
}

/* Raw widening: a NaN x comes back as x | quiet bit, the bits
 * opsnn_bf16_to_f32 would have given. */
static inline void step_bf16(const void *a, const void *b, void *y, size_t i, int stream,
                             const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    __m256i x = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m256 lo = selu(opsnn_avx2_bf16_unpacklo_raw(x), c);
    __m256 hi = selu(opsnn_avx2_bf16_unpackhi_raw(x), c);
    opsnn_avx2_store_x16(y, i, stream, opsnn_avx2_pack_bf16(lo, hi));
}

/* Eight int8: x < 0 -> -1, else floor(x * 1.05078125) (exact product, a
 * truncating convert), as int32 lanes. */
static inline __m256i selu_i8x8(__m128i x8, float scale_f16)
{
    __m256i x = _mm256_cvtepi8_epi32(x8);
    __m256 pos = _mm256_mul_ps(_mm256_cvtepi32_ps(x), _mm256_set1_ps(scale_f16));
    __m256i q = _mm256_cvttps_epi32(pos);
    return _mm256_blendv_epi8(q, _mm256_set1_epi32(-1), _mm256_cmpgt_epi32(_mm256_setzero_si256(), x));
}

/* Wrap to int8 (keep the low byte): mask to 0..255 so the unsigned packs
 * cannot saturate. */
static inline void step_i8(const void *a, const void *b, void *y, size_t i, int stream,
                           const void *params)
{
    float s = opsnn_selu_scale_f16(params);
    (void)b;
    (void)stream;
    __m128i x = _mm_loadu_si128((const __m128i *)((const int8_t *)a + i));
    __m256i byte = _mm256_set1_epi32(0xff);
    __m256i lo = _mm256_and_si256(selu_i8x8(x, s), byte);
    __m256i hi = _mm256_and_si256(selu_i8x8(_mm_srli_si128(x, 8), s), byte);
    __m128i w0 = _mm_packus_epi32(_mm256_castsi256_si128(lo), _mm256_extracti128_si256(lo, 1));
    __m128i w1 = _mm_packus_epi32(_mm256_castsi256_si128(hi), _mm256_extracti128_si256(hi, 1));
    _mm_storeu_si128((__m128i *)((int8_t *)y + i), _mm_packus_epi16(w0, w1));
}

/* vcvttps2dq gives INT32_MIN for values >= 2^31: those saturate to INT32_MAX
 * (the result is never NaN and never below -2). */
static inline void step_i32(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    (void)stream;
    __m256i x = _mm256_loadu_si256((const __m256i *)((const int32_t *)a + i));
    __m256 v = selu(_mm256_cvtepi32_ps(x), c);
    __m256i q = _mm256_cvttps_epi32(v);
    __m256 big = _mm256_cmp_ps(v, _mm256_set1_ps(2147483648.0f), _CMP_GE_OQ);
    q = _mm256_blendv_epi8(q, _mm256_set1_epi32(INT32_MAX), _mm256_castps_si256(big));
    _mm256_storeu_si256((__m256i *)((int32_t *)y + i), q);
}

void opsnn_selu_ukernel__avx2_f32(size_t n, const void *a, const void *b, void *y,
                                  const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx2_loop(n, a, a, y, p->op, p->nt_store, 4, 8, step_f32);
}

static void compute_f16(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx2_loop(n, a, a, y, p->op, p->nt_store, 2, 16, step_f16);
}

/* Looked up (kernels/lut16.h): compute_f16 fills the table. */
OPSNN_LUT16_UKERNEL(opsnn_selu_ukernel__avx2_f16, opsnn_lut16_apply__avx2, compute_f16,
                    opsnn_selu_params)

static void compute_bf16(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx2_loop(n, a, a, y, p->op, p->nt_store, 2, 16, step_bf16);
}

/* Looked up (kernels/lut16.h): compute_bf16 fills the table. */
OPSNN_LUT16_UKERNEL(opsnn_selu_ukernel__avx2_bf16, opsnn_lut16_apply__avx2, compute_bf16,
                    opsnn_selu_params)

void opsnn_selu_ukernel__avx2_i8(size_t n, const void *a, const void *b, void *y,
                                 const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx2_loop(n, a, a, y, p->op, 0, 1, 16, step_i8);
}

void opsnn_selu_ukernel__avx2_i32(size_t n, const void *a, const void *b, void *y,
                                  const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx2_loop(n, a, a, y, p->op, 0, 4, 8, step_i32);
}
