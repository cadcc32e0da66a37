/* 16-bit table lookup, AVX2: 16 elements a step, widened to two sets of 8
 * dword indices and read with two 32-bit gathers at byte offset 2 * a (the
 * low half of each gathered dword is the entry; lut16.h pads the table for
 * the last one), packed back with unsigned saturation (each dword < 65536). */
#include "loop-avx2.h"
#include "lut16.h"

static inline void step(const void *a, const void *b, void *y, size_t i, int stream,
                        const void *table)
{
    (void)b;
    __m256i x = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m256i lo = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(x));
    __m256i hi = _mm256_cvtepu16_epi32(_mm256_extracti128_si256(x, 1));
    __m256i mask = _mm256_set1_epi32(0xffff);
    __m256i glo = _mm256_and_si256(_mm256_i32gather_epi32((const int *)table, lo, 2), mask);
    __m256i ghi = _mm256_and_si256(_mm256_i32gather_epi32((const int *)table, hi, 2), mask);
    /* packus works per 128-bit lane: glo's and ghi's lanes interleave, and
     * the permute puts them back in order */
    __m256i v = _mm256_permute4x64_epi64(_mm256_packus_epi32(glo, ghi), 0xd8);
    opsnn_avx2_store_x16(y, i, stream, v);
}

void opsnn_lut16_apply__avx2(size_t n, const uint16_t *a, uint16_t *y, const uint16_t *table,
                             int nt)
{
    opsnn_avx2_loop(n, a, a, y, table, nt, 2, 16, step);
}
