/* Panel gather, Advanced SIMD: a transposed operand whose panel rows (a
 * multiple of 16) are adjacent in memory (outer stride 1) has a piece of each
 * panel column in one
 * load; square tiles (4 x 4 of 32-bit, 8 x 8 of 16-bit elements) are
 * transposed in registers with TRN1/TRN2 at each element width and then
 * ZIP1/ZIP2 of 64-bit halves, and stored as pieces of panel rows. Pure bit
 * moves: no result can change. */
#include <arm_neon.h>
#include <stdint.h>
#include <string.h>

#include "kernels.h"

/* c[k] holds column j+k, rows i..i+3; afterwards c[k] holds row i+k, columns j..j+3. */
static inline void transpose4x4(uint32x4_t c[4])
{
    uint32x4x2_t p = vtrnq_u32(c[0], c[1]), q = vtrnq_u32(c[2], c[3]);
    uint64x2_t p0 = vreinterpretq_u64_u32(p.val[0]), p1 = vreinterpretq_u64_u32(p.val[1]);
    uint64x2_t q0 = vreinterpretq_u64_u32(q.val[0]), q1 = vreinterpretq_u64_u32(q.val[1]);
    c[0] = vreinterpretq_u32_u64(vzip1q_u64(p0, q0));
    c[1] = vreinterpretq_u32_u64(vzip1q_u64(p1, q1));
    c[2] = vreinterpretq_u32_u64(vzip2q_u64(p0, q0));
    c[3] = vreinterpretq_u32_u64(vzip2q_u64(p1, q1));
}

/* The same for an 8 x 8 tile of 16-bit elements. */
static inline void transpose8x8(uint16x8_t c[8])
{
    uint16x8x2_t t[4];
    for (int k = 0; k < 4; k++) {
        t[k] = vtrnq_u16(c[2 * k], c[2 * k + 1]);
    }
    /* t[k].val[e]: 16-bit pairs (column 2k, 2k+1) of rows e, e+2, e+4, e+6 */
    uint32x4x2_t u[4];
    for (int e = 0; e < 2; e++) {
        u[e] = vtrnq_u32(vreinterpretq_u32_u16(t[0].val[e]), vreinterpretq_u32_u16(t[1].val[e]));
        u[2 + e] = vtrnq_u32(vreinterpretq_u32_u16(t[2].val[e]), vreinterpretq_u32_u16(t[3].val[e]));
    }
    /* u[e].val[h] (u[2+e] for columns 4-7): row e + 2h in its low 64 bits,
     * row e + 2h + 4 in its high 64 bits */
    for (int e = 0; e < 2; e++) {
        for (int h = 0; h < 2; h++) {
            uint64x2_t lo = vreinterpretq_u64_u32(u[e].val[h]);
            uint64x2_t hi = vreinterpretq_u64_u32(u[2 + e].val[h]);
            c[e + 2 * h] = vreinterpretq_u16_u64(vzip1q_u64(lo, hi));
            c[e + 2 * h + 4] = vreinterpretq_u16_u64(vzip2q_u64(lo, hi));
        }
    }
}

/* Columns j..cols-1 element by element (the ones no whole tile covers). */
static void gather_columns(size_t rows, size_t j, size_t cols, const void *src, int64_t col_stride,
                           void *dst, size_t pitch, size_t es)
{
    for (; j < cols; j++) {
        for (size_t i = 0; i < rows; i++) {
            memcpy((unsigned char *)dst + (i * pitch + j) * es,
                   (const unsigned char *)src + ((int64_t)j * col_stride + (int64_t)i) * (int64_t)es, es);
        }
    }
}

void opsnn_panel16_ukernel__neon_x32(size_t rows, size_t cols, const void *src, int64_t col_stride,
                                     void *dst, size_t pitch, int prefetch)
{
    (void)prefetch; /* this path issues no software prefetch */
    const uint32_t *s = src;
    uint32_t *d = dst;
    size_t j = 0;
    for (; j + 4 <= cols; j += 4) {
        for (size_t i = 0; i < rows; i += 4) {
            uint32x4_t c[4];
            for (int k = 0; k < 4; k++) {
                c[k] = vld1q_u32(s + (int64_t)(j + (size_t)k) * col_stride + (int64_t)i);
            }
            transpose4x4(c);
            for (int k = 0; k < 4; k++) {
                vst1q_u32(d + (i + (size_t)k) * pitch + j, c[k]);
            }
        }
    }
    gather_columns(rows, j, cols, src, col_stride, dst, pitch, sizeof *d);
}

void opsnn_panel16_ukernel__neon_x16(size_t rows, size_t cols, const void *src, int64_t col_stride,
                                     void *dst, size_t pitch, int prefetch)
{
    (void)prefetch; /* this path issues no software prefetch */
    const uint16_t *s = src;
    uint16_t *d = dst;
    size_t j = 0;
    for (; j + 8 <= cols; j += 8) {
        for (size_t i = 0; i < rows; i += 8) {
            uint16x8_t c[8];
            for (int k = 0; k < 8; k++) {
                c[k] = vld1q_u16(s + (int64_t)(j + (size_t)k) * col_stride + (int64_t)i);
            }
            transpose8x8(c);
            for (int k = 0; k < 8; k++) {
                vst1q_u16(d + (i + (size_t)k) * pitch + j, c[k]);
            }
        }
    }
    gather_columns(rows, j, cols, src, col_stride, dst, pitch, sizeof *d);
}
