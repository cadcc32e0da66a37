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
 * rounds to -0 in half becomes +0. */
static inline __m256 tbe_f16(__m256 g, __m256 r, const opsnn_selu_a2_consts *k)
{
    __m256 lt = _mm256_cmp_ps(r, _mm256_setzero_ps(), _CMP_LT_OQ);
    __m256 s = _mm256_blendv_ps(k->s16, opsnn_selu_a2_round16(_mm256_add_ps(r, k->sa16)), lt);
    __m256 v = opsnn_selu_a2_fix_made(opsnn_selu_a2_round16(_mm256_mul_ps(g, s)), g);
    return _mm256_add_ps(v, _mm256_setzero_ps());
}

OPSNN_SELU_A2_AVX2_KERNELS(tbe, tbe_f32, tbe_f16, z)
