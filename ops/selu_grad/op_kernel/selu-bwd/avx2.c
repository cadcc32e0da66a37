/* SeluBackward, AVX2 + F16C, in the float32 order of the ops-nn arch35 kernel
 * (selu_grad.h:69-79): r <= 0 (ordered: +-0 included, NaN takes A) gives
 * B = g * (r + SCALE_ALPHA), else A = g * SCALE. No FMA. The select picks
 * the multiplier (r + SCALE_ALPHA or SCALE) and one multiply follows: the
 * same rounding of the same operands as selecting between the two products.
 * The multiplier is never NaN (where r <= 0, r is not NaN and r + SCALE_ALPHA
 * cannot be), so a propagated NaN is g's, quieted; a NaN made from non-NaN
 * operands (0 * inf) comes out of vmulps as the x86 default NaN 0xffc00000
 * and is replaced by OPSNN_CANONICAL_NAN_BITS, as the scalar path does: in
 * float32 for float32 and the integer dtypes, after the narrowing for
 * fp16/bf16 (fix_made16), only in blocks where r holds a -inf. The conversions
 * (cvt-avx2.h) reproduce cvt.h bit for bit. bf16 is widened raw: a
 * signalling NaN g comes out of the multiply quiet with the same payload, as
 * opsnn_bf16_to_f32 would have made it, and a NaN r only steers the compare.
 * The integer dtypes pass through fp16 both ways, like
 * ops/selu_grad/op_kernel/selu-bwd/scalar.c. */
#include "../params.h"
#include "cvt-avx2.h"
#include "kernels.h"
#include "loop-avx2.h"

/* The x86 default NaN that 0 * inf gives (0xffc00000), narrowed to fp16 and
 * bf16. */
#define X86_DEFAULT_NAN_F16 0xfe00u
#define X86_DEFAULT_NAN_BF16 0xffc0u

/* g * (r <= 0 ? r + SCALE_ALPHA : SCALE); a NaN made by 0 * inf is left as
 * the x86 default NaN. */
static inline __m256 selu_mul(__m256 g, __m256 r, const opsnn_selu_bwd_params *c)
{
    __m256 le = _mm256_cmp_ps(r, _mm256_setzero_ps(), _CMP_LE_OQ);
    __m256 t = _mm256_add_ps(r, _mm256_set1_ps(c->scale_alpha));
    return _mm256_mul_ps(g, _mm256_blendv_ps(_mm256_set1_ps(c->scale), t, le));
}

static inline __m256 selu(__m256 g, __m256 r, const opsnn_selu_bwd_params *c)
{
    __m256 y = selu_mul(g, r, c);
    __m256 made = _mm256_and_ps(_mm256_cmp_ps(y, y, _CMP_UNORD_Q), _mm256_cmp_ps(g, g, _CMP_ORD_Q));
    __m256 canon = _mm256_castsi256_ps(_mm256_set1_epi32((int)OPSNN_CANONICAL_NAN_BITS));
    return _mm256_blendv_ps(y, canon, made);
}

/* fp16/bf16: r + SCALE_ALPHA is +-inf only for r = -inf and 0 only for
 * r = -SCALE_ALPHA (0x3fe10966 negated, which neither format holds), so
 * without a -inf in r16 (`ninf`: 0xfc00 or 0xff80) no lane can make a NaN,
 * and the check skips fix_made16 at the cost of one compare. */
static inline int has_neg_inf16(__m256i r16, uint16_t ninf)
{
    return _mm256_movemask_epi8(_mm256_cmpeq_epi16(r16, _mm256_set1_epi16((short)ninf))) != 0;
}

/* 16-bit results y16 of selu_mul narrowed (fp16 or bf16), g16 the 16-bit
 * gradients: a made NaN narrows to the default NaN `dflt`, which becomes
 * `canon`. A propagated NaN narrows to g16 with its quiet bit set, and that
 * is `dflt` only for g16 == dflt (the other candidate, dflt without the quiet
 * bit, is -inf), so "y16 == dflt and g16 != dflt" is exactly a made NaN. */
static inline __m256i fix_made16(__m256i y16, __m256i g16, uint16_t dflt, uint16_t canon)
{
    __m256i d = _mm256_set1_epi16((short)dflt);
    __m256i made = _mm256_andnot_si256(_mm256_cmpeq_epi16(g16, d), _mm256_cmpeq_epi16(y16, d));
    return _mm256_blendv_epi8(y16, _mm256_set1_epi16((short)canon), made);
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

/* Eight fp16 results from element i, made NaNs not yet fixed. */
static inline __m128i selu_f16x8(const uint16_t *a, const uint16_t *b,
                                 const opsnn_selu_bwd_params *c)
{
    __m256 g = opsnn_avx2_f16_to_f32(_mm_loadu_si128((const __m128i *)a));
    __m256 r = opsnn_avx2_f16_to_f32(_mm_loadu_si128((const __m128i *)b));
    return opsnn_avx2_f32_to_f16(selu_mul(g, r, c));
}

/* The two halves are converted from and to memory as 128-bit vectors: on AMD
 * Zen 3 vcvtph2ps, vcvtps2ph, vextracti128 and vinserti128 all share one
 * port (one per cycle), which bounds this loop. */
static inline void step_f16(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    const uint16_t *g = (const uint16_t *)a + i, *r = (const uint16_t *)b + i;
    __m128i lo = selu_f16x8(g, r, c);
    __m128i hi = selu_f16x8(g + 8, r + 8, c);
    if (has_neg_inf16(_mm256_loadu_si256((const __m256i *)r), 0xfc00u)) {
        __m256i y16 = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
        __m256i g16 = _mm256_loadu_si256((const __m256i *)g);
        opsnn_avx2_store_x16(y, i, stream, fix_made16(y16, g16, X86_DEFAULT_NAN_F16, 0x7e00u));
    } else {
        opsnn_avx2_store_x8x2(y, i, stream, lo, hi);
    }
}

/* bf16 as 32-bit lanes, even and odd elements apart (cvt-avx2.h: no lane
 * shuffle). Every NaN selu_mul gives here has a zero low half (g's bits
 * moved up 16, quieted, or the default NaN), so the rounding carries nothing
 * into its top half and no NaN case is needed. */
static inline void step_bf16(const void *a, const void *b, void *y, size_t i, int stream,
                             const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m256i r = _mm256_loadu_si256((const __m256i *)((const uint16_t *)b + i));
    __m256 ye = selu_mul(opsnn_avx2_bf16_even_raw(g), opsnn_avx2_bf16_even_raw(r), c);
    __m256 yo = selu_mul(opsnn_avx2_bf16_odd_raw(g), opsnn_avx2_bf16_odd_raw(r), c);
    __m256i y16 = opsnn_avx2_bf16_merge_quiet(ye, yo);
    if (has_neg_inf16(r, 0xff80u)) {
        y16 = fix_made16(y16, g, X86_DEFAULT_NAN_BF16, 0x7fc0u);
    }
    opsnn_avx2_store_x16(y, i, stream, y16);
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
