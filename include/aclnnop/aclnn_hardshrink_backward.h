/*
 * aclnnop/aclnn_hardshrink_backward.h - gradient of Hardshrink.
 *
 *   gradInput = gradOutput  where |self| > lambd (or self is NaN)
 *             = +0          elsewhere
 *
 * gradOutput, self, gradInput: FLOAT, FLOAT16 or BF16 (BF16 per SoC); mixed
 * dtypes compute in the promoted dtype (FLOAT unless both inputs agree) and
 * the result is cast to gradInput's dtype; rank 0-8; gradOutput and self
 * broadcast (NumPy rules) and gradInput has the broadcast shape; an empty
 * gradOutput or self succeeds at once. lambd: a real scalar read as float32,
 * a negative value used as 0. The kernel generation of the SoC and operator
 * package decides NaN and zero details: see
 * ops/hard_shrink_grad/docs/hardshrink_backward.md.
 */
#ifndef ACLNNOP_ACLNN_HARDSHRINK_BACKWARD_H_
#define ACLNNOP_ACLNN_HARDSHRINK_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnHardshrinkBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclScalar *lambd,
    aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnHardshrinkBackward(void *workspace, uint64_t workspaceSize,
                                                        aclOpExecutor *executor,
                                                        const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_HARDSHRINK_BACKWARD_H_ */
