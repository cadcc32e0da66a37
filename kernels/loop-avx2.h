/*
 * The loop every AVX2 micro-kernel runs (internal; include only from files
 * compiled with -mavx2 -mf16c).
 *
 * A step computes one full block of w elements starting at element i and
 * stores it, or with `stream` writes it with non-temporal stores to a 32-byte
 * aligned address. Blocks are 64 bytes of each operand or less (w * esize <= 64).
 * AVX2 has no masked 8/16-bit loads, so a partial block (the tail, and the
 * head peeled to align a streamed output) runs the same step on zero-padded
 * copies in a stack buffer. Each step loads its inputs before it stores, so
 * y == a or y == b is safe.
 * `nt` is the kernel's opsnn_kparams.nt_store: with OPSNN_NT_STREAM the
 * loop streams and fences before it returns, with OPSNN_NT_STREAM_UNFENCED
 * it streams and leaves the fence to its caller (kernels.h).
 */
#ifndef OPSNN_KERNELS_LOOP_AVX2_H_
#define OPSNN_KERNELS_LOOP_AVX2_H_

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kernels.h"

/* How far ahead the loops prefetch their inputs: bytes of input in all
 * (kernels.h: opsnn_prefetch_ahead). */
#define OPSNN_AVX2_PREFETCH_BYTES 4096

/* Store 16 16-bit results at element i: streamed (32-byte aligned) or not. */
static inline void opsnn_avx2_store_x16(void *y, size_t i, int stream, __m256i v)
{
    if (stream) {
        _mm256_stream_si256((__m256i *)((uint16_t *)y + i), v);
    } else {
        _mm256_storeu_si256((__m256i *)((uint16_t *)y + i), v);
    }
}

/* Store 16 16-bit results at element i as two 128-bit halves (no vinserti128),
 * streamed (32-byte aligned) or not. */
static inline void opsnn_avx2_store_x8x2(void *y, size_t i, int stream, __m128i lo, __m128i hi)
{
    __m128i *p = (__m128i *)((uint16_t *)y + i);
    if (stream) {
        _mm_stream_si128(p, lo);
        _mm_stream_si128(p + 1, hi);
    } else {
        _mm_storeu_si128(p, lo);
        _mm_storeu_si128(p + 1, hi);
    }
}

/* Prefetch the line of each input that holds element i (b's only when it is
 * another buffer than a). always_inline: gcc
 * 12 takes a function that only prefetches for one without side effects and
 * drops the calls to it. */
static inline __attribute__((always_inline)) void
opsnn_avx2_prefetch_block(const void *a, const void *b, size_t i, size_t asize, size_t bsize)
{
    _mm_prefetch((const char *)a + i * asize, _MM_HINT_T0);
    if (b != a) {
        _mm_prefetch((const char *)b + i * bsize, _MM_HINT_T0);
    }
}

typedef void (*opsnn_avx2_step)(const void *a, const void *b, void *y, size_t i, int stream,
                                const void *params);

/* k < w elements from element i, through zero-padded buffers (up to 64
 * bytes of each input: a float32 b beside 16-bit a and y). */
static inline __attribute__((always_inline)) void
opsnn_avx2_partial(size_t i, size_t k, const void *a, const void *b, void *y, const void *params,
                   size_t asize, size_t bsize, size_t ysize, opsnn_avx2_step step)
{
    _Alignas(32) unsigned char ba[64] = {0}, bb[64] = {0}, by[64];
    memcpy(ba, (const unsigned char *)a + i * asize, k * asize);
    memcpy(bb, (const unsigned char *)b + i * bsize, k * bsize);
    step(ba, bb, by, 0, 0, params);
    memcpy((unsigned char *)y + i * ysize, by, k * ysize);
}

