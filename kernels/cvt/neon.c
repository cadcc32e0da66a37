/* Unit-stride dtype conversions, Advanced SIMD: 8 elements a step, the tail
 * through a zero-padded copy (cvt-loop.h). The conversions are cvt-neon.h's,
 * bit-exact with cvt.h. */
#include "cvt-loop.h"
#include "cvt-neon.h"
#include "kernels.h"

static inline void step_f16_to_f32(const void *src, void *dst, size_t i)
{
    uint16x8_t h = vld1q_u16((const uint16_t *)src + i);
    vst1q_f32((float *)dst + i, opsnn_neon_f16_to_f32(vget_low_u16(h)));
    vst1q_f32((float *)dst + i + 4, opsnn_neon_f16_to_f32_high(h));
}

static inline void step_bf16_to_f32(const void *src, void *dst, size_t i)
{
    uint16x8_t h = vld1q_u16((const uint16_t *)src + i);
    vst1q_f32((float *)dst + i, opsnn_neon_bf16_quiet(opsnn_neon_bf16_raw_lo(h)));
    vst1q_f32((float *)dst + i + 4, opsnn_neon_bf16_quiet(opsnn_neon_bf16_raw_hi(h)));
}

static inline void step_f32_to_f16(const void *src, void *dst, size_t i)
{
    const float *s = (const float *)src + i;
    vst1q_u16((uint16_t *)dst + i, opsnn_neon_f32_to_f16x8(vld1q_f32(s), vld1q_f32(s + 4)));
}

static inline void step_f32_to_bf16(const void *src, void *dst, size_t i)
{
    const float *s = (const float *)src + i;
    vst1q_u16((uint16_t *)dst + i, opsnn_neon_f32_to_bf16x8(vld1q_f32(s), vld1q_f32(s + 4)));
}

void opsnn_cvt_ukernel__neon_f16_to_f32(size_t n, const void *src, void *dst)
{
    opsnn_cvt_loop(n, src, dst, 2, 4, step_f16_to_f32);
}

void opsnn_cvt_ukernel__neon_bf16_to_f32(size_t n, const void *src, void *dst)
{
    opsnn_cvt_loop(n, src, dst, 2, 4, step_bf16_to_f32);
}

void opsnn_cvt_ukernel__neon_f32_to_f16(size_t n, const void *src, void *dst)
{
    opsnn_cvt_loop(n, src, dst, 4, 2, step_f32_to_f16);
}

void opsnn_cvt_ukernel__neon_f32_to_bf16(size_t n, const void *src, void *dst)
{
    opsnn_cvt_loop(n, src, dst, 4, 2, step_f32_to_bf16);
}
