/* SoftshrinkBackward, AVX2 + F16C:
 * y = (|x| > lambda || x is NaN) ? g : +0, g copied as bits.
 * NLE_UQ ("not <=, unordered true") is exactly "|x| > t or x is NaN" for
 * the threshold t = opsnn_softshrink_threshold(lambda), which maps a NaN
 * lambda (nothing passes but NaN x) to +inf.
 * fp16/bf16 x are not widened: their magnitude bits are compared with a 16-bit
 * threshold (splat.h: opsnn_softshrink_bwd_t16), the same rule in one integer
 * compare per 16 elements (vcvtph2ps and the lane moves it needs share one
 * port on Zen 3 and held fp16 to 0.6x of bf16's speed). */
#include "../params.h"
#include "cvt-avx2.h"
#include "kernels.h"
#include "loop-avx2.h"
#include "splat.h"

/* All-ones lanes where the element passes. */
static inline __m256 pass_f32(__m256 x, float lambda)
{
    __m256 ax = _mm256_and_ps(x, _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)));
    return _mm256_cmp_ps(ax, _mm256_set1_ps(lambda), _CMP_NLE_UQ);
}

static inline void store_f32(void *y, size_t i, int stream, __m256 v)
{
    if (stream) {
        _mm256_stream_ps((float *)y + i, v);
    } else {
        _mm256_storeu_ps((float *)y + i, v);
    }
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    float lambda = *(const float *)params; /* the threshold */
    __m256 g = _mm256_loadu_ps((const float *)a + i);
    __m256 x = _mm256_loadu_ps((const float *)b + i);
    store_f32(y, i, stream, _mm256_and_ps(pass_f32(x, lambda), g));
}

/* 16 elements a step, both vectors of each input loaded before either
 * result is stored (loop-avx2.h: opsnn_avx2_loop_pairs). */
static inline void step_f32x2(const void *a, const void *b, void *y, size_t i, int stream,
                              const void *params)
{
    float lambda = *(const float *)params;
    const float *ga = (const float *)a + i, *xb = (const float *)b + i;
    __m256 g0 = _mm256_loadu_ps(ga), g1 = _mm256_loadu_ps(ga + 8);
    __m256 x0 = _mm256_loadu_ps(xb), x1 = _mm256_loadu_ps(xb + 8);
    __m256 y0 = _mm256_and_ps(pass_f32(x0, lambda), g0);
    __m256 y1 = _mm256_and_ps(pass_f32(x1, lambda), g1);
    store_f32(y, i, stream, y0);
    store_f32(y, i + 8, stream, y1);
}

/* FLOAT16 and BF16 alike: the magnitude bits against the 16-bit threshold
 * (splat.h: opsnn_softshrink_bwd_t16), no widening. */
static inline void step_h16(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    __m256i t = _mm256_set1_epi16(*(const int16_t *)params);
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m256i x = _mm256_loadu_si256((const __m256i *)((const uint16_t *)b + i));
    __m256i m = _mm256_cmpgt_epi16(_mm256_and_si256(x, _mm256_set1_epi16(0x7fff)), t);
    opsnn_avx2_store_x16(y, i, stream, _mm256_and_si256(m, g));
}

void opsnn_softshrink_bwd_ukernel__avx2_f32(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    float t = opsnn_softshrink_threshold(sp->lambda);
    opsnn_avx2_loop_pairs(n, a, b, y, &t, p->nt_store, 4, 8, step_f32, step_f32x2);
}

void opsnn_softshrink_bwd_ukernel__avx2_f16(size_t n, const void *a, const void *b, void *y,
                                            const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    uint16_t t = opsnn_softshrink_bwd_t16(sp->lambda, ACL_FLOAT16);
    opsnn_avx2_loop(n, a, b, y, &t, p->nt_store, 2, 16, step_h16);
}

void opsnn_softshrink_bwd_ukernel__avx2_bf16(size_t n, const void *a, const void *b, void *y,
                                             const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    uint16_t t = opsnn_softshrink_bwd_t16(sp->lambda, ACL_BF16);
    opsnn_avx2_loop(n, a, b, y, &t, p->nt_store, 2, 16, step_h16);
}