/* The loop of a kernel whose operands have their own element sizes (a
 * variant that converts in registers): blocks are 64 bytes of each operand
 * or less (w * ysize, w * asize and w * bsize <= 64), and the streamed loop
 * prefetches every line of each input a block reads.
 * always_inline so that `step` becomes a direct, inlined call per kernel. */
static inline __attribute__((always_inline)) void
opsnn_avx2_loop_x(size_t n, const void *a, const void *b, void *y, const void *params, int nt,
                  size_t asize, size_t bsize, size_t ysize, size_t w, opsnn_avx2_step step)
{
    /* As in loop-avx512.h: both loops prefetch the inputs 4 KiB ahead (a
     * block reads at most one line of each input, or part of one); the
     * hardware prefetcher alone leaves slow-reading loops waiting on memory. */
    const size_t ahead = opsnn_prefetch_ahead(OPSNN_AVX2_PREFETCH_BYTES, a, b, asize, bsize);
    size_t i = 0, head;
    int stream = opsnn_stream_head(y, nt, ysize, 32, n, &head);
    if (stream) {
        if (head > 0) {
            opsnn_avx2_partial(0, head, a, b, y, params, asize, bsize, ysize, step);
        }
        for (i = head; n - i >= w; i += w) {
            if (n - i > ahead) {
                opsnn_avx2_prefetch_block(a, b, i + ahead, asize, bsize);
            }
            step(a, b, y, i, 1, params);
        }
    }
    for (; n - i >= w; i += w) {
        if (n - i > ahead) {
            opsnn_avx2_prefetch_block(a, b, i + ahead, asize, bsize);
        }
        step(a, b, y, i, 0, params);
    }
    if (i < n) {
        opsnn_avx2_partial(i, n - i, a, b, y, params, asize, bsize, ysize, step);
    }
    if (stream && nt == OPSNN_NT_STREAM) {
        _mm_sfence(); /* order the streamed lines before the caller's next access */
    }
}

/* Every operand esize bytes per element. */
static inline __attribute__((always_inline)) void
opsnn_avx2_loop(size_t n, const void *a, const void *b, void *y, const void *params, int nt,
                size_t esize, size_t w, opsnn_avx2_step step)
{
    opsnn_avx2_loop_x(n, a, b, y, params, nt, esize, esize, esize, w, step);
}

/* Runs of at least this many elements take a kernel's paired step, which
 * loads two vectors of each input before it stores either result: the
 * operands of a call often start at the same offset in a page (large
 * buffers are page- or 2 MiB-aligned), and a load whose address has the
 * low 12 bits of an older, pending store waits for it (4K aliasing). One
 * vector a step made float32 calls that stay in the caches slower on the
 * Zen 3 guest: SoftshrinkBackward at 32K-64K by 10-13 % (one thread),
 * HardshrinkBackward with a broadcast row at 64K-1M by 1.2-1.9 times
 * (interleaved A/Bs). Shorter runs keep the single step, since an 8-element call would
 * otherwise take the zero-padded tail path (7-10 % slower). 16-bit steps,
 * with half the elements' bytes per vector, measured the same both ways. */
#define OPSNN_AVX2_PAIRS_MIN 256

/* opsnn_avx2_loop with step (w elements) or, for runs of
 * OPSNN_AVX2_PAIRS_MIN or more, step_x2 (the same on 2 * w elements, every
 * load before the first store). */
static inline __attribute__((always_inline)) void
opsnn_avx2_loop_pairs(size_t n, const void *a, const void *b, void *y, const void *params, int nt,
                      size_t esize, size_t w, opsnn_avx2_step step, opsnn_avx2_step step_x2)
{
    if (n >= OPSNN_AVX2_PAIRS_MIN) {
        opsnn_avx2_loop(n, a, b, y, params, nt, esize, 2 * w, step_x2);
    } else {
        opsnn_avx2_loop(n, a, b, y, params, nt, esize, w, step);
    }
}

#endif /* OPSNN_KERNELS_LOOP_AVX2_H_ */
