/*
 * HardshrinkBackward's kernel parameters (internal): what aclnnHardshrinkBackward
 * hands the hardshrink-bwd micro-kernels through opsnn_kparams.op.
 */
#ifndef OPSNN_OPS_HARD_SHRINK_GRAD_PARAMS_H_
#define OPSNN_OPS_HARD_SHRINK_GRAD_PARAMS_H_

#include <stdint.h>

/* Which kernel's rule the micro-kernels apply (one per kernel generation;
 * docs/hardshrink_backward.md):
 *   SELECT: arch35, |x| <= lambd ? +0 : g, g's bits (a NaN x or lambd keeps g);
 *           FLOAT16 compares in half, against lambd rounded to half;
 *   GT:     experimental, |x| > lambd ? g : +0, compared in float32 (a NaN x
 *           or lambd gives +0);
 *   MUL:    TBE, g * (|x| <= lambd ? 0 : 1): a zero with g's sign, NaN for an
 *           infinite or NaN g; FLOAT16 compares against lambd rounded to half. */
typedef enum {
    OPSNN_HARDSHRINK_BWD_SELECT = 0,
    OPSNN_HARDSHRINK_BWD_GT = 1,
    OPSNN_HARDSHRINK_BWD_MUL = 2
} opsnn_hardshrink_bwd_rule;

/* lambd as float32, as the op_api hands it to the kernel: a negative value
 * already replaced by 0; -0, +inf and NaN as given. rule: the values above.
 * t: the keep threshold of each dtype (FLOAT, FLOAT16, BF16) that lambd and
 * rule give, worked out once per call rather than by every kernel call (a
 * broadcast [rows, 1] self calls the kernel once per row). Made only by
 * opsnn_hardshrink_bwd_params_make. */
typedef struct {
    float lambd;
    int32_t rule;
    int32_t t[3];
} opsnn_hardshrink_bwd_params;

/* The parameters of a call with lambd and rule, thresholds included
 * (hardshrink-bwd/scalar.c; rule.h: opsnn_hardshrink_bwd_threshold). */
opsnn_hardshrink_bwd_params opsnn_hardshrink_bwd_params_make(float lambd, int32_t rule);

#endif /* OPSNN_OPS_HARD_SHRINK_GRAD_PARAMS_H_ */
