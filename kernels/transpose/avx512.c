/* Panel gather, AVX-512F: a transposed operand whose panel rows are adjacent
 * in memory (outer stride 1) is read 8 panel columns at a time, one whole
 * 64-byte line of each column per load (16 fp32 rows, 32 16-bit rows), all
 * lines of a column group before the next group: one burst of lines per
 * source row. As on AVX2, only the group's 8 lines are live: reading 16
 * columns per step (16 live lines, all in one L1 set at a power-of-two
 * column stride) was 7-18 % slower for fp32 and up to 18 % for 16-bit types
 * on a Zen 5 guest at 1M-64M elements. The columns are transposed in
 * registers within 128-bit lanes (unpack and shuffle), then fp32 rows are
 * joined across lanes by a two-source permute. 16-bit columns go two groups
 * at a time: each group's 8 lines are read and transposed as one burst, and
 * the two groups' rows are joined by a two-source permute into 32-byte
 * stores (16 columns), half the stores of a group stored alone (16-bit
 * SoftshrinkBackward transposed at 16M on the 2-vCPU Xeon guest: 0.77-0.89
 * of the time, 1M and 64M 0.92-1.07; docs/dev/performance-history.md,
 * 2026-12-05). The tiles are small arrays: -O3 (Release and
 * RelWithDebInfo builds of the library) keeps them in registers, -O2 does
 * not (the AVX2 file names every value instead).
 * Pure bit moves: no result can change. So is the last kernel of the file,
 * the column walk's streamed copy of a block's rows to the output
 * (executor/walk.h, "the column walk"). */
#include <immintrin.h>
#include <stdint.h>

#include "kernels.h"

/* The upper 8 floats of a (through the F form, which SIMDe also has). */
static inline __m256 high8(__m512 a)
{
    return _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(a), 1));
}

/* 8 columns x 16 rows of fp32: column c is the line at s + c * cs (lane L
 * rows 4L..4L+3); a 4 x 4 transpose within each 128-bit lane leaves in u_k
 * (k < 4) row 4L+k of columns 0-3 and in u_{k+4} the same rows of columns
 * 4-7, and one two-source permute per pair puts rows k and k+4 (or k+8 and
 * k+12) of all 8 columns into one register. */
static inline void tile8_x32(const float *s, int64_t cs, float *d, size_t pitch)
{
    static const int32_t LO[16] = {0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23};
    static const int32_t HI[16] = {8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31};
    __m512 r[8], t[8], u[8];
    for (int c = 0; c < 8; c++) {
        r[c] = _mm512_loadu_ps(s + c * cs);
    }
    for (int c = 0; c < 8; c += 2) {
        t[c] = _mm512_unpacklo_ps(r[c], r[c + 1]);
        t[c + 1] = _mm512_unpackhi_ps(r[c], r[c + 1]);
    }
    for (int g = 0; g < 8; g += 4) {
        u[g / 4 * 4] = _mm512_shuffle_ps(t[g], t[g + 2], 0x44);
        u[g / 4 * 4 + 1] = _mm512_shuffle_ps(t[g], t[g + 2], 0xEE);
        u[g / 4 * 4 + 2] = _mm512_shuffle_ps(t[g + 1], t[g + 3], 0x44);
        u[g / 4 * 4 + 3] = _mm512_shuffle_ps(t[g + 1], t[g + 3], 0xEE);
    }
    const __m512i lo = _mm512_loadu_si512(LO), hi = _mm512_loadu_si512(HI);
    for (int k = 0; k < 4; k++) {
        __m512 a = _mm512_permutex2var_ps(u[k], lo, u[k + 4]);
        __m512 b = _mm512_permutex2var_ps(u[k], hi, u[k + 4]);
        _mm256_storeu_ps(d + (size_t)k * pitch, _mm512_castps512_ps256(a));
        _mm256_storeu_ps(d + (size_t)(k + 4) * pitch, high8(a));
        _mm256_storeu_ps(d + (size_t)(k + 8) * pitch, _mm512_castps512_ps256(b));
        _mm256_storeu_ps(d + (size_t)(k + 12) * pitch, high8(b));
    }
}

/* The next group's 8 lines at the same rows: another page each, which the
 * hardware prefetcher does not cross to. */
static inline void prefetch_group(const char *line, int64_t col_bytes)
{
    for (int c = 0; c < 8; c++) {
        _mm_prefetch(line + c * col_bytes, _MM_HINT_T0);
    }
}

void opsnn_panel16_ukernel__avx512_x32(size_t rows, size_t cols, const void *src,
                                       int64_t col_stride, void *dst, size_t pitch,
                                       int prefetch)
{
    const float *s = src;
    float *d = dst;
    size_t j = 0;
    for (; j + 8 <= cols; j += 8) {
        const float *col = s + (int64_t)j * col_stride;
        int ahead = prefetch && j + 16 <= cols;
        for (size_t i0 = 0; i0 < rows; i0 += 16) {
            tile8_x32(col + i0, col_stride, d + i0 * pitch + j, pitch);
            if (ahead) {
                prefetch_group((const char *)(col + 8 * col_stride + i0), col_stride * 4);
            }
        }
    }
    for (; j < cols; j++) {
        for (size_t i = 0; i < rows; i++) {
            d[i * pitch + j] = s[(int64_t)j * col_stride + (int64_t)i];
        }
    }
}

/* 8 columns x 32 rows of a 16-bit type: column c is the line at s + c * cs
 * (lane L rows 8L..8L+7); an 8 x 8 transpose of 16-bit elements within each
 * 128-bit lane (unpack at 16, 32 and 64 bits) leaves in e[q] rows q, 8 + q,
 * 16 + q and 24 + q (lanes 0-3) of the 8 columns. With `half` only the first
 * 16 rows are read (lanes 2-3 are then zero). */
