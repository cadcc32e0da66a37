/* SeluBackward of the CANN built-in TBE kernel, AVX2 + F16C, in the
 * instruction order of scalar.c: (r < 0 ? g * (r + SA) : g * S) + (+0), in
 * float32 or in half (each result rounded to half), integers back toward
 * zero. No FMA. The loops and conversions: selu-a2-avx2.h. */
#include "../params.h"
#include "../selu-a2-avx2.h"

/* The two vmul results differ only in the second operand and the vcmpsel
 * picks one per lane, so one multiply by the selected operand gives the
 * same rounding of the same operands. */
static inline __m256 tbe_f32(__m256 g, __m256 r, const opsnn_selu_a2_consts *k)
{
    __m256 lt = _mm256_cmp_ps(r, _mm256_setzero_ps(), _CMP_LT_OQ);
    __m256 s = _mm256_blendv_ps(k->s, _mm256_add_ps(r, k->sa), lt);
    __m256 v = opsnn_selu_a2_fix_made(_mm256_mul_ps(g, s), g);
    return _mm256_add_ps(v, _mm256_setzero_ps()); /* -0 + +0 = +0 */
}

/* The product is rounded to half before the +0 is added: a product that
 * rounds to -0 in half becomes +0. The caller rounds it (fix_made commutes
 * with that rounding, which makes a NaN only of a NaN) and tbe_post16 adds
 * the +0 on the half bits: a half widened, plus +0 and narrowed is itself,
 * but -0 is +0 (test_selu_a2_kernels.c checks it for every half), so the
 * round trip and the add cost two conversions less per eight lanes. For
 * INT8 the caller's rounding goes on to an integer, where +-0 are both 0. */
static inline __m256 tbe_f16(__m256 g, __m256 r, const opsnn_selu_a2_consts *k)
{
    __m256 lt = _mm256_cmp_ps(r, _mm256_setzero_ps(), _CMP_LT_OQ);
    __m256 s = _mm256_blendv_ps(k->s16, opsnn_selu_a2_round16(_mm256_add_ps(r, k->sa16)), lt);
    return opsnn_selu_a2_fix_made(_mm256_mul_ps(g, s), g);
}

static inline __m128i tbe_post16(__m128i h)
{
    return _mm_andnot_si128(_mm_cmpeq_epi16(h, _mm_set1_epi16((short)0x8000)), h);
}

OPSNN_SELU_A2_AVX2_KERNELS(tbe, tbe_f32, tbe_f16, tbe_post16, z)
