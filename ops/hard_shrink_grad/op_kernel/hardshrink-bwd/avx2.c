/* HardshrinkBackward, AVX2: rule.h on 8 32-bit or 16 16-bit lanes, integer
 * compares of the magnitude bits, no widening. */
#include "cvt-avx2.h"
#include "loop-avx2.h"
#include "rule.h"

/* All-ones lanes that keep g: t < m, m = x & abs, and m <= u under GT only
 * (gt; rule.h). */
static inline __m256i keep32(__m256i x, const opsnn_hardshrink_bwd_lanes *r, int gt)
{
    __m256i m = _mm256_and_si256(x, _mm256_set1_epi32(0x7fffffff));
    __m256i k = _mm256_cmpgt_epi32(m, _mm256_set1_epi32(r->t));
    return gt ? _mm256_andnot_si256(_mm256_cmpgt_epi32(m, _mm256_set1_epi32(r->u)), k) : k;
}

static inline __m256i keep16(__m256i x, const opsnn_hardshrink_bwd_lanes *r, int gt)
{
    __m256i m = _mm256_and_si256(x, _mm256_set1_epi16(0x7fff));
    __m256i k = _mm256_cmpgt_epi16(m, _mm256_set1_epi16((int16_t)r->t));
    return gt ? _mm256_andnot_si256(_mm256_cmpgt_epi16(m, _mm256_set1_epi16((int16_t)r->u)), k) : k;
}

/* The MUL rule: g * 1 where keep, else g * 0 (rule.h). */
static inline __m256i mul32(__m256i g, __m256i keep, const opsnn_hardshrink_bwd_lanes *r)
{
    __m256i gm = _mm256_and_si256(g, _mm256_set1_epi32(0x7fffffff));
    __m256i inf = _mm256_set1_epi32((int32_t)r->inf);
    __m256i gnan = _mm256_cmpgt_epi32(gm, inf);
    __m256i q = _mm256_or_si256(g, _mm256_and_si256(gnan, _mm256_set1_epi32((int32_t)r->qbit)));
    __m256i z = _mm256_blendv_epi8(_mm256_and_si256(g, _mm256_set1_epi32(INT32_MIN)),
                                   _mm256_set1_epi32((int32_t)r->dnan), _mm256_cmpeq_epi32(gm, inf));
    return _mm256_blendv_epi8(z, q, _mm256_or_si256(keep, gnan));
}

static inline __m256i mul16(__m256i g, __m256i keep, const opsnn_hardshrink_bwd_lanes *r)
{
    __m256i gm = _mm256_and_si256(g, _mm256_set1_epi16(0x7fff));
    __m256i inf = _mm256_set1_epi16((int16_t)r->inf);
    __m256i gnan = _mm256_cmpgt_epi16(gm, inf);
    __m256i q = _mm256_or_si256(g, _mm256_and_si256(gnan, _mm256_set1_epi16((int16_t)r->qbit)));
    __m256i z = _mm256_blendv_epi8(_mm256_and_si256(g, _mm256_set1_epi16(INT16_MIN)),
                                   _mm256_set1_epi16((int16_t)r->dnan), _mm256_cmpeq_epi16(gm, inf));
    return _mm256_blendv_epi8(z, q, _mm256_or_si256(keep, gnan));
}

/* y for keep: the rule's answer (r->mul takes the same branch on every
 * block of a call). */
static inline __m256i apply32(__m256i g, __m256i keep, const opsnn_hardshrink_bwd_lanes *r)
{
    return r->mul ? mul32(g, keep, r) : _mm256_and_si256(keep, g);
}

static inline __m256i apply16(__m256i g, __m256i keep, const opsnn_hardshrink_bwd_lanes *r)
{
    return r->mul ? mul16(g, keep, r) : _mm256_and_si256(keep, g);
}

static inline void store32(void *y, size_t i, int stream, __m256i v)
{
    if (stream) {
        _mm256_stream_si256((__m256i *)((uint32_t *)y + i), v);
    } else {
        _mm256_storeu_si256((__m256i *)((uint32_t *)y + i), v);
    }
}

