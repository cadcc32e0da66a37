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
#include "../params.h"
#include "../selu-a2-scalar.h"

static inline float exp_f32(float g, float r, opsnn_selu_a2_consts k)
{
    float s = r < 0.0f ? r + k.sa : k.s;
    return opsnn_selu_a2_made_nan(g * s, g, r);
}

/* Half operands widened: each sum and product rounded to half (the product
 * by the caller's narrowing). */
static inline float exp_f16(float g, float r, opsnn_selu_a2_consts k)
{
    float s = r < 0.0f ? opsnn_round_f16(r + k.sa) : k.s;
    return opsnn_round_f16(opsnn_selu_a2_made_nan(g * s, g, r));
}

/* Integers: CAST_RINT (nearest even, saturating, NaN -> 0). */
OPSNN_SELU_A2_SCALAR_KERNELS(exp, exp_f32, exp_f16, opsnn_f32_to_int_rint)
OPSNN_SELU_A2_SCALAR_U8(exp, exp_f16, opsnn_f32_to_int_rint)
