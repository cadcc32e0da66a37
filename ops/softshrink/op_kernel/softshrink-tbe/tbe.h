/*
 * Softshrink of the CANN built-in TBE kernel (internal):
 * tbe/impl/dynamic/soft_shrink.py, the high_performance implementation. In
 * the input's compute type (half for FLOAT16, float32 for FLOAT and BF16,
 * which the DSL promotes) with lambd as a value of that type. On chips with
 * tik.vcopy (after_v200: Ascend310P, Ascend910B, Ascend910_93):
 *     x' = x == x ? x : 0
 *     r1 = |x'| <= lambd ? 0 : x'
 *     r2 = r1 > lambd ? r1 - lambd : r1
 *     y  = r2 < -lambd ? r2 + lambd : r2
 * On the Ascend910 (DaVinci V100, no tik.vcopy) the same compares and
 * selects run on x itself (vcmpsel, float32 included), so a NaN x fails
 * all three and comes out unchanged (params keep_nan).
 * For a lambd that is not NaN this is the arch35 rule (x > lambd ? x - lambd
 * : x < -lambd ? x + lambd : +0, a NaN x giving +0) with lambd rounded to the
 * compute type. In half, each subtraction of two half values is rounded once
 * (the vector unit's vsub), which is the float32 difference rounded to half:
 * float32's 24 bits are at least 2 * 11 + 2, so rounding twice to nearest
 * gives the once-rounded result. So each micro-kernel of this family is the
 * arch35 kernel of its path, FLOAT16 with lambd rounded to half (nearest
 * even), on the Ascend910 with its steps that keep a NaN x. A NaN lambd
 * fails every compare: y = x' (y = x on the Ascend910), which keeps -0;
 * decided once per call.
 */
#ifndef OPSNN_KERNELS_SOFTSHRINK_TBE_H_
#define OPSNN_KERNELS_SOFTSHRINK_TBE_H_

#include <stdint.h>
#include <string.h>

#include "../params.h"
#include "cvt.h"
#include "kernels.h"

/* The arch35 kernels this family wraps. */
#define OPSNN_UKERNEL(kind, isa, dtype, fn)                                                    \
    void fn(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *params);
#include "../softshrink/list.inc"
#undef OPSNN_UKERNEL

/* y = x, a NaN x giving +0 unless `keep`: a NaN's magnitude bits (v & abs)
 * are above those of inf. y may be x. */
#define OPSNN_SOFTSHRINK_TBE_KEEP(T, abs, inf, keep)                                           \
    {                                                                                          \
        const T *x = a;                                                                        \
        T *out = y;                                                                            \
        for (size_t i = 0; i < n; i++) {                                                       \
            out[i] = (T)((x[i] & (abs)) > (inf) && !(keep) ? 0u : x[i]);                       \
        }                                                                                      \
    }

/* Micro-kernel `name` on `T` elements: the NaN-lambd copy, else the arch35
 * kernel `arch35` with lambd through `round` (the compute type's value) and
 * keep_nan passed on (its FLOAT and FLOAT16 steps keep a NaN x). */
#define OPSNN_SOFTSHRINK_TBE_FN(name, arch35, T, abs, inf, round)                              \
    void name(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)         \
    {                                                                                          \
        const opsnn_softshrink_params *in = p->op;                                             \
        if (in->lambd != in->lambd) {                                                          \
            OPSNN_SOFTSHRINK_TBE_KEEP(T, abs, inf, in->keep_nan)                               \
            return;                                                                            \
        }                                                                                      \
        const opsnn_softshrink_params c = {round(in->lambd), in->keep_nan};                    \
        const opsnn_kparams q = {&c, p->nt_store, p->call_elems};                              \
        arch35(n, a, b, y, &q);                                                                \
    }

static inline float opsnn_softshrink_tbe_f32(float lambd)
{
    return lambd;
}

static inline float opsnn_softshrink_tbe_half(float lambd)
{
    return opsnn_f16_to_f32(opsnn_f32_to_f16(lambd));
}

/* opsnn_softshrink_tbe_ukernel__<isa>_{f32,f16,bf16}. */
#define OPSNN_SOFTSHRINK_TBE(isa)                                                              \
    OPSNN_SOFTSHRINK_TBE_FN(opsnn_softshrink_tbe_ukernel__##isa##_f32,                         \
                            opsnn_softshrink_ukernel__##isa##_f32, uint32_t, 0x7fffffffu,      \
                            0x7f800000u,                                                       \
                            opsnn_softshrink_tbe_f32)                                          \
    OPSNN_SOFTSHRINK_TBE_FN(opsnn_softshrink_tbe_ukernel__##isa##_f16,                         \
                            opsnn_softshrink_ukernel__##isa##_f16, uint16_t, 0x7fffu, 0x7c00u, \
                            opsnn_softshrink_tbe_half)                                         \
    OPSNN_SOFTSHRINK_TBE_FN(opsnn_softshrink_tbe_ukernel__##isa##_bf16,                        \
                            opsnn_softshrink_ukernel__##isa##_bf16, uint16_t, 0x7fffu, 0x7f80u, \
                            opsnn_softshrink_tbe_f32)

#endif /* OPSNN_KERNELS_SOFTSHRINK_TBE_H_ */
