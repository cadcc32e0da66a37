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

/* always_inline so that `step` becomes a direct, inlined call per kernel. */
static inline __attribute__((always_inline)) void
opsnn_neon_loop(size_t n, const void *a, const void *b, void *y, const void *params, size_t esize,
                size_t w, opsnn_neon_step step)
{
    size_t i = 0;
    for (; n - i >= w; i += w) {
        step(a, b, y, i, params);
    }
    if (i < n) {
        _Alignas(16) unsigned char ba[32] = {0}, bb[32] = {0}, by[32];
        size_t bytes = (n - i) * esize;
        memcpy(ba, (const unsigned char *)a + i * esize, bytes);
        memcpy(bb, (const unsigned char *)b + i * esize, bytes);
        step(ba, bb, by, 0, params);
        memcpy((unsigned char *)y + i * esize, by, bytes);
    }
}

#endif /* OPSNN_KERNELS_LOOP_NEON_H_ */
