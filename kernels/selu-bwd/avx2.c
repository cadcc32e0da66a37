/* SeluBackward, AVX2 + F16C, in the float32 order of the ops-nn arch35 kernel
 * (selu_grad.h:69-79): r <= 0 (ordered: +-0 included, NaN takes A) gives
 * B = g * (r + SCALE_ALPHA), else A = g * SCALE. No FMA. In every lane at
 * most one multiply operand can be NaN (t is never NaN where r <= 0), so a
 * propagated NaN does not depend on operand order; a NaN made from non-NaN
 * operands (0 * inf) is replaced by OPSNN_CANONICAL_NAN_BITS, as the scalar
 * path does. The conversions (cvt-avx2.h) reproduce cvt.h bit for bit. bf16
 * is widened raw: a signalling NaN g comes out of the multiply quiet with the
 * same payload, as opsnn_bf16_to_f32 would have made it, and a NaN r only
 * steers the compare. The integer dtypes pass through fp16 both ways, like
 * kernels/selu-bwd/scalar.c. */
#include "cvt-avx2.h"
#include "kernels.h"
#include "loop-avx2.h"

static inline __m256 selu(__m256 g, __m256 r, const opsnn_selu_bwd_params *c)
{
    __m256 le = _mm256_cmp_ps(r, _mm256_setzero_ps(), _CMP_LE_OQ);
    __m256 t = _mm256_add_ps(r, _mm256_set1_ps(c->scale_alpha));
    __m256 yb = _mm256_mul_ps(g, t);
    __m256 ya = _mm256_mul_ps(g, _mm256_set1_ps(c->scale));
    __m256 y = _mm256_blendv_ps(ya, yb, le);
    __m256 made = _mm256_and_ps(_mm256_cmp_ps(y, y, _CMP_UNORD_Q), _mm256_cmp_ps(g, g, _CMP_ORD_Q));
    __m256 canon = _mm256_castsi256_ps(_mm256_set1_epi32((int)OPSNN_CANONICAL_NAN_BITS));
    return _mm256_blendv_ps(y, canon, made);
}

/* A float32 value rounded to fp16 (nearest even, overflow to inf) and back. */
static inline __m256 via_f16(__m256 v)
{
    return opsnn_avx2_f16_to_f32(opsnn_avx2_f32_to_f16(v));
}

/* The result through fp16, rounded to the nearest integer (ties to even, by
 * the immediate, whatever MXCSR says) and converted; vcvttps2dq gives
 * INT32_MIN for NaN and +-inf, so +inf is fixed up to INT32_MAX and NaN to 0
 * (-inf already is INT32_MIN). */
static inline __m256i to_int_via_f16(__m256 v)
{
    __m256 h = _mm256_round_ps(via_f16(v), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256i q = _mm256_cvttps_epi32(h);
    __m256 big = _mm256_cmp_ps(h, _mm256_set1_ps(2147483648.0f), _CMP_GE_OQ);
    q = _mm256_blendv_epi8(q, _mm256_set1_epi32(INT32_MAX), _mm256_castps_si256(big));
    return _mm256_and_si256(q, _mm256_castps_si256(_mm256_cmp_ps(h, h, _CMP_ORD_Q)));
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    __m256 v = selu(_mm256_loadu_ps((const float *)a + i), _mm256_loadu_ps((const float *)b + i),
                    c);
    if (stream) {
        _mm256_stream_ps((float *)y + i, v);
    } else {
        _mm256_storeu_ps((float *)y + i, v);
    }
}

static inline __m128i selu_f16(__m128i g, __m128i r, const opsnn_selu_bwd_params *c)
{
    return opsnn_avx2_f32_to_f16(selu(opsnn_avx2_f16_to_f32(g), opsnn_avx2_f16_to_f32(r), c));
}

static inline void step_f16(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m256i r = _mm256_loadu_si256((const __m256i *)((const uint16_t *)b + i));
    __m128i lo = selu_f16(_mm256_castsi256_si128(g), _mm256_castsi256_si128(r), c);
    __m128i hi = selu_f16(_mm256_extracti128_si256(g, 1), _mm256_extracti128_si256(r, 1), c);
    opsnn_avx2_store_x16(y, i, stream, _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1));
}

