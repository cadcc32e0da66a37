/*
 * The hardshrink-bwd rule on integer lanes (internal), shared by every path.
 *
 * FLOAT, FLOAT16 and BF16 values grow with their magnitude bits m = bits &
 * 0x7f..f up to infinity, and every m above infinity's is a NaN. So each
 * kernel's compare of |x| with lambd is a signed integer compare of m with
 * a threshold t decided once per call: the element keeps its gradient when
 * t < m <= u. SELECT and MUL: t is the largest magnitude whose value is <=
 * lambd (as the kernel rounds it), u has no effect, so a NaN x keeps g; a NaN
 * lambd gives t = -1 (the ordered LE is false: every element keeps g). GT:
 * u is infinity's bits, so a NaN x gives +0, and a NaN lambd gives t = u
 * (GT is false: nothing keeps g).
 * MUL then multiplies g by 1 or 0, which needs no arithmetic either:
 * g * 1 is g (a NaN quieted), g * 0 is a zero of g's sign, NaN for g = +-inf
 * (the default NaN) or a NaN g (quieted).
 * Under SELECT and MUL u is the largest magnitude, so the vector steps
 * compare m with t only; their GT versions (gt_*) compare with u too. Each
 * kernel picks its loop once per call (OPSNN_HARDSHRINK_BWD_RUN), and the
 * compiler then also takes the MUL test out of each loop: with both compares
 * and the test in every step, the mixed-dtype variants took 1.2-1.3 times as
 * long on in-cache data (AVX2, every generation).
 */
#ifndef OPSNN_OPS_HARD_SHRINK_GRAD_RULE_H_
#define OPSNN_OPS_HARD_SHRINK_GRAD_RULE_H_

#include <stdint.h>

#include "../params.h"
#include "cvt.h"
#include "kernels.h"

typedef struct {
    int32_t t, u;    /* keep g when t < m <= u (signed) */
    uint32_t inf;    /* infinity's magnitude bits */
    uint32_t qbit;   /* the quiet bit */
    uint32_t dnan;   /* the default NaN (MUL: +-inf * 0) */
    int mul;         /* 1: the MUL rule */
    int gt;          /* 1: the GT rule (u below the largest magnitude) */
    uint32_t keep;   /* the _c variants: all-ones when their one self value keeps g, else 0 */
} opsnn_hardshrink_bwd_lanes;

/* The _x variants (16-bit gradOutput and gradInput, float32 self; the call
 * computes in float32): the float32 lanes decide keep from x, the 16-bit
 * lanes give y. The generic path widens g (exact; a NaN quieted), applies
 * the float32 rule and rounds back, which is exact for g and +-0 and maps
 * float32's quiet bit and default NaN onto the 16-bit ones: so y is the
 * 16-bit rule on keep(x), with a NaN g quieted under SELECT and GT too
 * (cvt-<isa>.h: opsnn_<isa>_x16_via_f32): the vector paths need no
 * conversion in registers (the scalar one does the generic path's steps
 * literally, the reference the others are held to). */
typedef struct {
    opsnn_hardshrink_bwd_lanes k; /* ACL_FLOAT: t and u for keep */
    opsnn_hardshrink_bwd_lanes v; /* the 16-bit dtype: inf, qbit, dnan, mul */
    int bf16;                     /* 1: BF16, 0: FLOAT16 */
} opsnn_hardshrink_bwd_xlanes;

/* The keep threshold t for lambd l under rule on dtype dt (ACL_FLOAT,
 * ACL_FLOAT16, ACL_BF16; inf: that dtype's infinity bits). */
static inline int32_t opsnn_hardshrink_bwd_threshold(float l, int32_t rule, aclDataType dt,
                                                     uint32_t inf)
{
    int gt = rule == OPSNN_HARDSHRINK_BWD_GT, f16 = dt == ACL_FLOAT16;
    if (l != l) {
        return gt ? (int32_t)inf : -1;
    }
    if (l < 0.0f) {
        return -1; /* not from the op_api (it clamps to 0): every non-NaN keeps g */
    }
    if (dt == ACL_FLOAT) {
        return (int32_t)(opsnn_f32_bits(l) & 0x7fffffffu);
    }
    uint16_t h = (uint16_t)((f16 ? opsnn_f32_to_f16(l) : opsnn_f32_to_bf16(l)) & 0x7fffu);
    /* FLOAT16 under SELECT and MUL compares in half against the rounded
     * lambd: t is its magnitude. Otherwise the compare is in float32: one
     * step down when rounding went up. */
    if (!f16 || gt) {
        float v = f16 ? opsnn_f16_to_f32(h) : opsnn_bf16_to_f32(h);
        if (v > l) {
            h--;
        }
    }
    return h;
}

