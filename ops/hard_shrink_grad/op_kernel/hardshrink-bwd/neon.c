/* HardshrinkBackward, AArch64 Advanced SIMD: rule.h on 4 32-bit or 8 16-bit
 * lanes, integer compares of the magnitude bits, no widening. */
#include <arm_neon.h>

#include "loop-neon.h"
#include "rule.h"

static inline void step_sel32(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    uint32x4_t g = vld1q_u32((const uint32_t *)a + i);
    int32x4_t m = vreinterpretq_s32_u32(vandq_u32(vld1q_u32((const uint32_t *)b + i),
                                                  vdupq_n_u32(0x7fffffffu)));
    uint32x4_t keep = vandq_u32(vcgtq_s32(m, vdupq_n_s32(r->t)), vcleq_s32(m, vdupq_n_s32(r->u)));
    vst1q_u32((uint32_t *)y + i, vandq_u32(keep, g));
}

static inline void step_mul32(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    uint32x4_t abs = vdupq_n_u32(0x7fffffffu), inf = vdupq_n_u32(r->inf);
    uint32x4_t g = vld1q_u32((const uint32_t *)a + i);
    int32x4_t m = vreinterpretq_s32_u32(vandq_u32(vld1q_u32((const uint32_t *)b + i), abs));
    uint32x4_t keep = vandq_u32(vcgtq_s32(m, vdupq_n_s32(r->t)), vcleq_s32(m, vdupq_n_s32(r->u)));
    uint32x4_t gm = vandq_u32(g, abs);
    uint32x4_t gnan = vcgtq_u32(gm, inf);
    uint32x4_t q = vorrq_u32(g, vandq_u32(gnan, vdupq_n_u32(r->qbit)));
    uint32x4_t z = vbslq_u32(vceqq_u32(gm, inf), vdupq_n_u32(r->dnan),
                             vandq_u32(g, vdupq_n_u32(0x80000000u)));
    vst1q_u32((uint32_t *)y + i, vbslq_u32(vorrq_u32(keep, gnan), q, z));
}

static inline void step_sel16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    uint16x8_t g = vld1q_u16((const uint16_t *)a + i);
    int16x8_t m = vreinterpretq_s16_u16(vandq_u16(vld1q_u16((const uint16_t *)b + i),
                                                  vdupq_n_u16(0x7fffu)));
    uint16x8_t keep = vandq_u16(vcgtq_s16(m, vdupq_n_s16((int16_t)r->t)),
                                vcleq_s16(m, vdupq_n_s16((int16_t)r->u)));
    vst1q_u16((uint16_t *)y + i, vandq_u16(keep, g));
}

static inline void step_mul16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    uint16x8_t abs = vdupq_n_u16(0x7fffu), inf = vdupq_n_u16((uint16_t)r->inf);
    uint16x8_t g = vld1q_u16((const uint16_t *)a + i);
    int16x8_t m = vreinterpretq_s16_u16(vandq_u16(vld1q_u16((const uint16_t *)b + i), abs));
    uint16x8_t keep = vandq_u16(vcgtq_s16(m, vdupq_n_s16((int16_t)r->t)),
                                vcleq_s16(m, vdupq_n_s16((int16_t)r->u)));
    uint16x8_t gm = vandq_u16(g, abs);
    uint16x8_t gnan = vcgtq_u16(gm, inf);
    uint16x8_t q = vorrq_u16(g, vandq_u16(gnan, vdupq_n_u16((uint16_t)r->qbit)));
    uint16x8_t z = vbslq_u16(vceqq_u16(gm, inf), vdupq_n_u16((uint16_t)r->dnan),
                             vandq_u16(g, vdupq_n_u16(0x8000u)));
    vst1q_u16((uint16_t *)y + i, vbslq_u16(vorrq_u16(keep, gnan), q, z));
}

void opsnn_hardshrink_bwd_ukernel__neon_f32(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    opsnn_hardshrink_bwd_lanes r = opsnn_hardshrink_bwd_lanes_of(p, ACL_FLOAT);
    if (r.mul) {
        opsnn_neon_loop(n, a, b, y, &r, 4, 4, step_mul32);
    } else {
        opsnn_neon_loop(n, a, b, y, &r, 4, 4, step_sel32);
    }
}

static inline void run16(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p,
                         aclDataType dt)
{
    opsnn_hardshrink_bwd_lanes r = opsnn_hardshrink_bwd_lanes_of(p, dt);
    if (r.mul) {
        opsnn_neon_loop(n, a, b, y, &r, 2, 8, step_mul16);
    } else {
        opsnn_neon_loop(n, a, b, y, &r, 2, 8, step_sel16);
    }
}

void opsnn_hardshrink_bwd_ukernel__neon_f16(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    run16(n, a, b, y, p, ACL_FLOAT16);
}

void opsnn_hardshrink_bwd_ukernel__neon_bf16(size_t n, const void *a, const void *b, void *y,
                                             const opsnn_kparams *p)
{
    run16(n, a, b, y, p, ACL_BF16);
}
