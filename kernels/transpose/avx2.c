/* Panel gather, AVX2: a transposed operand whose panel rows are adjacent in
 * memory (outer stride 1) is read 8 panel columns at a time, 16 rows of each
 * column per step (a whole 64-byte line of fp32; half a line of a 16-bit
 * type, whose other half the next step reads), all steps of a column group
 * before the next group: one burst of lines per source row. Only the 8
 * lines of the group are live at a time, so a power-of-two column stride
 * (all 8 in one L1 set of 8 ways) does not evict a line before its second
 * half is read; 16 live lines cost the 16-bit kernel 10-45 % on 1K x 1K and
 * 4K x 4K. Square tiles are transposed in registers: 8 x 8 of 32-bit lanes
 * (unpack, shuffle within 128-bit lanes, swap of lanes) and 8 x 8 of 16-bit
 * lanes within each 128-bit lane (unpack at 16, 32 and 64 bits). Every value
 * is a named variable, not an array, so that -O2 keeps them in registers as
 * -O3 does (with arrays, gcc 12 -O2 built a loop through the stack, 2x
 * slower). Pure bit moves: no result can change. So is the last kernel of
 * the file, the column walk's streamed copy of a block's rows to the output
 * (executor/walk.h, "the column walk"). */
#include <immintrin.h>
#include <stdint.h>

#include "kernels.h"

/* 8 x 8 fp32 tile: column c is 8 elements at s + c * cs; row i goes to
 * d + i * pitch. */
static inline void tile_x32(const float *s, int64_t cs, float *d, size_t pitch)
{
    __m256 r0 = _mm256_loadu_ps(s), r1 = _mm256_loadu_ps(s + cs);
    __m256 r2 = _mm256_loadu_ps(s + 2 * cs), r3 = _mm256_loadu_ps(s + 3 * cs);
    __m256 r4 = _mm256_loadu_ps(s + 4 * cs), r5 = _mm256_loadu_ps(s + 5 * cs);
    __m256 r6 = _mm256_loadu_ps(s + 6 * cs), r7 = _mm256_loadu_ps(s + 7 * cs);
    __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
    __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
    __m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
    __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
    /* u_k, k < 4: row k of columns 0-3 in the low lane, row k + 4 in the
     * high lane; u_{k+4}: the same rows of columns 4-7 */
    __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
    __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
    _mm256_storeu_ps(d, _mm256_permute2f128_ps(u0, u4, 0x20));
    _mm256_storeu_ps(d + pitch, _mm256_permute2f128_ps(u1, u5, 0x20));
    _mm256_storeu_ps(d + 2 * pitch, _mm256_permute2f128_ps(u2, u6, 0x20));
    _mm256_storeu_ps(d + 3 * pitch, _mm256_permute2f128_ps(u3, u7, 0x20));
    _mm256_storeu_ps(d + 4 * pitch, _mm256_permute2f128_ps(u0, u4, 0x31));
    _mm256_storeu_ps(d + 5 * pitch, _mm256_permute2f128_ps(u1, u5, 0x31));
    _mm256_storeu_ps(d + 6 * pitch, _mm256_permute2f128_ps(u2, u6, 0x31));
    _mm256_storeu_ps(d + 7 * pitch, _mm256_permute2f128_ps(u3, u7, 0x31));
}

/* Row i of 8 columns from the low lane of e, row i + 8 from its high lane. */
static inline void store_rows(uint16_t *d, size_t pitch, size_t i, __m256i e)
{
    _mm_storeu_si128((__m128i *)(d + i * pitch), _mm256_castsi256_si128(e));
    _mm_storeu_si128((__m128i *)(d + (i + 8) * pitch), _mm256_extracti128_si256(e, 1));
}

/* 16 x 8 16-bit tile: column c is 16 elements at s + c * cs (rows 0-7 in
 * the low lane, 8-15 in the high lane); after the in-lane transpose e_i holds
 * row i (low lane) and row i + 8 (high lane) of the 8 columns. */
