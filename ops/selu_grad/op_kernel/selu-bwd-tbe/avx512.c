/* SeluBackward of the CANN built-in TBE kernel, AVX-512F/BW/VL/DQ + F16C,
 * in the instruction order of scalar.c: (r < 0 ? g * (r + SA) : g * S) +
 * (+0), in float32 or in half (each result rounded to half), integers back
 * toward zero. No FMA. The loops, the conversions and why the half sum may
 * be rounded by a split: selu-a2-avx512.h. */
#include "../params.h"
#include "../selu-a2-avx512.h"

/* One multiply by the operand the vcmpsel would pick (as avx2.c). A NaN
 * plus +0 is the same NaN, so the made-NaN fix may come after the add. */
static inline __m512 tbe_f32(__m512 g, __m512 r, const opsnn_selu_a2_consts *k)
{
    __m512 v = _mm512_mul_ps(g, opsnn_selu_a2_factor32(r, k));
    return _mm512_add_ps(v, _mm512_setzero_ps()); /* -0 + +0 = +0 */
}

static inline __m512 tbe_f16(__m512 g, __m512 r, const opsnn_selu_a2_consts *k, int exact)
{
    return _mm512_mul_ps(g, opsnn_selu_a2_factor16(r, k, exact));
}

/* The +0 added to the product rounded to half, on the half bits: a half
 * widened, plus +0 and narrowed again is itself (a NaN here is quiet),
 * except -0 (0x8000), which becomes +0; done on the 32 results joined. */
static inline void tbe_store16(void *y, size_t i, uint32_t mask, int stream, __m256i lo, __m256i hi)
{
    __m512i h = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
    __mmask32 nz = _mm512_cmpeq_epi16_mask(h, _mm512_set1_epi16((short)0x8000));
    opsnn_avx512_store_x16(y, i, mask, stream, _mm512_mask_mov_epi16(h, nz, _mm512_setzero_si512()));
}

OPSNN_SELU_A2_AVX512_KERNELS(tbe, tbe_f32, tbe_f16, tbe_store16, z)
