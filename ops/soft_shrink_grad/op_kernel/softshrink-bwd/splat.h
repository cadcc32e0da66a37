/*
 * SoftshrinkBackward's pass rule on one value (internal): what the scalar
 * kernels apply per element, and what every path's variant with a single
 * `self` value (the "_c" kernels, XNNPACK's vopc: y[i] = op(a[i], b[0]))
 * decides once per call before it splats the answer into a register.
 */
#ifndef OPSNN_KERNELS_SOFTSHRINK_BWD_SPLAT_H_
#define OPSNN_KERNELS_SOFTSHRINK_BWD_SPLAT_H_

#include <math.h>
#include <stdint.h>

#include "../params.h"
#include "cvt.h"
#include "kernels.h"

/* |x| > lambda (ordered: false for a NaN lambda) or x is NaN. The vector
 * paths' "not (|x| <= threshold)" gives the same answer for every x and
 * lambda (kernels.h: opsnn_softshrink_threshold). */
static inline int opsnn_softshrink_bwd_passes(float x, float lambda)
{
    return fabsf(x) > lambda || x != x;
}

/* All-ones when the one self value *b (FLOAT, FLOAT16 or BF16 bits, widened
 * exactly) passes, else 0: y = g & mask is then the kernel's whole answer,
 * for 32-bit and 16-bit lanes alike. */
static inline uint32_t opsnn_softshrink_bwd_c_mask(const void *b, aclDataType dt,
                                                   const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    float x = dt == ACL_FLOAT     ? *(const float *)b
            : dt == ACL_FLOAT16   ? opsnn_f16_to_f32(*(const uint16_t *)b)
                                  : opsnn_bf16_to_f32(*(const uint16_t *)b);
    return opsnn_softshrink_bwd_passes(x, sp->lambda) ? UINT32_MAX : 0u;
}

/* The pass rule on 16-bit lanes without widening: FLOAT16 and BF16 values
 * grow with their magnitude bits m = bits & 0x7fff up to infinity, and every
 * m above infinity's is a NaN. So x passes exactly when m > T, T the largest
 * magnitude whose value is <= t (t = opsnn_softshrink_threshold(lambda); +inf
 * leaves only NaNs; a negative t passes everything: T = -1), and a signed
 * 16-bit compare of m with T decides it. Returned as T's 16 bits. */
static inline uint16_t opsnn_softshrink_bwd_t16(float lambda, aclDataType dt)
{
    float t = opsnn_softshrink_threshold(lambda);
    if (t < 0.0f) {
        return 0xffffu;
    }
    int f16 = dt == ACL_FLOAT16;
    uint16_t h = (uint16_t)((f16 ? opsnn_f32_to_f16(t) : opsnn_f32_to_bf16(t)) & 0x7fffu);
    float v = f16 ? opsnn_f16_to_f32(h) : opsnn_bf16_to_f32(h);
    return (uint16_t)(v > t ? h - 1u : h); /* rounded up: one step down */
}

#endif /* OPSNN_KERNELS_SOFTSHRINK_BWD_SPLAT_H_ */
