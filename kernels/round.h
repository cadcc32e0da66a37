/*
 * Float -> integer conversions of the NPU's vconv instructions, and a
 * rounding to binary16 after one float32 operation (internal, scalar).
 * None of them depends on the floating-point environment's rounding mode.
 */
#ifndef OPSNN_KERNELS_ROUND_H_
#define OPSNN_KERNELS_ROUND_H_

#include <math.h>
#include <stdint.h>

#include "cvt.h"

/* v rounded to binary16 and widened back: the result of a half-precision add
 * or multiply whose operands are binary16 values, computed exactly or
 * rounded once in float32 (float32 has more than 2 * 11 + 2 bits, so the
 * double rounding is innocuous). */
static inline float opsnn_round_f16(float v)
{
    return opsnn_f16_to_f32(opsnn_f32_to_f16(v));
}

/* v to the nearest integer, ties to even (an integral float; NaN and +-inf
 * come back as they are). From 2^23 up every float is an integer. */
static inline float opsnn_rint_even(float v)
{
    if (!(fabsf(v) < 0x1p23f)) {
        return v;
    }
    float fl = floorf(v);
    float frac = v - fl; /* exact below 2^23 */
    if (frac > 0.5f || (frac == 0.5f && fmodf(fl, 2.0f) != 0.0f)) {
        fl += 1.0f;
    }
    return fl;
}

/* An integral float (or +-inf, NaN) to an integer of [lo, hi]: saturating,
 * NaN -> 0 (the vconv float-to-int rule, docs/fidelity.md). */
static inline int32_t opsnn_integral_to_int(float v, int32_t lo, int32_t hi)
{
    if (v != v) {
        return 0;
    }
    if (v >= (float)hi) { /* (float)INT32_MAX is 2^31: every v >= it saturates */
        return hi;
    }
    if (v <= (float)lo) {
        return lo;
    }
    return (int32_t)v;
}

/* vconv ..r (CAST_RINT): nearest, ties to even, saturating, NaN -> 0. */
static inline int32_t opsnn_f32_to_int_rint(float v, int32_t lo, int32_t hi)
{
    return opsnn_integral_to_int(opsnn_rint_even(v), lo, hi);
}

/* vconv ..z (CAST_TRUNC): toward zero, saturating, NaN -> 0. */
static inline int32_t opsnn_f32_to_int_trunc(float v, int32_t lo, int32_t hi)
{
    return opsnn_integral_to_int(v != v || isinf(v) ? v : truncf(v), lo, hi);
}

#endif /* OPSNN_KERNELS_ROUND_H_ */
