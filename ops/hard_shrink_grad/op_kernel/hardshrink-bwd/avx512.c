/* HardshrinkBackward, AVX-512F/BW: rule.h on 16 32-bit or 32 16-bit lanes,
 * integer compares of the magnitude bits into mask registers, no widening. */
#include "cvt-avx512.h"
#include "loop-avx512.h"
#include "rule.h"

static inline void store512(void *y, size_t i, size_t esize, uint32_t mask, int stream, __m512i v)
{
    void *p = (unsigned char *)y + i * esize;
    if (stream) {
        _mm512_stream_si512((__m512i *)p, v);
    } else if (esize == 4) {
        _mm512_mask_storeu_epi32(p, (__mmask16)mask, v);
    } else {
        _mm512_mask_storeu_epi16(p, (__mmask32)mask, v);
    }
}

/* The lanes that keep g: t < m, m = x & abs, and m <= u under GT only (gt;
 * rule.h). */
static inline __mmask16 keep32(__m512i x, const opsnn_hardshrink_bwd_lanes *r, int gt)
{
    __m512i m = _mm512_and_si512(x, _mm512_set1_epi32(0x7fffffff));
    __mmask16 k = _mm512_cmpgt_epi32_mask(m, _mm512_set1_epi32(r->t));
    return gt ? k & (__mmask16)~_mm512_cmpgt_epi32_mask(m, _mm512_set1_epi32(r->u)) : k;
}

/* y for keep (r->mul takes the same branch on every block of a call). */
static inline __m512i apply32(__m512i g, __mmask16 keep, const opsnn_hardshrink_bwd_lanes *r)
{
    if (!r->mul) {
        return _mm512_maskz_mov_epi32(keep, g);
    }
    __m512i gm = _mm512_and_si512(g, _mm512_set1_epi32(0x7fffffff));
    __m512i inf = _mm512_set1_epi32((int32_t)r->inf);
    __mmask16 gnan = _mm512_cmpgt_epi32_mask(gm, inf);
    __m512i q = _mm512_mask_or_epi32(g, gnan, g, _mm512_set1_epi32((int32_t)r->qbit));
    __m512i v = _mm512_and_si512(g, _mm512_set1_epi32(INT32_MIN));
    v = _mm512_mask_mov_epi32(v, _mm512_cmpeq_epi32_mask(gm, inf), _mm512_set1_epi32((int32_t)r->dnan));
    return _mm512_mask_mov_epi32(v, keep | gnan, q);
}

static inline __mmask32 keep16(__m512i x, const opsnn_hardshrink_bwd_lanes *r, int gt)
{
    __m512i m = _mm512_and_si512(x, _mm512_set1_epi16(0x7fff));
    __mmask32 k = opsnn_avx512_gt_epi16_mask(m, _mm512_set1_epi16((int16_t)r->t));
    return gt ? k & (__mmask32)~opsnn_avx512_gt_epi16_mask(m, _mm512_set1_epi16((int16_t)r->u)) : k;
}

/* The 16-bit lanes of g that are NaN. */
static inline __mmask32 nan16(__m512i g, const opsnn_hardshrink_bwd_lanes *r)
{
    return opsnn_avx512_gt_epi16_mask(_mm512_and_si512(g, _mm512_set1_epi16(0x7fff)), _mm512_set1_epi16((int16_t)r->inf));
}

static inline __m512i apply16(__m512i g, __mmask32 keep, const opsnn_hardshrink_bwd_lanes *r)
{
    if (!r->mul) {
        return _mm512_maskz_mov_epi16(keep, g);
    }
    __m512i gm = _mm512_and_si512(g, _mm512_set1_epi16(0x7fff));
    __mmask32 gnan = nan16(g, r);
    __m512i q = _mm512_or_si512(g, _mm512_maskz_mov_epi16(gnan, _mm512_set1_epi16((int16_t)r->qbit)));
    __m512i v = _mm512_and_si512(g, _mm512_set1_epi16(INT16_MIN));
    v = _mm512_mask_mov_epi16(v, _mm512_cmpeq_epi16_mask(gm, _mm512_set1_epi16((int16_t)r->inf)),
                              _mm512_set1_epi16((int16_t)r->dnan));
    return _mm512_mask_mov_epi16(v, keep | gnan, q);
}

/* One block of 16 FLOAT or 32 16-bit elements (mask: the lanes to read and
 * write). */
static inline void step32_by(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                             int stream, const void *params, int gt)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m512i g = _mm512_maskz_loadu_epi32((__mmask16)mask, (const uint32_t *)a + i);
    __m512i x = _mm512_maskz_loadu_epi32((__mmask16)mask, (const uint32_t *)b + i);
    store512(y, i, 4, mask, stream, apply32(g, keep32(x, r, gt), r));
}

static inline void step16_by(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                             int stream, const void *params, int gt)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m512i g = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    __m512i x = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)b + i);
    store512(y, i, 2, mask, stream, apply16(g, keep16(x, r, gt), r));
}

/* One self value for the whole run: keep is r->keep's mask. b is not read. */
static inline void step_c32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    (void)b;
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m512i g = _mm512_maskz_loadu_epi32((__mmask16)mask, (const uint32_t *)a + i);
    store512(y, i, 4, mask, stream, apply32(g, (__mmask16)r->keep, r));
}

static inline void step_c16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    (void)b;
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m512i g = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    store512(y, i, 2, mask, stream, apply16(g, (__mmask32)r->keep, r));
}

/* 32 FLOAT16 or BF16 g with 32 FLOAT x (rule.h: opsnn_hardshrink_bwd_xlanes):
 * keep from x's two 16-lane halves joined into one 32-lane mask, then the
 * 16-bit rule with a NaN g quieted. */
static inline void step_x_by(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                             int stream, const void *params, int gt)
{
    const opsnn_hardshrink_bwd_xlanes *r = params;
    const uint32_t *x = (const uint32_t *)b + i;
    __m512i x0 = _mm512_maskz_loadu_epi32((__mmask16)mask, x);
    __m512i x1 = _mm512_maskz_loadu_epi32((__mmask16)(mask >> 16), x + 16);
    __mmask32 k = (__mmask32)((uint32_t)keep32(x0, &r->k, gt) | (uint32_t)keep32(x1, &r->k, gt) << 16);
    __m512i g = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    __m512i v = r->v.mul ? apply16(g, k, &r->v)
                         : _mm512_maskz_mov_epi16(k, opsnn_avx512_x16_via_f32(g, r->bf16));
    store512(y, i, 2, mask, stream, v);
}

#define STEP_PARAMS \
    const void *a, const void *b, void *y, size_t i, uint32_t mask, int stream, const void *params
#define STEP_ARGS a, b, y, i, mask, stream, params
OPSNN_HARDSHRINK_BWD_STEPS

#define LOOP(n, a, b, y, r, p, es, w, step) opsnn_avx512_loop(n, a, b, y, r, (p)->nt_store, es, w, step)
#define LOOP_X(n, a, b, y, r, p, as, bs, ys, w, step) \
    opsnn_avx512_loop_x(n, a, b, y, r, (p)->nt_store, as, bs, ys, w, step)
#define LOOP32(n, a, b, y, r, p, step) LOOP(n, a, b, y, r, p, 4, 16, step)
OPSNN_HARDSHRINK_BWD_RUN(LOOP, LOOP_X, LOOP32, 16, 32)

OPSNN_HARDSHRINK_BWD_KERNELS(avx512)
