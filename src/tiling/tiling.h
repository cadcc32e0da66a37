/* Shared pieces of the reference tiling (internal): the integer helpers the
 * ops-nn host code takes from Ops::Base (math_util.h), and the checks every
 * calculator makes on its platform and tensors. */
#ifndef OPSNN_TILING_TILING_H_
#define OPSNN_TILING_TILING_H_

#include <stdint.h>

#include "opsnn/opsnn.h"

/* Element counts above this are refused: every product the ops-nn formulas
 * form (count x 32 bits, count rounded up to 512) then fits int64. */
#define OPSNN_TILING_MAX_ELEMS (INT64_MAX / 64)

/* Ops::Base::CeilDiv / CeilAlign / FloorAlign for b > 0, a >= 0. */
static inline int64_t tiling_ceil_div(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

static inline int64_t tiling_ceil_align(int64_t a, int64_t b)
{
    return tiling_ceil_div(a, b) * b;
}

static inline int64_t tiling_floor_align(int64_t a, int64_t b)
{
    return a / b * b;
}

/* NULL checks of platform and result, and the platform's ranges. */
aclnnStatus opsnn_tiling_check_platform(const char *fn, const opsnn_platform *platform,
                                        const void *result);

/* Checks tensor `t` (named `what`) and sets *numel to its element count (a
 * scalar counts 1). NULL -> ACLNN_ERR_PARAM_NULLPTR, bad shape -> INVALID. */
aclnnStatus opsnn_tiling_tensor_numel(const char *fn, const char *what, const opsnn_tiling_tensor *t,
                                      int64_t *numel);

/* 1 when a and b have the same rank and dims; with scalar_as_vec1 a rank-0
 * shape counts as {1} (ops-nn's EnsureNotScalar). */
int opsnn_tiling_same_shape(const opsnn_tiling_tensor *a, const opsnn_tiling_tensor *b,
                            int scalar_as_vec1);

#endif /* OPSNN_TILING_TILING_H_ */