static inline void tile_x16(const uint16_t *s, int64_t cs, uint16_t *d, size_t pitch)
{
    __m256i v0 = _mm256_loadu_si256((const __m256i *)s);
    __m256i v1 = _mm256_loadu_si256((const __m256i *)(s + cs));
    __m256i v2 = _mm256_loadu_si256((const __m256i *)(s + 2 * cs));
    __m256i v3 = _mm256_loadu_si256((const __m256i *)(s + 3 * cs));
    __m256i v4 = _mm256_loadu_si256((const __m256i *)(s + 4 * cs));
    __m256i v5 = _mm256_loadu_si256((const __m256i *)(s + 5 * cs));
    __m256i v6 = _mm256_loadu_si256((const __m256i *)(s + 6 * cs));
    __m256i v7 = _mm256_loadu_si256((const __m256i *)(s + 7 * cs));
    __m256i a0 = _mm256_unpacklo_epi16(v0, v1), a1 = _mm256_unpackhi_epi16(v0, v1);
    __m256i a2 = _mm256_unpacklo_epi16(v2, v3), a3 = _mm256_unpackhi_epi16(v2, v3);
    __m256i a4 = _mm256_unpacklo_epi16(v4, v5), a5 = _mm256_unpackhi_epi16(v4, v5);
    __m256i a6 = _mm256_unpacklo_epi16(v6, v7), a7 = _mm256_unpackhi_epi16(v6, v7);
    __m256i b0 = _mm256_unpacklo_epi32(a0, a2), b1 = _mm256_unpackhi_epi32(a0, a2);
    __m256i b2 = _mm256_unpacklo_epi32(a1, a3), b3 = _mm256_unpackhi_epi32(a1, a3);
    __m256i b4 = _mm256_unpacklo_epi32(a4, a6), b5 = _mm256_unpackhi_epi32(a4, a6);
    __m256i b6 = _mm256_unpacklo_epi32(a5, a7), b7 = _mm256_unpackhi_epi32(a5, a7);
    store_rows(d, pitch, 0, _mm256_unpacklo_epi64(b0, b4));
    store_rows(d, pitch, 1, _mm256_unpackhi_epi64(b0, b4));
    store_rows(d, pitch, 2, _mm256_unpacklo_epi64(b1, b5));
    store_rows(d, pitch, 3, _mm256_unpackhi_epi64(b1, b5));
    store_rows(d, pitch, 4, _mm256_unpacklo_epi64(b2, b6));
    store_rows(d, pitch, 5, _mm256_unpackhi_epi64(b2, b6));
    store_rows(d, pitch, 6, _mm256_unpacklo_epi64(b3, b7));
    store_rows(d, pitch, 7, _mm256_unpackhi_epi64(b3, b7));
}

/* The next group's line at the same rows: another page, which the hardware
 * prefetcher does not cross to. */
static inline void prefetch_group(const char *line, int64_t col_bytes)
{
    for (int c = 0; c < 8; c++) {
        _mm_prefetch(line + c * col_bytes, _MM_HINT_T0);
    }
}

void opsnn_panel16_ukernel__avx2_x32(size_t rows, size_t cols, const void *src, int64_t col_stride,
                                     void *dst, size_t pitch, int prefetch)
{
    const float *s = src;
    float *d = dst;
    size_t j = 0;
    for (; j + 8 <= cols; j += 8) {
        const float *col = s + (int64_t)j * col_stride;
        int ahead = prefetch && j + 16 <= cols;
        for (size_t i0 = 0; i0 < rows; i0 += 16) {
            tile_x32(col + i0, col_stride, d + i0 * pitch + j, pitch);
            tile_x32(col + i0 + 8, col_stride, d + (i0 + 8) * pitch + j, pitch);
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

void opsnn_panel16_ukernel__avx2_x16(size_t rows, size_t cols, const void *src, int64_t col_stride,
                                     void *dst, size_t pitch, int prefetch)
{
    const uint16_t *s = src;
    uint16_t *d = dst;
    size_t j = 0;
    for (; j + 8 <= cols; j += 8) {
        const uint16_t *col = s + (int64_t)j * col_stride;
        int ahead = prefetch && j + 16 <= cols;
        for (size_t i0 = 0; i0 < rows; i0 += 16) {
            tile_x16(col + i0, col_stride, d + i0 * pitch + j, pitch);
            if (ahead && i0 % 32 == 0) { /* one line holds 32 rows */
                prefetch_group((const char *)(col + 8 * col_stride + i0), col_stride * 2);
            }
        }
    }
    for (; j < cols; j++) {
        for (size_t i = 0; i < rows; i++) {
            d[i * pitch + j] = s[(int64_t)j * col_stride + (int64_t)i];
        }
    }
}

void opsnn_lines_nt_ukernel__avx2(size_t rows, size_t row_bytes, const void *src, void *dst,
                                  size_t pitch)
{
    const char *s = src;
    char *d = dst;
    for (size_t i = 0; i < rows; i++, d += pitch) {
        for (size_t b = 0; b < row_bytes; b += 32, s += 32) {
            _mm256_stream_si256((__m256i *)(d + b), _mm256_load_si256((const __m256i *)s));
        }
    }
}