/* The infinity bits of dt (ACL_FLOAT, ACL_FLOAT16, ACL_BF16). */
static inline uint32_t opsnn_hardshrink_bwd_inf(aclDataType dt)
{
    return dt == ACL_FLOAT ? 0x7f800000u : dt == ACL_FLOAT16 ? 0x7c00u : 0x7f80u;
}

/* The lanes of one call on dtype dt (ACL_FLOAT, ACL_FLOAT16, ACL_BF16). */
static inline opsnn_hardshrink_bwd_lanes opsnn_hardshrink_bwd_lanes_of(const opsnn_kparams *p,
                                                                       aclDataType dt)
{
    const opsnn_hardshrink_bwd_params *hp = p->op;
    int gt = hp->rule == OPSNN_HARDSHRINK_BWD_GT;
    opsnn_hardshrink_bwd_lanes r;
    int f32 = dt == ACL_FLOAT, f16 = dt == ACL_FLOAT16;
    r.inf = opsnn_hardshrink_bwd_inf(dt);
    r.qbit = f32 ? 0x00400000u : f16 ? 0x0200u : 0x0040u;
    r.dnan = f32 ? 0x7fc00000u : f16 ? 0x7e00u : 0x7fc0u;
    r.u = gt ? (int32_t)r.inf : f32 ? INT32_MAX : INT16_MAX;
    r.mul = hp->rule == OPSNN_HARDSHRINK_BWD_MUL;
    r.gt = gt;
    r.keep = 0;
    r.t = hp->t[f32 ? 0 : f16 ? 1 : 2];
    return r;
}

/* 1 when magnitude bits m keep g. */
static inline int opsnn_hardshrink_bwd_keeps(int32_t m, const opsnn_hardshrink_bwd_lanes *r)
{
    return m > r->t && m <= r->u;
}

/* One FLOAT element: g as bits, keep decided. */
static inline uint32_t opsnn_hardshrink_bwd_apply32(uint32_t g, int keep,
                                                    const opsnn_hardshrink_bwd_lanes *r)
{
    if (!r->mul) {
        return keep ? g : 0u;
    }
    uint32_t gm = g & 0x7fffffffu;
    if (gm > r->inf) {
        return g | r->qbit;
    }
    if (keep) {
        return g;
    }
    return gm == r->inf ? r->dnan : g & 0x80000000u;
}

/* One FLOAT16 or BF16 element. */
static inline uint16_t opsnn_hardshrink_bwd_apply16(uint16_t g, int keep,
                                                    const opsnn_hardshrink_bwd_lanes *r)
{
    if (!r->mul) {
        return keep ? g : (uint16_t)0;
    }
    uint32_t gm = g & 0x7fffu;
    if (gm > r->inf) {
        return (uint16_t)(g | r->qbit);
    }
    if (keep) {
        return g;
    }
    return (uint16_t)(gm == r->inf ? r->dnan : g & 0x8000u);
}

/* One FLOAT element: g, x as bits. */
static inline uint32_t opsnn_hardshrink_bwd_y32(uint32_t g, uint32_t x,
                                                const opsnn_hardshrink_bwd_lanes *r)
{
    return opsnn_hardshrink_bwd_apply32(g, opsnn_hardshrink_bwd_keeps((int32_t)(x & 0x7fffffffu), r), r);
}

/* One FLOAT16 or BF16 element. */
static inline uint16_t opsnn_hardshrink_bwd_y16(uint16_t g, uint16_t x,
                                                const opsnn_hardshrink_bwd_lanes *r)
{
    return opsnn_hardshrink_bwd_apply16(g, opsnn_hardshrink_bwd_keeps(x & 0x7fff, r), r);
}

/* The lanes of a _c variant: keep decided once for its one self value *b. */
static inline opsnn_hardshrink_bwd_lanes opsnn_hardshrink_bwd_lanes_c(const opsnn_kparams *p,
                                                                      aclDataType dt, const void *b)
{
    opsnn_hardshrink_bwd_lanes r = opsnn_hardshrink_bwd_lanes_of(p, dt);
    int32_t m = dt == ACL_FLOAT ? (int32_t)(*(const uint32_t *)b & 0x7fffffffu)
                                : *(const uint16_t *)b & 0x7fff;
    r.keep = opsnn_hardshrink_bwd_keeps(m, &r) ? UINT32_MAX : 0u;
    return r;
}

