/* Softshrink forward, Advanced SIMD: ops/softshrink/op_kernel/softshrink/scalar.c's float32
 * sequence in 4-lane vectors. FCMGT / FCMLT are false for NaN, so a NaN x
 * or lambd gives +0, or, with params keep_nan (FLOAT and FLOAT16), a NaN
 * x its own bits. The step ignores its second input. */
#include "../params.h"
#include "cvt-neon.h"
#include "kernels.h"
#include "loop-neon.h"

static inline float32x4_t softshrink(float32x4_t x, float lambda)
{
    float32x4_t lam = vdupq_n_f32(lambda);
    float32x4_t sub = vsubq_f32(x, lam);
    float32x4_t add = vaddq_f32(x, lam);
    float32x4_t tmp = vbslq_f32(vcgtq_f32(x, lam), sub, vdupq_n_f32(0.0f));
    return vbslq_f32(vcltq_f32(x, vdupq_n_f32(-lambda)), add, tmp);
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    const float *x = (const float *)a + i;
    float32x4_t y0 = softshrink(vld1q_f32(x), lambda);
    float32x4_t y1 = softshrink(vld1q_f32(x + 4), lambda);
    vst1q_f32((float *)y + i, y0);
    vst1q_f32((float *)y + i + 4, y1);
}

/* step_f32 with a NaN x kept (params keep_nan; BSL moves bits). */
static inline void step_f32_keep(const void *a, const void *b, void *y, size_t i,
                                 const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    const float *x = (const float *)a + i;
    float32x4_t x0 = vld1q_f32(x), x1 = vld1q_f32(x + 4);
    vst1q_f32((float *)y + i, vbslq_f32(vceqq_f32(x0, x0), softshrink(x0, lambda), x0));
    vst1q_f32((float *)y + i + 4, vbslq_f32(vceqq_f32(x1, x1), softshrink(x1, lambda), x1));
}

static inline void step_f16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    uint16x8_t x = vld1q_u16((const uint16_t *)a + i);
    float32x4_t lo = softshrink(opsnn_neon_f16_to_f32(vget_low_u16(x)), lambda);
    float32x4_t hi = softshrink(opsnn_neon_f16_to_f32_high(x), lambda);
    vst1q_u16((uint16_t *)y + i, opsnn_neon_f32_to_f16x8(lo, hi));
}

/* step_f16 with a NaN x kept as it is. */
static inline void step_f16_keep(const void *a, const void *b, void *y, size_t i,
                                 const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    uint16x8_t x = vld1q_u16((const uint16_t *)a + i);
    float32x4_t lo = softshrink(opsnn_neon_f16_to_f32(vget_low_u16(x)), lambda);
    float32x4_t hi = softshrink(opsnn_neon_f16_to_f32_high(x), lambda);
    uint16x8_t nan = vcgtq_u16(vandq_u16(x, vdupq_n_u16(0x7fff)), vdupq_n_u16(0x7c00));
    vst1q_u16((uint16_t *)y + i, vbslq_u16(nan, x, opsnn_neon_f32_to_f16x8(lo, hi)));
}

/* Raw widening suffices: a NaN only has to fail the compares. */
static inline void step_bf16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    uint16x8_t x = vld1q_u16((const uint16_t *)a + i);
    float32x4_t lo = softshrink(opsnn_neon_bf16_raw_lo(x), lambda);
    float32x4_t hi = softshrink(opsnn_neon_bf16_raw_hi(x), lambda);
    vst1q_u16((uint16_t *)y + i, opsnn_neon_f32_to_bf16x8(lo, hi));
}

void opsnn_softshrink_ukernel__neon_f32(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    (void)b;
    if (((const opsnn_softshrink_params *)p->op)->keep_nan) {
        opsnn_neon_loop(n, a, a, y, p->op, 4, 8, step_f32_keep);
        return;
    }
    opsnn_neon_loop(n, a, a, y, p->op, 4, 8, step_f32);
}

void opsnn_softshrink_ukernel__neon_f16(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    (void)b;
    if (((const opsnn_softshrink_params *)p->op)->keep_nan) {
        opsnn_neon_loop(n, a, a, y, p->op, 2, 8, step_f16_keep);
        return;
    }
    opsnn_neon_loop(n, a, a, y, p->op, 2, 8, step_f16);
}

void opsnn_softshrink_ukernel__neon_bf16(size_t n, const void *a, const void *b, void *y,
                                         const opsnn_kparams *p)
{
    (void)b;
    opsnn_neon_loop(n, a, a, y, p->op, 2, 8, step_bf16);
}
