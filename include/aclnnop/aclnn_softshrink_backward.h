/*
 * aclnnop/aclnn_softshrink_backward.h - gradient of Softshrink.
 *
 *   gradInput = gradOutput  where |self| > lambda or self is NaN
 *             = 0           elsewhere
 *
 * gradOutput, self, gradInput: FLOAT, FLOAT16 or BF16 (mixed allowed: the
 * comparison is in float32, the selected value is rounded to gradInput's dtype
 * to nearest even); rank 0-8; gradOutput and self broadcast (NumPy rules) and
 * gradInput has the broadcast shape. lambda: a real scalar, refused only when
 * below 0 as float32 (NaN is accepted: then only NaN self pass). BF16 per SoC.
 * See ops/soft_shrink_grad/docs/softshrink_backward.md for the full contract.
 */
#ifndef ACLNNOP_ACLNN_SOFTSHRINK_BACKWARD_H_
#define ACLNNOP_ACLNN_SOFTSHRINK_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftshrinkBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclScalar *lambda,
    aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftshrinkBackward(void *workspace, uint64_t workspaceSize,
                                                        aclOpExecutor *executor,
                                                        const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SOFTSHRINK_BACKWARD_H_ */