/* The unpacks and the pack are inverse lane shuffles, so the element order
 * survives the round trip without a permute. */
static inline void step_bf16(const void *a, const void *b, void *y, size_t i, int stream,
                             const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m256i r = _mm256_loadu_si256((const __m256i *)((const uint16_t *)b + i));
    __m256 lo = selu(opsnn_avx2_bf16_unpacklo_raw(g), opsnn_avx2_bf16_unpacklo_raw(r), c);
    __m256 hi = selu(opsnn_avx2_bf16_unpackhi_raw(g), opsnn_avx2_bf16_unpackhi_raw(r), c);
    opsnn_avx2_store_x16(y, i, stream, opsnn_avx2_pack_bf16(lo, hi));
}

/* Eight int8 (exact in fp16) -> SELU in f32 -> fp16 -> int32. */
static inline __m256i selu_i8x8(__m128i g, __m128i r, const opsnn_selu_bwd_params *c)
{
    return to_int_via_f16(selu(_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(g)),
                               _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(r)), c));
}

/* The two signed saturating packs clamp to [-128, 127]. */
static inline void step_i8(const void *a, const void *b, void *y, size_t i, int stream,
                           const void *params)
{
    (void)stream;
    const opsnn_selu_bwd_params *c = params;
    __m128i g = _mm_loadu_si128((const __m128i *)((const int8_t *)a + i));
    __m128i r = _mm_loadu_si128((const __m128i *)((const int8_t *)b + i));
    __m256i lo = selu_i8x8(g, r, c);
    __m256i hi = selu_i8x8(_mm_srli_si128(g, 8), _mm_srli_si128(r, 8), c);
    __m128i w0 = _mm_packs_epi32(_mm256_castsi256_si128(lo), _mm256_extracti128_si256(lo, 1));
    __m128i w1 = _mm_packs_epi32(_mm256_castsi256_si128(hi), _mm256_extracti128_si256(hi, 1));
    _mm_storeu_si128((__m128i *)((int8_t *)y + i), _mm_packs_epi16(w0, w1));
}

/* int32: inputs through fp16 (|v| >= 65520 -> +-inf; vcvtdq2ps rounds only
 * values that overflow fp16 anyway), result through fp16 to int32. */
static inline void step_i32(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    (void)stream;
    const opsnn_selu_bwd_params *c = params;
    __m256i g = _mm256_loadu_si256((const __m256i *)((const int32_t *)a + i));
    __m256i r = _mm256_loadu_si256((const __m256i *)((const int32_t *)b + i));
    __m256 v = selu(via_f16(_mm256_cvtepi32_ps(g)), via_f16(_mm256_cvtepi32_ps(r)), c);
    _mm256_storeu_si256((__m256i *)((int32_t *)y + i), to_int_via_f16(v));
}

void opsnn_selu_bwd_ukernel__avx2_f32(size_t n, const void *a, const void *b, void *y,
                                      const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_avx2_loop(n, a, b, y, &c, p->nt_store, 4, 8, step_f32);
}

void opsnn_selu_bwd_ukernel__avx2_f16(size_t n, const void *a, const void *b, void *y,
                                      const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_avx2_loop(n, a, b, y, &c, p->nt_store, 2, 16, step_f16);
}

void opsnn_selu_bwd_ukernel__avx2_bf16(size_t n, const void *a, const void *b, void *y,
                                       const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_avx2_loop(n, a, b, y, &c, p->nt_store, 2, 16, step_bf16);
}

void opsnn_selu_bwd_ukernel__avx2_i8(size_t n, const void *a, const void *b, void *y,
                                     const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_avx2_loop(n, a, b, y, &c, 0, 1, 16, step_i8);
}

void opsnn_selu_bwd_ukernel__avx2_i32(size_t n, const void *a, const void *b, void *y,
                                      const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_avx2_loop(n, a, b, y, &c, 0, 4, 8, step_i32);
}
