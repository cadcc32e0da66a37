/* Unit-stride dtype conversions, AVX2 + F16C: 8 elements a step. AVX2 has no
 * masked 16-bit loads, so the tail runs the same step on a zero-padded copy
 * in a stack buffer (as loop-avx2.h does). The conversions are cvt-avx2.h's,
 * bit-exact with cvt.h. */
#include <string.h>

#include "cvt-avx2.h"
#include "kernels.h"

typedef void (*cvt_step)(const void *src, void *dst, size_t i);

/* always_inline so that `step` becomes a direct, inlined call per kernel. */
static inline __attribute__((always_inline)) void cvt_loop(size_t n, const void *src, void *dst,
                                                           size_t src_size, size_t dst_size,
                                                           cvt_step step)
{
    size_t i = 0;
    for (; n - i >= 8; i += 8) {
        step(src, dst, i);
    }
    if (i < n) {
        _Alignas(32) unsigned char bs[32] = {0}, bd[32];
        memcpy(bs, (const unsigned char *)src + i * src_size, (n - i) * src_size);
        step(bs, bd, 0);
        memcpy((unsigned char *)dst + i * dst_size, bd, (n - i) * dst_size);
    }
}

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
    cvt_loop(n, src, dst, 2, 4, step_f16_to_f32);
}

void opsnn_cvt_ukernel__avx2_bf16_to_f32(size_t n, const void *src, void *dst)
{
    cvt_loop(n, src, dst, 2, 4, step_bf16_to_f32);
}

void opsnn_cvt_ukernel__avx2_f32_to_f16(size_t n, const void *src, void *dst)
{
    cvt_loop(n, src, dst, 4, 2, step_f32_to_f16);
}

void opsnn_cvt_ukernel__avx2_f32_to_bf16(size_t n, const void *src, void *dst)
{
    cvt_loop(n, src, dst, 4, 2, step_f32_to_bf16);
}
