/* aclnnSoftshrink: validation in the order of ops-nn's op_api
 * (activation/softshrink/op_api/aclnn_softshrink.cpp: OP_CHECK_COMM_INPUT,
 * then CheckParams :105-116), then the shared planner. The kernel runs in
 * self's dtype; the executor casts to out's dtype (l0op::Cast) and scatters
 * into a strided out (ViewCopy). */
#include "aclnnop/aclnn_softshrink.h"

#include <string.h>

#include "common/error.h"
#include "common/soc.h"
#include "executor/executor.h"
#include "ops/check.h"
#include "ops/registry.h"
#include "tensor/dtype.h"

#define API "aclnnSoftshrink"
#define MAX_RANK 8

static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out);

/* DTYPE_SUPPORT_LIST and CheckSocVersionIsSupportBf16 (:29-37): BF16 only
 * for SocVersion ASCEND910B..ASCEND910E. */
#define BF16_SOCS                                                                            \
    (OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910B) | OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910_93) | \
     OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND950))

const opsnn_op_info opsnn_op_softshrink = {
    .api = API,
    .ninputs = 1,
    .operands = {"self", "out"},
    .dtypes = {{ACL_FLOAT, OPSNN_SOCS_ALL, 0}, {ACL_FLOAT16, OPSNN_SOCS_ALL, 0},
               {ACL_BF16, BF16_SOCS, 0}},
    /* arch35; ops-nn builds no Softshrink for the 910B, so arch35 there too;
     * the built-in TBE kernel (docs/fidelity.md) */
    .kernels = {OPSNN_KERNEL_SOFTSHRINK, OPSNN_KERNEL_SOFTSHRINK, OPSNN_KERNEL_SOFTSHRINK_TBE},
    .params_size = sizeof(opsnn_softshrink_params),
    .tiling = tiling,
    .ps_per_elem = {43, 75}, /* fp32, 16-bit at 64K on 1 thread: docs/dev/design-notes.md */
};
_Static_assert(sizeof(opsnn_softshrink_params) <= OPSNN_MAX_PARAM_BYTES, "params fit the desc");

/* How phase 2 blocks a pass: the one-dim elementwise blocking aclnnSelu uses
 * (lambd does not change it). The Softshrink host tiling (op_host.c) is
 * reproduced for NPU authors, not used here: the CPU's blocks stay those its
 * timings were taken with. */
static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out)
{
    (void)params;
    return opsnn_op_selu.tiling(platform, dtype, numel, NULL, out);
}

static aclnnStatus check_dtypes(const aclTensor *self, const aclTensor *out)
{
    const opsnn_soc_info *soc = opsnn_soc_current();
    /* CheckDtypeValid (:42-64): BF16 on either side is refused outside
     * ASCEND910B..ASCEND910E before the lists are checked. */
    if (!opsnn_op_dtype_ok(&opsnn_op_softshrink, ACL_BF16, soc, opsnn_opp_current()) &&
        (self->dtype == ACL_BF16 || out->dtype == ACL_BF16)) {
        opsnn_error(API ": BF16 is not supported on %s, got self dtype %s and out dtype %s",
                    soc->name, opsnn_dtype_name(self->dtype), opsnn_dtype_name(out->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* its lists are the same on every SoC once BF16 passed: a message without one */
    const aclTensor *tensors[] = {self, out};
    static const char *const names[] = {"self", "out"};
    for (int i = 0; i < 2; i++) {
        if (!opsnn_op_dtype_ok(&opsnn_op_softshrink, tensors[i]->dtype, soc, opsnn_opp_current())) {
            opsnn_error(API ": %s dtype must be FLOAT, FLOAT16 or BF16, got %s", names[i],
                        opsnn_dtype_name(tensors[i]->dtype));
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_params(const aclTensor *self, const aclScalar *lambd, const aclTensor *out,
                                const uint64_t *workspaceSize, aclOpExecutor *const *executor)
{
    const void *ptrs[] = {workspaceSize, executor, self, lambd, out};
    static const char *const names[] = {"workspaceSize", "executor", "self", "lambd", "out"};
    aclnnStatus rc = opsnn_check_not_null(API, 5, ptrs, names, NULL);
    if (rc == ACLNN_SUCCESS) {
        rc = check_dtypes(self, out);
    }
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_check_shape(API, "out", out, "self shape", self->dims, self->ndim);
    }
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_check_rank(API, "self", self, MAX_RANK);
    }
    /* `lambd->ToFloat() < 0.0f` (:92-101): NaN and a DOUBLE -1e-300 (-0.0f) pass. */
    return rc == ACLNN_SUCCESS ? opsnn_check_scalar_nonneg(API, "lambd", lambd) : rc;
}

aclnnStatus aclnnSoftshrinkGetWorkspaceSize(const aclTensor *self, const aclScalar *lambd,
                                            aclTensor *out, uint64_t *workspaceSize,
                                            aclOpExecutor **executor)
{
    aclnnStatus rc = check_params(self, lambd, out, workspaceSize, executor);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    opsnn_op_desc desc = {
        .op = &opsnn_op_softshrink,
        .compute_dtype = self->dtype,
        .inputs = {self},
        .output = out,
    };
    /* keep_nan: the TBE kernel's branch for chips without tik.vcopy */
    const opsnn_softshrink_params params = {opsnn_scalar_to_float(lambd),
                                            !opsnn_soc_has_vcopy(opsnn_soc_current())};
    memcpy(desc.params, &params, sizeof params);
    return opsnn_executor_create(&desc, workspaceSize, executor);
}

aclnnStatus aclnnSoftshrink(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                            aclrtStream stream)
{
    return opsnn_executor_run(&opsnn_op_softshrink, workspace, workspaceSize, executor, stream);
}
