/*
 * model.h - HardshrinkBackward's one-element reference model, for the fuzzer
 * and other suites that check results element by element. It shares no code
 * with the library (emu.h's decoding, encoding and kernel emulations).
 *
 * model_hardshrink_backward(gen, g, dg, x, dx, dy, lambd): the output bits of
 * one element with gradOutput bits g of dtype dg, self bits x of dtype dx and
 * gradInput dtype dy, as the op_api computes it: lambd as float32 (negative
 * -> 0), both inputs cast to the promoted dtype (theirs when equal, FLOAT
 * otherwise), the kernel of generation gen (EMU_ARCH35 on the default SoC),
 * the result cast to dy (nearest even; a NaN keeps its sign and top payload
 * bits, quieted).
 */
#ifndef OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_MODEL_H_
#define OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_MODEL_H_

#include "emu.h"

/* FLOAT16 / BF16 bits as float32 bits: exact; a NaN quieted, payload kept. */
static inline uint32_t model_hs_widen(aclDataType dt, uint32_t b)
{
    if (dt == ACL_FLOAT) {
        return b;
    }
    double v = emu_dec16((uint16_t)b, dt == ACL_BF16);
    if (!isnan(v)) {
        return emu_u32((float)v);
    }
    return dt == ACL_BF16 ? (b << 16) | 0x00400000u
                          : ((b & 0x8000u) << 16) | 0x7f800000u | ((b & 0x3ffu) << 13) | 0x00400000u;
}

/* float32 bits to dtype dt. */
static inline uint32_t model_hs_narrow(aclDataType dt, uint32_t b)
{
    if (dt == ACL_FLOAT) {
        return b;
    }
    float v = emu_f32(b);
    if (!isnan(v)) {
        return emu_enc16(v, dt == ACL_BF16);
    }
    uint32_t q = b | 0x00400000u;
    return dt == ACL_BF16 ? q >> 16 : ((q >> 16) & 0x8000u) | 0x7c00u | ((q >> 13) & 0x3ffu);
}

static inline uint32_t model_hardshrink_backward(int gen, uint32_t g, aclDataType dg, uint32_t x,
                                                 aclDataType dx, aclDataType dy, float lambd)
{
    float l = lambd < 0.0f ? 0.0f : lambd;
    aclDataType cdt = dg == dx ? dg : ACL_FLOAT;
    uint32_t gc = cdt == dg ? g : model_hs_widen(dg, g);
    uint32_t xc = cdt == dx ? x : model_hs_widen(dx, x);
    uint32_t r = emu_hardshrink_grad(gen, cdt, gc, xc, l);
    return cdt == dy ? r : model_hs_narrow(dy, model_hs_widen(cdt, r));
}

#endif /* OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_MODEL_H_ */
