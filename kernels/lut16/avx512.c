/* 16-bit table lookup, AVX-512F/BW, two ways with the same bits, chosen by
 * the CPU's vendor (opsnn_lut16_apply__avx512).
 *
 * Gathers (Intel): 32 elements a step as two sets of 16 dword indices, the
 * even elements (the low halves of x's dwords) and the odd ones (the high
 * halves), each read with a 32-bit gather at byte offset 2 * a (the low half
 * of each gathered dword is the entry; lut16.h pads the table for the last
 * one); the odd entries shifted up and merged back in place by one
 * ternary-logic instruction, so no widening, narrowing or lane extract
 * takes the shuffle port (forward Selu fp16/bf16 on the 2-vCPU Xeon guest:
 * 0.90-1.02 of the time; the gathers themselves bound the rest). A
 * 1M-element fp16 run took 0.2 ms there where a scalar lookup took 0.3 ms.
 *
 * Loads (every other vendor): the same 32 elements as four sets of eight
 * scalar lookups (lookup-x86.h), two 256-bit stores. On a 2-vCPU AMD EPYC
 * guest (Zen 5) a 16-lane vpgatherdd costs more than its sixteen loads:
 * over 64K elements in the L2 the gathers took 0.28 ns an element and the
 * loads 0.16, and forward Selu fp16/bf16 took 0.51-0.76 of the time
 * (docs/dev/performance-history.md, 2026-12-07, nineteenth session). */
#include "loop-avx512.h"
#include "lookup-x86.h"
#include "lut16.h"

static inline void step_gather(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                               int stream, const void *table)
{
    (void)b;
    __m512i x = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    __m512i lo16 = _mm512_set1_epi32(0xffff);
    __m512i ev = _mm512_and_si512(x, lo16);
    __m512i od = _mm512_srli_epi32(x, 16);
    __m512i ge = _mm512_i32gather_epi32(ev, table, 2);
    __m512i go = _mm512_i32gather_epi32(od, table, 2);
    /* (ge & lo16) | (go << 16) */
    __m512i v = _mm512_ternarylogic_epi32(ge, lo16, _mm512_slli_epi32(go, 16), 0xEA);
    opsnn_avx512_store_x16(y, i, mask, stream, v);
}

static inline void step_loads(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                              int stream, const void *table)
{
    (void)b;
    const uint16_t *p = (const uint16_t *)a + i, *t = table;
    uint16_t part[32];
    if (mask != 0xffffffffu) { /* a short block: its indices past the end read as 0 */
        _mm512_storeu_si512(part, _mm512_maskz_loadu_epi16((__mmask32)mask, p));
        p = part;
    }
    /* every entry read before y (maybe a) is written */
    __m128i q0 = opsnn_lut16_lookup8(t, p), q1 = opsnn_lut16_lookup8(t, p + 8);
    __m128i q2 = opsnn_lut16_lookup8(t, p + 16), q3 = opsnn_lut16_lookup8(t, p + 24);
    opsnn_avx512_store_x16x2(y, i, mask, stream,
                             _mm256_inserti128_si256(_mm256_castsi128_si256(q0), q1, 1),
                             _mm256_inserti128_si256(_mm256_castsi128_si256(q2), q3, 1));
}

void opsnn_lut16_apply__avx512_gather(size_t n, const uint16_t *a, uint16_t *y,
                                      const uint16_t *table, int nt)
{
    opsnn_avx512_loop(n, a, a, y, table, nt, 2, 32, step_gather);
}

void opsnn_lut16_apply__avx512_loads(size_t n, const uint16_t *a, uint16_t *y,
                                     const uint16_t *table, int nt)
{
    opsnn_avx512_loop(n, a, a, y, table, nt, 2, 32, step_loads);
}

void opsnn_lut16_apply__avx512(size_t n, const uint16_t *a, uint16_t *y, const uint16_t *table,
                               int nt)
{
    opsnn_lut16_fn way = opsnn_lut16_gathers_pay() ? opsnn_lut16_apply__avx512_gather
                                                   : opsnn_lut16_apply__avx512_loads;
    way(n, a, y, table, nt);
}
