/* SoftshrinkBackward, portable C: y = (|x| > lambda || x is NaN) ? g : +0,
 * as the ops-nn kernel's CompareScalar(GT) then NaN override
 * (activation/soft_shrink_grad/op_kernel/arch35/soft_shrink_grad.h:191-205):
 * the ordered compare is false for a NaN lambda, so then only NaN x pass.
 * The selected gradient is copied as bits, so the output is exactly g or +0. */
#include <math.h>

#include "cvt.h"
#include "kernels.h"

static inline int passes(float x, float lambda)
{
    return fabsf(x) > lambda || x != x;
}

void opsnn_softshrink_bwd_ukernel__scalar_f32(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    const uint32_t *g = a;
    const float *x = b;
    uint32_t *out = y;
    for (size_t i = 0; i < n; i++) {
        out[i] = passes(x[i], sp->lambda) ? g[i] : 0u;
    }
}

void opsnn_softshrink_bwd_ukernel__scalar_f16(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    const uint16_t *g = a, *x = b;
    uint16_t *out = y;
    for (size_t i = 0; i < n; i++) {
        out[i] = passes(opsnn_f16_to_f32(x[i]), sp->lambda) ? g[i] : (uint16_t)0;
    }
}

void opsnn_softshrink_bwd_ukernel__scalar_bf16(size_t n, const void *a, const void *b, void *y,
                                               const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    const uint16_t *g = a, *x = b;
    uint16_t *out = y;
    for (size_t i = 0; i < n; i++) {
        out[i] = passes(opsnn_bf16_to_f32(x[i]), sp->lambda) ? g[i] : (uint16_t)0;
    }
}
