/* SeluBackward, portable C, in the float32 order of the ops-nn arch35 kernel
 * (activation/selu_grad/op_kernel/arch35/selu_grad.h:69-79, SeluGradSelectFp32):
 * A = fl(g * SCALE); t = fl(r + SCALE_ALPHA); B = fl(g * t);
 * y = r <= 0 ? B : A (CMPMODE::LE: +0 and -0 take B, a NaN r takes A).
 * The build uses -ffp-contract=off, so no step is fused. A NaN that the
 * multiply makes from non-NaN operands is OPSNN_CANONICAL_NAN_BITS.
 *
 * The integer dtypes go through fp16 both ways, as the kernel's
 * kNeedsHalfTransit casts (selu_grad.h:88-109): int -> fp16 (nearest even,
 * beyond 65504 -> +-inf), fp16 -> fp32, compute, fp32 -> fp16 (CAST_RINT),
 * fp16 -> int (CAST_RINT: nearest even, saturating; +-inf saturate, NaN -> 0). */
#include <math.h>

#include "../params.h"
#include "cvt.h"
#include "kernels.h"
#include "round.h"

static inline float selu_grad(float g, float r, const opsnn_selu_bwd_params *c)
{
    float y;
    if (r <= 0.0f) {
        float t = r + c->scale_alpha;
        y = g * t;
    } else {
        y = g * OPSNN_SELU_SCALE;
    }
    if (y != y && g == g) { /* 0 * inf or inf * 0: made here, not propagated */
        y = opsnn_bits_f32(OPSNN_CANONICAL_NAN_BITS);
    }
    return y;
}

/* An integer through fp16 into float32: exact below 2^24, and every larger
 * value overflows fp16 anyway, so the float rounding cannot double-round. */
static inline float int_via_f16(int32_t v)
{
    return opsnn_round_f16((float)v);
}

/* The float32 result through fp16 (CAST_RINT) to an integer in [lo, hi]:
 * +-inf saturate, NaN -> 0. */
static inline int32_t f32_via_f16_to_int(float y, int32_t lo, int32_t hi)
{
    return opsnn_f32_to_int_rint(opsnn_round_f16(y), lo, hi);
}

void opsnn_selu_bwd_ukernel__scalar_f32(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    const float *g = a, *r = b;
    float *out = y;
    const opsnn_selu_bwd_params *c = p->op;
    for (size_t i = 0; i < n; i++) {
        out[i] = selu_grad(g[i], r[i], c);
    }
}

void opsnn_selu_bwd_ukernel__scalar_f16(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    const uint16_t *g = a, *r = b;
    uint16_t *out = y;
    const opsnn_selu_bwd_params *c = p->op;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_f16(selu_grad(opsnn_f16_to_f32(g[i]), opsnn_f16_to_f32(r[i]), c));
    }
}

void opsnn_selu_bwd_ukernel__scalar_bf16(size_t n, const void *a, const void *b, void *y,
                                         const opsnn_kparams *p)
{
    const uint16_t *g = a, *r = b;
    uint16_t *out = y;
    const opsnn_selu_bwd_params *c = p->op;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_bf16(selu_grad(opsnn_bf16_to_f32(g[i]), opsnn_bf16_to_f32(r[i]), c));
    }
}

/* int8 inputs are exact in fp16; the result (|y| < 2^15) never overflows it. */
void opsnn_selu_bwd_ukernel__scalar_i8(size_t n, const void *a, const void *b, void *y,
                                       const opsnn_kparams *p)
{
    const int8_t *g = a, *r = b;
    int8_t *out = y;
    const opsnn_selu_bwd_params *c = p->op;
    for (size_t i = 0; i < n; i++) {
        float v = selu_grad((float)g[i], (float)r[i], c);
        out[i] = (int8_t)f32_via_f16_to_int(v, INT8_MIN, INT8_MAX);
    }
}

/* int32: |v| >= 65520 becomes +-inf in fp16, so e.g. g = 0, r = -65520 gives
 * 0 * -inf = NaN -> 0, and any finite fp16 result fits; only +-inf saturate. */
void opsnn_selu_bwd_ukernel__scalar_i32(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    const int32_t *g = a, *r = b;
    int32_t *out = y;
    const opsnn_selu_bwd_params *c = p->op;
    for (size_t i = 0; i < n; i++) {
        float v = selu_grad(int_via_f16(g[i]), int_via_f16(r[i]), c);
        out[i] = f32_via_f16_to_int(v, INT32_MIN, INT32_MAX);
    }
}
