/*
 * ref_model.h - the tests' one reference model of the operators, element by
 * element, in float32 as the ops-nn kernels compute (docs/precision.md). The
 * suites (through test_util.h) and the fuzz model (fuzz/model.h) use it; the
 * NPU emulation oracle in tests/oracle/ is deliberately separate.
 *
 * fp16 / bf16 conversions are the library's own (kernels/cvt.h: round to
 * nearest even, NaN quieted with sign and top payload kept), pinned on their
 * own by test_cvt_isa (all 2^16 patterns, sampled and full float32 sweeps).
 */
#ifndef OPSNN_TESTS_REF_MODEL_H_
#define OPSNN_TESTS_REF_MODEL_H_

#include <math.h>
#include <stdint.h>

#include "kernels/cvt.h"
#include "kernels/kernels.h"
#include "ops/kernels.h"

/* The SeluGrad constants as float32 (ops-nn selu_grad.h). */
#define TU_SELU_SCALE OPSNN_SELU_SCALE
#define TU_SELU_SCALE_ALPHA OPSNN_SELU_SCALE_ALPHA

/* SeluBackward on one float32 element, the ops-nn arch35 kernel's sequence
 * (activation/selu_grad/op_kernel/arch35/selu_grad.h:69-79): result <= 0
 * (+-0 included, NaN not) gives fl(g * fl(r + SCALE_ALPHA)), otherwise
 * fl(g * SCALE). Volatile stores keep each operation separately rounded. A
 * NaN made from non-NaN operands (0 * inf) is the positive quiet NaN
 * 0x7fc00000; a NaN g propagates. */
static inline float tu_selu_f32(float g, float r)
{
    volatile float y;
    if (r <= 0.0f) {
        volatile float t = r + TU_SELU_SCALE_ALPHA;
        y = g * t;
    } else {
        y = g * TU_SELU_SCALE;
    }
    return isnan(y) && !isnan(g) ? opsnn_bits_f32(0x7fc00000u) : y;
}

/* SoftshrinkBackward's test on one element: |x| > lambda or x is NaN. */
static inline int tu_softshrink_passes(float x, float lambda)
{
    return fabsf(x) > lambda || isnan(x);
}

/* An integer input through fp16, as the SeluGrad kernel casts int8 / int32
 * (selu_grad.h:88-109): |v| >= 65520 becomes +-inf. */
static inline float tu_int_through_f16(double v)
{
    return opsnn_f16_to_f32(opsnn_f32_to_f16((float)v));
}

/* A float32 result through fp16 (nearest even, overflow to inf) to the
 * nearest integer, ties to even (written out, whatever the rounding mode),
 * saturating to [lo, hi]; NaN -> 0. */
static inline int64_t tu_f16_to_int(float y, int64_t lo, int64_t hi)
{
    float h = opsnn_f16_to_f32(opsnn_f32_to_f16(y));
    if (isnan(h)) {
        return 0;
    }
    if (h >= (float)hi) {
        return hi;
    }
    if (h <= (float)lo) {
        return lo;
    }
    float fl = floorf(h);
    float frac = h - fl;
    int64_t v = (int64_t)fl;
    if (frac > 0.5f || (frac == 0.5f && (v & 1) != 0)) {
        v++;
    }
    return v < lo ? lo : v > hi ? hi : v;
}

#endif /* OPSNN_TESTS_REF_MODEL_H_ */
