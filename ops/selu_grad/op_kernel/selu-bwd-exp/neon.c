/* SeluBackward of the ops-nn experimental kernel, Advanced SIMD, in the
 * instruction order of scalar.c: s = r < 0 (ordered) ? r + SA : S, y = g * s,
 * in float32 or in half (each result rounded to half). No FMA. The loops and
 * conversions: selu-a2-neon.h. */
#include "../params.h"
#include "../selu-a2-neon.h"

static inline float32x4_t exp_f32(float32x4_t g, float32x4_t r, const opsnn_selu_a2_consts *k)
{
    uint32x4_t lt = vcltq_f32(r, vdupq_n_f32(0.0f));
    return vmulq_f32(g, vbslq_f32(lt, vaddq_f32(r, k->sa), k->s));
}

static inline float32x4_t exp_f16(float32x4_t g, float32x4_t r, const opsnn_selu_a2_consts *k)
{
    uint32x4_t lt = vcltq_f32(r, vdupq_n_f32(0.0f));
    float32x4_t t = opsnn_selu_a2_round16(vaddq_f32(r, k->sa16));
    return vmulq_f32(g, vbslq_f32(lt, t, k->s16));
}

OPSNN_SELU_A2_NEON_KERNELS(exp, exp_f32, exp_f16, r)
OPSNN_SELU_A2_NEON_U8(exp)
