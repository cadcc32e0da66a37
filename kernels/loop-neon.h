/*
 * The loop every NEON micro-kernel runs (internal; aarch64 only).
 *
 * A step computes one full block of w elements starting at element i and
 * stores it; blocks are at most 32 bytes of any operand. A partial block (the
 * tail) runs the same step on zero-padded copies in a stack buffer, so no
 * kernel reads or writes past n elements. Each step loads its inputs before
 * it stores, so y == a or y == b is safe. There is no streaming-store variant:
 * nt_store is a hint the NEON kernels ignore (AArch64 has no non-temporal
 * store that skips the read-for-ownership the way x86's does).
 */
#ifndef OPSNN_KERNELS_LOOP_NEON_H_
#define OPSNN_KERNELS_LOOP_NEON_H_

#include <stddef.h>
#include <string.h>

typedef void (*opsnn_neon_step)(const void *a, const void *b, void *y, size_t i,
                                const void *params);

/* The loop of a kernel whose operands have their own element sizes (a
 * variant that converts in registers, e.g. fp16 a and y with a float32 b;
 * w * each size <= 32 bytes).
 * always_inline so that `step` becomes a direct, inlined call per kernel. */
static inline __attribute__((always_inline)) void
opsnn_neon_loop_x(size_t n, const void *a, const void *b, void *y, const void *params,
                  size_t asize, size_t bsize, size_t ysize, size_t w, opsnn_neon_step step)
{
    size_t i = 0;
    for (; n - i >= w; i += w) {
        step(a, b, y, i, params);
    }
    if (i < n) {
        _Alignas(16) unsigned char ba[32] = {0}, bb[32] = {0}, by[32];
        size_t k = n - i;
        memcpy(ba, (const unsigned char *)a + i * asize, k * asize);
        memcpy(bb, (const unsigned char *)b + i * bsize, k * bsize);
        step(ba, bb, by, 0, params);
        memcpy((unsigned char *)y + i * ysize, by, k * ysize);
    }
}

/* Every operand esize bytes per element. */
static inline __attribute__((always_inline)) void
opsnn_neon_loop(size_t n, const void *a, const void *b, void *y, const void *params, size_t esize,
                size_t w, opsnn_neon_step step)
{
    opsnn_neon_loop_x(n, a, b, y, params, esize, esize, esize, w, step);
}

#endif /* OPSNN_KERNELS_LOOP_NEON_H_ */
