/* HardshrinkBackward, AVX-512F/BW: rule.h on 16 32-bit or 32 16-bit lanes,
 * integer compares of the magnitude bits into mask registers, no widening. */
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

/* One block of 16 FLOAT or 32 16-bit elements (mask: the lanes to read and
 * write); r->mul takes the same branch on every block of a call. */
static inline void step32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                          int stream, const void *params)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m512i g = _mm512_maskz_loadu_epi32((__mmask16)mask, (const uint32_t *)a + i);
    __m512i x = _mm512_maskz_loadu_epi32((__mmask16)mask, (const uint32_t *)b + i);
    __m512i abs = _mm512_set1_epi32(0x7fffffff);
    __m512i m = _mm512_and_si512(x, abs);
    __mmask16 keep = _mm512_cmpgt_epi32_mask(m, _mm512_set1_epi32(r->t)) &
                     (__mmask16)~_mm512_cmpgt_epi32_mask(m, _mm512_set1_epi32(r->u));
    __m512i v;
    if (!r->mul) {
        v = _mm512_maskz_mov_epi32(keep, g);
    } else {
        __m512i gm = _mm512_and_si512(g, abs), inf = _mm512_set1_epi32((int32_t)r->inf);
        __mmask16 gnan = _mm512_cmpgt_epi32_mask(gm, inf);
        __m512i q = _mm512_mask_or_epi32(g, gnan, g, _mm512_set1_epi32((int32_t)r->qbit));
        v = _mm512_and_si512(g, _mm512_set1_epi32(INT32_MIN));
        v = _mm512_mask_mov_epi32(v, _mm512_cmpeq_epi32_mask(gm, inf),
                                  _mm512_set1_epi32((int32_t)r->dnan));
        v = _mm512_mask_mov_epi32(v, keep | gnan, q);
    }
    store512(y, i, 4, mask, stream, v);
}

/* a > b on signed 16-bit lanes, as "not a <= b" (AVX512BW's cmpgt has no
 * SIMDe equivalent; the emulated build of CI compiles this file too). */
static inline __mmask32 gt16(__m512i a, __m512i b)
{
    return (__mmask32)~_mm512_cmple_epi16_mask(a, b);
}

static inline void step16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                          int stream, const void *params)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m512i g = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    __m512i x = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)b + i);
    __m512i abs = _mm512_set1_epi16(0x7fff);
    __m512i m = _mm512_and_si512(x, abs);
    __mmask32 keep = gt16(m, _mm512_set1_epi16((int16_t)r->t)) &
                     (__mmask32)~gt16(m, _mm512_set1_epi16((int16_t)r->u));
    __m512i v;
    if (!r->mul) {
        v = _mm512_maskz_mov_epi16(keep, g);
    } else {
        __m512i gm = _mm512_and_si512(g, abs), inf = _mm512_set1_epi16((int16_t)r->inf);
        __mmask32 gnan = gt16(gm, inf);
        __m512i q = _mm512_or_si512(g, _mm512_maskz_mov_epi16(gnan, _mm512_set1_epi16((int16_t)r->qbit)));
        v = _mm512_and_si512(g, _mm512_set1_epi16(INT16_MIN));
        v = _mm512_mask_mov_epi16(v, _mm512_cmpeq_epi16_mask(gm, inf),
                                  _mm512_set1_epi16((int16_t)r->dnan));
        v = _mm512_mask_mov_epi16(v, keep | gnan, q);
    }
    store512(y, i, 2, mask, stream, v);
}

static void run(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p,
                const opsnn_hardshrink_bwd_lanes *r, size_t esize)
{
    if (esize == 4) {
        opsnn_avx512_loop(n, a, b, y, r, p->nt_store, 4, 16, step32);
    } else {
        opsnn_avx512_loop(n, a, b, y, r, p->nt_store, 2, 32, step16);
    }
}

OPSNN_HARDSHRINK_BWD_KERNELS(avx512)
