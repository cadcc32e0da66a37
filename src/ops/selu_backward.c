/* aclnnSeluBackward: one dtype for all three tensors, one shape, any rank;
 * validation in the order of ops-nn's op_api
 * (activation/selu_grad/op_api/aclnn_selu_backward.cpp:79-88), then the
 * shared planner. */
#include "aclnnop/aclnn_selu_backward.h"

#include "common/error.h"
#include "common/soc.h"
#include "executor/executor.h"
#include "tensor/dtype.h"

#define API "aclnnSeluBackward"

/* The op_api's GetDtypeSupportList (:35-50): BF16 only for SocVersion
 * ASCEND910B..ASCEND910E, i.e. the 910B, 910_93 and 910_95 (Ascend950)
 * families; not on ASCEND910 or ASCEND310P. */
static int bf16_supported(const opsnn_soc_info *soc)
{
    return soc->family == OPSNN_SOC_FAMILY_ASCEND910B ||
           soc->family == OPSNN_SOC_FAMILY_ASCEND910_93 || soc->family == OPSNN_SOC_FAMILY_ASCEND950;
}

static int dtype_ok(aclDataType dt, const opsnn_soc_info *soc)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_INT32 || dt == ACL_INT8 ||
           (dt == ACL_BF16 && bf16_supported(soc));
}

static aclnnStatus check_params(const aclTensor *gradOutput, const aclTensor *result,
                                const aclTensor *gradInput, const uint64_t *workspaceSize,
                                aclOpExecutor *const *executor)
{
    const void *ptrs[] = {gradOutput, result, gradInput, workspaceSize, executor};
    static const char *const names[] = {"gradOutput", "result", "gradInput", "workspaceSize", "executor"};
    for (int i = 0; i < 5; i++) {
        if (ptrs[i] == NULL) {
            opsnn_error(API ": %s must not be NULL, got NULL", names[i]);
            return ACLNN_ERR_PARAM_NULLPTR;
        }
    }
    /* the op_api checks that the dtypes agree before it checks the list (:62-68) */
    const aclTensor *others[] = {result, gradInput};
    static const char *const onames[] = {"result", "gradInput"};
    for (int i = 0; i < 2; i++) {
        if (others[i]->dtype != gradOutput->dtype) {
            opsnn_error(API ": %s dtype must equal gradOutput dtype %s, got %s", onames[i],
                        opsnn_dtype_name(gradOutput->dtype), opsnn_dtype_name(others[i]->dtype));
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    const opsnn_soc_info *soc = opsnn_soc_current();
    if (!dtype_ok(gradOutput->dtype, soc)) {
        opsnn_error(API ": gradOutput dtype must be %s on %s, got %s",
                    bf16_supported(soc) ? "FLOAT, FLOAT16, BF16, INT32 or INT8"
                                        : "FLOAT, FLOAT16, INT32 or INT8",
                    soc->name, opsnn_dtype_name(gradOutput->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    for (int i = 0; i < 2; i++) {
        if (!opsnn_shape_equals(others[i], gradOutput->dims, gradOutput->ndim)) {
            char a[256], b[256];
            opsnn_error(API ": %s shape must equal gradOutput shape %s, got %s", onames[i],
                        opsnn_format_shape(a, sizeof a, gradOutput->dims, gradOutput->ndim),
                        opsnn_format_shape(b, sizeof b, others[i]->dims, others[i]->ndim));
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnSeluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *result,
                                              aclTensor *gradInput, uint64_t *workspaceSize,
                                              aclOpExecutor **executor)
{
    aclnnStatus rc = check_params(gradOutput, result, gradInput, workspaceSize, executor);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    opsnn_op_desc desc = {
        .op = OPSNN_OP_SELU_BWD,
        .api = API,
        .kernel = OPSNN_KERNEL_SELU_BWD,
        .compute_dtype = gradOutput->dtype,
        .params.selu_bwd = {OPSNN_SELU_SCALE, OPSNN_SELU_SCALE_ALPHA},
        .ninputs = 2,
        .inputs = {gradOutput, result},
        .output = gradInput,
    };
    return opsnn_executor_create(&desc, workspaceSize, executor);
}

aclnnStatus aclnnSeluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                              aclrtStream stream)
{
    return opsnn_executor_run(OPSNN_OP_SELU_BWD, API, workspace, workspaceSize, executor, stream);
}
