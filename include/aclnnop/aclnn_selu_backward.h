/*
 * aclnnop/aclnn_selu_backward.h - gradient of SELU, from the forward output.
 *
 *   gradInput = gradOutput * (result + SCALE*ALPHA)   where result <= 0
 *             = gradOutput * SCALE                    where result > 0 (or NaN)
 *
 * gradOutput, result, gradInput: one dtype, FLOAT, FLOAT16, BF16 (per SoC,
 * see opsnn_set_soc), INT32 or INT8, all of one shape (no broadcasting, any
 * rank). Computed in float32 as ops-nn's arch35 kernel does; integers pass
 * through fp16 both ways.
 * See ops/selu_grad/docs/selu_backward.md for the full contract.
 */
#ifndef ACLNNOP_ACLNN_SELU_BACKWARD_H_
#define ACLNNOP_ACLNN_SELU_BACKWARD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnSeluBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                                  const aclTensor *result,
                                                                  aclTensor *gradInput,
                                                                  uint64_t *workspaceSize,
                                                                  aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnSeluBackward(void *workspace, uint64_t workspaceSize,
                                                  aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SELU_BACKWARD_H_ */
