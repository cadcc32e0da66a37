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
 * Loads: the same 16 elements, the indices read two at a time and each
 * entry inserted into one of two 128-bit halves straight from the table;
 * one 256-bit store. On a 2-vCPU AMD EPYC guest (Zen 3) a vpgatherdd costs
 * more than its eight loads. Per element this is half a load, one integer
 * operation and a load-and-insert. The loads bound the step there: reading
 * each index on its own (two loads per element) ran 1.1-1.3x slower, and
 * an older version that also shifted the entries into 64-bit words took
 * about six operations per element (docs/dev/performance-history.md,
 * 2026-12-07). */
#include "loop-avx2.h"
#include "lookup-x86.h"
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

static inline void step_loads(const void *a, const void *b, void *y, size_t i, int stream,
                              const void *table)
{
    (void)b;
    const uint16_t *p = (const uint16_t *)a + i, *t = table;
    /* both read before y (maybe a) is written */
    __m128i lo = opsnn_lut16_lookup8(t, p), hi = opsnn_lut16_lookup8(t, p + 8);
    opsnn_avx2_store_x16(y, i, stream, _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1));
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
    opsnn_lut16_fn way = opsnn_lut16_gathers_pay() ? opsnn_lut16_apply__avx2_gather
                                                   : opsnn_lut16_apply__avx2_loads;
    way(n, a, y, table, nt);
}
