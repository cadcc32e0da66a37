/*
 * Eight 16-bit table lookups with scalar loads, for the x86 lookup kernels
 * whose CPU reads a table faster with loads than with vpgatherdd (internal;
 * include only from files compiled with AVX2 or AVX-512 target flags).
 *
 * The indices are read two at a time (a 32-bit load, its halves split by
 * movzx and shr) and each entry is inserted straight from the table
 * (vpinsrw with a memory operand): per element half a load, one integer
 * operation and a load-and-insert.
 */
#ifndef OPSNN_KERNELS_LUT16_LOOKUP_X86_H_
#define OPSNN_KERNELS_LUT16_LOOKUP_X86_H_

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

/* Two adjacent indices at p in one 32-bit load: p[0] in the low half, p[1]
 * in the high one (x86 is little-endian). */
static inline uint32_t opsnn_lut16_index_pair(const uint16_t *p)
{
    uint32_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* The entries of the eight elements at p, in element order. */
static inline __m128i opsnn_lut16_lookup8(const uint16_t *t, const uint16_t *p)
{
    uint32_t a = opsnn_lut16_index_pair(p), b = opsnn_lut16_index_pair(p + 2),
             c = opsnn_lut16_index_pair(p + 4), d = opsnn_lut16_index_pair(p + 6);
    __m128i v = _mm_cvtsi32_si128(t[a & 0xffffu]);
    v = _mm_insert_epi16(v, t[a >> 16], 1);
    v = _mm_insert_epi16(v, t[b & 0xffffu], 2);
    v = _mm_insert_epi16(v, t[b >> 16], 3);
    v = _mm_insert_epi16(v, t[c & 0xffffu], 4);
    v = _mm_insert_epi16(v, t[c >> 16], 5);
    v = _mm_insert_epi16(v, t[d & 0xffffu], 6);
    return _mm_insert_epi16(v, t[d >> 16], 7);
}

#endif /* OPSNN_KERNELS_LUT16_LOOKUP_X86_H_ */
