/* Softshrink forward, AVX-512F/BW/VL/DQ + F16C: the AVX2 kernel's logic in 16
 * lanes (ops/softshrink/op_kernel/softshrink/scalar.c's float32 sequence); masked loads and
 * stores handle the tail. The step ignores its second input. */
#include "../params.h"
#include "cvt-avx512.h"
#include "kernels.h"
#include "loop-avx512.h"

static inline __m512 softshrink(__m512 x, float lambda)
{
    __m512 lam = _mm512_set1_ps(lambda);
    __m512 sub = _mm512_sub_ps(x, lam);
    __m512 add = _mm512_add_ps(x, lam);
    __m512 tmp = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(x, lam, _CMP_GT_OQ), sub);
    __mmask16 lt = _mm512_cmp_ps_mask(x, _mm512_set1_ps(-lambda), _CMP_LT_OQ);
    return _mm512_mask_blend_ps(lt, tmp, add);
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m512 v = softshrink(_mm512_maskz_loadu_ps((__mmask16)mask, (const float *)a + i), lambda);
    if (stream) {
        _mm512_stream_ps((float *)y + i, v);
    } else {
        _mm512_mask_storeu_ps((float *)y + i, (__mmask16)mask, v);
    }
}

static inline void step_f16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m512i x = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    __m256i lo = opsnn_avx512_f32_to_f16(softshrink(opsnn_avx512_f16_to_f32(_mm512_castsi512_si256(x)), lambda));
    __m256i hi = opsnn_avx512_f32_to_f16(softshrink(opsnn_avx512_f16_to_f32(_mm512_extracti64x4_epi64(x, 1)), lambda));
    opsnn_avx512_store_x16(y, i, mask, stream, _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1));
}

static inline void step_bf16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                             int stream, const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m512i x = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    __m512 lo = softshrink(opsnn_avx512_bf16_unpacklo_raw(x), lambda);
    __m512 hi = softshrink(opsnn_avx512_bf16_unpackhi_raw(x), lambda);
    opsnn_avx512_store_x16(y, i, mask, stream, opsnn_avx512_pack_bf16(lo, hi));
}

void opsnn_softshrink_ukernel__avx512_f32(size_t n, const void *a, const void *b, void *y,
                                          const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx512_loop(n, a, a, y, p->op, p->nt_store, 4, 16, step_f32);
}

void opsnn_softshrink_ukernel__avx512_f16(size_t n, const void *a, const void *b, void *y,
                                          const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx512_loop(n, a, a, y, p->op, p->nt_store, 2, 32, step_f16);
}

void opsnn_softshrink_ukernel__avx512_bf16(size_t n, const void *a, const void *b, void *y,
                                           const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx512_loop(n, a, a, y, p->op, p->nt_store, 2, 32, step_bf16);
}
