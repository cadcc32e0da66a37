/*
 * The AVX-512 loops shared by the SeluBackward kernels of Atlas A2/A3
 * (selu-bwd-exp, selu-bwd-tbe; internal, include only from files compiled
 * with the AVX-512 target flags: F/BW/VL/DQ + F16C, no AVX512-FP16). The
 * AVX2 loops (selu-a2-avx2.h) in 16-lane registers with mask compares, and
 * three changes that keep every bit of the scalar twin:
 *
 * - The select is a masked add: t = lt ? r + SA : S (S is already the
 *   compute type's value, so rounding t rounds only the sum).
 * - A made NaN (0 * inf from ordered operands: x86 gives 0xffc00000) is
 *   looked for with one compare per vector (per two in the 16-bit loops);
 *   only a block that has a NaN lane pays for the fix to
 *   OPSNN_CANONICAL_NAN_BITS.
 * - Half compute: the sum r + SA16 (r < 0 a binary16 value widened) is
 *   rounded to half by Veltkamp's split (c = x * 8193; hi = c + (x - c),
 *   three float32 operations) instead of a vcvtps2ph/vcvtph2ps round trip.
 *   For SA16 = 1.7578125 (SCALE_ALPHA in half) the split equals the round
 *   trip for every finite negative binary16 r (checked for all of them by
 *   ops/selu_grad/tests/test_selu_a2_kernels.c): the sum never overflows
 *   half and is never a half subnormal but 0, where the split's 11-bit
 *   rounding and half's differ. r = -inf gives a NaN split and so a NaN
 *   product, and a block with any NaN lane is recomputed with the round
 *   trip (`exact`); so is every block of a call whose SA16 is another value.
 *
 * A family supplies F32(g, r, k), the float32 compute before the made-NaN
 * fix, F16(g, r, k, exact), the half compute's product before its rounding
 * to half (the narrowing), STORE16(y, i, mask, stream, lo, hi), which stores
 * the two halves of 16 half results (opsnn_avx512_store_x16x2, or what the
 * family does to them first), and the integer conversion MODE (r or z).
 */
#ifndef OPSNN_KERNELS_SELU_A2_AVX512_H_
#define OPSNN_KERNELS_SELU_A2_AVX512_H_

#include "params.h"
#include "cvt-avx512.h"
#include "cvt.h"
#include "kernels.h"
#include "loop-avx512.h"

/* SCALE_ALPHA rounded to half: the value the split is proven for. */
#define OPSNN_SELU_A2_SA16_SPLIT 0x1.c2p+0f

/* The call's constants: float32 and rounded to half; `split` is 1 when SA16
 * is OPSNN_SELU_A2_SA16_SPLIT. */
typedef struct {
    __m512 s, sa, s16, sa16;
    int split;
} opsnn_selu_a2_consts;

static inline opsnn_selu_a2_consts opsnn_selu_a2_consts_of(const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    float sa16 = opsnn_f16_to_f32(opsnn_f32_to_f16(c->scale_alpha));
    opsnn_selu_a2_consts k = {
        _mm512_set1_ps(c->scale), _mm512_set1_ps(c->scale_alpha),
        _mm512_set1_ps(opsnn_f16_to_f32(opsnn_f32_to_f16(c->scale))), _mm512_set1_ps(sa16),
        sa16 == OPSNN_SELU_A2_SA16_SPLIT,
    };
    return k;
}

/* A float32 value rounded to half and back. */
static inline __m512 opsnn_selu_a2_round16(__m512 v)
{
    return opsnn_avx512_f16_to_f32(opsnn_avx512_f32_to_f16(v));
}

/* x rounded to 11 significant bits, nearest even (Veltkamp's split with
 * 2^13 + 1): round16 for the sums above; NaN for +-inf. */
static inline __m512 opsnn_selu_a2_split16(__m512 x)
{
    __m512 c = _mm512_mul_ps(x, _mm512_set1_ps(8193.0f));
    return _mm512_add_ps(c, _mm512_sub_ps(x, c));
}

/* t = r < 0 (ordered) ? r + SA16 rounded to half : S16, the rounding by the
 * round trip (exact) or the split. */
