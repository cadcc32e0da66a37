/* SeluBackward of the CANN built-in TBE kernel (tbe/impl/dynamic/
 * selu_grad.py, selu_grad_compute), portable C, in its instruction order:
 *   t = r + SA (vadds); B = g * t (vmul); A = g * S (vmuls);
 *   a = r < 0 ? +0 : A; b = r < 0 ? B : +0 (two vcmpsel "lt");
 *   y = a + b (vadd),
 * each instruction rounded to the compute type, constants rounded to it
 * (tvm.const(SCALE, dtype)). The final vadd turns a -0 result into +0. The
 * compute type is the dtype for FLOAT and FLOAT16 (native half), float32 for
 * BF16 (support_bfp16: in exactly, out to nearest even) and INT32 (vconv
 * s322f32 in), half for INT8. Integers go back with cast_to(...,
 * f1628IntegerFlag=True), which on these chips is vconv ..z: toward zero,
 * saturating, NaN -> 0 (tbe/dsl/compute/cast.py, _cast: "trunc" when the
 * platform has the z instruction). UINT8 is refused by the built-in op_api.
 * A NaN the multiply makes from non-NaN operands is OPSNN_CANONICAL_NAN_BITS. */
#include "cvt.h"
#include "kernels.h"
#include "round.h"

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

/* The selected product plus the other branch's +0: x + (+0) is x, except
 * -0 + +0 = +0; a NaN stays the NaN it is. */
static inline float tbe_f32(float g, float r, consts k)
{
    float v = r < 0.0f ? g * (r + k.sa) : g * k.s;
    return made_nan(v, g, r) + 0.0f;
}

static inline float tbe_f16(float g, float r, consts k)
{
    float v = r < 0.0f ? opsnn_round_f16(g * opsnn_round_f16(r + k.sa)) : opsnn_round_f16(g * k.s);
    return made_nan(v, g, r) + 0.0f; /* a half plus +0 needs no rounding */
}

void opsnn_selu_bwd_tbe_ukernel__scalar_f32(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    const float *g = a, *r = b;
    float *out = y;
    consts k = f32_consts(p);
    for (size_t i = 0; i < n; i++) {
        out[i] = tbe_f32(g[i], r[i], k);
    }
}

void opsnn_selu_bwd_tbe_ukernel__scalar_f16(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    const uint16_t *g = a, *r = b;
    uint16_t *out = y;
    consts k = f16_consts(p);
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_f16(tbe_f16(opsnn_f16_to_f32(g[i]), opsnn_f16_to_f32(r[i]), k));
    }
}

void opsnn_selu_bwd_tbe_ukernel__scalar_bf16(size_t n, const void *a, const void *b, void *y,
                                             const opsnn_kparams *p)
{
    const uint16_t *g = a, *r = b;
    uint16_t *out = y;
    consts k = f32_consts(p);
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_bf16(tbe_f32(opsnn_bf16_to_f32(g[i]), opsnn_bf16_to_f32(r[i]), k));
    }
}

void opsnn_selu_bwd_tbe_ukernel__scalar_i32(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    const int32_t *g = a, *r = b;
    int32_t *out = y;
    consts k = f32_consts(p);
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_int_trunc(tbe_f32((float)g[i], (float)r[i], k), INT32_MIN, INT32_MAX);
    }
}

void opsnn_selu_bwd_tbe_ukernel__scalar_i8(size_t n, const void *a, const void *b, void *y,
                                           const opsnn_kparams *p)
{
    const int8_t *g = a, *r = b;
    int8_t *out = y;
    consts k = f16_consts(p);
    for (size_t i = 0; i < n; i++) {
        out[i] = (int8_t)opsnn_f32_to_int_trunc(tbe_f16(g[i], r[i], k), INT8_MIN, INT8_MAX);
    }
}
