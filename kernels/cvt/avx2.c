/* Unit-stride dtype conversions, AVX2 + F16C: 8 elements a step, the tail
 * through a zero-padded copy (cvt-loop.h). The conversions are cvt-avx2.h's,
 * bit-exact with cvt.h. */
#include "cvt-avx2.h"
#include "cvt-loop.h"
#include "kernels.h"

static inline void step_f16_to_f32(const void *src, void *dst, size_t i)
{
    __m128i h = _mm_loadu_si128((const __m128i *)((const uint16_t *)src + i));
    _mm256_storeu_ps((float *)dst + i, opsnn_avx2_f16_to_f32(h));
}

static inline void step_bf16_to_f32(const void *src, void *dst, size_t i)
{
    __m128i h = _mm_loadu_si128((const __m128i *)((const uint16_t *)src + i));
    _mm256_storeu_ps((float *)dst + i, opsnn_avx2_bf16_to_f32(h));
}

static inline void step_f32_to_f16(const void *src, void *dst, size_t i)
{
    __m256 f = _mm256_loadu_ps((const float *)src + i);
    _mm_storeu_si128((__m128i *)((uint16_t *)dst + i), opsnn_avx2_f32_to_f16(f));
}

static inline void step_f32_to_bf16(const void *src, void *dst, size_t i)
{
    __m256 f = _mm256_loadu_ps((const float *)src + i);
    _mm_storeu_si128((__m128i *)((uint16_t *)dst + i), opsnn_avx2_f32_to_bf16(f));
}

void opsnn_cvt_ukernel__avx2_f16_to_f32(size_t n, const void *src, void *dst)
{
    opsnn_cvt_loop(n, src, dst, 2, 4, step_f16_to_f32);
}

void opsnn_cvt_ukernel__avx2_bf16_to_f32(size_t n, const void *src, void *dst)
{
    opsnn_cvt_loop(n, src, dst, 2, 4, step_bf16_to_f32);
}

void opsnn_cvt_ukernel__avx2_f32_to_f16(size_t n, const void *src, void *dst)
{
    opsnn_cvt_loop(n, src, dst, 4, 2, step_f32_to_f16);
}

void opsnn_cvt_ukernel__avx2_f32_to_bf16(size_t n, const void *src, void *dst)
{
    opsnn_cvt_loop(n, src, dst, 4, 2, step_f32_to_bf16);
}
