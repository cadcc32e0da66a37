/* Softshrink forward, portable C, as the ops-nn arch35 kernel computes it
 * (activation/softshrink/op_kernel/arch35/softshrink.h, Compute): in float32,
 * tmp = x > lambd ? x - lambd : +0, then y = x < -lambd ? x + lambd : tmp.
 * A NaN x (or a NaN lambd) fails both compares and gives +0. fp16 / bf16 are
 * widened exactly and the result rounded back to nearest even (the kernel's
 * CAST_NONE / CAST_RINT). With params keep_nan (FLOAT and FLOAT16; only the
 * TBE family sets it, on the Ascend910) a NaN x is written unchanged. */
#include <string.h>

#include "../params.h"
#include "cvt.h"
#include "kernels.h"

static inline float softshrink(float x, float lambda)
{
    float y = x > lambda ? x - lambda : 0.0f;
    return x < -lambda ? x + lambda : y;
}

/* keep_nan (params.h, the TBE kernel on the Ascend910): a NaN x's bits. */
static inline uint32_t softshrink_bits(uint32_t x, float lambda)
{
    if ((x & 0x7fffffffu) > 0x7f800000u) {
        return x;
    }
    float v, r;
    memcpy(&v, &x, 4);
    r = softshrink(v, lambda);
    memcpy(&x, &r, 4);
    return x;
}

void opsnn_softshrink_ukernel__scalar_f32(size_t n, const void *a, const void *b, void *y,
                                          const opsnn_kparams *p)
{
    const float *x = a;
    float *out = y;
    const opsnn_softshrink_params *sp = p->op;
    (void)b;
    if (sp->keep_nan) {
        const uint32_t *xb = a;
        uint32_t *yb = y;
        for (size_t i = 0; i < n; i++) {
            yb[i] = softshrink_bits(xb[i], sp->lambd);
        }
        return;
    }
    for (size_t i = 0; i < n; i++) {
        out[i] = softshrink(x[i], sp->lambd);
    }
}

void opsnn_softshrink_ukernel__scalar_f16(size_t n, const void *a, const void *b, void *y,
                                          const opsnn_kparams *p)
{
    const uint16_t *x = a;
    uint16_t *out = y;
    const opsnn_softshrink_params *sp = p->op;
    (void)b;
    for (size_t i = 0; i < n; i++) {
        uint16_t r = opsnn_f32_to_f16(softshrink(opsnn_f16_to_f32(x[i]), sp->lambd));
        out[i] = sp->keep_nan && (x[i] & 0x7fffu) > 0x7c00u ? x[i] : r;
    }
}

void opsnn_softshrink_ukernel__scalar_bf16(size_t n, const void *a, const void *b, void *y,
                                           const opsnn_kparams *p)
{
    const uint16_t *x = a;
    uint16_t *out = y;
    const opsnn_softshrink_params *sp = p->op;
    (void)b;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_bf16(softshrink(opsnn_bf16_to_f32(x[i]), sp->lambd));
    }
}
