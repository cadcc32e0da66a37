/* SELU forward, portable C: ops/selu/op_kernel/selu-fwd.h's sequence per element.
 * fp16 / bf16 are widened exactly, computed in float32 and rounded back to
 * nearest even (the ops-nn kernel: Cast to fp32, compute, Cast back). */
#include "../params.h"
#include "cvt.h"
#include "kernels.h"
#include "lut16.h"
#include "../selu-fwd.h"

void opsnn_selu_ukernel__scalar_f32(size_t n, const void *a, const void *b, void *y,
                                    const opsnn_kparams *p)
{
    const float *x = a;
    float *out = y;
    const opsnn_selu_params *c = p->op;
    (void)b;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_selu_fwd_f32(x[i], c);
    }
}

static void compute_f16(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)
{
    const uint16_t *x = a;
    uint16_t *out = y;
    const opsnn_selu_params *c = p->op;
    (void)b;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_f16(opsnn_selu_fwd_f32(opsnn_f16_to_f32(x[i]), c));
    }
}

/* Looked up (kernels/lut16.h): compute_f16 fills the table. */
OPSNN_LUT16_UKERNEL(opsnn_selu_ukernel__scalar_f16, opsnn_lut16_apply__scalar, compute_f16,
                    opsnn_selu_params)

static void compute_bf16(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)
{
    const uint16_t *x = a;
    uint16_t *out = y;
    const opsnn_selu_params *c = p->op;
    (void)b;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_bf16(opsnn_selu_fwd_f32(opsnn_bf16_to_f32(x[i]), c));
    }
}

/* Looked up (kernels/lut16.h): compute_bf16 fills the table. */
OPSNN_LUT16_UKERNEL(opsnn_selu_ukernel__scalar_bf16, opsnn_lut16_apply__scalar, compute_bf16,
                    opsnn_selu_params)

void opsnn_selu_ukernel__scalar_i8(size_t n, const void *a, const void *b, void *y,
                                   const opsnn_kparams *p)
{
    const int8_t *x = a;
    int8_t *out = y;
    const opsnn_selu_params *c = p->op;
    (void)b;
    float scale_f16 = opsnn_selu_scale_f16(c);
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_selu_fwd_i8(x[i], scale_f16);
    }
}

void opsnn_selu_ukernel__scalar_i32(size_t n, const void *a, const void *b, void *y,
                                    const opsnn_kparams *p)
{
    const int32_t *x = a;
    int32_t *out = y;
    const opsnn_selu_params *c = p->op;
    (void)b;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_selu_fwd_i32(x[i], c);
    }
}