/* The variants with one self value for the whole run (b points at it, XNNPACK's
 * vopc): the rule is decided once and splatted, y = g & mask. b is not read
 * again, so the loop gets a for both inputs (its tail copies both). */
static inline void step_c32(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    (void)b;
    __m256i m = _mm256_set1_epi32(*(const int32_t *)params);
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint32_t *)a + i));
    store_f32(y, i, stream, _mm256_castsi256_ps(_mm256_and_si256(m, g)));
}

static inline void step_c16(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    (void)b;
    __m256i m = _mm256_set1_epi32(*(const int32_t *)params);
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    opsnn_avx2_store_x16(y, i, stream, _mm256_and_si256(m, g));
}

void opsnn_softshrink_bwd_c_ukernel__avx2_f32(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    uint32_t m = opsnn_softshrink_bwd_c_mask(b, ACL_FLOAT, p);
    if (opsnn_run_copy_or_zero(n, a, y, 4, m != 0, p->nt_store)) {
        return;
    }
    opsnn_avx2_loop(n, a, a, y, &m, p->nt_store, 4, 8, step_c32);
}

void opsnn_softshrink_bwd_c_ukernel__avx2_f16(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    uint32_t m = opsnn_softshrink_bwd_c_mask(b, ACL_FLOAT16, p);
    if (opsnn_run_copy_or_zero(n, a, y, 2, m != 0, p->nt_store)) {
        return;
    }
    opsnn_avx2_loop(n, a, a, y, &m, p->nt_store, 2, 16, step_c16);
}

void opsnn_softshrink_bwd_c_ukernel__avx2_bf16(size_t n, const void *a, const void *b, void *y,
                                               const opsnn_kparams *p)
{
    uint32_t m = opsnn_softshrink_bwd_c_mask(b, ACL_BF16, p);
    if (opsnn_run_copy_or_zero(n, a, y, 2, m != 0, p->nt_store)) {
        return;
    }
    opsnn_avx2_loop(n, a, a, y, &m, p->nt_store, 2, 16, step_c16);
}

/* The variants with 16-bit gradOutput and gradInput and a float32 self (the
 * mixed-dtype call computes in float32): the tile path would widen g, select
 * it or +0 by the float32 pass rule and round back, which is g with a NaN
 * quieted, or +0 (cvt-avx2.h: opsnn_avx2_x16_via_f32). So x's two 8-lane
 * pass masks are narrowed to 16-bit lanes and applied to the 16 g, with no
 * conversion. */
static inline void step_x16_f32(const void *a, const void *b, void *y, size_t i, int stream,
                                float lambda, int bf16)
{
    const float *x = (const float *)b + i;
    __m256i k = opsnn_avx2_mask32x2_to_16(_mm256_castps_si256(pass_f32(_mm256_loadu_ps(x), lambda)),
                                          _mm256_castps_si256(pass_f32(_mm256_loadu_ps(x + 8), lambda)));
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    opsnn_avx2_store_x16(y, i, stream, _mm256_and_si256(k, opsnn_avx2_x16_via_f32(g, bf16)));
}

static inline void step_f16_f32(const void *a, const void *b, void *y, size_t i, int stream,
                                const void *params)
{
    step_x16_f32(a, b, y, i, stream, *(const float *)params, 0);
}

static inline void step_bf16_f32(const void *a, const void *b, void *y, size_t i, int stream,
                                 const void *params)
{
    step_x16_f32(a, b, y, i, stream, *(const float *)params, 1);
}

void opsnn_softshrink_bwd_ukernel__avx2_f16_f32_f16(size_t n, const void *a, const void *b,
                                                    void *y, const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    float t = opsnn_softshrink_threshold(sp->lambda);
    opsnn_avx2_loop_x(n, a, b, y, &t, p->nt_store, 2, 4, 2, 16, step_f16_f32);
}

void opsnn_softshrink_bwd_ukernel__avx2_bf16_f32_bf16(size_t n, const void *a, const void *b,
                                                      void *y, const opsnn_kparams *p)
{
    const opsnn_softshrink_bwd_params *sp = p->op;
    float t = opsnn_softshrink_threshold(sp->lambda);
    opsnn_avx2_loop_x(n, a, b, y, &t, p->nt_store, 2, 4, 2, 16, step_bf16_f32);
}
