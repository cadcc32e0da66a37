/*
 * variant_params.h - the parameter structs the variant sweeps
 * (test_kernels_scalar_b.c, test_kernels_mixed.c) call a family's kernels
 * with: one per lambda for SoftshrinkBackward's families, one per lambda and
 * kernel generation (params.h: SELECT, GT, MUL) for HardshrinkBackward's. A
 * family with variants that is not here fails the sweep rather than running
 * with another family's struct.
 */
#ifndef OPSNN_TESTS_VARIANT_PARAMS_H_
#define OPSNN_TESTS_VARIANT_PARAMS_H_

#include <stddef.h>

#include "ops/kernels.h"

typedef union {
    opsnn_softshrink_bwd_params soft;
    opsnn_hardshrink_bwd_params hard;
} tv_params;

/* How many parameter sets a lambda gives for family kind: its generations'
 * rules, or 0 for a family the sweeps do not know. */
static inline size_t tv_rules(opsnn_kernel_kind kind)
{
    return kind == OPSNN_KERNEL_HARDSHRINK_BWD                                        ? 3
         : kind == OPSNN_KERNEL_SOFTSHRINK_BWD || kind == OPSNN_KERNEL_SOFTSHRINK_BWD_LE ? 1
                                                                                      : 0;
}

/* The struct of set `rule` (< tv_rules(kind)) for lambda, in *st. */
static inline const void *tv_make(opsnn_kernel_kind kind, float lambda, size_t rule, tv_params *st)
{
    if (kind == OPSNN_KERNEL_HARDSHRINK_BWD) {
        st->hard = opsnn_hardshrink_bwd_params_make(lambda, (int32_t)rule);
    } else {
        st->soft = (opsnn_softshrink_bwd_params){lambda};
    }
    return st;
}

#endif /* OPSNN_TESTS_VARIANT_PARAMS_H_ */
