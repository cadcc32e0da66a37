/*
 * The portable loops shared by the SeluBackward kernels of Atlas A2/A3
 * (selu-bwd-exp, selu-bwd-tbe; internal). As selu-a2-avx2.h: a family
 * supplies F32(g, r, k), the kernel in float32 (FLOAT, BF16, INT32), and
 * F16(g, r, k), the kernel in half on binary16 values widened to float
 * (FLOAT16, INT8, UINT8), each returning the float32 value whose rounding to
 * the output type is the kernel's result, and the integer conversion
 * (round.h: opsnn_f32_to_int_rint or _trunc).
 */
#ifndef OPSNN_KERNELS_SELU_A2_SCALAR_H_
#define OPSNN_KERNELS_SELU_A2_SCALAR_H_

#include "params.h"
#include "cvt.h"
#include "kernels.h"
#include "round.h"

/* Constants of one call in the compute type, widened to float32. */
typedef struct {
    float s, sa;
} opsnn_selu_a2_consts;

static inline opsnn_selu_a2_consts opsnn_selu_a2_f32_consts(const opsnn_kparams *p)
{
    const opsnn_selu_bwd_params *c = p->op;
    return (opsnn_selu_a2_consts){c->scale, c->scale_alpha};
}

static inline opsnn_selu_a2_consts opsnn_selu_a2_f16_consts(const opsnn_kparams *p)
{
    const opsnn_selu_bwd_params *c = p->op;
    return (opsnn_selu_a2_consts){opsnn_round_f16(c->scale), opsnn_round_f16(c->scale_alpha)};
}

/* A NaN made by the multiply from non-NaN operands (0 * inf) is
 * OPSNN_CANONICAL_NAN_BITS; a NaN operand's NaN is kept. */
static inline float opsnn_selu_a2_made_nan(float y, float g, float r)
{
    return y != y && g == g && r == r ? opsnn_bits_f32(OPSNN_CANONICAL_NAN_BITS) : y;
}

/* One loop per dtype: load, widen, the lane function, narrow. */
#define OPSNN_SELU_A2_SCALAR_LOOP(fam, sfx, IN_T, OUT_T, CONSTS, FN, WIDEN, NARROW)             \
    void opsnn_selu_bwd_##fam##_ukernel__scalar_##sfx(size_t n, const void *a, const void *b,   \
                                                      void *y, const opsnn_kparams *p)           \
    {                                                                                            \
        const IN_T *g = a, *r = b;                                                               \
        OUT_T *out = y;                                                                          \
        opsnn_selu_a2_consts k = CONSTS(p);                                                      \
        for (size_t i = 0; i < n; i++) {                                                         \
            out[i] = NARROW(FN(WIDEN(g[i]), WIDEN(r[i]), k));                                    \
        }                                                                                        \
    }

#define OPSNN_SELU_A2_ID(v) ((float)(v))
#define OPSNN_SELU_A2_F32(v) (v)

/* The five kernels of family `fam`; TO_INT(v, lo, hi) is the integer conversion. */
#define OPSNN_SELU_A2_SCALAR_KERNELS(fam, F32, F16, TO_INT)                                      \
    static inline int32_t fam##_to_i32(float v)                                                  \
    {                                                                                            \
        return TO_INT(v, INT32_MIN, INT32_MAX);                                                  \
    }                                                                                            \
    static inline int8_t fam##_to_i8(float v)                                                    \
    {                                                                                            \
        return (int8_t)TO_INT(v, INT8_MIN, INT8_MAX);                                            \
    }                                                                                            \
    OPSNN_SELU_A2_SCALAR_LOOP(fam, f32, float, float, opsnn_selu_a2_f32_consts, F32,             \
                              OPSNN_SELU_A2_F32, OPSNN_SELU_A2_F32)                              \
    OPSNN_SELU_A2_SCALAR_LOOP(fam, f16, uint16_t, uint16_t, opsnn_selu_a2_f16_consts, F16,       \
                              opsnn_f16_to_f32, opsnn_f32_to_f16)                                \
    OPSNN_SELU_A2_SCALAR_LOOP(fam, bf16, uint16_t, uint16_t, opsnn_selu_a2_f32_consts, F32,      \
                              opsnn_bf16_to_f32, opsnn_f32_to_bf16)                              \
    OPSNN_SELU_A2_SCALAR_LOOP(fam, i32, int32_t, int32_t, opsnn_selu_a2_f32_consts, F32,         \
                              OPSNN_SELU_A2_ID, fam##_to_i32)                                    \
    OPSNN_SELU_A2_SCALAR_LOOP(fam, i8, int8_t, int8_t, opsnn_selu_a2_f16_consts, F16,            \
                              OPSNN_SELU_A2_ID, fam##_to_i8)

/* The UINT8 kernel of family `fam`. */
#define OPSNN_SELU_A2_SCALAR_U8(fam, F16, TO_INT)                                                \
    static inline uint8_t fam##_to_u8(float v)                                                   \
    {                                                                                            \
        return (uint8_t)TO_INT(v, 0, UINT8_MAX);                                                 \
    }                                                                                            \
    OPSNN_SELU_A2_SCALAR_LOOP(fam, u8, uint8_t, uint8_t, opsnn_selu_a2_f16_consts, F16,          \
                              OPSNN_SELU_A2_ID, fam##_to_u8)

#endif /* OPSNN_KERNELS_SELU_A2_SCALAR_H_ */
