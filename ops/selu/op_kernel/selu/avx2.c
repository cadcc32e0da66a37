/* SELU forward, AVX2 + F16C: ops/selu/op_kernel/selu-fwd.h's float32 sequence in 8
 * lanes, operation for operation (no FMA) but for two exact shortcuts listed
 * there: rint by vroundps, and no final min; and two of its own, which
 * selu() below explains: a NaN x runs through the sequence instead of being
 * put back at the end, and max(x, 0) + neg is a blend. int8 uses the exact
 * closed form of opsnn_selu_fwd_i8, int32 opsnn_selu_fwd_i32's conversions.
 * The step ignores its second input (the loop is handed x twice).
 * Float32 calls of OPSNN_SELU_TILE elements or more go in tiles (see
 * selu_tile). */
#include "../params.h"
#include "cvt-avx2.h"
#include "kernels.h"
#include "lut16.h"
#include "loop-avx2.h"
#include "../selu-fwd.h"

/* The float32 kernel's tiles (selu_tile): 512 bytes of input, whose two
 * buffers of intermediate results stay in the L1. */
#define OPSNN_SELU_TILE 128

/* expm1(t) for t in [EXP_MIN, 0] in three parts, so that selu_tile can run
 * each over a whole tile: the range reduction t = nf ln2 + r, the
 * polynomial e = expm1(r), and expm1(t) = 2^nf e + (2^nf - 1). */
static inline __m256 expm1_reduce(__m256 t, __m256 *nf)
{
    __m256 k = _mm256_mul_ps(t, _mm256_set1_ps(OPSNN_SELU_LOG2E));
    *nf = _mm256_round_ps(k, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_sub_ps(t, _mm256_mul_ps(*nf, _mm256_set1_ps(OPSNN_SELU_LN2_HI)));
    return _mm256_sub_ps(r, _mm256_mul_ps(*nf, _mm256_set1_ps(OPSNN_SELU_LN2_LO)));
}

static inline __m256 expm1_poly(__m256 r)
{
    __m256 p = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(OPSNN_SELU_C7), r), _mm256_set1_ps(OPSNN_SELU_C6));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(OPSNN_SELU_C5));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(OPSNN_SELU_C4));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(OPSNN_SELU_C3));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(OPSNN_SELU_C2));
    __m256 u = _mm256_mul_ps(_mm256_mul_ps(r, r), p);
    return _mm256_add_ps(u, r);
}

static inline __m256 expm1_scale(__m256 nf, __m256 e)
{
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
static inline __m256 selu_t(__m256 x)
{
    return _mm256_max_ps(_mm256_set1_ps(OPSNN_SELU_EXP_MIN), _mm256_min_ps(_mm256_setzero_ps(), x));
}

/* The result from x and expm1(t). */
static inline __m256 selu_finish(__m256 x, __m256 em, const opsnn_selu_params *c)
{
    __m256 neg = _mm256_mul_ps(em, _mm256_set1_ps(c->alpha));
    return _mm256_mul_ps(_mm256_blendv_ps(x, neg, x), _mm256_set1_ps(c->scale));
}

static inline __m256 selu(__m256 x, const opsnn_selu_params *c)
{
    __m256 nf;
    __m256 r = expm1_reduce(selu_t(x), &nf);
    return selu_finish(x, expm1_scale(nf, expm1_poly(r)), c);
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

/* selu() over one tile of OPSNN_SELU_TILE elements, a part of the sequence
 * at a time: the range reduction of every vector into two L1 buffers, the
 * polynomial over them, then the rest and the stores (streamed: y is
 * 32-byte aligned). The same operations on the same values, so the same
 * bits; but one vector's sequence is a chain of about 66 cycles of 31
 * operations, and run vector after vector only about four vectors were in
 * flight (likely the core's schedulers full of operations waiting on their
 * chains). In parts, each a short chain, the tile's vectors overlap. On the
 * Zen 3 guest, 64K floats in the L2 on one thread: 0.47 ns per element
 * against 0.64 (docs/dev/performance-history.md, fourteenth session). x
 * may be y: a tile reads its x before it stores. `pf` (NULL near the end
 * of the call) is where the first part prefetches. */
static inline __attribute__((always_inline)) void
selu_tile(const float *x, float *y, int stream, const float *pf, const opsnn_selu_params *c)
{
    _Alignas(32) float rb[OPSNN_SELU_TILE], nb[OPSNN_SELU_TILE];
    for (size_t j = 0; j < OPSNN_SELU_TILE; j += 8) {
        if (pf != NULL && j % 16 == 0) {
            _mm_prefetch((const char *)(pf + j), _MM_HINT_T0);
        }
        __m256 nf;
        _mm256_store_ps(rb + j, expm1_reduce(selu_t(_mm256_loadu_ps(x + j)), &nf));
        _mm256_store_ps(nb + j, nf);
    }
    for (size_t j = 0; j < OPSNN_SELU_TILE; j += 8) {
        _mm256_store_ps(rb + j, expm1_poly(_mm256_load_ps(rb + j)));
    }
    for (size_t j = 0; j < OPSNN_SELU_TILE; j += 8) {
        __m256 em = expm1_scale(_mm256_load_ps(nb + j), _mm256_load_ps(rb + j));
        __m256 v = selu_finish(_mm256_loadu_ps(x + j), em, c);
        if (stream) {
            _mm256_stream_ps(y + j, v);
        } else {
            _mm256_storeu_ps(y + j, v);
        }
    }
}

/* Calls under OPSNN_SELU_TILE run step_f32. Longer ones run plain steps up
 * to the first 32-byte aligned output when they stream, then tiles, then
 * steps over what is left (which also fence, when asked). */
void opsnn_selu_ukernel__avx2_f32(size_t n, const void *a, const void *b, void *y,
                                  const opsnn_kparams *p)
{
    (void)b;
    if (n < OPSNN_SELU_TILE) {
        opsnn_avx2_loop(n, a, a, y, p->op, p->nt_store, 4, 8, step_f32);
        return;
    }
    const float *x = a;
    float *out = y;
    const size_t ahead = opsnn_prefetch_ahead(OPSNN_AVX2_PREFETCH_BYTES, a, a, 4, 4);
    size_t i;
    int stream = opsnn_stream_head(y, p->nt_store, 4, 32, n, &i);
    if (i > 0) {
        opsnn_avx2_loop(i, a, a, y, p->op, OPSNN_NT_NONE, 4, 8, step_f32);
    }
    for (; n - i >= OPSNN_SELU_TILE; i += OPSNN_SELU_TILE) {
        const float *pf = n - i > ahead + OPSNN_SELU_TILE ? x + i + ahead : NULL;
        selu_tile(x + i, out + i, stream, pf, p->op);
    }
    opsnn_avx2_loop(n - i, x + i, x + i, out + i, p->op, p->nt_store, 4, 8, step_f32);
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
