/*
 * The Advanced SIMD loops shared by the SeluBackward kernels of Atlas A2/A3
 * (selu-bwd-exp, selu-bwd-tbe; internal). As selu-a2-avx2.h: a family
 * supplies the lane functions F32 (float32 compute) and F16 (half compute on
 * widened binary16 values, each result rounded to half) and the integer
 * conversion, r (FCVTNS: nearest even) or z (FCVTZS: toward zero); both
 * saturate and turn NaN into 0 in one instruction, as round.h. A NaN the
 * multiply makes from non-NaN operands is the AArch64 default NaN,
 * 0x7fc00000: OPSNN_CANONICAL_NAN_BITS already.
 */
#ifndef OPSNN_KERNELS_SELU_A2_NEON_H_
#define OPSNN_KERNELS_SELU_A2_NEON_H_

#include "params.h"
#include "cvt-neon.h"
#include "cvt.h"
#include "kernels.h"
#include "loop-neon.h"

typedef struct {
    float32x4_t s, sa, s16, sa16;
} opsnn_selu_a2_consts;

static inline opsnn_selu_a2_consts opsnn_selu_a2_consts_of(const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    opsnn_selu_a2_consts k = {
        vdupq_n_f32(c->scale), vdupq_n_f32(c->scale_alpha),
        vdupq_n_f32(opsnn_f16_to_f32(opsnn_f32_to_f16(c->scale))),
        vdupq_n_f32(opsnn_f16_to_f32(opsnn_f32_to_f16(c->scale_alpha))),
    };
    return k;
}

static inline float32x4_t opsnn_selu_a2_round16(float32x4_t v)
{
    return vcvt_f32_f16(vcvt_f16_f32(v));
}

static inline int32x4_t opsnn_selu_a2_to_int_r(float32x4_t v)
{
    return vcvtnq_s32_f32(v);
}

static inline int32x4_t opsnn_selu_a2_to_int_z(float32x4_t v)
{
    return vcvtq_s32_f32(v);
}

