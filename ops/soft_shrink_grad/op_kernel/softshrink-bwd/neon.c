/* SoftshrinkBackward, Advanced SIMD:
 * y = (|x| > lambda || x is NaN) ? g : +0, g copied as bits.
 * FCMGT is false for NaN, so the NaN lanes are added by x != x; that keeps
 * the rule right for a NaN lambda too (every non-NaN x gives +0). fp16 x are
 * widened exactly (FCVTL), bf16 x raw (a NaN only has to compare unordered). */
#include "../params.h"
#include "cvt-neon.h"
#include "kernels.h"
#include "loop-neon.h"
#include "splat.h"

/* All-ones lanes where the element passes. */
static inline uint32x4_t pass(float32x4_t x, float32x4_t lambda)
{
    uint32x4_t big = vcgtq_f32(vabsq_f32(x), lambda);
    return vorrq_u32(big, vmvnq_u32(vceqq_f32(x, x)));
}

/* Two 4-lane masks narrowed to one 8 x 16-bit mask. */
static inline uint16x8_t narrow_mask(uint32x4_t lo, uint32x4_t hi)
{
    return vcombine_u16(vmovn_u32(lo), vmovn_u32(hi));
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, const void *params)
{
    float lambda = *(const float *)params;
    const uint32_t *g = (const uint32_t *)a + i;
    const float *x = (const float *)b + i;
    float32x4_t l = vdupq_n_f32(lambda);
    uint32x4_t m0 = pass(vld1q_f32(x), l), m1 = pass(vld1q_f32(x + 4), l);
    uint32x4_t g0 = vld1q_u32(g), g1 = vld1q_u32(g + 4);
    vst1q_u32((uint32_t *)y + i, vandq_u32(m0, g0));
    vst1q_u32((uint32_t *)y + i + 4, vandq_u32(m1, g1));
}

static inline void step_f16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    float lambda = *(const float *)params;
    uint16x8_t g = vld1q_u16((const uint16_t *)a + i);
    uint16x8_t x = vld1q_u16((const uint16_t *)b + i);
    float32x4_t l = vdupq_n_f32(lambda);
    uint16x8_t m = narrow_mask(pass(opsnn_neon_f16_to_f32(vget_low_u16(x)), l),
                               pass(opsnn_neon_f16_to_f32_high(x), l));
    vst1q_u16((uint16_t *)y + i, vandq_u16(m, g));
}

static inline void step_bf16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    float lambda = *(const float *)params;
    uint16x8_t g = vld1q_u16((const uint16_t *)a + i);
    uint16x8_t x = vld1q_u16((const uint16_t *)b + i);
    float32x4_t l = vdupq_n_f32(lambda);
    uint16x8_t m = narrow_mask(pass(opsnn_neon_bf16_raw_lo(x), l), pass(opsnn_neon_bf16_raw_hi(x), l));
    vst1q_u16((uint16_t *)y + i, vandq_u16(m, g));
}

void opsnn_softshrink_bwd_ukernel__neon_f32(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    float lambda = ((const opsnn_softshrink_bwd_params *)p->op)->lambda;
    opsnn_neon_loop(n, a, b, y, &lambda, 4, 8, step_f32);
}

void opsnn_softshrink_bwd_ukernel__neon_f16(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    float lambda = ((const opsnn_softshrink_bwd_params *)p->op)->lambda;
    opsnn_neon_loop(n, a, b, y, &lambda, 2, 8, step_f16);
}

void opsnn_softshrink_bwd_ukernel__neon_bf16(size_t n, const void *a, const void *b, void *y,
                                             const opsnn_kparams *p)
{
    float lambda = ((const opsnn_softshrink_bwd_params *)p->op)->lambda;
    opsnn_neon_loop(n, a, b, y, &lambda, 2, 8, step_bf16);
}

/* The variants with one self value for the whole run (b points at it, XNNPACK's
 * vopc): the rule is decided once and splatted, y = g & mask. b is not read
 * again, so the loop gets a for both inputs (its tail copies both). */
