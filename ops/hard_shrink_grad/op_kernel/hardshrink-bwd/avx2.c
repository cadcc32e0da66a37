/* HardshrinkBackward, AVX2: rule.h on 8 32-bit or 16 16-bit lanes, integer
 * compares of the magnitude bits, no widening. */
#include "loop-avx2.h"
#include "rule.h"

/* All-ones lanes that keep g: t < m <= u, m = x & abs. */
static inline __m256i keep32(__m256i x, const opsnn_hardshrink_bwd_lanes *r)
{
    __m256i m = _mm256_and_si256(x, _mm256_set1_epi32(0x7fffffff));
    return _mm256_andnot_si256(_mm256_cmpgt_epi32(m, _mm256_set1_epi32(r->u)),
                               _mm256_cmpgt_epi32(m, _mm256_set1_epi32(r->t)));
}

static inline __m256i keep16(__m256i x, const opsnn_hardshrink_bwd_lanes *r)
{
    __m256i m = _mm256_and_si256(x, _mm256_set1_epi16(0x7fff));
    return _mm256_andnot_si256(_mm256_cmpgt_epi16(m, _mm256_set1_epi16((int16_t)r->u)),
                               _mm256_cmpgt_epi16(m, _mm256_set1_epi16((int16_t)r->t)));
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

static inline void store32(void *y, size_t i, int stream, __m256i v)
{
    if (stream) {
        _mm256_stream_si256((__m256i *)((uint32_t *)y + i), v);
    } else {
        _mm256_storeu_si256((__m256i *)((uint32_t *)y + i), v);
    }
}

/* One block of 8 FLOAT or 16 16-bit elements; r->mul takes the same branch
 * on every block of a call. */
static inline void step32(const void *a, const void *b, void *y, size_t i, int stream,
                          const void *params)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint32_t *)a + i));
    __m256i keep = keep32(_mm256_loadu_si256((const __m256i *)((const uint32_t *)b + i)), r);
    store32(y, i, stream, r->mul ? mul32(g, keep, r) : _mm256_and_si256(keep, g));
}

static inline void step16(const void *a, const void *b, void *y, size_t i, int stream,
                          const void *params)
{
    const opsnn_hardshrink_bwd_lanes *r = params;
    __m256i g = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m256i keep = keep16(_mm256_loadu_si256((const __m256i *)((const uint16_t *)b + i)), r);
    opsnn_avx2_store_x16(y, i, stream, r->mul ? mul16(g, keep, r) : _mm256_and_si256(keep, g));
}

static void run(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p,
                const opsnn_hardshrink_bwd_lanes *r, size_t esize)
{
    if (esize == 4) {
        opsnn_avx2_loop(n, a, b, y, r, p->nt_store, 4, 8, step32);
    } else {
        opsnn_avx2_loop(n, a, b, y, r, p->nt_store, 2, 16, step16);
    }
}

OPSNN_HARDSHRINK_BWD_KERNELS(avx2)
