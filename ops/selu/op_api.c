/* aclnnSelu / aclnnInplaceSelu: validation in the order of ops-nn's op_api
 * (activation/selu/op_api/aclnn_selu.cpp, CheckParams :78-87), then the
 * shared planner. Any rank: ops-nn flattens a rank above 8 to 1-D, which an
 * elementwise op does not notice. The kernel runs in self's dtype; the
 * executor casts to out's dtype and scatters into a strided out. */
#include "aclnnop/aclnn_selu.h"

#include <stdio.h>
#include <string.h>

#include "common/error.h"
#include "common/soc.h"
#include "executor/executor.h"
#include "ops/check.h"
#include "ops/registry.h"
#include "ops/selu/op_kernel/params.h"
#include "tensor/dtype.h"

#define API "aclnnSelu"
#define API_INPLACE "aclnnInplaceSelu"

static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out);

/* GetDtypeSupportList (:37-46): BF16 only where IsRegbase() (Ascend950) or
 * SocVersion ASCEND910B..ASCEND910E. */
#define BF16_SOCS                                                                            \
    (OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910B) | OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910_93) | \
     OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND950))
#define SELU_DTYPES                                                                        \
    {{ACL_FLOAT, OPSNN_SOCS_ALL, 0}, {ACL_FLOAT16, OPSNN_SOCS_ALL, 0}, {ACL_BF16, BF16_SOCS, 0}, \
     {ACL_INT32, OPSNN_SOCS_ALL, 0}, {ACL_INT8, OPSNN_SOCS_ALL, 0}}

const opsnn_op_info opsnn_op_selu = {
    .api = API,
    .ninputs = 1,
    .operands = {"self", "out"},
    .dtypes = SELU_DTYPES,
    /* arch35, the ops-nn experimental kernel, and arch35 for the built-in
     * TBE kernel, whose differences are not modelled (docs/fidelity.md) */
    .kernels = {OPSNN_KERNEL_SELU, OPSNN_KERNEL_SELU_EXP, OPSNN_KERNEL_SELU},
    .params_size = sizeof(opsnn_selu_params),
    .tiling = tiling,
    .ps_per_elem = {281, 147}, /* fp32, 16-bit at 64K on 1 thread: docs/dev/design-notes.md */
};

/* aclnnInplaceSelu: the same operator on one tensor (selfRef in, selfRef out). */
const opsnn_op_info opsnn_op_inplace_selu = {
    .api = API_INPLACE,
    .ninputs = 1,
    .operands = {"selfRef", "selfRef"},
    .dtypes = SELU_DTYPES,
    /* arch35, the ops-nn experimental kernel, and arch35 for the built-in
     * TBE kernel, whose differences are not modelled (docs/fidelity.md) */
    .kernels = {OPSNN_KERNEL_SELU, OPSNN_KERNEL_SELU_EXP, OPSNN_KERNEL_SELU},
    .params_size = sizeof(opsnn_selu_params),
    .tiling = tiling,
    .ps_per_elem = {281, 147}, /* fp32, 16-bit at 64K on 1 thread: docs/dev/design-notes.md */
};
_Static_assert(sizeof(opsnn_selu_params) <= OPSNN_MAX_PARAM_BYTES, "params fit the desc");

/* How phase 2 blocks a pass: the one-dim elementwise tiling of SeluGrad
 * (ops/selu_grad/op_host.c), which splits a flat pass the same way for any
 * elementwise operator. The Selu host tiling (op_host.c) is reproduced for
 * NPU authors, not used here: the CPU's blocks stay those its timings were
 * taken with. */
static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out)
{
    (void)params;
    return opsnn_op_selu_backward.tiling(platform, dtype, numel, NULL, out);
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
    aclnnStatus rc = opsnn_check_not_null(api, 4, ptrs, names, NULL);
    const aclTensor *tensors[] = {self, out};
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_check_dtypes(api, &opsnn_op_selu, 2, tensors, names, opsnn_soc_current(),
                                opsnn_opp_current(), "");
    }
    char what[64];
    snprintf(what, sizeof what, "%s shape", self_name);
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_check_shape(api, "out", out, what, self->dims, self->ndim);
    }
    if (rc != ACLNN_SUCCESS) {
        return rc;
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

static aclnnStatus create(const opsnn_op_info *op, const aclTensor *self, const aclTensor *out,
                          uint64_t *workspaceSize, aclOpExecutor **executor)
{
    opsnn_op_desc desc = {
        .op = op,
        .compute_dtype = self->dtype,
        .inputs = {self},
        .output = out,
    };
    const opsnn_selu_params params = {OPSNN_SELU_SCALE, OPSNN_SELU_ALPHA};
    memcpy(desc.params, &params, sizeof params);
    return opsnn_executor_create(&desc, workspaceSize, executor);
}

aclnnStatus aclnnSeluGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                      uint64_t *workspaceSize, aclOpExecutor **executor)
{
    aclnnStatus rc = check_params(API, "self", self, out, workspaceSize, executor);
    return rc != ACLNN_SUCCESS ? rc : create(&opsnn_op_selu, self, out, workspaceSize, executor);
}

aclnnStatus aclnnInplaceSeluGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                             aclOpExecutor **executor)
{
    aclnnStatus rc = check_params(API_INPLACE, "selfRef", selfRef, selfRef, workspaceSize, executor);
    return rc != ACLNN_SUCCESS
               ? rc
               : create(&opsnn_op_inplace_selu, selfRef, selfRef, workspaceSize, executor);
}

aclnnStatus aclnnSelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                      aclrtStream stream)
{
    return opsnn_executor_run(&opsnn_op_selu, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceSelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                             aclrtStream stream)
{
    return opsnn_executor_run(&opsnn_op_inplace_selu, workspace, workspaceSize, executor, stream);
}