/* What a path's run() computes: the FLOAT or the 16-bit kernel (r: the
 * lanes), its _c variant (r->keep set; b is a, so that a loop's tail copies
 * only real data), or an _x variant (r: the xlanes; FLOAT16 or BF16 a and y,
 * FLOAT b). */
typedef enum {
    OPSNN_HARDSHRINK_RUN_F32,
    OPSNN_HARDSHRINK_RUN_H16,
    OPSNN_HARDSHRINK_RUN_C32,
    OPSNN_HARDSHRINK_RUN_C16,
    OPSNN_HARDSHRINK_RUN_X_F16,
    OPSNN_HARDSHRINK_RUN_X_BF16
} opsnn_hardshrink_bwd_run;

/* A vector path's step `name` for SELECT and MUL and gt_<name> for GT, from
 * its name_by(<its step parameters>, int gt): the path defines STEP_PARAMS
 * (a step's parameter list) and STEP_ARGS (those parameters' names, passed
 * on) first. OPSNN_HARDSHRINK_BWD_STEPS makes step32, step16 and step_x. */
#define OPSNN_HARDSHRINK_BWD_STEP_PAIR(name)                                                     \
    static inline void name(STEP_PARAMS)                                                        \
    {                                                                                           \
        name##_by(STEP_ARGS, 0);                                                                \
    }                                                                                           \
    static inline void gt_##name(STEP_PARAMS)                                                   \
    {                                                                                           \
        name##_by(STEP_ARGS, 1);                                                                \
    }
#define OPSNN_HARDSHRINK_BWD_STEPS                                                               \
    OPSNN_HARDSHRINK_BWD_STEP_PAIR(step32)                                                      \
    OPSNN_HARDSHRINK_BWD_STEP_PAIR(step16)                                                      \
    OPSNN_HARDSHRINK_BWD_STEP_PAIR(step_x)

/* A vector path's run(), over its steps step32, step16 (w32 and w16 elements
 * a block), step_c32, step_c16 and step_x (w16 16-bit a and y, FLOAT b; one
 * for both 16-bit dtypes, the xlanes say which), their GT versions
 * (OPSNN_HARDSHRINK_BWD_STEPS) and its loops, called
 * as loop(n, a, b, y, r, p, esize, w, step),
 * loop_x(n, a, b, y, r, p, asize, bsize, ysize, w, step) and, for step32
 * and gt_step32, loop32(n, a, b, y, r, p, step) (a path's FLOAT loop: AVX2
 * pairs its blocks). r is the lanes
 * or the xlanes, whose first member k is the lanes that decide keep, so its
 * gt is read the same way for both. Inlined into each kernel, so that its
 * lanes r stay a local whose address goes nowhere: as an out-of-line
 * function reading them through a pointer, every step reloaded and
 * re-broadcast them (a vector store may alias anything), and
 * HardshrinkBackward ran at half of SoftshrinkBackward's speed on in-cache
 * data (bcast-row bf16 64K, AVX2). */
