/*
 * The loop every AVX-512 micro-kernel runs (internal; include only from files
 * compiled with the AVX-512 target flags).
 *
 * A step computes one block of w elements starting at element i: it loads
 * the lanes set in `mask` (zero elsewhere), and either stores those lanes or,
 * with `stream`, writes the whole block with a non-temporal store to a
 * 64-byte aligned address. Blocks are 64 bytes of output (w * esize == 64),
 * so a peeled head of fewer than w elements aligns the output for streaming.
 * Each step loads its inputs before it stores, so y == a or y == b is safe.
 * `nt` is the kernel's opsnn_kparams.nt_store: with OPSNN_NT_STREAM the
 * loop streams and fences before it returns, with OPSNN_NT_STREAM_UNFENCED
 * it streams and leaves the fence to its caller (kernels.h).
 */
#ifndef OPSNN_KERNELS_LOOP_AVX512_H_
#define OPSNN_KERNELS_LOOP_AVX512_H_

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

/* Store the lanes of `mask` of 32 16-bit results at element i; a streamed
 * store (64-byte aligned) is always a full block. */
static inline void opsnn_avx512_store_x16(void *y, size_t i, uint32_t mask, int stream, __m512i v)
{
    if (stream) {
        _mm512_stream_si512((__m512i *)((uint16_t *)y + i), v);
    } else {
        _mm512_mask_storeu_epi16((uint16_t *)y + i, (__mmask32)mask, v);
    }
}

/* The same for two 256-bit halves (16 results each; `mask` covers both, the
 * low half's lanes in its low 16 bits), with no vinserti64x4. */
static inline void opsnn_avx512_store_x16x2(void *y, size_t i, uint32_t mask, int stream,
                                            __m256i lo, __m256i hi)
{
    uint16_t *p = (uint16_t *)y + i;
    if (stream) {
        _mm256_stream_si256((__m256i *)p, lo);
        _mm256_stream_si256((__m256i *)(p + 16), hi);
    } else {
        _mm256_mask_storeu_epi16(p, (__mmask16)mask, lo);
        _mm256_mask_storeu_epi16(p + 16, (__mmask16)(mask >> 16), hi);
    }
}

typedef void (*opsnn_avx512_step)(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                                  int stream, const void *params);

static inline uint32_t opsnn_avx512_lanes(size_t k)
{
    return k >= 32 ? 0xffffffffu : (1u << k) - 1u;
}

#ifndef OPSNN_AVX512_PREFETCH_BYTES
#define OPSNN_AVX512_PREFETCH_BYTES 4096
#endif

/* Prefetch the lines of each input that the block `ahead` elements after
 * element i reads (w elements of asize and bsize bytes; b's only when it is
 * another buffer than a). always_inline, as loop-avx2.h says: gcc drops
 * calls to a function that only prefetches. */
static inline __attribute__((always_inline)) void
opsnn_avx512_prefetch_block(const void *a, const void *b, size_t i, size_t ahead, size_t w,
                            size_t asize, size_t bsize)
{
    for (size_t off = 0; off < w * asize; off += 64) {
        _mm_prefetch((const char *)a + (i + ahead) * asize + off, _MM_HINT_T0);
    }
    if (b == a) {
        return;
    }
    for (size_t off = 0; off < w * bsize; off += 64) {
        _mm_prefetch((const char *)b + (i + ahead) * bsize + off, _MM_HINT_T0);
    }
}

/* The loop of a kernel whose operands have their own element sizes (a
 * variant that converts in registers, e.g. fp16 a and y with a float32 b):
 * blocks are still 64 bytes of output (w * ysize == 64).
 *
 * Both the streamed and the plain loop prefetch every line of each input,
 * 4 KiB of input in all ahead (kernels.h: opsnn_prefetch_ahead): the
 * hardware prefetcher alone leaves loops that read slowly
 * (16-bit and compute-heavy kernels) waiting on memory once their inputs are
 * out of L2 -- on the 2-vCPU Xeon guest forward Selu fp16 at 16M elements
 * ran 2.2x faster with the prefetches, and calls that stay in cache did not
 * slow down (docs/dev/performance-history.md).
 * always_inline so that `step` becomes a direct, inlined call per kernel. */
static inline __attribute__((always_inline)) void
opsnn_avx512_loop_x(size_t n, const void *a, const void *b, void *y, const void *params, int nt,
                    size_t asize, size_t bsize, size_t ysize, size_t w, opsnn_avx512_step step)
{
    const uint32_t full = opsnn_avx512_lanes(w);
    const size_t ahead = opsnn_prefetch_ahead(OPSNN_AVX512_PREFETCH_BYTES, a, b, asize, bsize);
    size_t i = 0, head;
    int stream = opsnn_stream_head(y, nt, ysize, 64, n, &head);
    if (stream) {
        if (head > 0) {
            step(a, b, y, 0, opsnn_avx512_lanes(head), 0, params);
        }
        for (i = head; n - i >= w; i += w) {
            if (n - i > ahead) {
                opsnn_avx512_prefetch_block(a, b, i, ahead, w, asize, bsize);
            }
            step(a, b, y, i, full, 1, params);
        }
    }
    for (; n - i >= w; i += w) {
        if (n - i > ahead) {
            opsnn_avx512_prefetch_block(a, b, i, ahead, w, asize, bsize);
        }
        step(a, b, y, i, full, 0, params);
    }
    if (i < n) {
        step(a, b, y, i, opsnn_avx512_lanes(n - i), 0, params);
    }
    if (stream && nt == OPSNN_NT_STREAM) {
        _mm_sfence(); /* order the streamed lines before the caller's next access */
    }
}

/* Every operand esize bytes per element. */
static inline __attribute__((always_inline)) void
opsnn_avx512_loop(size_t n, const void *a, const void *b, void *y, const void *params, int nt,
                  size_t esize, size_t w, opsnn_avx512_step step)
{
    opsnn_avx512_loop_x(n, a, b, y, params, nt, esize, esize, esize, w, step);
}

#endif /* OPSNN_KERNELS_LOOP_AVX512_H_ */