static inline __m512 opsnn_selu_a2_factor16(__m512 r, const opsnn_selu_a2_consts *k, int exact)
{
    __mmask16 lt = _mm512_cmp_ps_mask(r, _mm512_setzero_ps(), _CMP_LT_OQ);
    __m512 t = _mm512_mask_add_ps(k->s16, lt, r, k->sa16);
    return exact ? opsnn_selu_a2_round16(t) : opsnn_selu_a2_split16(t);
}

/* The float32 factor: r < 0 (ordered) ? r + SA : S. */
static inline __m512 opsnn_selu_a2_factor32(__m512 r, const opsnn_selu_a2_consts *k)
{
    __mmask16 lt = _mm512_cmp_ps_mask(r, _mm512_setzero_ps(), _CMP_LT_OQ);
    return _mm512_mask_add_ps(k->s, lt, r, k->sa);
}

/* The lanes of `nan` (y's NaN lanes) whose g is ordered hold a made NaN:
 * pinned to OPSNN_CANONICAL_NAN_BITS. A NaN r never reaches a multiply of
 * these kernels (it takes the r >= 0 side). */
static inline __m512 opsnn_selu_a2_fix_made(__m512 y, __m512 g, __mmask16 nan)
{
    __mmask16 made = nan & _mm512_cmp_ps_mask(g, g, _CMP_ORD_Q);
    return _mm512_mask_mov_ps(y, made, _mm512_castsi512_ps(_mm512_set1_epi32((int)OPSNN_CANONICAL_NAN_BITS)));
}

static inline __mmask16 opsnn_selu_a2_nan(__m512 y)
{
    return _mm512_cmp_ps_mask(y, y, _CMP_UNORD_Q);
}

/* The lanes where y0 or y1 is NaN: one compare for two vectors. */
static inline __mmask16 opsnn_selu_a2_nan2(__m512 y0, __m512 y1)
{
    return _mm512_cmp_ps_mask(y0, y1, _CMP_UNORD_Q);
}

/* vcvttps2dq of an integral h, as round.h's opsnn_integral_to_int: +inf
 * and >= 2^31 -> INT32_MAX, -inf and below -2^31 -> INT32_MIN (vcvttps2dq's
 * own answer), NaN -> 0. */
static inline __m512i opsnn_selu_a2_integral_to_int(__m512 h)
{
    __m512i q = _mm512_cvttps_epi32(h);
    __mmask16 big = _mm512_cmp_ps_mask(h, _mm512_set1_ps(2147483648.0f), _CMP_GE_OQ);
    q = _mm512_mask_mov_epi32(q, big, _mm512_set1_epi32(INT32_MAX));
    return _mm512_maskz_mov_epi32(_mm512_cmp_ps_mask(h, h, _CMP_ORD_Q), q);
}

/* vconv ..r (nearest even) and ..z (toward zero), saturating, NaN -> 0. */
static inline __m512i opsnn_selu_a2_to_int_r(__m512 v)
{
    return opsnn_selu_a2_integral_to_int(
        _mm512_roundscale_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}

static inline __m512i opsnn_selu_a2_to_int_z(__m512 v)
{
    return opsnn_selu_a2_integral_to_int(_mm512_roundscale_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC));
}

/* Steps and micro-kernels opsnn_selu_bwd_<fam>_ukernel__avx512_{f32,f16,
 * bf16,i32,i8} of family `fam`. */
