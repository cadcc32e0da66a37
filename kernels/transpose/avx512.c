/* Panel gather, AVX-512F: a transposed operand whose panel rows are adjacent
 * in memory (outer stride 1) has a 16-row piece of each panel column in one
 * load (all pieces of a column group before the next group: one burst of
 * lines per source row); the
 * columns are transposed in registers (unpack, shuffle within 128-bit lanes,
 * then across lanes) into 16 panel rows. 16-bit elements are first paired,
 * two columns per 32-bit lane, so one 32-bit transpose moves 32 columns.
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
                                       int64_t col_stride, void *dst, size_t pitch)
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
                if (j + 32 <= cols) { /* next group's line: another page, no hardware prefetch */
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

void opsnn_panel16_ukernel__avx512_x16(size_t rows, size_t cols, const void *src,
                                       int64_t col_stride, void *dst, size_t pitch)
{
    const uint16_t *s = src;
    uint16_t *d = dst;
    size_t j = 0;
    for (; j + 32 <= cols; j += 32) {
        for (size_t i0 = 0; i0 < rows; i0 += 16) {
            __m512 r[16];
            for (int c = 0; c < 16; c++) { /* lane i: (column 2c, column 2c+1) of row i0+i */
                const uint16_t *lo = s + (int64_t)(j + 2 * (size_t)c) * col_stride + (int64_t)i0;
                __m512i a = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)lo));
                __m512i b =
                    _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(lo + col_stride)));
                r[c] = _mm512_castsi512_ps(_mm512_or_si512(a, _mm512_slli_epi32(b, 16)));
                if (j + 64 <= cols && i0 % 32 == 0) { /* one line holds 32 rows */
                    _mm_prefetch((const char *)(lo + 32 * col_stride), _MM_HINT_T0);
                    _mm_prefetch((const char *)(lo + 33 * col_stride), _MM_HINT_T0);
                }
            }
            transpose16(r);
            for (int i = 0; i < 16; i++) {
                _mm512_storeu_ps((float *)(d + (i0 + (size_t)i) * pitch + j), r[i]);
            }
        }
    }
    for (; j < cols; j++) {
        for (size_t i = 0; i < rows; i++) {
            d[i * pitch + j] = s[(int64_t)j * col_stride + (int64_t)i];
        }
    }
}
