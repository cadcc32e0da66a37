/* HardshrinkBackward, AArch64 Advanced SIMD: rule.h on 4 32-bit or 8 16-bit
 * lanes, integer compares of the magnitude bits, no widening. */
#include <arm_neon.h>

#include "cvt-neon.h"
#include "loop-neon.h"
#include "rule.h"

/* All-ones lanes that keep g: t < m, m = x & abs, and m <= u under GT only
 * (gt; rule.h). */
static inline uint32x4_t keep32(uint32x4_t x, const opsnn_hardshrink_bwd_lanes *r, int gt)
{
    int32x4_t m = vreinterpretq_s32_u32(vandq_u32(x, vdupq_n_u32(0x7fffffffu)));
    uint32x4_t k = vcgtq_s32(m, vdupq_n_s32(r->t));
    return gt ? vandq_u32(k, vcleq_s32(m, vdupq_n_s32(r->u))) : k;
}

static inline uint16x8_t keep16(uint16x8_t x, const opsnn_hardshrink_bwd_lanes *r, int gt)
{
    int16x8_t m = vreinterpretq_s16_u16(vandq_u16(x, vdupq_n_u16(0x7fffu)));
    uint16x8_t k = vcgtq_s16(m, vdupq_n_s16((int16_t)r->t));
    return gt ? vandq_u16(k, vcleq_s16(m, vdupq_n_s16((int16_t)r->u))) : k;
}

/* The MUL rule: g * 1 where keep, else g * 0 (rule.h). */
static inline uint32x4_t mul32(uint32x4_t g, uint32x4_t keep, const opsnn_hardshrink_bwd_lanes *r)
{
    uint32x4_t inf = vdupq_n_u32(r->inf), gm = vandq_u32(g, vdupq_n_u32(0x7fffffffu));
    uint32x4_t gnan = vcgtq_u32(gm, inf);
    uint32x4_t q = vorrq_u32(g, vandq_u32(gnan, vdupq_n_u32(r->qbit)));
    uint32x4_t z = vbslq_u32(vceqq_u32(gm, inf), vdupq_n_u32(r->dnan),
                             vandq_u32(g, vdupq_n_u32(0x80000000u)));
    return vbslq_u32(vorrq_u32(keep, gnan), q, z);
}

static inline uint16x8_t mul16(uint16x8_t g, uint16x8_t keep, const opsnn_hardshrink_bwd_lanes *r)
{
    uint16x8_t inf = vdupq_n_u16((uint16_t)r->inf), gm = vandq_u16(g, vdupq_n_u16(0x7fffu));
    uint16x8_t gnan = vcgtq_u16(gm, inf);
    uint16x8_t q = vorrq_u16(g, vandq_u16(gnan, vdupq_n_u16((uint16_t)r->qbit)));
    uint16x8_t z = vbslq_u16(vceqq_u16(gm, inf), vdupq_n_u16((uint16_t)r->dnan),
                             vandq_u16(g, vdupq_n_u16(0x8000u)));
    return vbslq_u16(vorrq_u16(keep, gnan), q, z);
}

/* y for keep (r->mul takes the same branch on every block of a call). */
static inline uint32x4_t apply32(uint32x4_t g, uint32x4_t keep, const opsnn_hardshrink_bwd_lanes *r)
{
    return r->mul ? mul32(g, keep, r) : vandq_u32(keep, g);
}

static inline uint16x8_t apply16(uint16x8_t g, uint16x8_t keep, const opsnn_hardshrink_bwd_lanes *r)
{
    return r->mul ? mul16(g, keep, r) : vandq_u16(keep, g);
}

/* One block of 4 FLOAT or 8 16-bit elements. */
static inline void step32_by(const void *a, const void *b, void *y, size_t i, const void *params,
                             int gt)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    uint32x4_t g = vld1q_u32((const uint32_t *)a + i);
    uint32x4_t keep = keep32(vld1q_u32((const uint32_t *)b + i), r, gt);
    vst1q_u32((uint32_t *)y + i, apply32(g, keep, r));
}

static inline void step16_by(const void *a, const void *b, void *y, size_t i, const void *params,
                             int gt)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    uint16x8_t g = vld1q_u16((const uint16_t *)a + i);
    uint16x8_t keep = keep16(vld1q_u16((const uint16_t *)b + i), r, gt);
    vst1q_u16((uint16_t *)y + i, apply16(g, keep, r));
}

/* One self value for the whole run: keep splatted (r->keep); b is not read. */
static inline void step_c32(const void *a, const void *b, void *y, size_t i, const void *params)
{
    (void)b;
    const opsnn_hardshrink_bwd_lanes *r = params;
    uint32x4_t g = vld1q_u32((const uint32_t *)a + i);
    vst1q_u32((uint32_t *)y + i, apply32(g, vdupq_n_u32(r->keep), r));
}

static inline void step_c16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    (void)b;
    const opsnn_hardshrink_bwd_lanes *r = params;
    uint16x8_t g = vld1q_u16((const uint16_t *)a + i);
    vst1q_u16((uint16_t *)y + i, apply16(g, vdupq_n_u16((uint16_t)r->keep), r));
}

/* 8 FLOAT16 or BF16 g with 8 FLOAT x (rule.h: opsnn_hardshrink_bwd_xlanes):
 * keep from x's 32-bit lanes narrowed to 16-bit lanes, then the 16-bit rule
 * with a NaN g quieted. */
static inline void step_x_by(const void *a, const void *b, void *y, size_t i, const void *params,
                             int gt)
{
    const opsnn_hardshrink_bwd_xlanes *r = params;
    const uint32_t *x = (const uint32_t *)b + i;
    uint16x8_t k = vcombine_u16(vmovn_u32(keep32(vld1q_u32(x), &r->k, gt)),
                                vmovn_u32(keep32(vld1q_u32(x + 4), &r->k, gt)));
    uint16x8_t g = vld1q_u16((const uint16_t *)a + i);
    vst1q_u16((uint16_t *)y + i,
              r->v.mul ? mul16(g, k, &r->v) : vandq_u16(k, opsnn_neon_x16_via_f32(g, r->bf16)));
}

#define STEP_PARAMS const void *a, const void *b, void *y, size_t i, const void *params
#define STEP_ARGS a, b, y, i, params
OPSNN_HARDSHRINK_BWD_STEPS

/* nt_store: no streaming stores on AArch64 (loop-neon.h) */
#define LOOP(n, a, b, y, r, p, es, w, step) ((void)(p), opsnn_neon_loop(n, a, b, y, r, es, w, step))
#define LOOP_X(n, a, b, y, r, p, as, bs, ys, w, step) \
    ((void)(p), opsnn_neon_loop_x(n, a, b, y, r, as, bs, ys, w, step))
#define LOOP32(n, a, b, y, r, p, step) LOOP(n, a, b, y, r, p, 4, 4, step)
OPSNN_HARDSHRINK_BWD_RUN(LOOP, LOOP_X, LOOP32, 4, 8)

OPSNN_HARDSHRINK_BWD_KERNELS(neon)