/* One block of 8 FLOAT or 16 16-bit elements. */
static inline void step32_by(const void *a, const void *b, void *y, size_t i, int stream,
                             const void *params, int gt)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint32_t *)a + i));
    __m256i keep = keep32(_mm256_loadu_si256((const __m256i *)((const uint32_t *)b + i)), r, gt);
    store32(y, i, stream, apply32(g, keep, r));
}

/* Two blocks of 8 FLOAT, every load before the first store
 * (loop-avx2.h: opsnn_avx2_loop_pairs). */
static inline void step32_x2_by(const void *a, const void *b, void *y, size_t i, int stream,
                                const void *params, int gt)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    const __m256i *ga = (const __m256i *)((const uint32_t *)a + i);
    const __m256i *xb = (const __m256i *)((const uint32_t *)b + i);
    __m256i g0 = _mm256_loadu_si256(ga), g1 = _mm256_loadu_si256(ga + 1);
    __m256i x0 = _mm256_loadu_si256(xb), x1 = _mm256_loadu_si256(xb + 1);
    __m256i y0 = apply32(g0, keep32(x0, r, gt), r);
    __m256i y1 = apply32(g1, keep32(x1, r, gt), r);
    store32(y, i, stream, y0);
    store32(y, i + 8, stream, y1);
}

static inline void step16_by(const void *a, const void *b, void *y, size_t i, int stream,
                             const void *params, int gt)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m256i keep = keep16(_mm256_loadu_si256((const __m256i *)((const uint16_t *)b + i)), r, gt);
    opsnn_avx2_store_x16(y, i, stream, apply16(g, keep, r));
}

/* One self value for the whole run: keep splatted (r->keep); b is not read. */
static inline void step_c32(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    (void)b;
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint32_t *)a + i));
    store32(y, i, stream, apply32(g, _mm256_set1_epi32((int32_t)r->keep), r));
}

static inline void step_c16(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    (void)b;
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    opsnn_avx2_store_x16(y, i, stream, apply16(g, _mm256_set1_epi32((int32_t)r->keep), r));
}

/* 16 FLOAT16 or BF16 g with 16 FLOAT x (rule.h: opsnn_hardshrink_bwd_xlanes):
 * keep from x's 32-bit lanes, packed to 16-bit lanes in order, then the
 * 16-bit rule with a NaN g quieted. */
static inline void step_x_by(const void *a, const void *b, void *y, size_t i, int stream,
                             const void *params, int gt)
{
    const opsnn_hardshrink_bwd_xlanes *r = params;
    const __m256i *x = (const __m256i *)((const uint32_t *)b + i);
    __m256i k = opsnn_avx2_mask32x2_to_16(keep32(_mm256_loadu_si256(x), &r->k, gt),
                                          keep32(_mm256_loadu_si256(x + 1), &r->k, gt));
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    opsnn_avx2_store_x16(y, i, stream, r->v.mul ? mul16(g, k, &r->v)
                                                : _mm256_and_si256(k, opsnn_avx2_x16_via_f32(g, r->bf16)));
}

#define STEP_PARAMS const void *a, const void *b, void *y, size_t i, int stream, const void *params
#define STEP_ARGS a, b, y, i, stream, params
OPSNN_HARDSHRINK_BWD_STEPS
OPSNN_HARDSHRINK_BWD_STEP_PAIR(step32_x2)

#define LOOP(n, a, b, y, r, p, es, w, step) opsnn_avx2_loop(n, a, b, y, r, (p)->nt_store, es, w, step)
#define LOOP_X(n, a, b, y, r, p, as, bs, ys, w, step) \
    opsnn_avx2_loop_x(n, a, b, y, r, (p)->nt_store, as, bs, ys, w, step)
#define LOOP32(n, a, b, y, r, p, step) \
    opsnn_avx2_loop_pairs(n, a, b, y, r, (p)->nt_store, 4, 8, step, step##_x2)
OPSNN_HARDSHRINK_BWD_RUN(LOOP, LOOP_X, LOOP32, 8, 16)

OPSNN_HARDSHRINK_BWD_KERNELS(avx2)
