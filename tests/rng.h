/*
 * rng.h - the tests' one deterministic PRNG: splitmix64 (Steele, Lea and
 * Flood, "Fast splittable pseudorandom number generators", 2014). Every suite,
 * the fuzz model and test_kernels_isa draw from it; the golden tool has its
 * own generator (xoshiro256**, part of its file format).
 */
#ifndef OPSNN_TESTS_RNG_H_
#define OPSNN_TESTS_RNG_H_

#include <stdint.h>

typedef struct {
    uint64_t state;
} tu_rng;

static inline uint64_t tu_next(tu_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint32_t tu_below(tu_rng *r, uint32_t n) { return (uint32_t)(tu_next(r) % n); }

/* Uniform in [lo, hi). */
static inline float tu_uniform(tu_rng *r, float lo, float hi)
{
    float u = (float)(tu_next(r) >> 40) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * u;
}

#endif /* OPSNN_TESTS_RNG_H_ */
