/* SoftshrinkBackward, AVX-512F/BW/VL/DQ + F16C:
 * y = (|x| > lambda || x is NaN) ? g : +0, g copied as bits.
 * NLE_UQ ("not <=, unordered true") is exactly "|x| > t or x is NaN" for
 * the threshold t = opsnn_softshrink_threshold(lambda), which maps a NaN
 * lambda (nothing passes but NaN x) to +inf.
 * fp16/bf16 x are not widened: their magnitude bits are compared with a
 * 16-bit threshold (splat.h: opsnn_softshrink_bwd_t16), as in avx2.c, one
 * integer compare per 32 elements where widening took two conversions, two
 * compares and the lane moves between them, all on Intel's shuffle port. */
#include "../params.h"
#include "cvt-avx512.h"
#include "kernels.h"
#include "loop-avx512.h"
#include "splat.h"

static inline __mmask16 pass_f32(__m512 x, float lambda)
{
    return _mm512_cmp_ps_mask(_mm512_abs_ps(x), _mm512_set1_ps(lambda), _CMP_NLE_UQ);
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    float lambda = *(const float *)params; /* the threshold */
    __m512 g = _mm512_maskz_loadu_ps((__mmask16)mask, (const float *)a + i);
    __m512 x = _mm512_maskz_loadu_ps((__mmask16)mask, (const float *)b + i);
    __m512 v = _mm512_maskz_mov_ps(pass_f32(x, lambda), g);
    if (stream) {
        _mm512_stream_ps((float *)y + i, v);
    } else {
        _mm512_mask_storeu_ps((float *)y + i, (__mmask16)mask, v);
    }
}

/* FLOAT16 and BF16 alike: y = g where the magnitude bits of x exceed the
 * 16-bit threshold. */
static inline void step_h16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    __m512i t = _mm512_set1_epi16(*(const int16_t *)params);
    __m512i g = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    __m512i x = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)b + i);
    __mmask32 pass = opsnn_avx512_gt_epi16_mask(_mm512_and_si512(x, _mm512_set1_epi16(0x7fff)), t);
    __m512i v = _mm512_maskz_mov_epi16(pass, g);
    if (stream) {
        _mm512_stream_si512((__m512i *)((uint16_t *)y + i), v);
    } else {
        _mm512_mask_storeu_epi16((uint16_t *)y + i, (__mmask32)mask, v);
    }
}

void opsnn_softshrink_bwd_ukernel__avx512_f32(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    float t = opsnn_softshrink_threshold(sp->lambda);
    opsnn_avx512_loop(n, a, b, y, &t, p->nt_store, 4, 16, step_f32);
}

void opsnn_softshrink_bwd_ukernel__avx512_f16(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    uint16_t t = opsnn_softshrink_bwd_t16(sp->lambda, ACL_FLOAT16);
    opsnn_avx512_loop(n, a, b, y, &t, p->nt_store, 2, 32, step_h16);
}

void opsnn_softshrink_bwd_ukernel__avx512_bf16(size_t n, const void *a, const void *b, void *y,
                                               const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    uint16_t t = opsnn_softshrink_bwd_t16(sp->lambda, ACL_BF16);
    opsnn_avx512_loop(n, a, b, y, &t, p->nt_store, 2, 32, step_h16);
}

/* The variants with one self value for the whole run (b points at it, XNNPACK's
 * vopc): the rule is decided once and splatted, y = g & mask (the AVX2
 * file's step_c32 / step_c16 with masked tails). b is not read again. */
static inline void step_c32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    (void)b;
    __m512i m = _mm512_set1_epi32(*(const int32_t *)params);
    __m512i g = _mm512_maskz_loadu_epi32((__mmask16)mask, (const uint32_t *)a + i);
    __m512i v = _mm512_and_si512(m, g);
    if (stream) {
        _mm512_stream_si512((__m512i *)((uint32_t *)y + i), v);
    } else {
        _mm512_mask_storeu_epi32((uint32_t *)y + i, (__mmask16)mask, v);
    }
}

