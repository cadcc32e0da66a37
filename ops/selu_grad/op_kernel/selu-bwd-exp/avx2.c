/* SeluBackward of the ops-nn experimental kernel, AVX2 + F16C, in the
 * instruction order of scalar.c: s = r < 0 (ordered) ? r + SA : S, y = g * s,
 * in float32 or in half (each result rounded to half). No FMA. The loops and
 * conversions: selu-a2-avx2.h. */
#include "../params.h"
#include "../selu-a2-avx2.h"

static inline __m256 exp_f32(__m256 g, __m256 r, const opsnn_selu_a2_consts *k)
{
    __m256 lt = _mm256_cmp_ps(r, _mm256_setzero_ps(), _CMP_LT_OQ);
    __m256 s = _mm256_blendv_ps(k->s, _mm256_add_ps(r, k->sa), lt);
    return opsnn_selu_a2_fix_made(_mm256_mul_ps(g, s), g);
}

/* The product is left for the caller to round to half (the store's
 * conversion, or opsnn_selu_a2_round16). */
static inline __m256 exp_f16(__m256 g, __m256 r, const opsnn_selu_a2_consts *k)
{
    __m256 lt = _mm256_cmp_ps(r, _mm256_setzero_ps(), _CMP_LT_OQ);
    __m256 s = _mm256_blendv_ps(k->s16, opsnn_selu_a2_round16(_mm256_add_ps(r, k->sa16)), lt);
    return opsnn_selu_a2_fix_made(_mm256_mul_ps(g, s), g);
}

static inline __m128i exp_post16(__m128i h)
{
    return h;
}

OPSNN_SELU_A2_AVX2_KERNELS(exp, exp_f32, exp_f16, exp_post16, r)
OPSNN_SELU_A2_AVX2_U8(exp, r)
