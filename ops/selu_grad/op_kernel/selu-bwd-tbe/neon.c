/* SeluBackward of the CANN built-in TBE kernel, Advanced SIMD, in the
 * instruction order of scalar.c: (r < 0 ? g * (r + SA) : g * S) + (+0), in
 * float32 or in half (each result rounded to half), integers back toward
 * zero. No FMA. The loops and conversions: selu-a2-neon.h. */
#include "../params.h"
#include "../selu-a2-neon.h"

/* One multiply by the operand the vcmpsel would pick (as avx2.c). */
static inline float32x4_t tbe_f32(float32x4_t g, float32x4_t r, const opsnn_selu_a2_consts *k)
{
    uint32x4_t lt = vcltq_f32(r, vdupq_n_f32(0.0f));
    float32x4_t v = vmulq_f32(g, vbslq_f32(lt, vaddq_f32(r, k->sa), k->s));
    return vaddq_f32(v, vdupq_n_f32(0.0f)); /* -0 + +0 = +0 */
}

/* The product is rounded to half before the +0 is added. */
static inline float32x4_t tbe_f16(float32x4_t g, float32x4_t r, const opsnn_selu_a2_consts *k)
{
    uint32x4_t lt = vcltq_f32(r, vdupq_n_f32(0.0f));
    float32x4_t s = vbslq_f32(lt, opsnn_selu_a2_round16(vaddq_f32(r, k->sa16)), k->s16);
    return vaddq_f32(opsnn_selu_a2_round16(vmulq_f32(g, s)), vdupq_n_f32(0.0f));
}

OPSNN_SELU_A2_NEON_KERNELS(tbe, tbe_f32, tbe_f16, z)
