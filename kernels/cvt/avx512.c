/* Unit-stride dtype conversions, AVX-512F/BW/VL/DQ + F16C: 16 elements a
 * step, the tail in one masked step (masked-off lanes are neither read nor
 * written). The conversions are cvt-avx512.h's, bit-exact with cvt.h. */
#include "cvt-avx512.h"
#include "kernels.h"

typedef void (*cvt_step)(const void *src, void *dst, size_t i, __mmask16 mask);

/* always_inline so that `step` becomes a direct, inlined call per kernel. */
static inline __attribute__((always_inline)) void cvt_loop(size_t n, const void *src, void *dst,
                                                           cvt_step step)
{
    size_t i = 0;
    for (; n - i >= 16; i += 16) {
        step(src, dst, i, (__mmask16)0xffff);
    }
    if (i < n) {
        step(src, dst, i, (__mmask16)((1u << (n - i)) - 1u));
    }
}

static inline void step_f16_to_f32(const void *src, void *dst, size_t i, __mmask16 mask)
{
    __m256i h = _mm256_maskz_loadu_epi16(mask, (const uint16_t *)src + i);
    _mm512_mask_storeu_ps((float *)dst + i, mask, opsnn_avx512_f16_to_f32(h));
}

static inline void step_bf16_to_f32(const void *src, void *dst, size_t i, __mmask16 mask)
{
    __m256i h = _mm256_maskz_loadu_epi16(mask, (const uint16_t *)src + i);
    _mm512_mask_storeu_ps((float *)dst + i, mask, opsnn_avx512_bf16_to_f32(h));
}

static inline void step_f32_to_f16(const void *src, void *dst, size_t i, __mmask16 mask)
{
    __m512 f = _mm512_maskz_loadu_ps(mask, (const float *)src + i);
    _mm256_mask_storeu_epi16((uint16_t *)dst + i, mask, opsnn_avx512_f32_to_f16(f));
}

static inline void step_f32_to_bf16(const void *src, void *dst, size_t i, __mmask16 mask)
{
    __m512 f = _mm512_maskz_loadu_ps(mask, (const float *)src + i);
    _mm256_mask_storeu_epi16((uint16_t *)dst + i, mask, opsnn_avx512_f32_to_bf16(f));
}

void opsnn_cvt_ukernel__avx512_f16_to_f32(size_t n, const void *src, void *dst)
{
    cvt_loop(n, src, dst, step_f16_to_f32);
}

void opsnn_cvt_ukernel__avx512_bf16_to_f32(size_t n, const void *src, void *dst)
{
    cvt_loop(n, src, dst, step_bf16_to_f32);
}

void opsnn_cvt_ukernel__avx512_f32_to_f16(size_t n, const void *src, void *dst)
{
    cvt_loop(n, src, dst, step_f32_to_f16);
}

void opsnn_cvt_ukernel__avx512_f32_to_bf16(size_t n, const void *src, void *dst)
{
    cvt_loop(n, src, dst, step_f32_to_bf16);
}