static inline void tile8_x16(const uint16_t *s, int64_t cs, __m512i e[8], int half)
{
    __m512i v[8], a[8], b[8];
    for (int c = 0; c < 8; c++) {
        v[c] = half ? _mm512_maskz_loadu_epi16(0xFFFF, s + c * cs)
                    : _mm512_loadu_si512(s + c * cs);
    }
    for (int c = 0; c < 8; c += 2) {
        a[c] = _mm512_unpacklo_epi16(v[c], v[c + 1]);
        a[c + 1] = _mm512_unpackhi_epi16(v[c], v[c + 1]);
    }
    for (int g = 0; g < 8; g += 4) {
        b[g] = _mm512_unpacklo_epi32(a[g], a[g + 2]);
        b[g + 1] = _mm512_unpackhi_epi32(a[g], a[g + 2]);
        b[g + 2] = _mm512_unpacklo_epi32(a[g + 1], a[g + 3]);
        b[g + 3] = _mm512_unpackhi_epi32(a[g + 1], a[g + 3]);
    }
    for (int k = 0; k < 4; k++) {
        e[2 * k] = _mm512_unpacklo_epi64(b[k], b[k + 4]);
        e[2 * k + 1] = _mm512_unpackhi_epi64(b[k], b[k + 4]);
    }
}

/* Stores of one 8-column tile: 16 bytes of each row. */
static inline void store8_x16(const __m512i e[8], uint16_t *d, size_t pitch, int half)
{
    for (int q = 0; q < 8; q++) {
        uint16_t *row = d + (size_t)q * pitch;
        _mm_storeu_si128((__m128i *)row, _mm512_castsi512_si128(e[q]));
        _mm_storeu_si128((__m128i *)(row + 8 * pitch), _mm512_extracti32x4_epi32(e[q], 1));
        if (!half) {
            _mm_storeu_si128((__m128i *)(row + 16 * pitch), _mm512_extracti32x4_epi32(e[q], 2));
            _mm_storeu_si128((__m128i *)(row + 24 * pitch), _mm512_extracti32x4_epi32(e[q], 3));
        }
    }
}

/* Two 8-column tiles side by side (columns 0-7 in e, 8-15 in f): each row's
 * 16 columns joined by one two-source permute per pair of lanes and stored
 * as 32 bytes, half the stores of two store8_x16. */
static inline void store16_x16(const __m512i e[8], const __m512i f[8], uint16_t *d, size_t pitch,
                               int half)
{
    const __m512i lo = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0);
    const __m512i hi = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
    for (int q = 0; q < 8; q++) {
        uint16_t *row = d + (size_t)q * pitch;
        __m512i x = _mm512_permutex2var_epi64(e[q], lo, f[q]);
        _mm256_storeu_si256((__m256i *)row, _mm512_castsi512_si256(x));
        _mm256_storeu_si256((__m256i *)(row + 8 * pitch), _mm512_extracti64x4_epi64(x, 1));
        if (!half) {
            __m512i y = _mm512_permutex2var_epi64(e[q], hi, f[q]);
            _mm256_storeu_si256((__m256i *)(row + 16 * pitch), _mm512_castsi512_si256(y));
            _mm256_storeu_si256((__m256i *)(row + 24 * pitch), _mm512_extracti64x4_epi64(y, 1));
        }
    }
}

/* 16 columns at a time as two 8-column groups read one after the other (8
 * live lines each), stored together; the prefetches run one 16-column step
 * ahead. A last group of 8 columns is stored alone; fewer go column by
 * column. */
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
        for (size_t i0 = 0; i0 < rows; i0 += 32) { /* rows is a multiple of 16 */
            int half = rows - i0 < 32;
            __m512i e[8], f[8];
            tile8_x16(col + i0, col_stride, e, half);
            tile8_x16(col + 8 * col_stride + i0, col_stride, f, half);
            store16_x16(e, f, d + i0 * pitch + j, pitch, half);
            if (ahead) {
                prefetch_group((const char *)(col + 16 * col_stride + i0), col_stride * 2);
                prefetch_group((const char *)(col + 24 * col_stride + i0), col_stride * 2);
            }
        }
    }
    if (j + 8 <= cols) {
        const uint16_t *col = s + (int64_t)j * col_stride;
        for (size_t i0 = 0; i0 < rows; i0 += 32) {
            int half = rows - i0 < 32;
            __m512i e[8];
            tile8_x16(col + i0, col_stride, e, half);
            store8_x16(e, d + i0 * pitch + j, pitch, half);
        }
        j += 8;
    }
    for (; j < cols; j++) {
        for (size_t i = 0; i < rows; i++) {
            d[i * pitch + j] = s[(int64_t)j * col_stride + (int64_t)i];
        }
    }
}

/* 64-byte stores: the AVX2 kernel's 32-byte halves took 1.03-1.07x the time
 * of forward Softshrink fp32 transposed at 16M-64M on the Xeon guest. */
void opsnn_lines_nt_ukernel__avx512(size_t rows, size_t row_bytes, const void *src, void *dst,
                                    size_t pitch)
{
    const char *s = src;
    char *d = dst;
    for (size_t i = 0; i < rows; i++, d += pitch) {
        for (size_t b = 0; b < row_bytes; b += 64, s += 64) {
            _mm512_stream_si512((void *)(d + b), _mm512_load_si512(s));
        }
    }
}
