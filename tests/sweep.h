/*
 * sweep.h - the step of the suites' every-pattern sweeps (every 16-bit value
 * as an operand, every self value of a grid): 1, or the value of
 * OPSNN_TEST_SWEEP_STRIDE (1 to 65535; anything else is 1). The sanitizer
 * builds and the valgrind label set it to 7 (tests/CMakeLists.txt,
 * tests/valgrind/CMakeLists.txt): those runs look for memory, undefined
 * behaviour and thread errors, which a sweep meets on the same code paths
 * with a seventh of its values, at a seventh of its time; the plain builds
 * and the aarch64 runs under qemu sweep every value.
 */
#ifndef OPSNN_TESTS_SWEEP_H_
#define OPSNN_TESTS_SWEEP_H_

#include <stdint.h>
#include <stdlib.h>

static inline uint32_t tu_sweep_stride(void)
{
    const char *s = getenv("OPSNN_TEST_SWEEP_STRIDE");
    if (s == NULL || *s == '\0') {
        return 1;
    }
    char *end = NULL;
    unsigned long v = strtoul(s, &end, 10);
    return *end == '\0' && v >= 1 && v <= 65535 ? (uint32_t)v : 1;
}

/* How many of the n values 0, stride, 2 * stride, ... below n. */
static inline uint32_t tu_sweep_count(uint32_t n, uint32_t stride)
{
    return (n + stride - 1) / stride;
}

#endif /* OPSNN_TESTS_SWEEP_H_ */
