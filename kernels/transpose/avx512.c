/* Panel gather, AVX-512F: a transposed operand whose panel rows are adjacent
 * in memory (outer stride 1) has a 16-row piece of each panel column in one
 * load (all pieces of a column group before the next group: one burst of
 * lines per source row); the
 * columns are transposed in registers (unpack, shuffle within 128-bit lanes,
 * then across lanes) into 16 panel rows. 16-bit elements are first paired,
 * two columns per 32-bit lane, so one 32-bit transpose moves 16 columns of
 * 32 rows.
 * Pure bit moves: no result can change. */
#include <immintrin.h>
#include <stdint.h>

#include "kernels.h"

static inline void transpose16(__m512 r[16])
{
    __m512 t[16], u[16], v[16];
    for (int i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 16; i += 4) {
        u[i] = _mm512_shuffle_ps(t[i], t[i + 2], 0x44);
        u[i + 1] = _mm512_shuffle_ps(t[i], t[i + 2], 0xEE);
        u[i + 2] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0x44);
        u[i + 3] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
    }
    for (int i = 0; i < 4; i++) {
        v[i] = _mm512_shuffle_f32x4(u[i], u[i + 4], 0x88);
        v[i + 4] = _mm512_shuffle_f32x4(u[i], u[i + 4], 0xDD);
        v[i + 8] = _mm512_shuffle_f32x4(u[i + 8], u[i + 12], 0x88);
        v[i + 12] = _mm512_shuffle_f32x4(u[i + 8], u[i + 12], 0xDD);
    }
    for (int i = 0; i < 8; i++) {
        r[i] = _mm512_shuffle_f32x4(v[i], v[i + 8], 0x88);
        r[i + 8] = _mm512_shuffle_f32x4(v[i], v[i + 8], 0xDD);
    }
}

void opsnn_panel16_ukernel__avx512_x32(size_t rows, size_t cols, const void *src,
                                       int64_t col_stride, void *dst, size_t pitch,
                                       int prefetch)
{
    const float *s = src;
    float *d = dst;
    size_t j = 0;
    for (; j + 16 <= cols; j += 16) {
        for (size_t i0 = 0; i0 < rows; i0 += 16) {
            __m512 r[16];
            for (int c = 0; c < 16; c++) {
                const float *col = s + (int64_t)(j + (size_t)c) * col_stride + (int64_t)i0;
                r[c] = _mm512_loadu_ps(col);
                if (prefetch && j + 32 <= cols) { /* next group's line: another page */
                    _mm_prefetch((const char *)(col + 16 * col_stride), _MM_HINT_T0);
                }
            }
            transpose16(r);
            for (int i = 0; i < 16; i++) {
                _mm512_storeu_ps(d + (i0 + (size_t)i) * pitch + j, r[i]);
            }
        }
    }
    for (; j < cols; j++) {
        for (size_t i = 0; i < rows; i++) {
            d[i * pitch + j] = s[(int64_t)j * col_stride + (int64_t)i];
        }
    }
}

/* 16-bit: 16 columns x 32 rows, one whole 64-byte line of each column per
 * load (the fp32 kernel's 16 live lines). Columns 2p and 2p+1 are
 * interleaved at 16 bits within 128-bit lanes, into 32-bit pairs: lo_p holds
 * rows 8L..8L+3 of lane L, hi_p rows 8L+4..8L+7, so the 16 x 16 transpose of
 * (lo_0..lo_7, hi_0..hi_7) leaves in t_k row 8(k/4)+k%4 of the 16 columns
 * (low 256 bits) and that row + 4 (high 256 bits). With `half`, only the
 * column's first 16 rows are read and stored (k < 8). Reading 32 columns
 * of half a line each, as the first version did, kept 32 lines live: with a
 * power-of-two column stride all in one L1 set, each was fetched twice. */
static inline void rows32_x16(const uint16_t *col, int64_t cs, uint16_t *d, size_t pitch,
                              int half, int ahead)
{
    __m512 r[16];
    for (int p = 0; p < 8; p++) {
        const uint16_t *c0 = col + 2 * p * cs, *c1 = c0 + cs;
        __m512i a = half ? _mm512_maskz_loadu_epi16(0xFFFF, c0) : _mm512_loadu_si512(c0);
        __m512i b = half ? _mm512_maskz_loadu_epi16(0xFFFF, c1) : _mm512_loadu_si512(c1);
        if (ahead) { /* next group's line: another page, no hardware prefetch */
            _mm_prefetch((const char *)(c0 + 16 * cs), _MM_HINT_T0);
            _mm_prefetch((const char *)(c1 + 16 * cs), _MM_HINT_T0);
        }
        r[p] = _mm512_castsi512_ps(_mm512_unpacklo_epi16(a, b));
        r[p + 8] = _mm512_castsi512_ps(_mm512_unpackhi_epi16(a, b));
    }
    transpose16(r);
    for (int k = 0; k < (half ? 8 : 16); k++) {
        size_t row = (size_t)(8 * (k / 4) + k % 4);
        __m512i t = _mm512_castps_si512(r[k]);
        _mm256_storeu_si256((__m256i *)(d + row * pitch), _mm512_castsi512_si256(t));
        _mm256_storeu_si256((__m256i *)(d + (row + 4) * pitch), _mm512_extracti64x4_epi64(t, 1));
    }
}

void opsnn_panel16_ukernel__avx512_x16(size_t rows, size_t cols, const void *src,
                                       int64_t col_stride, void *dst, size_t pitch,
                                       int prefetch)
{
    const uint16_t *s = src;
    uint16_t *d = dst;
    size_t j = 0;
    for (; j + 16 <= cols; j += 16) {
        const uint16_t *col = s + (int64_t)j * col_stride;
        int ahead = prefetch && j + 32 <= cols;
        size_t i0 = 0;
        for (; i0 + 32 <= rows; i0 += 32) {
            rows32_x16(col + i0, col_stride, d + i0 * pitch + j, pitch, 0, ahead);
        }
        if (i0 < rows) { /* rows is a multiple of 16 */
            rows32_x16(col + i0, col_stride, d + i0 * pitch + j, pitch, 1, ahead);
        }
    }
    for (; j < cols; j++) {
        for (size_t i = 0; i < rows; i++) {
            d[i * pitch + j] = s[(int64_t)j * col_stride + (int64_t)i];
        }
    }
}
