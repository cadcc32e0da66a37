/*
 * ops/hard_shrink_grad/tests/model.h - aclnnHardshrinkBackward's reference
 * model (tests/ref_model.h says what a model.h holds), included from the
 * manifest under OPSNN_DEF_MODELS, and the one-element model of this
 * folder's suites. It shares no code with the library: the element is emu.h's
 * emulation of the NPU kernel.
 *
 * hs_model_element(gen, g, dg, x, dx, dy, lambd): the output bits of one
 * element with gradOutput bits g of dtype dg, self bits x of dtype dx and
 * gradInput dtype dy, as the op_api computes it: lambd as float32 (negative
 * -> 0), both inputs cast to the promoted dtype (theirs when equal, FLOAT
 * otherwise), the kernel of generation gen (HS_EMU_ARCH35 on the default
 * SoC), the result cast to dy (nearest even; a NaN keeps its sign and top
 * payload bits, quieted).
 */
#ifndef OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_MODEL_H_
#define OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_MODEL_H_

#include "emu.h"

/* FLOAT16 / BF16 bits as float32 bits: exact; a NaN quieted, payload kept. */
static inline uint32_t hs_model_widen(aclDataType dt, uint32_t b)
{
    if (dt == ACL_FLOAT) {
        return b;
    }
    double v = hs_emu_dec16((uint16_t)b, dt == ACL_BF16);
    if (!isnan(v)) {
        return hs_emu_u32((float)v);
    }
    return dt == ACL_BF16 ? (b << 16) | 0x00400000u
                          : ((b & 0x8000u) << 16) | 0x7f800000u | ((b & 0x3ffu) << 13) | 0x00400000u;
}

/* float32 bits to dtype dt. */
static inline uint32_t hs_model_narrow(aclDataType dt, uint32_t b)
{
    if (dt == ACL_FLOAT) {
        return b;
    }
    float v = hs_emu_f32(b);
    if (!isnan(v)) {
        return hs_emu_enc16(v, dt == ACL_BF16);
    }
    uint32_t q = b | 0x00400000u;
    return dt == ACL_BF16 ? q >> 16 : ((q >> 16) & 0x8000u) | 0x7c00u | ((q >> 13) & 0x3ffu);
}

static inline uint32_t hs_model_element(int gen, uint32_t g, aclDataType dg, uint32_t x,
                                        aclDataType dx, aclDataType dy, float lambd)
{
    float l = lambd < 0.0f ? 0.0f : lambd;
    aclDataType cdt = dg == dx ? dg : ACL_FLOAT;
    uint32_t gc = cdt == dg ? g : hs_model_widen(dg, g);
    uint32_t xc = cdt == dx ? x : hs_model_widen(dx, x);
    uint32_t r = hs_emu_hardshrink_grad(gen, cdt, gc, xc, l);
    return cdt == dy ? r : hs_model_narrow(dy, hs_model_widen(cdt, r));
}

/* The manifest's model (OPSNN_MODEL): the default SoC's arch35 kernel;
 * scalars[2] is lambd. */
static inline uint64_t model_hardshrink_backward(const uint64_t *in, const aclDataType *in_dt,
                                                 aclDataType out_dt, const float *scalars)
{
    return hs_model_element(HS_EMU_ARCH35, (uint32_t)in[0], in_dt[0], (uint32_t)in[1], in_dt[1],
                            out_dt, scalars[2]);
}

/* gradOutput, self and gradInput each FLOAT, FLOAT16 or BF16 (mixed allowed). */
static inline int model_hardshrink_backward_dtypes_ok(const aclDataType *dt)
{
    for (int k = 0; k < 3; k++) {
        if (dt[k] != ACL_FLOAT && dt[k] != ACL_FLOAT16 && dt[k] != ACL_BF16) {
            return 0;
        }
    }
    return 1;
}

static inline int model_hardshrink_backward_max_rank(void)
{
    return 8;
}

/* Every lambd is accepted (a negative one is used as 0). */
static inline aclnnStatus model_hardshrink_backward_scalars_ok(const float *scalars)
{
    (void)scalars;
    return ACLNN_SUCCESS;
}

#endif /* OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_MODEL_H_ */

OPSNN_MODEL(hardshrink_backward)
OPSNN_MODEL_EMPTY_EARLY(hardshrink_backward)