static inline void step_c16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    (void)b;
    __m512i m = _mm512_set1_epi32(*(const int32_t *)params);
    __m512i g = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    opsnn_avx512_store_x16(y, i, mask, stream, _mm512_and_si512(m, g));
}

void opsnn_softshrink_bwd_c_ukernel__avx512_f32(size_t n, const void *a, const void *b, void *y,
                                                const opsnn_kparams *p)
{
    uint32_t m = opsnn_softshrink_bwd_c_mask(b, ACL_FLOAT, p);
    if (opsnn_run_copy_or_zero(n, a, y, 4, m != 0, p->nt_store)) {
        return;
    }
    opsnn_avx512_loop(n, a, a, y, &m, p->nt_store, 4, 16, step_c32);
}

void opsnn_softshrink_bwd_c_ukernel__avx512_f16(size_t n, const void *a, const void *b, void *y,
                                                const opsnn_kparams *p)
{
    uint32_t m = opsnn_softshrink_bwd_c_mask(b, ACL_FLOAT16, p);
    if (opsnn_run_copy_or_zero(n, a, y, 2, m != 0, p->nt_store)) {
        return;
    }
    opsnn_avx512_loop(n, a, a, y, &m, p->nt_store, 2, 32, step_c16);
}

void opsnn_softshrink_bwd_c_ukernel__avx512_bf16(size_t n, const void *a, const void *b, void *y,
                                                 const opsnn_kparams *p)
{
    uint32_t m = opsnn_softshrink_bwd_c_mask(b, ACL_BF16, p);
    if (opsnn_run_copy_or_zero(n, a, y, 2, m != 0, p->nt_store)) {
        return;
    }
    opsnn_avx512_loop(n, a, a, y, &m, p->nt_store, 2, 32, step_c16);
}

/* The variants with 16-bit gradOutput and gradInput and a float32 self (the
 * mixed-dtype call computes in float32): the tile path would widen g, select
 * it or +0 by the float32 pass rule and round back, which is g with a NaN
 * quieted, or +0 (cvt-avx512.h: opsnn_avx512_x16_via_f32). So the pass masks
 * of x's two 16-lane halves are joined and applied to the 32 16-bit g, with
 * no conversion (the widening and rounding of bf16 held the bf16 variant to
 * 0.64 of the bound). */
static inline void step_x16_f32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                                int stream, float lambda, int bf16)
{
    const float *x = (const float *)b + i;
    uint32_t k = (uint32_t)pass_f32(_mm512_maskz_loadu_ps((__mmask16)mask, x), lambda) |
                 (uint32_t)pass_f32(_mm512_maskz_loadu_ps((__mmask16)(mask >> 16), x + 16), lambda)
                     << 16;
    __m512i g = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    opsnn_avx512_store_x16(y, i, mask, stream,
                           _mm512_maskz_mov_epi16((__mmask32)k, opsnn_avx512_x16_via_f32(g, bf16)));
}

static inline void step_f16_f32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                                int stream, const void *params)
{
    step_x16_f32(a, b, y, i, mask, stream, *(const float *)params, 0);
}

static inline void step_bf16_f32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                                 int stream, const void *params)
{
    step_x16_f32(a, b, y, i, mask, stream, *(const float *)params, 1);
}

void opsnn_softshrink_bwd_ukernel__avx512_f16_f32_f16(size_t n, const void *a, const void *b,
                                                      void *y, const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    float t = opsnn_softshrink_threshold(sp->lambda);
    opsnn_avx512_loop_x(n, a, b, y, &t, p->nt_store, 2, 4, 2, 32, step_f16_f32);
}

void opsnn_softshrink_bwd_ukernel__avx512_bf16_f32_bf16(size_t n, const void *a, const void *b,
                                                        void *y, const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    float t = opsnn_softshrink_threshold(sp->lambda);
    opsnn_avx512_loop_x(n, a, b, y, &t, p->nt_store, 2, 4, 2, 32, step_bf16_f32);
}
