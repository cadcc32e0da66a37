/*
 * aclnnop/aclnn_softshrink.h - soft shrinkage.
 *
 *   out = self - lambd   where self >  lambd
 *       = self + lambd   where self < -lambd
 *       = 0              otherwise (NaN self included)
 *
 * self, out: FLOAT, FLOAT16 or BF16 (BF16 per SoC, see opsnn_set_soc), the
 * same shape, rank <= 8; the dtypes may differ (the result is computed in
 * self's dtype, then cast to out's). lambd: any real aclScalar, >= 0 once
 * converted to float32. Bit-exact with ops-nn's arch35 kernel.
 * See ops/softshrink/docs/softshrink.md for the full contract.
 */
#ifndef ACLNNOP_ACLNN_SOFTSHRINK_H_
#define ACLNNOP_ACLNN_SOFTSHRINK_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftshrinkGetWorkspaceSize(const aclTensor *self,
                                                                const aclScalar *lambd,
                                                                aclTensor *out,
                                                                uint64_t *workspaceSize,
                                                                aclOpExecutor **executor);

ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftshrink(void *workspace, uint64_t workspaceSize,
                                                aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SOFTSHRINK_H_ */
