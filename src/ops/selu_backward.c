/* aclnnSeluBackward: one dtype for all three tensors, one shape, any rank;
 * validation in the order of ops-nn's op_api
 * (activation/selu_grad/op_api/aclnn_selu_backward.cpp:79-88), then the
 * shared planner. */
#include "aclnnop/aclnn_selu_backward.h"

#include <string.h>

#include "common/error.h"
#include "common/soc.h"
#include "executor/executor.h"
#include "tensor/dtype.h"

#define API "aclnnSeluBackward"

static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out);

/* The op_api's GetDtypeSupportList (:35-50): BF16 only for SocVersion
 * ASCEND910B..ASCEND910E, i.e. the 910B, 910_93 and 910_95 (Ascend950)
 * families; not on ASCEND910 or ASCEND310P. */
#define BF16_SOCS                                                                            \
    (OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910B) | OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910_93) | \
     OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND950))

const opsnn_op_info opsnn_op_selu_backward = {
    .api = API,
    .ninputs = 2,
    .operands = {"gradOutput", "result", "gradInput"},
    .dtypes = {{ACL_FLOAT, OPSNN_SOCS_ALL}, {ACL_FLOAT16, OPSNN_SOCS_ALL}, {ACL_BF16, BF16_SOCS},
               {ACL_INT32, OPSNN_SOCS_ALL}, {ACL_INT8, OPSNN_SOCS_ALL}},
    .kernel = OPSNN_KERNEL_SELU_BWD,
    .params_size = sizeof(opsnn_selu_bwd_params),
    .tiling = tiling,
};
_Static_assert(sizeof(opsnn_selu_bwd_params) <= OPSNN_MAX_PARAM_BYTES, "params fit the desc");

/* The SeluGrad one-dim tiling (src/tiling/selu_grad.c) of a flat pass. */
static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out)
{
    (void)params; /* the SeluGrad tiling has no attribute */
    opsnn_tiling_tensor flat = {dtype, 1, &numel};
    opsnn_selu_grad_tiling t;
    aclnnStatus rc = opsnn_selu_grad_tiling_compute(platform, &flat, &flat, &flat, &t);
    if (rc == ACLNN_SUCCESS) {
        out->block_former = t.data.blockFormer;
        out->block_num = t.block_dim;
        out->ub_former = t.data.ubFormer;
    }
    return rc;
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
    if (!opsnn_op_dtype_ok(&opsnn_op_selu_backward, gradOutput->dtype, soc)) {
        char list[96];
        opsnn_error(API ": gradOutput dtype must be %s on %s, got %s",
                    opsnn_op_dtype_list(&opsnn_op_selu_backward, soc, list, sizeof list), soc->name,
                    opsnn_dtype_name(gradOutput->dtype));
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
        .op = &opsnn_op_selu_backward,
        .compute_dtype = gradOutput->dtype,
        .inputs = {gradOutput, result},
        .output = gradInput,
    };
    const opsnn_selu_bwd_params params = {OPSNN_SELU_SCALE, OPSNN_SELU_SCALE_ALPHA};
    memcpy(desc.params, &params, sizeof params);
    return opsnn_executor_create(&desc, workspaceSize, executor);
}

aclnnStatus aclnnSeluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                              aclrtStream stream)
{
    return opsnn_executor_run(&opsnn_op_selu_backward, workspace, workspaceSize, executor, stream);
}
