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
#include "../params.h"
#include "../selu-a2-scalar.h"

/* The selected product plus the other branch's +0: x + (+0) is x, except
 * -0 + +0 = +0; a NaN stays the NaN it is. */
static inline float tbe_f32(float g, float r, opsnn_selu_a2_consts k)
{
    float v = r < 0.0f ? g * (r + k.sa) : g * k.s;
    return opsnn_selu_a2_made_nan(v, g, r) + 0.0f;
}

static inline float tbe_f16(float g, float r, opsnn_selu_a2_consts k)
{
    float v = r < 0.0f ? opsnn_round_f16(g * opsnn_round_f16(r + k.sa)) : opsnn_round_f16(g * k.s);
    return opsnn_selu_a2_made_nan(v, g, r) + 0.0f; /* a half plus +0 needs no rounding */
}

/* Integers: vconv ..z (toward zero, saturating, NaN -> 0). */
OPSNN_SELU_A2_SCALAR_KERNELS(tbe, tbe_f32, tbe_f16, opsnn_f32_to_int_trunc)
