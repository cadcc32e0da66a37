/*
 * The loop of the unit-stride conversion kernels (internal): a step converts
 * 8 elements at element i; the tail runs the same step on a zero-padded copy
 * in a stack buffer, so no kernel touches memory past n elements (AVX2 and
 * NEON have no masked 16-bit loads). Included by kernels/cvt/<isa>.c.
 */
#ifndef OPSNN_KERNELS_CVT_LOOP_H_
#define OPSNN_KERNELS_CVT_LOOP_H_

#include <stddef.h>
#include <string.h>

typedef void (*opsnn_cvt_step)(const void *src, void *dst, size_t i);

/* always_inline so that `step` becomes a direct, inlined call per kernel. */
static inline __attribute__((always_inline)) void
opsnn_cvt_loop(size_t n, const void *src, void *dst, size_t src_size, size_t dst_size,
               opsnn_cvt_step step)
{
    size_t i = 0;
    for (; n - i >= 8; i += 8) {
        step(src, dst, i);
    }
    if (i < n) {
        _Alignas(32) unsigned char bs[32] = {0}, bd[32];
        memcpy(bs, (const unsigned char *)src + i * src_size, (n - i) * src_size);
        step(bs, bd, 0);
        memcpy((unsigned char *)dst + i * dst_size, bd, (n - i) * dst_size);
    }
}

#endif /* OPSNN_KERNELS_CVT_LOOP_H_ */
