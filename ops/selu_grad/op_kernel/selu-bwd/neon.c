/* SeluBackward, Advanced SIMD, in the float32 order of the ops-nn arch35
 * kernel (op_kernel/arch35/selu_grad.h):
 * A = g * SCALE; B = g * (r + SCALE_ALPHA); y = r <= 0 ? B : A (a NaN r
 * compares false and takes A), computed as one multiply of g by the selected
 * factor (the same operands, the same rounding). No fused multiply-add
 * (-ffp-contract=off, and no vfma intrinsics). The factor is never NaN (t is
 * never NaN where r <= 0), so a NaN that comes in is g's and keeps its sign
 * and payload (quieted); a NaN the multiply creates (0 * inf) is the AArch64
 * default NaN, 0x7fc00000 — the one canonical NaN of every path.
 *
 * INT8 / INT32 go through fp16 both ways as the NPU kernel's Cast chain
 * does: int -> fp16 (nearest even, beyond the fp16 range +-inf) -> f32,
 * compute, f32 -> fp16 (nearest even) -> int (nearest even, saturating, NaN
 * -> 0). int -> f32 (SCVTF) -> fp16 (FCVTN) is that first cast exactly: it is
 * exact below 2^24, and everything from 65520 up is +-inf either way. FCVTNS
 * rounds to nearest even, saturates and turns NaN into 0 in one instruction. */
#include "../params.h"
#include "cvt-neon.h"
#include "kernels.h"
#include "loop-neon.h"

static inline float32x4_t selu(float32x4_t g, float32x4_t r, const opsnn_selu_bwd_params *c)
{
    uint32x4_t le = vcleq_f32(r, vdupq_n_f32(0.0f));
    float32x4_t t = vaddq_f32(r, vdupq_n_f32(c->scale_alpha));
    return vmulq_f32(g, vbslq_f32(le, t, vdupq_n_f32(c->scale)));
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    const float *g = (const float *)a + i, *r = (const float *)b + i;
    float32x4_t y0 = selu(vld1q_f32(g), vld1q_f32(r), c);
    float32x4_t y1 = selu(vld1q_f32(g + 4), vld1q_f32(r + 4), c);
    vst1q_f32((float *)y + i, y0);
    vst1q_f32((float *)y + i + 4, y1);
}

static inline void step_f16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    uint16x8_t g = vld1q_u16((const uint16_t *)a + i);
    uint16x8_t r = vld1q_u16((const uint16_t *)b + i);
    float32x4_t lo =
        selu(opsnn_neon_f16_to_f32(vget_low_u16(g)), opsnn_neon_f16_to_f32(vget_low_u16(r)), c);
    float32x4_t hi = selu(opsnn_neon_f16_to_f32_high(g), opsnn_neon_f16_to_f32_high(r), c);
    vst1q_u16((uint16_t *)y + i, opsnn_neon_f32_to_f16x8(lo, hi));
}

/* Raw widening is enough: a signalling NaN g comes out of the multiply quiet
 * with its payload, as opsnn_bf16_to_f32 would have made it, and a NaN r
 * only steers the compare. Every NaN the multiply gives here (g's, or the
 * default NaN) has a zero low half, so opsnn_neon_bf16_round narrows it
 * without opsnn_neon_f32_to_bf16's NaN case. */
static inline void step_bf16(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    uint16x8_t g = vld1q_u16((const uint16_t *)a + i);
    uint16x8_t r = vld1q_u16((const uint16_t *)b + i);
    float32x4_t lo = selu(opsnn_neon_bf16_raw_lo(g), opsnn_neon_bf16_raw_lo(r), c);
    float32x4_t hi = selu(opsnn_neon_bf16_raw_hi(g), opsnn_neon_bf16_raw_hi(r), c);
    uint16x8_t y16 = vcombine_u16(opsnn_neon_bf16_round(lo), opsnn_neon_bf16_round(hi));
    vst1q_u16((uint16_t *)y + i, y16);
}

/* int32 lanes -> fp16 -> f32, as the first Cast. */
static inline float32x4_t int_via_f16(int32x4_t v)
{
    return vcvt_f32_f16(vcvt_f16_f32(vcvtq_f32_s32(v)));
}

/* f32 -> fp16 -> int32 (nearest even, saturating, NaN -> 0), as the last Casts. */
static inline int32x4_t f16_to_int(float32x4_t v)
{
    return vcvtnq_s32_f32(vcvt_f32_f16(vcvt_f16_f32(v)));
}

static inline int32x4_t selu_i32x4(int32x4_t g, int32x4_t r, const opsnn_selu_bwd_params *c)
{
    return f16_to_int(selu(int_via_f16(g), int_via_f16(r), c));
}

/* 8 int8 (as int16) -> 8 results, saturated to int16 (then to int8 by the caller). */
static inline int16x8_t selu_i16x8(int16x8_t g, int16x8_t r, const opsnn_selu_bwd_params *c)
{
    int32x4_t lo = selu_i32x4(vmovl_s16(vget_low_s16(g)), vmovl_s16(vget_low_s16(r)), c);
    int32x4_t hi = selu_i32x4(vmovl_high_s16(g), vmovl_high_s16(r), c);
    return vcombine_s16(vqmovn_s32(lo), vqmovn_s32(hi));
}

static inline void step_i8(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    int8x16_t g = vld1q_s8((const int8_t *)a + i);
    int8x16_t r = vld1q_s8((const int8_t *)b + i);
    int16x8_t lo = selu_i16x8(vmovl_s8(vget_low_s8(g)), vmovl_s8(vget_low_s8(r)), c);
    int16x8_t hi = selu_i16x8(vmovl_high_s8(g), vmovl_high_s8(r), c);
    vst1q_s8((int8_t *)y + i, vcombine_s8(vqmovn_s16(lo), vqmovn_s16(hi)));
}

static inline void step_i32(const void *a, const void *b, void *y, size_t i, const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    const int32_t *g = (const int32_t *)a + i, *r = (const int32_t *)b + i;
    int32x4_t y0 = selu_i32x4(vld1q_s32(g), vld1q_s32(r), c);
    int32x4_t y1 = selu_i32x4(vld1q_s32(g + 4), vld1q_s32(r + 4), c);
    vst1q_s32((int32_t *)y + i, y0);
    vst1q_s32((int32_t *)y + i + 4, y1);
}

void opsnn_selu_bwd_ukernel__neon_f32(size_t n, const void *a, const void *b, void *y,
                                      const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_neon_loop(n, a, b, y, &c, 4, 8, step_f32);
}

void opsnn_selu_bwd_ukernel__neon_f16(size_t n, const void *a, const void *b, void *y,
                                      const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_neon_loop(n, a, b, y, &c, 2, 8, step_f16);
}

void opsnn_selu_bwd_ukernel__neon_bf16(size_t n, const void *a, const void *b, void *y,
                                       const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_neon_loop(n, a, b, y, &c, 2, 8, step_bf16);
}

void opsnn_selu_bwd_ukernel__neon_i8(size_t n, const void *a, const void *b, void *y,
                                     const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_neon_loop(n, a, b, y, &c, 1, 16, step_i8);
}

void opsnn_selu_bwd_ukernel__neon_i32(size_t n, const void *a, const void *b, void *y,
                                      const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_neon_loop(n, a, b, y, &c, 4, 8, step_i32);
}
