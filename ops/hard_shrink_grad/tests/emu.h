/*
 * emu.h - an emulation of the three HardShrinkGrad NPU kernels, instruction
 * by instruction, for the suites of this folder. It shares no code with the
 * library: its own half / bfloat16 decoding (exact, through double), its own
 * round-to-nearest-even encoding, and float compares and multiplies where
 * the kernels use them, instead of the library's integer lanes.
 *
 *   arch35 (activation/hard_shrink_grad/op_kernel/arch35/hard_shrink_grad.h,
 *   Compute): FLOAT / FLOAT16 on the native type: Abs, Compares(|x|,
 *   (T)lambd, LE), Duplicate(0), Select(mask ? 0 : g); BF16: Cast to float
 *   (exact), the same in float with lambd as float, Cast back CAST_RINT.
 *   experimental (experimental/activation/hard_shrink_grad/op_kernel/
 *   hard_shrink_grad.h): float32 for every dtype, Abs, Compare(|x|, lambd, GT),
 *   Select(mask ? g : 0), Cast back CAST_ROUND.
 *   tbe (tbe/impl/dynamic/hard_shrink_grad.py, hard_shrink_grad_compute):
 *   vabs, vcmp(|x|, lambd in the dtype, 'le'), vsel(mask, 0, 1), vmul(g,
 *   ratio); BF16 computed in float32.
 * Decisions where the sources are silent (the op's doc lists them): a NaN
 * that a kernel only moves keeps its bits; a NaN a multiply produces from a
 * NaN operand is that NaN quieted; inf * 0 is the positive default NaN.
 */
#ifndef OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_EMU_H_
#define OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_EMU_H_

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "acl/acl_base.h"

enum { HS_EMU_ARCH35, HS_EMU_EXPERIMENTAL, HS_EMU_TBE };

static inline float hs_emu_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static inline uint32_t hs_emu_u32(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* A 16-bit float (5 or 8 exponent bits) as double, exactly; NaN as NAN. */
static inline double hs_emu_dec16(uint16_t h, int bf16)
{
    int ebits = bf16 ? 8 : 5, mbits = 15 - ebits, bias = (1 << (ebits - 1)) - 1;
    int e = (h >> mbits) & ((1 << ebits) - 1);
    int m = h & ((1 << mbits) - 1);
    double s = (h & 0x8000) ? -1.0 : 1.0;
    if (e == (1 << ebits) - 1) {
        return m ? NAN : s * INFINITY;
    }
    if (e == 0) {
        return s * ldexp(m, 1 - bias - mbits);
    }
    return s * ldexp(m + (1 << mbits), e - bias - mbits);
}

/* A non-NaN double to a 16-bit float: nearest even (nearbyint in the
 * default rounding mode), subnormals kept, overflow to inf. */
static inline uint16_t hs_emu_enc16(double v, int bf16)
{
    int mbits = bf16 ? 7 : 10, emin = bf16 ? -126 : -14, emax = bf16 ? 127 : 15;
    uint16_t sign = signbit(v) ? 0x8000 : 0;
    double a = fabs(v);
    if (a == 0.0) {
        return sign;
    }
    if (isinf(a)) {
        return sign | (uint16_t)(bf16 ? 0x7f80 : 0x7c00);
    }
    int k;
    (void)frexp(a, &k);
    int e = k - 1 < emin ? emin : k - 1; /* the exponent of the result's grid */
    double q = nearbyint(ldexp(a, mbits - e));
    if (q >= ldexp(1.0, mbits + 1)) { /* rounded up to the next binade */
        q /= 2.0;
        e++;
    }
    if (e > emax) {
        return sign | (uint16_t)(bf16 ? 0x7f80 : 0x7c00);
    }
    uint32_t m = (uint32_t)q;
    if (m < (1u << mbits)) { /* subnormal */
        return sign | (uint16_t)m;
    }
    return sign | (uint16_t)(((uint32_t)(e - emin + 1) << mbits) | (m - (1u << mbits)));
}

/* NaN bits of a product with NaN operand g (bits, width 16 or 32): quieted. */
static inline uint32_t hs_emu_quiet(uint32_t g, int width, int bf16)
{
    return g | (width == 32 ? 0x00400000u : bf16 ? 0x0040u : 0x0200u);
}

/* One element: g, x as raw bits of dtype dt, lambd the kernel's float. */
static inline uint32_t hs_emu_hardshrink_grad(int gen, aclDataType dt, uint32_t g, uint32_t x,
                                           float lambd)
{
    int bf16 = dt == ACL_BF16;
    if (dt == ACL_FLOAT) {
        float ax = fabsf(hs_emu_f32(x));
        if (gen == HS_EMU_EXPERIMENTAL) {
            return ax > lambd ? g : 0u;
        }
        int dead = ax <= lambd;
        if (gen == HS_EMU_ARCH35) {
            return dead ? 0u : g;
        }
        float gv = hs_emu_f32(g), r = gv * (dead ? 0.0f : 1.0f);
        if (isnan(gv)) {
            return hs_emu_quiet(g, 32, 0);
        }
        return isnan(r) ? 0x7fc00000u : hs_emu_u32(r);
    }
    double xv = fabs(hs_emu_dec16((uint16_t)x, bf16));
    /* FLOAT16 compares in half under arch35 and tbe: lambd rounded to half
     * (a NaN lambd stays NaN); every other case compares in float32, where
     * a 16-bit value is exact. */
    double lv = lambd;
    if (!bf16 && gen != HS_EMU_EXPERIMENTAL && !isnan(lambd)) {
        lv = hs_emu_dec16(hs_emu_enc16(lambd, 0), 0);
    }
    if (gen == HS_EMU_EXPERIMENTAL) {
        return xv > lv ? g : 0u;
    }
    int dead = xv <= lv;
    if (gen == HS_EMU_ARCH35) {
        return dead ? 0u : g;
    }
    double gv = hs_emu_dec16((uint16_t)g, bf16);
    if (isnan(gv)) {
        return hs_emu_quiet(g, 16, bf16);
    }
    double r = gv * (dead ? 0.0 : 1.0);
    if (isnan(r)) {
        return bf16 ? 0x7fc0u : 0x7e00u;
    }
    return hs_emu_enc16(r, bf16);
}

#endif /* OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_EMU_H_ */
