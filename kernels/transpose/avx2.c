/* Panel gather, AVX2: a transposed operand whose panel rows are adjacent in
 * memory (outer stride 1) has a 16-row piece of each panel column in one or
 * two loads (all pieces of a column group before the next group: one burst of
 * lines per source row); 8 x 8
 * tiles of 32-bit lanes are transposed in registers (unpack, shuffle within
 * 128-bit lanes, then swap of lanes) into pieces of 8 panel rows. 16-bit
 * elements are first paired, two columns per 32-bit lane, so that one 32-bit
 * transpose moves 16 columns. Pure bit moves: no result can change. */
#include <immintrin.h>
#include <stdint.h>

#include "kernels.h"

/* r[c] holds column c of an 8 x 8 tile; afterwards r[i] holds row i. */
static inline void transpose8(__m256 r[8])
{
    __m256 t[8], s[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
        s[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
        s[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
        s[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
        s[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
    }
    for (int i = 0; i < 4; i++) {
        r[i] = _mm256_permute2f128_ps(s[i], s[i + 4], 0x20);
        r[i + 4] = _mm256_permute2f128_ps(s[i], s[i + 4], 0x31);
    }
}

void opsnn_panel16_ukernel__avx2_x32(size_t rows, size_t cols, const void *src, int64_t col_stride,
                                     void *dst, size_t pitch)
{
    const float *s = src;
    float *d = dst;
    size_t j = 0;
    for (; j + 8 <= cols; j += 8) {
        for (size_t i0 = 0; i0 < rows; i0 += 16) {
            __m256 lo[8], hi[8]; /* rows i0..i0+7 and i0+8..i0+15 of columns j..j+7 */
            for (int c = 0; c < 8; c++) {
                const float *col = s + (int64_t)(j + (size_t)c) * col_stride + (int64_t)i0;
                lo[c] = _mm256_loadu_ps(col);
                hi[c] = _mm256_loadu_ps(col + 8);
                if (j + 16 <= cols) { /* next group's line: another page, no hardware prefetch */
                    _mm_prefetch((const char *)(col + 8 * col_stride), _MM_HINT_T0);
                }
            }
            transpose8(lo);
            transpose8(hi);
            for (int i = 0; i < 8; i++) {
                _mm256_storeu_ps(d + (i0 + (size_t)i) * pitch + j, lo[i]);
                _mm256_storeu_ps(d + (i0 + (size_t)i + 8) * pitch + j, hi[i]);
            }
        }
    }
    for (; j < cols; j++) {
        for (size_t i = 0; i < rows; i++) {
            d[i * pitch + j] = s[(int64_t)j * col_stride + (int64_t)i];
        }
    }
}

void opsnn_panel16_ukernel__avx2_x16(size_t rows, size_t cols, const void *src, int64_t col_stride,
                                     void *dst, size_t pitch)
{
    const uint16_t *s = src;
    uint16_t *d = dst;
    static const size_t row_of[8] = {0, 1, 2, 3, 8, 9, 10, 11};
    size_t j = 0;
    for (; j + 16 <= cols; j += 16) {
        for (size_t i0 = 0; i0 < rows; i0 += 16) {
            /* pair c = columns (j+2c, j+2c+1), one per 16-bit half of a 32-bit
             * lane: lo[c] has rows i0 + 0-3 and 8-11, hi[c] i0 + 4-7 and 12-15 */
            __m256 lo[8], hi[8];
            for (int c = 0; c < 8; c++) {
                const uint16_t *col = s + (int64_t)(j + 2 * (size_t)c) * col_stride + (int64_t)i0;
                __m256i a = _mm256_loadu_si256((const __m256i *)col);
                __m256i b = _mm256_loadu_si256((const __m256i *)(col + col_stride));
                lo[c] = _mm256_castsi256_ps(_mm256_unpacklo_epi16(a, b));
                hi[c] = _mm256_castsi256_ps(_mm256_unpackhi_epi16(a, b));
                if (j + 32 <= cols) {
                    _mm_prefetch((const char *)(col + 16 * col_stride), _MM_HINT_T0);
                    _mm_prefetch((const char *)(col + 17 * col_stride), _MM_HINT_T0);
                }
            }
            transpose8(lo);
            transpose8(hi);
            for (int i = 0; i < 8; i++) {
                _mm256_storeu_ps((float *)(d + (i0 + row_of[i]) * pitch + j), lo[i]);
                _mm256_storeu_ps((float *)(d + (i0 + row_of[i] + 4) * pitch + j), hi[i]);
            }
        }
    }
    for (; j < cols; j++) {
        for (size_t i = 0; i < rows; i++) {
            d[i * pitch + j] = s[(int64_t)j * col_stride + (int64_t)i];
        }
    }
}
