/*
 * aclnn/aclnn_base.h - status codes and the executor of the two-phase API.
 *
 * Phase 1 (aclnnXxxGetWorkspaceSize) validates, plans and returns an executor;
 * phase 2 (aclnnXxx) runs it. An executor is single-use (phase 2 frees it)
 * unless aclSetAclOpExecutorRepeatable was called, in which case it runs any
 * number of times and is freed by aclDestroyAclOpExecutor.
 */
#ifndef ACLNN_ACLNN_BASE_H_
#define ACLNN_ACLNN_BASE_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACLNN_SUCCESS 0
#define ACLNN_ERR_PARAM_NULLPTR 161001
#define ACLNN_ERR_PARAM_INVALID 161002
#define ACLNN_ERR_RUNTIME_ERROR 361001
#define ACLNN_ERR_INNER 561000
#define ACLNN_ERR_INNER_CREATE_EXECUTOR 561101
#define ACLNN_ERR_INNER_NULLPTR 561103

typedef struct aclOpExecutor aclOpExecutor;

/** Make the executor reusable; free it later with aclDestroyAclOpExecutor. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor);
/** Free an executor (repeatable or not yet run). */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor);
/** Point input `index` (operator parameter order) at new storage `addr`; the
 *  view (shape, strides, offset, dtype) stays as planned. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                      aclTensor *tensor, void *addr);
/** Point output `index` at new storage `addr`. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                       aclTensor *tensor, void *addr);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_ACLNN_BASE_H_ */
