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
} opsnn_hardshrink_bwd_lanes;

/* The lanes of one call on dtype dt (ACL_FLOAT, ACL_FLOAT16, ACL_BF16). */
static inline opsnn_hardshrink_bwd_lanes opsnn_hardshrink_bwd_lanes_of(const opsnn_kparams *p,
                                                                       aclDataType dt)
{
    const opsnn_hardshrink_bwd_params *hp = p->op;
    float l = hp->lambd;
    int gt = hp->rule == OPSNN_HARDSHRINK_BWD_GT;
    opsnn_hardshrink_bwd_lanes r;
    int f32 = dt == ACL_FLOAT, f16 = dt == ACL_FLOAT16;
    r.inf = f32 ? 0x7f800000u : f16 ? 0x7c00u : 0x7f80u;
    r.qbit = f32 ? 0x00400000u : f16 ? 0x0200u : 0x0040u;
    r.dnan = f32 ? 0x7fc00000u : f16 ? 0x7e00u : 0x7fc0u;
    r.u = gt ? (int32_t)r.inf : f32 ? INT32_MAX : INT16_MAX;
    r.mul = hp->rule == OPSNN_HARDSHRINK_BWD_MUL;
    if (l != l) {
        r.t = gt ? (int32_t)r.inf : -1;
    } else if (l < 0.0f) {
        r.t = -1; /* not from the op_api (it clamps to 0): every non-NaN keeps g */
    } else if (f32) {
        r.t = (int32_t)(opsnn_f32_bits(l) & 0x7fffffffu);
    } else {
        uint16_t h = (uint16_t)((f16 ? opsnn_f32_to_f16(l) : opsnn_f32_to_bf16(l)) & 0x7fffu);
        /* FLOAT16 under SELECT and MUL compares in half against the rounded
         * lambd: t is its magnitude. Otherwise the compare is in float32:
         * one step down when rounding went up. */
        if (!f16 || gt) {
            float v = f16 ? opsnn_f16_to_f32(h) : opsnn_bf16_to_f32(h);
            if (v > l) {
                h--;
            }
        }
        r.t = h;
    }
    return r;
}

/* One FLOAT element: g, x as bits. */
static inline uint32_t opsnn_hardshrink_bwd_y32(uint32_t g, uint32_t x,
                                                const opsnn_hardshrink_bwd_lanes *r)
{
    int32_t m = (int32_t)(x & 0x7fffffffu);
    int keep = m > r->t && m <= r->u;
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
static inline uint16_t opsnn_hardshrink_bwd_y16(uint16_t g, uint16_t x,
                                                const opsnn_hardshrink_bwd_lanes *r)
{
    int32_t m = x & 0x7fff;
    int keep = m > r->t && m <= r->u;
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

/* The three micro-kernels of path `isa`, over its
 * static void run(size_t n, const void *a, const void *b, void *y,
 *                 const opsnn_kparams *p, const opsnn_hardshrink_bwd_lanes *r, size_t esize). */
#define OPSNN_HARDSHRINK_BWD_KERNEL(isa, dt, suffix, esize)                                      \
    void opsnn_hardshrink_bwd_ukernel__##isa##_##suffix(size_t n, const void *a, const void *b,  \
                                                       void *y, const opsnn_kparams *p)         \
    {                                                                                           \
        opsnn_hardshrink_bwd_lanes r = opsnn_hardshrink_bwd_lanes_of(p, dt);                    \
        run(n, a, b, y, p, &r, esize);                                                          \
    }
#define OPSNN_HARDSHRINK_BWD_KERNELS(isa)                                                        \
    OPSNN_HARDSHRINK_BWD_KERNEL(isa, ACL_FLOAT, f32, 4)                                         \
    OPSNN_HARDSHRINK_BWD_KERNEL(isa, ACL_FLOAT16, f16, 2)                                       \
    OPSNN_HARDSHRINK_BWD_KERNEL(isa, ACL_BF16, bf16, 2)

#endif /* OPSNN_OPS_HARD_SHRINK_GRAD_RULE_H_ */
