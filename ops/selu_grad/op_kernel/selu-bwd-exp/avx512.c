/* SeluBackward of the ops-nn experimental kernel, AVX-512F/BW/VL/DQ + F16C,
 * in the instruction order of scalar.c: s = r < 0 (ordered) ? r + SA : S,
 * y = g * s, in float32 or in half (each result rounded to half). No FMA.
 * The loops, the conversions and why the half sum may be rounded by a
 * split: selu-a2-avx512.h. */
#include "../params.h"
#include "../selu-a2-avx512.h"

static inline __m512 exp_f32(__m512 g, __m512 r, const opsnn_selu_a2_consts *k)
{
    return _mm512_mul_ps(g, opsnn_selu_a2_factor32(r, k));
}

/* The product is left for the caller to round to half (the store's
 * conversion, or opsnn_selu_a2_round16). */
static inline __m512 exp_f16(__m512 g, __m512 r, const opsnn_selu_a2_consts *k, int exact)
{
    return _mm512_mul_ps(g, opsnn_selu_a2_factor16(r, k, exact));
}

OPSNN_SELU_A2_AVX512_KERNELS(exp, exp_f32, exp_f16, opsnn_avx512_store_x16x2, r)
OPSNN_SELU_A2_AVX512_U8(exp)