/* loop(..., step) with step's GT version when gt. */
#define OPSNN_HARDSHRINK_BWD_BY_RULE(gt, loop, step, ...)                                        \
    do {                                                                                        \
        if (gt) {                                                                               \
            loop(__VA_ARGS__, gt_##step);                                                       \
        } else {                                                                                \
            loop(__VA_ARGS__, step);                                                            \
        }                                                                                       \
    } while (0)
#define OPSNN_HARDSHRINK_BWD_RUN(loop, loop_x, loop32, w32, w16)                                         \
    static inline __attribute__((always_inline)) void run(size_t n, const void *a, const void *b, \
                                                          void *y, const opsnn_kparams *p,      \
                                                          const void *r,                        \
                                                          opsnn_hardshrink_bwd_run how)         \
    {                                                                                           \
        int gt = ((const opsnn_hardshrink_bwd_lanes *)r)->gt;                                   \
        switch (how) {                                                                          \
        case OPSNN_HARDSHRINK_RUN_F32:                                                          \
            OPSNN_HARDSHRINK_BWD_BY_RULE(gt, loop32, step32, n, a, b, y, r, p);                 \
            break;                                                                              \
        case OPSNN_HARDSHRINK_RUN_H16:                                                          \
            OPSNN_HARDSHRINK_BWD_BY_RULE(gt, loop, step16, n, a, b, y, r, p, 2, w16);           \
            break;                                                                              \
        case OPSNN_HARDSHRINK_RUN_C32: loop(n, a, b, y, r, p, 4, w32, step_c32); break;         \
        case OPSNN_HARDSHRINK_RUN_C16: loop(n, a, b, y, r, p, 2, w16, step_c16); break;         \
        default:                                                                                \
            OPSNN_HARDSHRINK_BWD_BY_RULE(gt, loop_x, step_x, n, a, b, y, r, p, 2, 4, 2, w16);  \
            break;                                                                              \
        }                                                                                       \
    }

/* The micro-kernels of path `isa`, over its
 * static void run(size_t n, const void *a, const void *b, void *y,
 *                 const opsnn_kparams *p, const void *r, opsnn_hardshrink_bwd_run how)
 * (a vector path's from OPSNN_HARDSHRINK_BWD_RUN):
 * three kernels, three _c variants (one self value b[0]) and the two _x
 * variants (list.inc). */
#define OPSNN_HARDSHRINK_BWD_KERNEL(isa, dt, suffix, how, how_c)                                 \
    void opsnn_hardshrink_bwd_ukernel__##isa##_##suffix(size_t n, const void *a, const void *b,  \
                                                       void *y, const opsnn_kparams *p)         \
    {                                                                                           \
        opsnn_hardshrink_bwd_lanes r = opsnn_hardshrink_bwd_lanes_of(p, dt);                    \
        run(n, a, b, y, p, &r, how);                                                            \
    }                                                                                           \
    void opsnn_hardshrink_bwd_c_ukernel__##isa##_##suffix(size_t n, const void *a,              \
                                                         const void *b, void *y,                \
                                                         const opsnn_kparams *p)                \
    {                                                                                           \
        opsnn_hardshrink_bwd_lanes r = opsnn_hardshrink_bwd_lanes_c(p, dt, b);                  \
        /* SELECT and GT: y is g or +0 for the whole run */                                     \
        if (r.mul || !opsnn_run_copy_or_zero(n, a, y, dt == ACL_FLOAT ? 4 : 2, r.keep != 0,    \
                                             p->nt_store)) {                                    \
            run(n, a, a, y, p, &r, how_c);                                                      \
        }                                                                                       \
    }
#define OPSNN_HARDSHRINK_BWD_KERNEL_X(isa, dt, suffix, how)                                      \
    void opsnn_hardshrink_bwd_ukernel__##isa##_##suffix##_f32_##suffix(                         \
        size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)                \
    {                                                                                           \
        opsnn_hardshrink_bwd_xlanes r = {opsnn_hardshrink_bwd_lanes_of(p, ACL_FLOAT),           \
                                         opsnn_hardshrink_bwd_lanes_of(p, dt), dt == ACL_BF16}; \
        run(n, a, b, y, p, &r, how);                                                            \
    }
#define OPSNN_HARDSHRINK_BWD_KERNELS(isa)                                                        \
    OPSNN_HARDSHRINK_BWD_KERNEL(isa, ACL_FLOAT, f32, OPSNN_HARDSHRINK_RUN_F32,                  \
                                OPSNN_HARDSHRINK_RUN_C32)                                       \
    OPSNN_HARDSHRINK_BWD_KERNEL(isa, ACL_FLOAT16, f16, OPSNN_HARDSHRINK_RUN_H16,                \
                                OPSNN_HARDSHRINK_RUN_C16)                                       \
    OPSNN_HARDSHRINK_BWD_KERNEL(isa, ACL_BF16, bf16, OPSNN_HARDSHRINK_RUN_H16,                  \
                                OPSNN_HARDSHRINK_RUN_C16)                                       \
    OPSNN_HARDSHRINK_BWD_KERNEL_X(isa, ACL_FLOAT16, f16, OPSNN_HARDSHRINK_RUN_X_F16)            \
    OPSNN_HARDSHRINK_BWD_KERNEL_X(isa, ACL_BF16, bf16, OPSNN_HARDSHRINK_RUN_X_BF16)

#endif /* OPSNN_OPS_HARD_SHRINK_GRAD_RULE_H_ */
