/*
 * The AVX2 loops shared by the SeluBackward kernels of Atlas A2/A3
 * (selu-bwd-exp, selu-bwd-tbe; internal, include only from files compiled
 * with -mavx2 -mf16c). A family supplies two lane functions:
 *   F32(g, r, k): the kernel in float32 (FLOAT, BF16, INT32);
 *   F16(g, r, k): the kernel in half, on binary16 values widened to float32,
 *                 each instruction's result rounded to half (FLOAT16, INT8,
 *                 UINT8), except the last, which the caller rounds;
 *   POST16(h):    what the kernel does after that last rounding, on the
 *                 eight FLOAT16 results' bits (the INT8 and UINT8 paths
 *                 convert to integers instead, where it must not matter);
 * and how integers go back (vconv r or z). The macros below make the steps
 * and micro-kernels; every conversion matches the scalar twin bit for bit
 * (cvt-avx2.h, and the saturating conversions here match round.h).
 */
#ifndef OPSNN_KERNELS_SELU_A2_AVX2_H_
#define OPSNN_KERNELS_SELU_A2_AVX2_H_

#include "params.h"
#include "cvt-avx2.h"
#include "cvt.h"
#include "kernels.h"
#include "loop-avx2.h"

/* The call's constants: float32 and rounded to half. */
typedef struct {
    __m256 s, sa, s16, sa16;
} opsnn_selu_a2_consts;

static inline opsnn_selu_a2_consts opsnn_selu_a2_consts_of(const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    opsnn_selu_a2_consts k = {
        _mm256_set1_ps(c->scale), _mm256_set1_ps(c->scale_alpha),
        _mm256_set1_ps(opsnn_f16_to_f32(opsnn_f32_to_f16(c->scale))),
        _mm256_set1_ps(opsnn_f16_to_f32(opsnn_f32_to_f16(c->scale_alpha))),
    };
    return k;
}

/* A float32 value rounded to half and back. */
static inline __m256 opsnn_selu_a2_round16(__m256 v)
{
    return opsnn_avx2_f16_to_f32(opsnn_avx2_f32_to_f16(v));
}

/* A NaN y from an ordered g was made by the multiply (0 * inf): pinned to
 * OPSNN_CANONICAL_NAN_BITS (x86 would give 0xffc00000). A NaN r never
 * reaches a multiply of these kernels (it takes the r >= 0 side). Eight
 * lanes without a NaN, the usual case, need no fix: one compare and a
 * branch instead of three compares and a blend (bf16 at 16M elements ran at
 * 0.50-0.57 of the bound, 2 threads, with the fix in every block). */
static inline __m256 opsnn_selu_a2_fix_made(__m256 y, __m256 g)
{
    __m256 nan = _mm256_cmp_ps(y, y, _CMP_UNORD_Q);
    if (_mm256_movemask_ps(nan) == 0) {
        return y;
    }
    __m256 made = _mm256_and_ps(nan, _mm256_cmp_ps(g, g, _CMP_ORD_Q));
    return _mm256_blendv_ps(y, _mm256_castsi256_ps(_mm256_set1_epi32((int)OPSNN_CANONICAL_NAN_BITS)),
                            made);
}

/* Every NaN these kernels make is quiet with a zero low half (g's bits
 * moved up 16 and quieted by the multiply, or OPSNN_CANONICAL_NAN_BITS):
 * their bf16 results pack with opsnn_avx2_pack_bf16_quiet. */

/* vcvttps2dq of an integral h, as round.h's opsnn_integral_to_int: +inf
 * and >= 2^31 -> INT32_MAX, -inf and below -2^31 -> INT32_MIN (vcvttps2dq's
 * own answer), NaN -> 0. */
static inline __m256i opsnn_selu_a2_integral_to_int(__m256 h)
{
    __m256i q = _mm256_cvttps_epi32(h);
    __m256 big = _mm256_cmp_ps(h, _mm256_set1_ps(2147483648.0f), _CMP_GE_OQ);
    q = _mm256_blendv_epi8(q, _mm256_set1_epi32(INT32_MAX), _mm256_castps_si256(big));
    return _mm256_and_si256(q, _mm256_castps_si256(_mm256_cmp_ps(h, h, _CMP_ORD_Q)));
}