#define OPSNN_SELU_A2_NEON_KERNELS(fam, F32, F16, MODE)                                          \
    static inline void fam##_step_f32(const void *a, const void *b, void *y, size_t i,             \
                                      const void *params)                                          \
    {                                                                                              \
        const opsnn_selu_a2_consts *k = params;                                                    \
        const float *g = (const float *)a + i, *r = (const float *)b + i;                          \
        float32x4_t y0 = F32(vld1q_f32(g), vld1q_f32(r), k);                                       \
        float32x4_t y1 = F32(vld1q_f32(g + 4), vld1q_f32(r + 4), k);                               \
        vst1q_f32((float *)y + i, y0);                                                             \
        vst1q_f32((float *)y + i + 4, y1);                                                         \
    }                                                                                              \
    static inline void fam##_step_f16(const void *a, const void *b, void *y, size_t i,             \
                                      const void *params)                                          \
    {                                                                                              \
        const opsnn_selu_a2_consts *k = params;                                                    \
        uint16x8_t g = vld1q_u16((const uint16_t *)a + i);                                         \
        uint16x8_t r = vld1q_u16((const uint16_t *)b + i);                                         \
        float32x4_t lo = F16(opsnn_neon_f16_to_f32(vget_low_u16(g)),                               \
                             opsnn_neon_f16_to_f32(vget_low_u16(r)), k);                           \
        float32x4_t hi = F16(opsnn_neon_f16_to_f32_high(g), opsnn_neon_f16_to_f32_high(r), k);     \
        vst1q_u16((uint16_t *)y + i, opsnn_neon_f32_to_f16x8(lo, hi));                             \
    }                                                                                              \
    static inline void fam##_step_bf16(const void *a, const void *b, void *y, size_t i,            \
                                       const void *params)                                         \
    {                                                                                              \
        const opsnn_selu_a2_consts *k = params;                                                    \
        uint16x8_t g = vld1q_u16((const uint16_t *)a + i);                                         \
        uint16x8_t r = vld1q_u16((const uint16_t *)b + i);                                         \
        float32x4_t lo = F32(opsnn_neon_bf16_quiet(opsnn_neon_bf16_raw_lo(g)),                     \
                             opsnn_neon_bf16_raw_lo(r), k);                                        \
        float32x4_t hi = F32(opsnn_neon_bf16_quiet(opsnn_neon_bf16_raw_hi(g)),                     \
                             opsnn_neon_bf16_raw_hi(r), k);                                        \
        vst1q_u16((uint16_t *)y + i, opsnn_neon_f32_to_bf16x8(lo, hi));                            \
    }                                                                                              \
    static inline void fam##_step_i32(const void *a, const void *b, void *y, size_t i,             \
                                      const void *params)                                          \
    {                                                                                              \
        const opsnn_selu_a2_consts *k = params;                                                    \
        const int32_t *g = (const int32_t *)a + i, *r = (const int32_t *)b + i;                    \
        for (int h = 0; h < 8; h += 4) {                                                           \
            float32x4_t v = F32(vcvtq_f32_s32(vld1q_s32(g + h)), vcvtq_f32_s32(vld1q_s32(r + h)), k); \
            vst1q_s32((int32_t *)y + i + h, opsnn_selu_a2_to_int_##MODE(v));                       \
        }                                                                                          \
    }                                                                                              \
    /* four 8-bit values widened to int32 lanes -> int32 results */                               \
    static inline int32x4_t fam##_x4(int32x4_t g, int32x4_t r, const opsnn_selu_a2_consts *k)     \
    {                                                                                              \
        float32x4_t v = opsnn_selu_a2_round16(F16(vcvtq_f32_s32(g), vcvtq_f32_s32(r), k));        \
        return opsnn_selu_a2_to_int_##MODE(v);                                                     \
    }                                                                                              \
    static inline int16x8_t fam##_x8(int16x8_t g, int16x8_t r, const opsnn_selu_a2_consts *k)     \
    {                                                                                              \
        int32x4_t lo = fam##_x4(vmovl_s16(vget_low_s16(g)), vmovl_s16(vget_low_s16(r)), k);      \
        int32x4_t hi = fam##_x4(vmovl_high_s16(g), vmovl_high_s16(r), k);                         \
        return vcombine_s16(vqmovn_s32(lo), vqmovn_s32(hi));                                      \
    }                                                                                              \
    static inline void fam##_step_i8(const void *a, const void *b, void *y, size_t i,              \
                                     const void *params)                                           \
    {                                                                                              \
        int8x16_t g = vld1q_s8((const int8_t *)a + i);                                             \
        int8x16_t r = vld1q_s8((const int8_t *)b + i);                                             \
        int16x8_t lo = fam##_x8(vmovl_s8(vget_low_s8(g)), vmovl_s8(vget_low_s8(r)), params);       \
        int16x8_t hi = fam##_x8(vmovl_high_s8(g), vmovl_high_s8(r), params);                       \
        vst1q_s8((int8_t *)y + i, vcombine_s8(vqmovn_s16(lo), vqmovn_s16(hi)));                    \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__neon_f32(size_t n, const void *a, const void *b, void *y, \
                                                  const opsnn_kparams *p)                          \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_neon_loop(n, a, b, y, &k, 4, 8, fam##_step_f32);                                     \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__neon_f16(size_t n, const void *a, const void *b, void *y, \
                                                  const opsnn_kparams *p)                          \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_neon_loop(n, a, b, y, &k, 2, 8, fam##_step_f16);                                     \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__neon_bf16(size_t n, const void *a, const void *b, void *y, \
                                                   const opsnn_kparams *p)                         \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_neon_loop(n, a, b, y, &k, 2, 8, fam##_step_bf16);                                    \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__neon_i32(size_t n, const void *a, const void *b, void *y, \
                                                  const opsnn_kparams *p)                          \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_neon_loop(n, a, b, y, &k, 4, 8, fam##_step_i32);                                     \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__neon_i8(size_t n, const void *a, const void *b, void *y,  \
                                                 const opsnn_kparams *p)                           \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_neon_loop(n, a, b, y, &k, 1, 16, fam##_step_i8);                                     \
    }

/* UINT8: inputs >= 0; the narrowing saturates at 255. */
#define OPSNN_SELU_A2_NEON_U8(fam)                                                                \
    static inline void fam##_step_u8(const void *a, const void *b, void *y, size_t i,              \
                                     const void *params)                                           \
    {                                                                                              \
        uint8x16_t g = vld1q_u8((const uint8_t *)a + i);                                           \
        uint8x16_t r = vld1q_u8((const uint8_t *)b + i);                                           \
        int16x8_t lo = fam##_x8(vreinterpretq_s16_u16(vmovl_u8(vget_low_u8(g))),                   \
                                vreinterpretq_s16_u16(vmovl_u8(vget_low_u8(r))), params);          \
        int16x8_t hi = fam##_x8(vreinterpretq_s16_u16(vmovl_high_u8(g)),                           \
                                vreinterpretq_s16_u16(vmovl_high_u8(r)), params);                  \
        vst1q_u8((uint8_t *)y + i, vcombine_u8(vqmovun_s16(lo), vqmovun_s16(hi)));                 \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__neon_u8(size_t n, const void *a, const void *b, void *y,  \
                                                 const opsnn_kparams *p)                           \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_neon_loop(n, a, b, y, &k, 1, 16, fam##_step_u8);                                     \
    }

#endif /* OPSNN_KERNELS_SELU_A2_NEON_H_ */
