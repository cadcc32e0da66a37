/* Softshrink forward, AVX2 + F16C: ops/softshrink/op_kernel/softshrink/scalar.c's
 * result in 8 lanes, as max(x - lambd, min(x + lambd, 0)) (softshrink()
 * below). The step ignores its second input (the loop is handed x twice).
 * FLOAT and FLOAT16 also step with a NaN x kept (params keep_nan). */
#include "../params.h"
#include "cvt-avx2.h"
#include "kernels.h"
#include "loop-avx2.h"

/* max(x - lambd, min(x + lambd, 0)), as avx512.c explains: the same bits
 * as scalar.c for every x and every lambd the API lets through (>= -0,
 * +inf or NaN), in four operations and no compare or blend. */
static inline __m256 softshrink(__m256 x, float lambda)
{
    __m256 lam = _mm256_set1_ps(lambda);
    __m256 neg = _mm256_min_ps(_mm256_add_ps(x, lam), _mm256_setzero_ps());
    return _mm256_max_ps(_mm256_sub_ps(x, lam), neg);
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m256 v = softshrink(_mm256_loadu_ps((const float *)a + i), lambda);
    if (stream) {
        _mm256_stream_ps((float *)y + i, v);
    } else {
        _mm256_storeu_ps((float *)y + i, v);
    }
}

/* step_f32 with a NaN x kept (params keep_nan; blendv moves bits). */
static inline void step_f32_keep(const void *a, const void *b, void *y, size_t i, int stream,
                                 const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m256 x = _mm256_loadu_ps((const float *)a + i);
    __m256 v = _mm256_blendv_ps(softshrink(x, lambda), x, _mm256_cmp_ps(x, x, _CMP_UNORD_Q));
    if (stream) {
        _mm256_stream_ps((float *)y + i, v);
    } else {
        _mm256_storeu_ps((float *)y + i, v);
    }
}

/* Eight fp16 through softshrink. */
static inline __m128i softshrink_f16x8(__m128i h, float lambda)
{
    return opsnn_avx2_f32_to_f16(softshrink(opsnn_avx2_f16_to_f32(h), lambda));
}

/* The halves are converted from and to memory as 128-bit vectors, with no
 * vextracti128 / vinserti128 beside the conversions' own shuffle-port work. */
static inline void step_f16(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    const uint16_t *x = (const uint16_t *)a + i;
    (void)b;
    opsnn_avx2_store_x8x2(y, i, stream,
                          softshrink_f16x8(_mm_loadu_si128((const __m128i *)x), lambda),
                          softshrink_f16x8(_mm_loadu_si128((const __m128i *)(x + 8)), lambda));
}

/* Eight fp16 of p through softshrink, a NaN x kept as it is. */
static inline __m128i softshrink_f16x8_keep(const uint16_t *p, float lambda)
{
    __m128i x = _mm_loadu_si128((const __m128i *)p);
    __m128i nan = _mm_cmpgt_epi16(_mm_and_si128(x, _mm_set1_epi16(0x7fff)),
                                  _mm_set1_epi16(0x7c00));
    return _mm_blendv_epi8(softshrink_f16x8(x, lambda), x, nan);
}

static inline void step_f16_keep(const void *a, const void *b, void *y, size_t i, int stream,
                                 const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    const uint16_t *x = (const uint16_t *)a + i;
    (void)b;
    opsnn_avx2_store_x8x2(y, i, stream, softshrink_f16x8_keep(x, lambda),
                          softshrink_f16x8_keep(x + 8, lambda));
}

/* Even and odd elements apart (cvt-avx2.h), no unpack or pack. A NaN x
 * only has to give +0, and softshrink never gives a NaN to round. */
static inline void step_bf16(const void *a, const void *b, void *y, size_t i, int stream,
                             const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m256i x = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m256 ye = softshrink(opsnn_avx2_bf16_even_raw(x), lambda);
    __m256 yo = softshrink(opsnn_avx2_bf16_odd_raw(x), lambda);
    opsnn_avx2_store_x16(y, i, stream, opsnn_avx2_bf16_merge_quiet(ye, yo));
}

/* Each kernel steps with a local copy of its parameters: y cannot alias a
 * local, so lambd stays in a register instead of being loaded again after
 * every store. */
void opsnn_softshrink_ukernel__avx2_f32(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    (void)b;
    opsnn_softshrink_params c = *(const opsnn_softshrink_params *)p->op;
    if (c.keep_nan) {
        opsnn_avx2_loop(n, a, a, y, &c, p->nt_store, 4, 8, step_f32_keep);
        return;
    }
    opsnn_avx2_loop(n, a, a, y, &c, p->nt_store, 4, 8, step_f32);
}

void opsnn_softshrink_ukernel__avx2_f16(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    (void)b;
    opsnn_softshrink_params c = *(const opsnn_softshrink_params *)p->op;
    if (c.keep_nan) {
        opsnn_avx2_loop(n, a, a, y, &c, p->nt_store, 2, 16, step_f16_keep);
        return;
    }
    opsnn_avx2_loop(n, a, a, y, &c, p->nt_store, 2, 16, step_f16);
}

void opsnn_softshrink_ukernel__avx2_bf16(size_t n, const void *a, const void *b, void *y,
                                         const opsnn_kparams *p)
{
    (void)b;
    opsnn_softshrink_params c = *(const opsnn_softshrink_params *)p->op;
    opsnn_avx2_loop(n, a, a, y, &c, p->nt_store, 2, 16, step_bf16);
}
