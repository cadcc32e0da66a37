/*
 * Selu of the ops-nn experimental kernel, which ops-nn builds for Ascend910B
 * (experimental/activation/selu/op_kernel/selu.h) (internal). FLOAT, BF16 and
 * INT32 take arch35's steps (ComputeFloat32 and ComputeCastFp32 are arch35's
 * sequence and casts), so this family runs the arch35 kernels for them. Two
 * dtypes differ:
 *
 * FLOAT16 (ComputeFloat16) is computed in half, each instruction rounding to
 * half, with the constants rounded to half (SCALE 1.05078125, ALPHA
 * 1.6728515625):
 *     e = Exp(min(x, 0)); d = e - 1; m = min(ALPHA * d, 0)
 *     y = SCALE * (max(x, 0) + m)
 * Each add and multiply of two half values is computed here in float32 and
 * rounded to half, which is the once-rounded half result (float32's 24 bits
 * are at least 2 * 11 + 2). For x > 0, e = 1 and m = +0, so y = half(x *
 * 1.05078125): exact. For x < 0 the half Exp is the NPU's, which libopsnn
 * cannot reproduce bit for bit: it is this library's float32 expm1 (the
 * arch35 model's, selu-fwd.h) plus 1, rounded to half; the later steps are
 * the kernel's. -0 and +0 give +0; a NaN is returned quieted (the arch35
 * model's decision).
 *
 * INT8 (ComputeCastFp32<int8_t>): int8 -> half -> float32 (exact), the
 * float32 sequence, then float32 -> half and half -> int8, both CAST_TRUNC.
 * For x <= -1 the float32 result lies in [-1.7581, -1.1113] whatever the
 * Exp's last bits, and truncates to -1; 0 gives 0; for x > 0 it is
 * fl(x * SCALE), whose truncation to half keeps its integer part (below
 * 2048), and the half -> int8 conversion saturates (decision: the Ascend C
 * documentation gives saturation for out-of-range conversions; arch35 wraps
 * instead): floor(fl(x * SCALE)), 127 from x = 122 up.
 */
#ifndef OPSNN_KERNELS_SELU_EXP_H_
#define OPSNN_KERNELS_SELU_EXP_H_

#include <stdint.h>

#include "../params.h"
#include "../selu-fwd.h"
#include "cvt.h"
#include "kernels.h"
#include "lut16.h"

/* The arch35 kernels this family runs for FLOAT, BF16 and INT32. */
#define OPSNN_UKERNEL(kind, isa, dtype, fn) \
    void fn(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *params);
#include "../selu/list.inc"
#undef OPSNN_UKERNEL

/* x rounded to half and back (nearest even). */
static inline float opsnn_selu_exp_h(float x)
{
    return opsnn_f16_to_f32(opsnn_f32_to_f16(x));
}

/* ComputeFloat16 on one half value (see above). */
static inline uint16_t opsnn_selu_exp_f16(uint16_t h, float scale16, float alpha16)
{
    if ((h & 0x7fffu) > 0x7c00u) {
        return (uint16_t)(h | 0x0200u);
    }
    float x = opsnn_f16_to_f32(h);
    float t = x < 0.0f ? x : 0.0f;
    t = t > OPSNN_SELU_EXP_MIN ? t : OPSNN_SELU_EXP_MIN;
    float e = opsnn_selu_exp_h(opsnn_selu_expm1(t) + 1.0f);
    float d = opsnn_selu_exp_h(e - 1.0f);
    float m = opsnn_selu_exp_h(alpha16 * d);
    m = m < 0.0f ? m : 0.0f;
    float pos = x > 0.0f ? x : 0.0f;
    float s = opsnn_selu_exp_h(pos + m);
    return opsnn_f32_to_f16(scale16 * s);
}

/* ComputeCastFp32<int8_t> on one value (see above); scale is SCALE_F32. */
static inline int8_t opsnn_selu_exp_i8(int8_t x, float scale)
{
    if (x <= 0) {
        return (int8_t)(x < 0 ? -1 : 0);
    }
    float v = (float)x * scale;
    return v >= 127.0f ? (int8_t)127 : (int8_t)v;
}

/*
 * The family's own micro-kernels of one path: opsnn_selu_exp_ukernel__<isa>_f16
 * (a table of ComputeFloat16, looked up with the path's `apply`) and
 * opsnn_selu_exp_ukernel__<isa>_i8, compiled with the path's flags.
 */
#define OPSNN_SELU_EXP(isa, apply)                                                             \
    static void compute_f16(size_t n, const void *a, const void *b, void *y,                   \
                            const opsnn_kparams *p)                                            \
    {                                                                                          \
        const opsnn_selu_params *c = p->op;                                                    \
        const uint16_t *x = a;                                                                 \
        uint16_t *out = y;                                                                     \
        float scale16 = opsnn_selu_exp_h(c->scale), alpha16 = opsnn_selu_exp_h(c->alpha);      \
        (void)b;                                                                               \
        for (size_t i = 0; i < n; i++) {                                                       \
            out[i] = opsnn_selu_exp_f16(x[i], scale16, alpha16);                               \
        }                                                                                      \
    }                                                                                          \
    OPSNN_LUT16_UKERNEL(opsnn_selu_exp_ukernel__##isa##_f16, apply, compute_f16,               \
                        opsnn_selu_params)                                                     \
    void opsnn_selu_exp_ukernel__##isa##_i8(size_t n, const void *a, const void *b, void *y,   \
                                            const opsnn_kparams *p)                            \
    {                                                                                          \
        const opsnn_selu_params *c = p->op;                                                    \
        const int8_t *x = a;                                                                   \
        int8_t *out = y;                                                                       \
        (void)b;                                                                               \
        for (size_t i = 0; i < n; i++) {                                                       \
            out[i] = opsnn_selu_exp_i8(x[i], c->scale);                                        \
        }                                                                                      \
    }

#endif /* OPSNN_KERNELS_SELU_EXP_H_ */