#define OPSNN_SELU_A2_AVX512_KERNELS(fam, F32, F16, STORE16, MODE)                                \
    /* float32 compute, made NaNs fixed */                                                         \
    static inline __m512 fam##_x16(__m512 g, __m512 r, const opsnn_selu_a2_consts *k)            \
    {                                                                                              \
        __m512 y = F32(g, r, k);                                                                   \
        __mmask16 nan = opsnn_selu_a2_nan(y);                                                      \
        return nan ? opsnn_selu_a2_fix_made(y, g, nan) : y;                                        \
    }                                                                                              \
    static inline void fam##_step_f32(const void *a, const void *b, void *y, size_t i,             \
                                      uint32_t mask, int stream, const void *params)               \
    {                                                                                              \
        __m512 g = _mm512_maskz_loadu_ps((__mmask16)mask, (const float *)a + i);                   \
        __m512 r = _mm512_maskz_loadu_ps((__mmask16)mask, (const float *)b + i);                   \
        __m512 v = fam##_x16(g, r, params);                                                        \
        if (stream) {                                                                              \
            _mm512_stream_ps((float *)y + i, v);                                                   \
        } else {                                                                                   \
            _mm512_mask_storeu_ps((float *)y + i, (__mmask16)mask, v);                             \
        }                                                                                          \
    }                                                                                              \
    /* Two halves of 16 half values from and to memory; a block with a NaN                         \
     * product (or a call without the split) is recomputed exactly. */                             \
    static inline void fam##_step_f16(const void *a, const void *b, void *y, size_t i,             \
                                      uint32_t mask, int stream, const void *params)               \
    {                                                                                              \
        const opsnn_selu_a2_consts *k = params;                                                    \
        const uint16_t *pg = (const uint16_t *)a + i, *pr = (const uint16_t *)b + i;               \
        __m512 g0 = opsnn_avx512_f16_to_f32(_mm256_maskz_loadu_epi16((__mmask16)mask, pg));        \
        __m512 r0 = opsnn_avx512_f16_to_f32(_mm256_maskz_loadu_epi16((__mmask16)mask, pr));        \
        __m512 g1 = opsnn_avx512_f16_to_f32(_mm256_maskz_loadu_epi16((__mmask16)(mask >> 16), pg + 16)); \
        __m512 r1 = opsnn_avx512_f16_to_f32(_mm256_maskz_loadu_epi16((__mmask16)(mask >> 16), pr + 16)); \
        __m512 y0 = F16(g0, r0, k, 0), y1 = F16(g1, r1, k, 0);                                     \
        if (opsnn_selu_a2_nan2(y0, y1) || !k->split) {                                             \
            y0 = F16(g0, r0, k, 1);                                                                \
            y1 = F16(g1, r1, k, 1);                                                                \
            y0 = opsnn_selu_a2_fix_made(y0, g0, opsnn_selu_a2_nan(y0));                            \
            y1 = opsnn_selu_a2_fix_made(y1, g1, opsnn_selu_a2_nan(y1));                            \
        }                                                                                          \
        STORE16(y, i, mask, stream, opsnn_avx512_f32_to_f16(y0), opsnn_avx512_f32_to_f16(y1));    \
    }                                                                                              \
    /* bf16 widened raw: even elements shifted up, odd ones masked in place                        \
     * (a signalling NaN g is quieted by the multiply, a NaN r only steers                         \
     * the compare), each rounded with opsnn_avx512_bf16_round_hi (every NaN                       \
     * here has a zero low half), and one word blend puts them back. */                            \
    static inline void fam##_step_bf16(const void *a, const void *b, void *y, size_t i,            \
                                       uint32_t mask, int stream, const void *params)              \
    {                                                                                              \
        __m512i g = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);            \
        __m512i r = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)b + i);            \
        __m512i hi16 = _mm512_set1_epi32((int)0xffff0000u);                                        \
        __m512 ge = _mm512_castsi512_ps(_mm512_slli_epi32(g, 16));                                 \
        __m512 go = _mm512_castsi512_ps(_mm512_and_si512(g, hi16));                                \
        __m512 ye = F32(ge, _mm512_castsi512_ps(_mm512_slli_epi32(r, 16)), params);                \
        __m512 yo = F32(go, _mm512_castsi512_ps(_mm512_and_si512(r, hi16)), params);               \
        if (opsnn_selu_a2_nan2(ye, yo)) {                                                          \
            ye = opsnn_selu_a2_fix_made(ye, ge, opsnn_selu_a2_nan(ye));                            \
            yo = opsnn_selu_a2_fix_made(yo, go, opsnn_selu_a2_nan(yo));                            \
        }                                                                                          \
        __m512i y16 = _mm512_mask_blend_epi16(0xaaaaaaaau,                                         \
                                              _mm512_srli_epi32(opsnn_avx512_bf16_round_hi(ye), 16), \
                                              opsnn_avx512_bf16_round_hi(yo));                     \
        opsnn_avx512_store_x16(y, i, mask, stream, y16);                                           \
    }                                                                                              \
    static inline void fam##_step_i32(const void *a, const void *b, void *y, size_t i,             \
                                      uint32_t mask, int stream, const void *params)               \
    {                                                                                              \
        (void)stream;                                                                              \
        __m512 g = _mm512_cvtepi32_ps(_mm512_maskz_loadu_epi32((__mmask16)mask, (const int32_t *)a + i)); \
        __m512 r = _mm512_cvtepi32_ps(_mm512_maskz_loadu_epi32((__mmask16)mask, (const int32_t *)b + i)); \
        _mm512_mask_storeu_epi32((int32_t *)y + i, (__mmask16)mask,                                \
                                 opsnn_selu_a2_to_int_##MODE(fam##_x16(g, r, params)));            \
    }                                                                                              \
    /* sixteen 8-bit values (exact in half, finite: no NaN product, so the                         \
     * split serves when the call has it), rounded to half, to int32 */                            \
    static inline __m512i fam##_x8(__m512i g, __m512i r, const opsnn_selu_a2_consts *k)            \
    {                                                                                              \
        __m512 gf = _mm512_cvtepi32_ps(g), rf = _mm512_cvtepi32_ps(r);                             \
        __m512 v = k->split ? F16(gf, rf, k, 0) : F16(gf, rf, k, 1);                               \
        return opsnn_selu_a2_to_int_##MODE(opsnn_selu_a2_round16(v));                             \
    }                                                                                              \
    static inline void fam##_step_i8(const void *a, const void *b, void *y, size_t i,              \
                                     uint32_t mask, int stream, const void *params)                \
    {                                                                                              \
        (void)stream;                                                                              \
        __m128i g = _mm_maskz_loadu_epi8((__mmask16)mask, (const int8_t *)a + i);                  \
        __m128i r = _mm_maskz_loadu_epi8((__mmask16)mask, (const int8_t *)b + i);                  \
        __m512i q = fam##_x8(_mm512_cvtepi8_epi32(g), _mm512_cvtepi8_epi32(r), params);            \
        _mm_mask_storeu_epi8((int8_t *)y + i, (__mmask16)mask, _mm512_cvtsepi32_epi8(q));          \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx512_f32(size_t n, const void *a, const void *b,        \
                                                    void *y, const opsnn_kparams *p)               \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx512_loop(n, a, b, y, &k, p->nt_store, 4, 16, fam##_step_f32);                     \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx512_f16(size_t n, const void *a, const void *b,        \
                                                    void *y, const opsnn_kparams *p)               \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx512_loop(n, a, b, y, &k, p->nt_store, 2, 32, fam##_step_f16);                     \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx512_bf16(size_t n, const void *a, const void *b,       \
                                                     void *y, const opsnn_kparams *p)              \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx512_loop(n, a, b, y, &k, p->nt_store, 2, 32, fam##_step_bf16);                    \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx512_i32(size_t n, const void *a, const void *b,        \
                                                    void *y, const opsnn_kparams *p)               \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx512_loop(n, a, b, y, &k, 0, 4, 16, fam##_step_i32);                               \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx512_i8(size_t n, const void *a, const void *b,         \
                                                   void *y, const opsnn_kparams *p)                \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx512_loop(n, a, b, y, &k, 0, 1, 16, fam##_step_i8);                                \
    }

/* The UINT8 step and micro-kernel of family `fam` (inputs >= 0); results
 * clamp to [0, 255], as the AVX2 packs (the widening and the narrowing are
 * those the AVX-512 emulation of tests/avx512emu also has). */
#define OPSNN_SELU_A2_AVX512_U8(fam)                                                               \
    static inline void fam##_step_u8(const void *a, const void *b, void *y, size_t i,              \
                                     uint32_t mask, int stream, const void *params)                \
    {                                                                                              \
        (void)stream;                                                                              \
        __m128i g = _mm_maskz_loadu_epi8((__mmask16)mask, (const uint8_t *)a + i);                 \
        __m128i r = _mm_maskz_loadu_epi8((__mmask16)mask, (const uint8_t *)b + i);                 \
        __m512i ff = _mm512_set1_epi32(0xff);                                                      \
        __m512i q = fam##_x8(_mm512_and_si512(_mm512_cvtepi8_epi32(g), ff),                        \
                             _mm512_and_si512(_mm512_cvtepi8_epi32(r), ff), params);               \
        q = _mm512_min_epi32(_mm512_max_epi32(q, _mm512_setzero_si512()), ff);                     \
        _mm_mask_storeu_epi8((uint8_t *)y + i, (__mmask16)mask, _mm512_cvtepi32_epi8(q));          \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx512_u8(size_t n, const void *a, const void *b,         \
                                                   void *y, const opsnn_kparams *p)                \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx512_loop(n, a, b, y, &k, 0, 1, 16, fam##_step_u8);                                \
    }

#endif /* OPSNN_KERNELS_SELU_A2_AVX512_H_ */
