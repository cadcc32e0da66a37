/* SeluBackward, portable C, in the exact float32 order of SPEC §7:
 * r >= 0 or NaN: y = fl(SCALE * g); r < 0: t = fl(r + SCALE_ALPHA), y = fl(g * t).
 * The build uses -ffp-contract=off, so no step is fused. */
#include <math.h>

#include "cvt.h"
#include "kernels.h"

static inline float selu_grad(float g, float r)
{
    if (r < 0.0f) {
        float t = r + OPSNN_SELU_SCALE_ALPHA;
        return g * t;
    }
    return OPSNN_SELU_SCALE * g;
}

void opsnn_selu_bwd_ukernel__scalar_f32(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    const float *g = a, *r = b;
    float *out = y;
    (void)p;
    for (size_t i = 0; i < n; i++) {
        out[i] = selu_grad(g[i], r[i]);
    }
}

void opsnn_selu_bwd_ukernel__scalar_f16(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    const uint16_t *g = a, *r = b;
    uint16_t *out = y;
    (void)p;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_f16(selu_grad(opsnn_f16_to_f32(g[i]), opsnn_f16_to_f32(r[i])));
    }
}

void opsnn_selu_bwd_ukernel__scalar_bf16(size_t n, const void *a, const void *b, void *y,
                                         const opsnn_kparams *p)
{
    const uint16_t *g = a, *r = b;
    uint16_t *out = y;
    (void)p;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_f32_to_bf16(selu_grad(opsnn_bf16_to_f32(g[i]), opsnn_bf16_to_f32(r[i])));
    }
}

/* int8: round to nearest even, saturate to [-128, 127]. The inputs are finite,
 * so the float result is finite too. */
void opsnn_selu_bwd_ukernel__scalar_i8(size_t n, const void *a, const void *b, void *y,
                                       const opsnn_kparams *p)
{
    const int8_t *g = a, *r = b;
    int8_t *out = y;
    (void)p;
    for (size_t i = 0; i < n; i++) {
        float v = nearbyintf(selu_grad((float)g[i], (float)r[i]));
        out[i] = (int8_t)(v > 127.0f ? 127.0f : v < -128.0f ? -128.0f : v);
    }
}

/* int32: value -> float (nearest even above 2^24), compute, truncate toward
 * zero, saturate; NaN -> 0 (cannot arise from finite inputs, kept for safety). */
void opsnn_selu_bwd_ukernel__scalar_i32(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    const int32_t *g = a, *r = b;
    int32_t *out = y;
    (void)p;
    for (size_t i = 0; i < n; i++) {
        float v = selu_grad((float)g[i], (float)r[i]);
        out[i] = v != v ? 0
                 : v >= 2147483648.0f ? INT32_MAX
                 : v <= -2147483648.0f ? INT32_MIN
                                       : (int32_t)v;
    }
}
