/* SELU forward, Advanced SIMD: ops/selu/op_kernel/selu-fwd.h's float32 sequence in
 * 4-lane vectors, operation for operation (vmulq/vaddq only, no vfma; the
 * build's -ffp-contract=off keeps them apart) but for two exact shortcuts
 * listed there: rint by FRINTN, and no final min. FMIN/FMAX would propagate NaN
 * and order -0 below +0, so min/max are compare-and-select, exactly the
 * scalar "x < 0 ? x : 0". A NaN x is put back quieted at the end. FCVTZS
 * truncates and saturates (values >= 2^31 -> INT32_MAX), XTN keeps the low
 * byte (the int8 wrap). The step ignores its second input. */
#include "../params.h"
#include "cvt-neon.h"
#include "kernels.h"
#include "loop-neon.h"
#include "../selu-fwd.h"

static inline float32x4_t min0(float32x4_t v)
{
    return vbslq_f32(vcltq_f32(v, vdupq_n_f32(0.0f)), v, vdupq_n_f32(0.0f));
}

static inline float32x4_t max0(float32x4_t v)
{
    return vbslq_f32(vcgtq_f32(v, vdupq_n_f32(0.0f)), v, vdupq_n_f32(0.0f));
}

static inline float32x4_t expm1_neg(float32x4_t t)
{
    float32x4_t k = vmulq_f32(t, vdupq_n_f32(OPSNN_SELU_LOG2E));
    float32x4_t nf = vrndnq_f32(k);
    float32x4_t r = vsubq_f32(t, vmulq_f32(nf, vdupq_n_f32(OPSNN_SELU_LN2_HI)));
    r = vsubq_f32(r, vmulq_f32(nf, vdupq_n_f32(OPSNN_SELU_LN2_LO)));
    float32x4_t p = vaddq_f32(vmulq_f32(vdupq_n_f32(OPSNN_SELU_C7), r), vdupq_n_f32(OPSNN_SELU_C6));
    p = vaddq_f32(vmulq_f32(p, r), vdupq_n_f32(OPSNN_SELU_C5));
    p = vaddq_f32(vmulq_f32(p, r), vdupq_n_f32(OPSNN_SELU_C4));
    p = vaddq_f32(vmulq_f32(p, r), vdupq_n_f32(OPSNN_SELU_C3));
    p = vaddq_f32(vmulq_f32(p, r), vdupq_n_f32(OPSNN_SELU_C2));
    float32x4_t u = vmulq_f32(vmulq_f32(r, r), p);
    float32x4_t e = vaddq_f32(u, r);
    int32x4_t n = vaddq_s32(vcvtq_s32_f32(nf), vdupq_n_s32(127));
    float32x4_t s = vreinterpretq_f32_s32(vshlq_n_s32(n, 23));
    return vaddq_f32(vmulq_f32(s, e), vsubq_f32(s, vdupq_n_f32(1.0f)));
}

static inline float32x4_t selu(float32x4_t x, const opsnn_selu_params *c)
{
    float32x4_t t = min0(x);
    float32x4_t lo = vdupq_n_f32(OPSNN_SELU_EXP_MIN);
    t = vbslq_f32(vcgtq_f32(t, lo), t, lo);
    float32x4_t neg = vmulq_f32(expm1_neg(t), vdupq_n_f32(c->alpha));
    float32x4_t y = vmulq_f32(vaddq_f32(max0(x), neg), vdupq_n_f32(c->scale));
    uint32x4_t qx = vorrq_u32(vreinterpretq_u32_f32(x), vdupq_n_u32(0x400000u));
    return vbslq_f32(vceqq_f32(x, x), y, vreinterpretq_f32_u32(qx));
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    const float *x = (const float *)a + i;
    float32x4_t y0 = selu(vld1q_f32(x), c);
    float32x4_t y1 = selu(vld1q_f32(x + 4), c);
    vst1q_f32((float *)y + i, y0);
    vst1q_f32((float *)y + i + 4, y1);
}

static inline void step_f16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    uint16x8_t x = vld1q_u16((const uint16_t *)a + i);
    float32x4_t lo = selu(opsnn_neon_f16_to_f32(vget_low_u16(x)), c);
    float32x4_t hi = selu(opsnn_neon_f16_to_f32_high(x), c);
    vst1q_u16((uint16_t *)y + i, opsnn_neon_f32_to_f16x8(lo, hi));
}

static inline void step_bf16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    uint16x8_t x = vld1q_u16((const uint16_t *)a + i);
    float32x4_t lo = selu(opsnn_neon_bf16_raw_lo(x), c);
    float32x4_t hi = selu(opsnn_neon_bf16_raw_hi(x), c);
    vst1q_u16((uint16_t *)y + i, opsnn_neon_f32_to_bf16x8(lo, hi));
}

/* Four int32 lanes of int8 x: -1 where x < 0, else floor(x * 1.05078125). */
static inline int32x4_t selu_i8x4(int32x4_t x, float scale_f16)
{
    float32x4_t pos = vmulq_f32(vcvtq_f32_s32(x), vdupq_n_f32(scale_f16));
    return vbslq_s32(vcltq_s32(x, vdupq_n_s32(0)), vdupq_n_s32(-1), vcvtq_s32_f32(pos));
}

static inline void step_i8(const void *a, const void *b, void *y, size_t i, const void *params)
{
    float s = opsnn_selu_scale_f16(params);
    (void)b;
    int16x8_t x = vmovl_s8(vld1_s8((const int8_t *)a + i));
    int32x4_t lo = selu_i8x4(vmovl_s16(vget_low_s16(x)), s);
    int32x4_t hi = selu_i8x4(vmovl_s16(vget_high_s16(x)), s);
    int16x8_t w = vcombine_s16(vmovn_s32(lo), vmovn_s32(hi));
    vst1_s8((int8_t *)y + i, vmovn_s16(w));
}

static inline void step_i32(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    const int32_t *x = (const int32_t *)a + i;
    int32x4_t y0 = vcvtq_s32_f32(selu(vcvtq_f32_s32(vld1q_s32(x)), c));
    int32x4_t y1 = vcvtq_s32_f32(selu(vcvtq_f32_s32(vld1q_s32(x + 4)), c));
    vst1q_s32((int32_t *)y + i, y0);
    vst1q_s32((int32_t *)y + i + 4, y1);
}

void opsnn_selu_ukernel__neon_f32(size_t n, const void *a, const void *b, void *y,
                                  const opsnn_kparams *p)
{
    (void)b;
    opsnn_neon_loop(n, a, a, y, p->op, 4, 8, step_f32);
}

void opsnn_selu_ukernel__neon_f16(size_t n, const void *a, const void *b, void *y,
                                  const opsnn_kparams *p)
{
    (void)b;
    opsnn_neon_loop(n, a, a, y, p->op, 2, 8, step_f16);
}

void opsnn_selu_ukernel__neon_bf16(size_t n, const void *a, const void *b, void *y,
                                   const opsnn_kparams *p)
{
    (void)b;
    opsnn_neon_loop(n, a, a, y, p->op, 2, 8, step_bf16);
}

void opsnn_selu_ukernel__neon_i8(size_t n, const void *a, const void *b, void *y,
                                 const opsnn_kparams *p)
{
    (void)b;
    opsnn_neon_loop(n, a, a, y, p->op, 1, 8, step_i8);
}

void opsnn_selu_ukernel__neon_i32(size_t n, const void *a, const void *b, void *y,
                                  const opsnn_kparams *p)
{
    (void)b;
    opsnn_neon_loop(n, a, a, y, p->op, 4, 8, step_i32);
}
