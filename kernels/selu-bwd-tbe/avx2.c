/* SeluBackward of the CANN built-in TBE kernel, AVX2 + F16C, in the
 * instruction order of scalar.c: (r < 0 ? g * (r + SA) : g * S) + (+0), in
 * float32 or in half (each result rounded to half), integers back toward
 * zero. No FMA. The loops and conversions: selu-a2-avx2.h. */
#include "selu-a2-avx2.h"

static inline __m256 tbe_f32(__m256 g, __m256 r, const opsnn_selu_a2_consts *k)
{
    __m256 lt = _mm256_cmp_ps(r, _mm256_setzero_ps(), _CMP_LT_OQ);
    __m256 b = _mm256_mul_ps(g, _mm256_add_ps(r, k->sa));
    __m256 a = _mm256_mul_ps(g, k->s);
    __m256 v = opsnn_selu_a2_fix_made(_mm256_blendv_ps(a, b, lt), g);
    return _mm256_add_ps(v, _mm256_setzero_ps()); /* -0 + +0 = +0 */
}

static inline __m256 tbe_f16(__m256 g, __m256 r, const opsnn_selu_a2_consts *k)
{
    __m256 lt = _mm256_cmp_ps(r, _mm256_setzero_ps(), _CMP_LT_OQ);
    __m256 t = opsnn_selu_a2_round16(_mm256_add_ps(r, k->sa16));
    __m256 b = opsnn_selu_a2_round16(_mm256_mul_ps(g, t));
    __m256 a = opsnn_selu_a2_round16(_mm256_mul_ps(g, k->s16));
    __m256 v = opsnn_selu_a2_fix_made(_mm256_blendv_ps(a, b, lt), g);
    return _mm256_add_ps(v, _mm256_setzero_ps());
}

OPSNN_SELU_A2_AVX2_KERNELS(tbe, tbe_f32, tbe_f16, z)