/* vconv ..r (nearest even) and ..z (toward zero), saturating, NaN -> 0. */
static inline __m256i opsnn_selu_a2_to_int_r(__m256 v)
{
    return opsnn_selu_a2_integral_to_int(_mm256_round_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}

static inline __m256i opsnn_selu_a2_to_int_z(__m256 v)
{
    return opsnn_selu_a2_integral_to_int(_mm256_round_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC));
}

/* Steps and micro-kernels opsnn_selu_bwd_<fam>_ukernel__avx2_{f32,f16,bf16,
 * i32,i8} of family `fam` with lane functions F32, F16 and POST16 and integer
 * conversion MODE: r (nearest even) or z (toward zero). */
#define OPSNN_SELU_A2_AVX2_KERNELS(fam, F32, F16, POST16, MODE)                                  \
    static inline void fam##_step_f32(const void *a, const void *b, void *y, size_t i, int stream, \
                                      const void *params)                                          \
    {                                                                                              \
        const opsnn_selu_a2_consts *k = params;                                                    \
        __m256 v = F32(_mm256_loadu_ps((const float *)a + i), _mm256_loadu_ps((const float *)b + i), k); \
        if (stream) {                                                                              \
            _mm256_stream_ps((float *)y + i, v);                                                   \
        } else {                                                                                   \
            _mm256_storeu_ps((float *)y + i, v);                                                   \
        }                                                                                          \
    }                                                                                              \
    static inline __m128i fam##_f16x8(const uint16_t *a, const uint16_t *b,                        \
                                      const opsnn_selu_a2_consts *k)                               \
    {                                                                                              \
        __m256 g = opsnn_avx2_f16_to_f32(_mm_loadu_si128((const __m128i *)a));                     \
        __m256 r = opsnn_avx2_f16_to_f32(_mm_loadu_si128((const __m128i *)b));                     \
        return POST16(opsnn_avx2_f32_to_f16(F16(g, r, k)));                                        \
    }                                                                                              \
    static inline void fam##_step_f16(const void *a, const void *b, void *y, size_t i, int stream, \
                                      const void *params)                                          \
    {                                                                                              \
        const uint16_t *g = (const uint16_t *)a + i, *r = (const uint16_t *)b + i;                 \
        opsnn_avx2_store_x8x2(y, i, stream, fam##_f16x8(g, r, params),                             \
                              fam##_f16x8(g + 8, r + 8, params));                                  \
    }                                                                                              \
    /* bf16 widened raw, in vpunpck lane order (a signalling NaN g is quieted \
     * by the multiply, a NaN r only steers the compare); packed back. */      \
    static inline void fam##_step_bf16(const void *a, const void *b, void *y, size_t i, int stream, \
                                       const void *params)                                         \
    {                                                                                              \
        const opsnn_selu_a2_consts *k = params;                                                    \
        __m256i g = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));                \
        __m256i r = _mm256_loadu_si256((const __m256i *)((const uint16_t *)b + i));                \
        __m256 lo = F32(opsnn_avx2_bf16_unpacklo_raw(g), opsnn_avx2_bf16_unpacklo_raw(r), k);      \
        __m256 hi = F32(opsnn_avx2_bf16_unpackhi_raw(g), opsnn_avx2_bf16_unpackhi_raw(r), k);      \
        opsnn_avx2_store_x16(y, i, stream, opsnn_avx2_pack_bf16_quiet(lo, hi));                    \
    }                                                                                              \
    static inline void fam##_step_i32(const void *a, const void *b, void *y, size_t i, int stream, \
                                      const void *params)                                          \
    {                                                                                              \
        (void)stream;                                                                              \
        __m256 g = _mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i *)((const int32_t *)a + i))); \
        __m256 r = _mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i *)((const int32_t *)b + i))); \
        __m256 v = F32(g, r, (const opsnn_selu_a2_consts *)params);                                \
        _mm256_storeu_si256((__m256i *)((int32_t *)y + i), opsnn_selu_a2_to_int_##MODE(v));         \
    }                                                                                              \
    /* eight 8-bit values (exact in half), widened by CVT, to int32 */                             \
    static inline __m256i fam##_x8(__m256i g, __m256i r, const opsnn_selu_a2_consts *k)            \
    {                                                                                              \
        __m256 v = opsnn_selu_a2_round16(F16(_mm256_cvtepi32_ps(g), _mm256_cvtepi32_ps(r), k));    \
        return opsnn_selu_a2_to_int_##MODE(v);                                                      \
    }                                                                                              \
    static inline void fam##_step_i8(const void *a, const void *b, void *y, size_t i, int stream,  \
                                     const void *params)                                           \
    {                                                                                              \
        (void)stream;                                                                              \
        __m128i g = _mm_loadu_si128((const __m128i *)((const int8_t *)a + i));                     \
        __m128i r = _mm_loadu_si128((const __m128i *)((const int8_t *)b + i));                     \
        __m256i lo = fam##_x8(_mm256_cvtepi8_epi32(g), _mm256_cvtepi8_epi32(r), params);           \
        __m256i hi = fam##_x8(_mm256_cvtepi8_epi32(_mm_srli_si128(g, 8)),                          \
                              _mm256_cvtepi8_epi32(_mm_srli_si128(r, 8)), params);                 \
        __m128i w0 = _mm_packs_epi32(_mm256_castsi256_si128(lo), _mm256_extracti128_si256(lo, 1)); \
        __m128i w1 = _mm_packs_epi32(_mm256_castsi256_si128(hi), _mm256_extracti128_si256(hi, 1)); \
        _mm_storeu_si128((__m128i *)((int8_t *)y + i), _mm_packs_epi16(w0, w1));                   \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx2_f32(size_t n, const void *a, const void *b, void *y, \
                                                  const opsnn_kparams *p)                          \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx2_loop(n, a, b, y, &k, p->nt_store, 4, 8, fam##_step_f32);                        \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx2_f16(size_t n, const void *a, const void *b, void *y, \
                                                  const opsnn_kparams *p)                          \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx2_loop(n, a, b, y, &k, p->nt_store, 2, 16, fam##_step_f16);                       \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx2_bf16(size_t n, const void *a, const void *b, void *y, \
                                                   const opsnn_kparams *p)                         \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx2_loop(n, a, b, y, &k, p->nt_store, 2, 16, fam##_step_bf16);                      \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx2_i32(size_t n, const void *a, const void *b, void *y, \
                                                  const opsnn_kparams *p)                          \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx2_loop(n, a, b, y, &k, 0, 4, 8, fam##_step_i32);                                  \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx2_i8(size_t n, const void *a, const void *b, void *y,  \
                                                 const opsnn_kparams *p)                           \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx2_loop(n, a, b, y, &k, 0, 1, 16, fam##_step_i8);                                  \
    }

