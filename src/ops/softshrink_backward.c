/* aclnnSoftshrinkBackward: validation in the order of ops-nn's op_api
 * (activation/soft_shrink_grad/op_api/aclnn_softshrink_backward.cpp:92-112),
 * then the shared planner. */
#include "aclnnop/aclnn_softshrink_backward.h"

#include "common/error.h"
#include "common/soc.h"
#include "executor/executor.h"
#include "tensor/dtype.h"

#define API "aclnnSoftshrinkBackward"
#define MAX_RANK 8

/* The op_api's GetDtypeSupportList (:34-47): no BF16 on ASCEND910 and
 * ASCEND310P. */
static int bf16_supported(const opsnn_soc_info *soc)
{
    return soc->family != OPSNN_SOC_FAMILY_ASCEND910 && soc->family != OPSNN_SOC_FAMILY_ASCEND310P;
}

static int dtype_ok(aclDataType dt, const opsnn_soc_info *soc)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || (dt == ACL_BF16 && bf16_supported(soc));
}

static aclnnStatus check_params(const aclTensor *gradOutput, const aclTensor *self,
                                const aclScalar *lambda, const aclTensor *gradInput,
                                const uint64_t *workspaceSize, aclOpExecutor *const *executor,
                                int64_t *shape, int *ndim)
{
    const void *ptrs[] = {gradOutput, self, lambda, gradInput, workspaceSize, executor};
    static const char *const names[] = {"gradOutput", "self", "lambda", "gradInput", "workspaceSize", "executor"};
    for (int i = 0; i < 6; i++) {
        if (ptrs[i] == NULL) {
            opsnn_error(API ": %s must not be NULL, got NULL", names[i]);
            return ACLNN_ERR_PARAM_NULLPTR;
        }
    }
    const aclTensor *tensors[] = {gradOutput, self, gradInput};
    static const char *const tnames[] = {"gradOutput", "self", "gradInput"};
    const opsnn_soc_info *soc = opsnn_soc_current();
    for (int i = 0; i < 3; i++) {
        if (!dtype_ok(tensors[i]->dtype, soc)) {
            opsnn_error(API ": %s dtype must be %s on %s, got %s", tnames[i],
                        bf16_supported(soc) ? "FLOAT, FLOAT16 or BF16" : "FLOAT or FLOAT16",
                        soc->name, opsnn_dtype_name(tensors[i]->dtype));
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    for (int i = 0; i < 2; i++) {
        if (tensors[i]->ndim > MAX_RANK) {
            opsnn_error(API ": %s rank must be <= %d, got %d", tnames[i], MAX_RANK,
                        tensors[i]->ndim);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    char a[256], b[256];
    if (opsnn_broadcast_shape(gradOutput, self, shape, ndim) != 0) {
        opsnn_error(API ": gradOutput shape %s and self shape %s must be broadcastable, got "
                    "incompatible dims",
                    opsnn_format_shape(a, sizeof a, gradOutput->dims, gradOutput->ndim),
                    opsnn_format_shape(b, sizeof b, self->dims, self->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!opsnn_shape_equals(gradInput, shape, *ndim)) {
        opsnn_error(API ": gradInput shape must equal the broadcast shape %s, got %s",
                    opsnn_format_shape(a, sizeof a, shape, *ndim),
                    opsnn_format_shape(b, sizeof b, gradInput->dims, gradInput->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* Like the op_api's `lambd->ToFloat() < 0.0f` (:105): the value as float32
     * is checked, so NaN passes, and so does a DOUBLE -1e-300 (it is -0.0f). */
    float lam = opsnn_scalar_to_float(lambda);
    if (lam < 0.0f) {
        /* %f as in CANN's messages, unless it would print a tiny value as -0.000000 */
        opsnn_error(lam > -1e-6f ? API ": lambda must be >= 0, got %g"
                                 : API ": lambda must be >= 0, got %f",
                    (double)lam);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnSoftshrinkBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                    const aclTensor *self,
                                                    const aclScalar *lambda, aclTensor *gradInput,
                                                    uint64_t *workspaceSize,
                                                    aclOpExecutor **executor)
{
    int64_t shape[OPSNN_MAX_RANK];
    int ndim = 0;
    aclnnStatus rc = check_params(gradOutput, self, lambda, gradInput, workspaceSize, executor,
                                  shape, &ndim);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    /* Equal dtypes run natively (the output is an exact copy of gradOutput or
     * +0); mixed dtypes compare in float32 and round the result once. */
    int same = gradOutput->dtype == self->dtype && self->dtype == gradInput->dtype;
    opsnn_op_desc desc = {
        .op = OPSNN_OP_SOFTSHRINK_BWD,
        .api = API,
        .kernel = OPSNN_KERNEL_SOFTSHRINK_BWD,
        .compute_dtype = same ? gradOutput->dtype : ACL_FLOAT,
        .params.softshrink_bwd = {.lambda = opsnn_scalar_to_float(lambda)},
        .ninputs = 2,
        .inputs = {gradOutput, self},
        .output = gradInput,
    };
    return opsnn_executor_create(&desc, workspaceSize, executor);
}

aclnnStatus aclnnSoftshrinkBackward(void *workspace, uint64_t workspaceSize,
                                    aclOpExecutor *executor, const aclrtStream stream)
{
    return opsnn_executor_run(OPSNN_OP_SOFTSHRINK_BWD, API, workspace, workspaceSize, executor,
                              stream);
}
