/* aclnnSelu / aclnnInplaceSelu: validation in the order of ops-nn's op_api
 * (activation/selu/op_api/aclnn_selu.cpp, CheckParams :78-87), then the
 * shared planner. Any rank: ops-nn flattens a rank above 8 to 1-D, which an
 * elementwise op does not notice. The kernel runs in self's dtype; the
 * executor casts to out's dtype and scatters into a strided out. */
#include "aclnnop/aclnn_selu.h"

#include "common/error.h"
#include "common/soc.h"
#include "executor/executor.h"
#include "kernels/selu-fwd.h"
#include "tensor/dtype.h"

#define API "aclnnSelu"
#define API_INPLACE "aclnnInplaceSelu"

/* GetDtypeSupportList (:37-46): BF16 only where IsRegbase() (Ascend950) or
 * SocVersion ASCEND910B..ASCEND910E. */
static int dtype_ok(aclDataType dt, const opsnn_soc_info *soc)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_INT32 || dt == ACL_INT8 ||
           (dt == ACL_BF16 && opsnn_soc_bf16_range(soc));
}

static int is_int(aclDataType dt)
{
    return dt == ACL_INT32 || dt == ACL_INT8;
}

static aclnnStatus check_params(const char *api, const char *self_name, const aclTensor *self,
                                const aclTensor *out, const uint64_t *workspaceSize,
                                aclOpExecutor *const *executor)
{
    const void *ptrs[] = {self, out, workspaceSize, executor};
    const char *const names[] = {self_name, "out", "workspaceSize", "executor"};
    for (int i = 0; i < 4; i++) {
        if (ptrs[i] == NULL) {
            opsnn_error("%s: %s must not be NULL, got NULL", api, names[i]);
            return ACLNN_ERR_PARAM_NULLPTR;
        }
    }
    const opsnn_soc_info *soc = opsnn_soc_current();
    const aclTensor *tensors[] = {self, out};
    for (int i = 0; i < 2; i++) {
        if (!dtype_ok(tensors[i]->dtype, soc)) {
            opsnn_error("%s: %s dtype must be %s on %s, got %s", api, names[i],
                        opsnn_soc_bf16_range(soc) ? "FLOAT, FLOAT16, BF16, INT32 or INT8"
                                                  : "FLOAT, FLOAT16, INT32 or INT8",
                        soc->name, opsnn_dtype_name(tensors[i]->dtype));
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    char a[256], b[256];
    if (!opsnn_shape_equals(out, self->dims, self->ndim)) {
        opsnn_error("%s: out shape must equal %s shape %s, got %s", api, self_name,
                    opsnn_format_shape(a, sizeof a, self->dims, self->ndim),
                    opsnn_format_shape(b, sizeof b, out->dims, out->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* (decision) ops-nn would Cast between an integer and another dtype;
     * the executor's casts cover FLOAT, FLOAT16 and BF16 only. */
    if (self->dtype != out->dtype && (is_int(self->dtype) || is_int(out->dtype))) {
        opsnn_error("%s: out dtype %s differs from %s dtype %s; libopsnn casts only between "
                    "FLOAT, FLOAT16 and BF16",
                    api, opsnn_dtype_name(out->dtype), self_name, opsnn_dtype_name(self->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus create(opsnn_op op, const char *api, const aclTensor *self, const aclTensor *out,
                          uint64_t *workspaceSize, aclOpExecutor **executor)
{
    opsnn_op_desc desc = {
        .op = op,
        .api = api,
        .kernel = OPSNN_KERNEL_SELU,
        .compute_dtype = self->dtype,
        .params.selu = {OPSNN_SELU_SCALE, OPSNN_SELU_ALPHA},
        .ninputs = 1,
        .inputs = {self},
        .output = out,
    };
    return opsnn_executor_create(&desc, workspaceSize, executor);
}

aclnnStatus aclnnSeluGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                      uint64_t *workspaceSize, aclOpExecutor **executor)
{
    aclnnStatus rc = check_params(API, "self", self, out, workspaceSize, executor);
    return rc != ACLNN_SUCCESS ? rc : create(OPSNN_OP_SELU, API, self, out, workspaceSize, executor);
}

aclnnStatus aclnnInplaceSeluGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                             aclOpExecutor **executor)
{
    aclnnStatus rc = check_params(API_INPLACE, "selfRef", selfRef, selfRef, workspaceSize, executor);
    return rc != ACLNN_SUCCESS
               ? rc
               : create(OPSNN_OP_INPLACE_SELU, API_INPLACE, selfRef, selfRef, workspaceSize, executor);
}

aclnnStatus aclnnSelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                      aclrtStream stream)
{
    return opsnn_executor_run(OPSNN_OP_SELU, API, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceSelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                             aclrtStream stream)
{
    return opsnn_executor_run(OPSNN_OP_INPLACE_SELU, API_INPLACE, workspace, workspaceSize,
                              executor, stream);
}
