/*
 * SoftshrinkBackward of the ops-nn experimental and CANN built-in TBE
 * kernels (internal): y = |x| <= lambda ? +0 : g, g copied as bits
 * (experimental/activation/softshrink_grad/op_kernel/softshrink_grad.h:
 * CompareScalar LE, Select; tbe/impl/dynamic/soft_shrink_grad.py: vcmpsel
 * 'le', then vsel on x == x). The compare is ordered, so a NaN x passes and
 * a NaN lambda passes every element. For every other lambda this is the
 * arch35 rule, so each micro-kernel of this family is the arch35 kernel of
 * its path, with a NaN lambda decided once per call: a copy of g.
 */
#ifndef OPSNN_KERNELS_SOFTSHRINK_BWD_LE_H_
#define OPSNN_KERNELS_SOFTSHRINK_BWD_LE_H_

#include <string.h>

#include "../params.h"
#include "kernels.h"

/* The softshrink-bwd kernels this family wraps. */
#define OPSNN_UKERNEL(kind, isa, dtype, fn) \
    void fn(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *params);
#define OPSNN_UKERNEL_C OPSNN_UKERNEL
#define OPSNN_UKERNEL_X(kind, isa, cdt, adt, bdt, ydt, fn) OPSNN_UKERNEL(kind, isa, cdt, fn)
#include "../softshrink-bwd/list.inc"
#undef OPSNN_UKERNEL
#undef OPSNN_UKERNEL_C
#undef OPSNN_UKERNEL_X

/* Micro-kernel `name`: a copy of g for a NaN lambda (y may be a:
 * memmove), else the arch35 kernel `arch35`. */
#define OPSNN_SOFTSHRINK_BWD_LE_FN(name, arch35, esize)                                         \
    void name(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)          \
    {                                                                                           \
        float lambda = ((const opsnn_softshrink_bwd_params *)p->op)->lambda;                    \
        if (lambda != lambda) {                                                                 \
            memmove(y, a, n * (esize));                                                         \
            return;                                                                             \
        }                                                                                       \
        arch35(n, a, b, y, p);                                                                  \
    }

/* Variant `name` for 16-bit g and y with a float32 x: the arch35 variant
 * `arch35`, whose result is what the tile path gives (g widened, selected,
 * rounded back: g with a NaN quieted, or +0). A NaN lambda passes every
 * element, which is the arch35 pass rule, not(|x| <= t), with a negative t:
 * so a NaN lambda runs the variant with lambda -1 (a copy would keep a
 * signalling NaN that the tile path quiets). */
#define OPSNN_SOFTSHRINK_BWD_LE_X(name, arch35)                                                 \
    void name(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)          \
    {                                                                                           \
        float lambda = ((const opsnn_softshrink_bwd_params *)p->op)->lambda;                    \
        if (lambda != lambda) {                                                                 \
            const opsnn_softshrink_bwd_params all = {-1.0f};                                    \
            const opsnn_kparams q = {&all, p->nt_store, p->call_elems};                                        \
            arch35(n, a, b, y, &q);                                                             \
            return;                                                                             \
        }                                                                                       \
        arch35(n, a, b, y, p);                                                                  \
    }

/* opsnn_softshrink_bwd_le_ukernel__<isa>_<x>_f32_<x> for fp16 and bf16. */
#define OPSNN_SOFTSHRINK_BWD_LE_MIXED(isa)                                                      \
    OPSNN_SOFTSHRINK_BWD_LE_X(opsnn_softshrink_bwd_le_ukernel__##isa##_f16_f32_f16,             \
                              opsnn_softshrink_bwd_ukernel__##isa##_f16_f32_f16)                \
    OPSNN_SOFTSHRINK_BWD_LE_X(opsnn_softshrink_bwd_le_ukernel__##isa##_bf16_f32_bf16,           \
                              opsnn_softshrink_bwd_ukernel__##isa##_bf16_f32_bf16)

/* opsnn_softshrink_bwd_le_ukernel__<isa>_<dt> and its _c_ variant. */
#define OPSNN_SOFTSHRINK_BWD_LE(isa_dt, esize)                                                  \
    OPSNN_SOFTSHRINK_BWD_LE_FN(opsnn_softshrink_bwd_le_ukernel__##isa_dt,                       \
                               opsnn_softshrink_bwd_ukernel__##isa_dt, esize)                   \
    OPSNN_SOFTSHRINK_BWD_LE_FN(opsnn_softshrink_bwd_le_c_ukernel__##isa_dt,                     \
                               opsnn_softshrink_bwd_c_ukernel__##isa_dt, esize)

#endif /* OPSNN_KERNELS_SOFTSHRINK_BWD_LE_H_ */
