/* SeluBackward of the ops-nn experimental kernel (Atlas A2/A3 with the ops-nn
 * package), portable C, in its instruction order
 * (experimental/activation/selu_grad/op_kernel/selu_grad.h, Compute):
 *   mask = r < 0 (CompareScalar LT: +-0 and NaN r are not negative);
 *   t = r + SA (Adds); s = mask ? t : S (Select); y = g * s (Mul),
 * each instruction rounded to the compute type, whose constants S and SA
 * are rounded to it too. The compute type is the dtype for FLOAT and
 * FLOAT16 (native half: S = 1.05078125, SA = 1.7578125), float32 for BF16
 * and INT32 (Cast CAST_NONE in, CAST_RINT out), half for INT8 and UINT8.
 * The kernel's scalar tail loop (the last currentNum % (256 / sizeof T)
 * elements of each UB chunk) computes the same values with the scalar unit,
 * so no result depends on its position (docs/fidelity.md). A NaN the
 * multiply makes from non-NaN operands (0 * -inf) is OPSNN_CANONICAL_NAN_BITS. */
#include "cvt.h"
#include "kernels.h"
#include "round.h"

/* Constants of one call in the compute type, widened to float32. */
typedef struct {
    float s, sa;
} consts;

static inline consts f32_consts(const opsnn_kparams *p)
{
    const opsnn_selu_bwd_params *c = p->op;
    return (consts){c->scale, c->scale_alpha};
}

static inline consts f16_consts(const opsnn_kparams *p)
{
    const opsnn_selu_bwd_params *c = p->op;
    return (consts){opsnn_round_f16(c->scale), opsnn_round_f16(c->scale_alpha)};
}

static inline float made_nan(float y, float g, float r)
{
    return y != y && g == g && r == r ? opsnn_bits_f32(OPSNN_CANONICAL_NAN_BITS) : y;
}

static inline float exp_f32(float g, float r, consts k)
{
    float s = r < 0.0f ? r + k.sa : k.s;
    return made_nan(g * s, g, r);
}

/* Half operands widened: each product and sum rounded to half. */
static inline float exp_f16(float g, float r, consts k)
{
    float s = r < 0.0f ? opsnn_round_f16(r + k.sa) : k.s;
    return made_nan(opsnn_round_f16(g * s), g, r);
}

void opsnn_selu_bwd_exp_ukernel__scalar_f32(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    const float *g = a, *r = b;
    float *out = y;
    consts k = f32_consts(p);
    for (size_t i = 0; i < n; i++) {
        out[i] = exp_f32(g[i], r[i], k);
    }
}

void opsnn_selu_bwd_exp_ukernel__scalar_f16(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    const uint16_t *g = a, *r = b;
    uint16_t *out = y;
    consts k = f16_consts(p);
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_f16(exp_f16(opsnn_f16_to_f32(g[i]), opsnn_f16_to_f32(r[i]), k));
    }
}

void opsnn_selu_bwd_exp_ukernel__scalar_bf16(size_t n, const void *a, const void *b, void *y,
                                             const opsnn_kparams *p)
{
    const uint16_t *g = a, *r = b;
    uint16_t *out = y;
    consts k = f32_consts(p);
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_bf16(exp_f32(opsnn_bf16_to_f32(g[i]), opsnn_bf16_to_f32(r[i]), k));
    }
}

/* INT32: int -> float32 to nearest even (beyond 2^24), float32 compute,
 * CAST_RINT back: nearest even, saturating, NaN -> 0. */
void opsnn_selu_bwd_exp_ukernel__scalar_i32(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    const int32_t *g = a, *r = b;
    int32_t *out = y;
    consts k = f32_consts(p);
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_int_rint(exp_f32((float)g[i], (float)r[i], k), INT32_MIN, INT32_MAX);
    }
}

/* INT8 / UINT8: exact in half; half compute; CAST_RINT back, saturating. */
void opsnn_selu_bwd_exp_ukernel__scalar_i8(size_t n, const void *a, const void *b, void *y,
                                           const opsnn_kparams *p)
{
    const int8_t *g = a, *r = b;
    int8_t *out = y;
    consts k = f16_consts(p);
    for (size_t i = 0; i < n; i++) {
        out[i] = (int8_t)opsnn_f32_to_int_rint(exp_f16(g[i], r[i], k), INT8_MIN, INT8_MAX);
    }
}

void opsnn_selu_bwd_exp_ukernel__scalar_u8(size_t n, const void *a, const void *b, void *y,
                                           const opsnn_kparams *p)
{
    const uint8_t *g = a, *r = b;
    uint8_t *out = y;
    consts k = f16_consts(p);
    for (size_t i = 0; i < n; i++) {
        out[i] = (uint8_t)opsnn_f32_to_int_rint(exp_f16(g[i], r[i], k), 0, UINT8_MAX);
    }
}