/* The UINT8 step and micro-kernel of family `fam` (inputs >= 0; the pack
 * to unsigned saturates at 255). */
#define OPSNN_SELU_A2_AVX2_U8(fam, MODE)                                                          \
    static inline void fam##_step_u8(const void *a, const void *b, void *y, size_t i, int stream,  \
                                     const void *params)                                           \
    {                                                                                              \
        (void)stream;                                                                              \
        __m128i g = _mm_loadu_si128((const __m128i *)((const uint8_t *)a + i));                    \
        __m128i r = _mm_loadu_si128((const __m128i *)((const uint8_t *)b + i));                    \
        __m256i lo = fam##_x8(_mm256_cvtepu8_epi32(g), _mm256_cvtepu8_epi32(r), params);           \
        __m256i hi = fam##_x8(_mm256_cvtepu8_epi32(_mm_srli_si128(g, 8)),                          \
                              _mm256_cvtepu8_epi32(_mm_srli_si128(r, 8)), params);                 \
        __m128i w0 = _mm_packs_epi32(_mm256_castsi256_si128(lo), _mm256_extracti128_si256(lo, 1)); \
        __m128i w1 = _mm_packs_epi32(_mm256_castsi256_si128(hi), _mm256_extracti128_si256(hi, 1)); \
        _mm_storeu_si128((__m128i *)((uint8_t *)y + i), _mm_packus_epi16(w0, w1));                 \
    }                                                                                              \
    void opsnn_selu_bwd_##fam##_ukernel__avx2_u8(size_t n, const void *a, const void *b, void *y,  \
                                                 const opsnn_kparams *p)                           \
    {                                                                                              \
        opsnn_selu_a2_consts k = opsnn_selu_a2_consts_of(p->op);                                   \
        opsnn_avx2_loop(n, a, b, y, &k, 0, 1, 16, fam##_step_u8);                                  \
    }

#endif /* OPSNN_KERNELS_SELU_A2_AVX2_H_ */
