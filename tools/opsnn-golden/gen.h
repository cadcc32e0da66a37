/* The `gen` sub-command: seeded random inputs (or explicit values) in any of
 * the tool's dtypes, with optional NaN/inf injection. */
#ifndef OPSNN_GOLDEN_GEN_H_
#define OPSNN_GOLDEN_GEN_H_

#include <stdint.h>

/** xoshiro256** state; the same seed gives the same numbers on every machine. */
typedef struct {
    uint64_t s[4];
} golden_rng;

/** Seed stream `stream` of `seed` (one stream per output file). */
void golden_rng_seed(golden_rng *r, uint64_t seed, uint64_t stream);
uint64_t golden_rng_next(golden_rng *r);
/** Uniform in [0, 1), 53 random bits. */
double golden_rng_unit(golden_rng *r);

int golden_cmd_gen(int argc, char **argv);

#endif
