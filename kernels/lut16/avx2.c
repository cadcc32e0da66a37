/* 16-bit table lookup, AVX2, two ways with the same bits, chosen by the
 * CPU's vendor (opsnn_lut16_apply__avx2).
 *
 * Gathers: 16 elements a step as two sets of 8 dword indices, the even
 * elements (the low halves of x's dwords) and the odd ones (the high
 * halves), each read with a 32-bit gather at byte offset 2 * a (the low half
 * of each gathered dword is the entry; lut16.h pads the table for the last
 * one); the odd entries shifted up and blended back in place. No widening,
 * packing or lane permutes (Intel's shuffle port).
 *
 * Loads: the same 16 elements as four 64-bit words whose 16-bit fields index
 * the table one load each, the entries shifted back into their fields; one
 * 256-bit store. On a 2-vCPU AMD EPYC guest (Zen 3) forward Selu fp16/bf16
 * ran mostly 1.1-1.2x as fast this way at 64K-64M elements (0.95-1.5x per
 * cell, two A/Bs; docs/dev/performance-history.md, 2026-12-07): a
 * vpgatherdd there costs more than its eight loads. */
#include <string.h>

#include "loop-avx2.h"
#include "lut16.h"

static inline void step_gather(const void *a, const void *b, void *y, size_t i, int stream,
                               const void *table)
{
    (void)b;
    __m256i x = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m256i ev = _mm256_and_si256(x, _mm256_set1_epi32(0xffff));
    __m256i od = _mm256_srli_epi32(x, 16);
    __m256i ge = _mm256_i32gather_epi32((const int *)table, ev, 2);
    __m256i go = _mm256_i32gather_epi32((const int *)table, od, 2);
    opsnn_avx2_store_x16(y, i, stream, _mm256_blend_epi16(ge, _mm256_slli_epi32(go, 16), 0xaa));
}

/* The entries of x's four 16-bit fields, each in its field. */
static inline uint64_t lookup4(const uint16_t *t, uint64_t x)
{
    return (uint64_t)t[x & 0xffff] | (uint64_t)t[(x >> 16) & 0xffff] << 16 |
           (uint64_t)t[(x >> 32) & 0xffff] << 32 | (uint64_t)t[x >> 48] << 48;
}

static inline void step_loads(const void *a, const void *b, void *y, size_t i, int stream,
                              const void *table)
{
    (void)b;
    const uint16_t *p = (const uint16_t *)a + i, *t = table;
    uint64_t x0, x1, x2, x3; /* all four read before y, which may be a, is written */
    memcpy(&x0, p, 8);
    memcpy(&x1, p + 4, 8);
    memcpy(&x2, p + 8, 8);
    memcpy(&x3, p + 12, 8);
    __m256i v = _mm256_set_epi64x((long long)lookup4(t, x3), (long long)lookup4(t, x2),
                                  (long long)lookup4(t, x1), (long long)lookup4(t, x0));
    opsnn_avx2_store_x16(y, i, stream, v);
}

void opsnn_lut16_apply__avx2_gather(size_t n, const uint16_t *a, uint16_t *y,
                                    const uint16_t *table, int nt)
{
    opsnn_avx2_loop(n, a, a, y, table, nt, 2, 16, step_gather);
}

void opsnn_lut16_apply__avx2_loads(size_t n, const uint16_t *a, uint16_t *y,
                                   const uint16_t *table, int nt)
{
    opsnn_avx2_loop(n, a, a, y, table, nt, 2, 16, step_loads);
}

void opsnn_lut16_apply__avx2(size_t n, const uint16_t *a, uint16_t *y, const uint16_t *table,
                             int nt)
{
    if (opsnn_cpu_vendor() == OPSNN_CPU_VENDOR_INTEL) {
        opsnn_lut16_apply__avx2_gather(n, a, y, table, nt);
    } else {
        opsnn_lut16_apply__avx2_loads(n, a, y, table, nt);
    }
}
