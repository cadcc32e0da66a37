/*
 * aclnnop/aclnn_selu.h - scaled exponential linear unit, out of place and in
 * place.
 *
 *   out = SCALE * (max(self, 0) + min(ALPHA * (exp(self) - 1), 0))
 *   SCALE = 1.0507009873554804934, ALPHA = 1.6732632423543772848
 *
 * self, out: FLOAT, FLOAT16, BF16 (per SoC, see opsnn_set_soc), INT32 or
 * INT8, the same shape (any rank). Floating dtypes are computed in float32;
 * the negative branch uses libopsnn's own exp, so it is deterministic but not
 * bit-identical to the NPU. INT8 and INT32 follow the NPU kernel's integer
 * paths exactly. aclnnInplaceSelu writes the result back into selfRef.
 * See ops/selu/docs/selu.md for the full contract.
 */
#ifndef ACLNNOP_ACLNN_SELU_H_
#define ACLNNOP_ACLNN_SELU_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnSeluGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                          uint64_t *workspaceSize,
                                                          aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnSelu(void *workspace, uint64_t workspaceSize,
                                          aclOpExecutor *executor, aclrtStream stream);

ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSeluGetWorkspaceSize(aclTensor *selfRef,
                                                                 uint64_t *workspaceSize,
                                                                 aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSelu(void *workspace, uint64_t workspaceSize,
                                                 aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SELU_H_ */
