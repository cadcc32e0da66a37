/*
 * SELU forward in float32, the operation sequence every ISA path of
 * op_kernel/selu/ repeats step for step (internal).
 *
 * The ops-nn arch35 kernel (activation/selu/op_kernel/arch35/selu.h,
 * ComputeFloat32) computes
 *     y = SCALE * (max(x, 0) + min(ALPHA * (exp(min(x, 0)) - 1), 0))
 * with the NPU's Exp. That Exp cannot be reproduced bit for bit, so the
 * negative branch uses this file's expm1: Cody-Waite range reduction
 * t = n ln2 + r (|r| <= ln2/2), a degree-7 Taylor polynomial for expm1(r), and
 * expm1(t) = 2^n expm1(r) + (2^n - 1). Unlike exp(t) - 1 it keeps its
 * relative accuracy near t = 0, where exp(t) - 1 cancels. Every step is one
 * IEEE float32 operation in round-to-nearest (no FMA: -ffp-contract=off), so
 * scalar, AVX2, AVX-512 and NEON give the same bits on every host.
 *
 * min/max are "x < 0 ? x : 0" and "x > 0 ? x : 0" (x86 minps/maxps with 0 as
 * the second operand): -0 becomes +0 and a NaN becomes 0; a NaN x is
 * returned quieted at the end instead (decision: the NPU's Mins/Maxs NaN
 * behaviour is not documented; NaN in, NaN out as in PyTorch).
 *
 * The vector paths take shortcuts that give these bits for every float32 x
 * (the AVX2 and AVX-512 kernels were compared with the scalar one over all
 * 2^32 inputs, docs/dev/design-notes.md "Micro-kernels";
 * tests/test_kernels_isa.c sweeps [-87, 0] on every path of every build):
 * - nf in one round-to-nearest-even instruction: (k + M) - M is rint(k) for
 *   |k| < 2^22, and k is in [-126, 0] here (a -0 nf instead of +0 changes
 *   no later step's result);
 * - no final min(neg, 0): expm1(t) * ALPHA is never above 0 nor -0 for t in
 *   [-87, 0] (ALPHA > 0, expm1(+-0) is +0);
 * - where the vector ISA has a fused multiply-add in its base (AVX-512F),
 *   t - nf * LN2_HI and s * e + (s - 1) are fused: nf * LN2_HI is exact (an
 *   integer below 2^7 times 9 significant bits), and s * e is exact unless
 *   it is subnormal, which needs n < -80 (for n != 0 a nonzero e is about
 *   2^-37 or more), where s - 1 is -1 and the sum rounds to -1 either way;
 *   so each rounds once, as unfused. The other paths keep them apart.
 */
#ifndef OPSNN_KERNELS_SELU_FWD_H_
#define OPSNN_KERNELS_SELU_FWD_H_

#include <stdint.h>

#include "cvt.h"
#include "params.h"

#define OPSNN_SELU_EXP_MIN (-87.0f) /* expm1 below this is -1 in float32 */
#define OPSNN_SELU_LOG2E 1.44269504088896341f
#define OPSNN_SELU_ROUND_MAGIC 12582912.0f /* 1.5 * 2^23: (k + M) - M = rint(k) */
#define OPSNN_SELU_LN2_HI 0.693359375f     /* 9 bits: n * LN2_HI is exact */
#define OPSNN_SELU_LN2_LO (-2.12194440e-4f)
#define OPSNN_SELU_C2 0.5f
#define OPSNN_SELU_C3 0.166666672f
#define OPSNN_SELU_C4 0.0416666679f
#define OPSNN_SELU_C5 0.00833333377f
#define OPSNN_SELU_C6 0.00138888892f
#define OPSNN_SELU_C7 0.000198412701f
/* The int8 positive branch multiplier: SCALE rounded to fp16 (ComputeInt8's
 * SCALE_F16_AS_F32, 1.05078125 for ops-nn's SCALE). */
static inline float opsnn_selu_scale_f16(const opsnn_selu_params *c)
{
    return opsnn_f16_to_f32(opsnn_f32_to_f16(c->scale));
}

/* expm1(t) for t in [OPSNN_SELU_EXP_MIN, 0]. */
static inline float opsnn_selu_expm1(float t)
{
    float k = t * OPSNN_SELU_LOG2E;
    float nf = (k + OPSNN_SELU_ROUND_MAGIC) - OPSNN_SELU_ROUND_MAGIC;
    float r = t - nf * OPSNN_SELU_LN2_HI;
    r = r - nf * OPSNN_SELU_LN2_LO;
    float p = OPSNN_SELU_C7 * r + OPSNN_SELU_C6;
    p = p * r + OPSNN_SELU_C5;
    p = p * r + OPSNN_SELU_C4;
    p = p * r + OPSNN_SELU_C3;
    p = p * r + OPSNN_SELU_C2;
    float u = r * r;
    u = u * p;
    float e = u + r;
    float s = opsnn_bits_f32((uint32_t)((int32_t)nf + 127) << 23); /* 2^n, n in [-126, 0] */
    float a = s * e;
    float b = s - 1.0f;
    return a + b;
}

/* SELU of one float32 value (see above). */
static inline float opsnn_selu_fwd_f32(float x, const opsnn_selu_params *c)
{
    float t = x < 0.0f ? x : 0.0f;
    t = t > OPSNN_SELU_EXP_MIN ? t : OPSNN_SELU_EXP_MIN;
    float neg = opsnn_selu_expm1(t) * c->alpha;
    neg = neg < 0.0f ? neg : 0.0f;
    float pos = x > 0.0f ? x : 0.0f;
    float y = (pos + neg) * c->scale;
    if (x != x) {
        y = opsnn_bits_f32(opsnn_f32_bits(x) | 0x400000u);
    }
    return y;
}

/*
 * The int8 kernel (ComputeInt8) runs in fp16: the positive branch is
 * trunc_fp16(max(x, 0) * 1.05078125) (exact product, truncated), the negative
 * one ceil(fp16(fp16(exp(x)) - 1) * fp16(SCALE * ALPHA)), they are added in
 * fp16, truncated to an integer and wrapped to int8 (t - 256 for t >= 128).
 * For an integer x <= -1 the fp16 exp is <= 0.368, so the negative branch is
 * ceil(<= -1.11) = -1 whatever the Exp's last bits; for x = 0 it is 0. So the
 * result is exact: -1 for x < 0, 0 for 0, and for x > 0 the low byte of
 * floor(x * scale_f16) (opsnn_selu_scale_f16: 127 -> 133 -> -123). tests/test_selu_fwd.c replays
 * the fp16 sequence step by step against this.
 */
static inline int8_t opsnn_selu_fwd_i8(int8_t x, float scale_f16)
{
    if (x < 0) {
        return -1;
    }
    int32_t t = (int32_t)((float)x * scale_f16);
    return (int8_t)(uint8_t)(t & 0xff);
}

/* The int32 kernel (ComputeCastFp32): int32 -> float32 (nearest even), SELU,
 * float32 -> int32 with CAST_TRUNC (toward zero). Only the positive end can
 * leave the int32 range; it saturates (decision: Ascend C documents
 * saturation for out-of-range float-to-int Cast). */
static inline int32_t opsnn_selu_fwd_i32(int32_t v, const opsnn_selu_params *c)
{
    float y = opsnn_selu_fwd_f32((float)v, c);
    return y >= 2147483648.0f ? INT32_MAX : (int32_t)y;
}

#endif /* OPSNN_KERNELS_SELU_FWD_H_ */
