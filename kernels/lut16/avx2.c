/* 16-bit table lookup, AVX2: 16 elements a step as two sets of 8 dword
 * indices, the even elements (the low halves of x's dwords) and the odd ones
 * (the high halves), each read with a 32-bit gather at byte offset 2 * a
 * (the low half of each gathered dword is the entry; lut16.h pads the table
 * for the last one); the odd entries shifted up and blended back in place.
 * No widening, packing or lane permutes (Intel's shuffle port). */
#include "loop-avx2.h"
#include "lut16.h"

static inline void step(const void *a, const void *b, void *y, size_t i, int stream,
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

void opsnn_lut16_apply__avx2(size_t n, const uint16_t *a, uint16_t *y, const uint16_t *table,
                             int nt)
{
    opsnn_avx2_loop(n, a, a, y, table, nt, 2, 16, step);
}
