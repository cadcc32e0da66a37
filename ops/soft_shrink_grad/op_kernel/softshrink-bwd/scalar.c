/* SoftshrinkBackward, portable C: y = (|x| > lambda || x is NaN) ? g : +0,
 * as the ops-nn kernel's CompareScalar(GT) then NaN override
 * (activation/soft_shrink_grad/op_kernel/arch35/soft_shrink_grad.h:191-205):
 * the ordered compare is false for a NaN lambda, so then only NaN x pass.
 * The selected gradient is copied as bits, so the output is exactly g or +0. */
#include "../params.h"
#include "cvt.h"
#include "kernels.h"
#include "splat.h"

void opsnn_softshrink_bwd_ukernel__scalar_f32(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    const uint32_t *g = a;
    const float *x = b;
    uint32_t *out = y;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_softshrink_bwd_passes(x[i], sp->lambda) ? g[i] : 0u;
    }
}

void opsnn_softshrink_bwd_ukernel__scalar_f16(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    const uint16_t *g = a, *x = b;
    uint16_t *out = y;
    for (size_t i = 0; i < n; i++) {
        float v = opsnn_f16_to_f32(x[i]);
        out[i] = opsnn_softshrink_bwd_passes(v, sp->lambda) ? g[i] : (uint16_t)0;
    }
}

void opsnn_softshrink_bwd_ukernel__scalar_bf16(size_t n, const void *a, const void *b, void *y,
                                               const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    const uint16_t *g = a, *x = b;
    uint16_t *out = y;
    for (size_t i = 0; i < n; i++) {
        float v = opsnn_bf16_to_f32(x[i]);
        out[i] = opsnn_softshrink_bwd_passes(v, sp->lambda) ? g[i] : (uint16_t)0;
    }
}

/* The variants with one self value for the whole run (b points at it): the
 * rule is decided once, y = g & mask, i.e. a copy of g or zeros. */
static void select_c(size_t n, const void *a, void *y, size_t esize, uint32_t mask)
{
    opsnn_run_copy_or_zero(n, a, y, esize, mask != 0, 0);
}

void opsnn_softshrink_bwd_c_ukernel__scalar_f32(size_t n, const void *a, const void *b, void *y,
                                                const opsnn_kparams *p)
{
    select_c(n, a, y, 4, opsnn_softshrink_bwd_c_mask(b, ACL_FLOAT, p));
}

void opsnn_softshrink_bwd_c_ukernel__scalar_f16(size_t n, const void *a, const void *b, void *y,
                                                const opsnn_kparams *p)
{
    select_c(n, a, y, 2, opsnn_softshrink_bwd_c_mask(b, ACL_FLOAT16, p));
}

void opsnn_softshrink_bwd_c_ukernel__scalar_bf16(size_t n, const void *a, const void *b, void *y,
                                                 const opsnn_kparams *p)
{
    select_c(n, a, y, 2, opsnn_softshrink_bwd_c_mask(b, ACL_BF16, p));
}

/* The variants with 16-bit gradOutput and gradInput and a float32 self (the
 * mixed-dtype call computes in float32): per element, gradOutput widened and
 * the float32 kernel's result rounded as the tile path's gather and scatter
 * do (cvt.h). */
static void mixed_x16_f32(size_t n, const void *a, const void *b, void *y,
                          const opsnn_kparams *p, int bf16)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    const uint16_t *g = a;
    const float *x = b;
    uint16_t *out = y;
    for (size_t i = 0; i < n; i++) {
        float v = bf16 ? opsnn_bf16_to_f32(g[i]) : opsnn_f16_to_f32(g[i]);
        float r = opsnn_bits_f32(opsnn_softshrink_bwd_passes(x[i], sp->lambda) ? opsnn_f32_bits(v)
                                                                                : 0u);
        out[i] = bf16 ? opsnn_f32_to_bf16(r) : opsnn_f32_to_f16(r);
    }
}

void opsnn_softshrink_bwd_ukernel__scalar_f16_f32_f16(size_t n, const void *a, const void *b,
                                                      void *y, const opsnn_kparams *p)
{
    mixed_x16_f32(n, a, b, y, p, 0);
}

void opsnn_softshrink_bwd_ukernel__scalar_bf16_f32_bf16(size_t n, const void *a, const void *b,
                                                        void *y, const opsnn_kparams *p)
{
    mixed_x16_f32(n, a, b, y, p, 1);
}