static inline void step_c32(const void *a, const void *b, void *y, size_t i, const void *params)
{
    (void)b;
    uint32x4_t m = vdupq_n_u32(*(const uint32_t *)params);
    const uint32_t *g = (const uint32_t *)a + i;
    vst1q_u32((uint32_t *)y + i, vandq_u32(m, vld1q_u32(g)));
    vst1q_u32((uint32_t *)y + i + 4, vandq_u32(m, vld1q_u32(g + 4)));
}

static inline void step_c16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    (void)b;
    uint16x8_t m = vdupq_n_u16((uint16_t)*(const uint32_t *)params);
    vst1q_u16((uint16_t *)y + i, vandq_u16(m, vld1q_u16((const uint16_t *)a + i)));
}

void opsnn_softshrink_bwd_c_ukernel__neon_f32(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    uint32_t m = opsnn_softshrink_bwd_c_mask(b, ACL_FLOAT, p);
    if (opsnn_run_copy_or_zero(n, a, y, 4, m != 0, p->nt_store)) {
        return;
    }
    opsnn_neon_loop(n, a, a, y, &m, 4, 8, step_c32);
}

void opsnn_softshrink_bwd_c_ukernel__neon_f16(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    uint32_t m = opsnn_softshrink_bwd_c_mask(b, ACL_FLOAT16, p);
    if (opsnn_run_copy_or_zero(n, a, y, 2, m != 0, p->nt_store)) {
        return;
    }
    opsnn_neon_loop(n, a, a, y, &m, 2, 8, step_c16);
}

void opsnn_softshrink_bwd_c_ukernel__neon_bf16(size_t n, const void *a, const void *b, void *y,
                                               const opsnn_kparams *p)
{
    uint32_t m = opsnn_softshrink_bwd_c_mask(b, ACL_BF16, p);
    if (opsnn_run_copy_or_zero(n, a, y, 2, m != 0, p->nt_store)) {
        return;
    }
    opsnn_neon_loop(n, a, a, y, &m, 2, 8, step_c16);
}

/* The variants with 16-bit gradOutput and gradInput and a float32 self (the
 * mixed-dtype call computes in float32): the tile path would widen g, select
 * it or +0 by the float32 pass rule and round back, which is g with a NaN
 * quieted, or +0 (cvt-neon.h: opsnn_neon_x16_via_f32). So x's pass masks are
 * narrowed to 16-bit lanes and applied to g, with no conversion. */
static inline void step_x16_f32(const void *a, const void *b, void *y, size_t i,
                                const void *params, int bf16)
{
    float32x4_t l = vdupq_n_f32(*(const float *)params);
    const float *x = (const float *)b + i;
    uint16x8_t m = narrow_mask(pass(vld1q_f32(x), l), pass(vld1q_f32(x + 4), l));
    uint16x8_t g = vld1q_u16((const uint16_t *)a + i);
    vst1q_u16((uint16_t *)y + i, vandq_u16(m, opsnn_neon_x16_via_f32(g, bf16)));
}

static inline void step_f16_f32(const void *a, const void *b, void *y, size_t i,
                                const void *params)
{
    step_x16_f32(a, b, y, i, params, 0);
}

static inline void step_bf16_f32(const void *a, const void *b, void *y, size_t i,
                                 const void *params)
{
    step_x16_f32(a, b, y, i, params, 1);
}

void opsnn_softshrink_bwd_ukernel__neon_f16_f32_f16(size_t n, const void *a, const void *b,
                                                    void *y, const opsnn_kparams *p)
{
    float lambda = ((const opsnn_softshrink_bwd_params *)p->op)->lambda;
    opsnn_neon_loop_x(n, a, b, y, &lambda, 2, 4, 2, 8, step_f16_f32);
}

void opsnn_softshrink_bwd_ukernel__neon_bf16_f32_bf16(size_t n, const void *a, const void *b,
                                                      void *y, const opsnn_kparams *p)
{
    float lambda = ((const opsnn_softshrink_bwd_params *)p->op)->lambda;
    opsnn_neon_loop_x(n, a, b, y, &lambda, 2, 4, 2, 8, step_bf16_f32);
}
