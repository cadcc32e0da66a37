/* aclnnSelu / aclnnInplaceSelu: validation in the order of ops-nn's op_api
 * (activation/selu/op_api/aclnn_selu.cpp, CheckParams :78-87), then the
 * shared planner. Any rank: ops-nn flattens a rank above 8 to 1-D, which an
 * elementwise op does not notice. The kernel runs in self's dtype; the
 * executor casts to out's dtype and scatters into a strided out. */
#include "aclnnop/aclnn_selu.h"

#include <string.h>

#include "common/error.h"
#include "common/soc.h"
#include "executor/executor.h"
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
    /* the arch35 kernel on every configuration (docs/fidelity.md) */
    .kernels = {OPSNN_KERNEL_SELU, OPSNN_KERNEL_SELU, OPSNN_KERNEL_SELU},
    .params_size = sizeof(opsnn_selu_params),
    .tiling = tiling,
};

/* aclnnInplaceSelu: the same operator on one tensor (selfRef in, selfRef out). */
const opsnn_op_info opsnn_op_inplace_selu = {
    .api = API_INPLACE,
    .ninputs = 1,
    .operands = {"selfRef", "selfRef"},
    .dtypes = SELU_DTYPES,
    /* the arch35 kernel on every configuration (docs/fidelity.md) */
    .kernels = {OPSNN_KERNEL_SELU, OPSNN_KERNEL_SELU, OPSNN_KERNEL_SELU},
    .params_size = sizeof(opsnn_selu_params),
    .tiling = tiling,
};
_Static_assert(sizeof(opsnn_selu_params) <= OPSNN_MAX_PARAM_BYTES, "params fit the desc");

/* How phase 2 blocks a pass. libopsnn does not reproduce the Selu host
 * tiling (op_host/arch35/selu_tiling_arch35.cpp); the CPU uses the one-dim
 * elementwise tiling of SeluGrad (ops/selu_grad/op_host.c), which splits a
 * flat pass the same way for any elementwise operator. */
static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out)
{
    (void)params;
    return opsnn_op_selu_backward.tiling(platform, dtype, numel, NULL, out);
}

static int dtype_ok(aclDataType dt, const opsnn_soc_info *soc)
{
    return opsnn_op_dtype_ok(&opsnn_op_selu, dt, soc, opsnn_opp_current());
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
            char list[96];
            opsnn_error("%s: %s dtype must be %s on %s, got %s", api, names[i],
                        opsnn_op_dtype_list(&opsnn_op_selu, soc, opsnn_opp_current(), list, sizeof list), soc->name,
                        opsnn_dtype_name(tensors[i]->dtype));
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
