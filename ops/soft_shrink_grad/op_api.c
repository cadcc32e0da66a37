/* aclnnSoftshrinkBackward: validation in the order of ops-nn's op_api
 * (activation/soft_shrink_grad/op_api/aclnn_softshrink_backward.cpp:92-112),
 * then the shared planner. */
#include "aclnnop/aclnn_softshrink_backward.h"

#include <string.h>

#include "common/error.h"
#include "common/soc.h"
#include "executor/executor.h"
#include "ops/check.h"
#include "ops/registry.h"
#include "tensor/dtype.h"

#define API "aclnnSoftshrinkBackward"
#define MAX_RANK 8

static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out);

/* The op_api's GetDtypeSupportList (:34-47): no BF16 on ASCEND910 and
 * ASCEND310P. */
#define BF16_SOCS \
    (OPSNN_SOCS_ALL & ~(OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910) | \
                        OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND310P)))

const opsnn_op_info opsnn_op_softshrink_backward = {
    .api = API,
    .ninputs = 2,
    .operands = {"gradOutput", "self", "gradInput"},
    .dtypes = {{ACL_FLOAT, OPSNN_SOCS_ALL, 0}, {ACL_FLOAT16, OPSNN_SOCS_ALL, 0},
               {ACL_BF16, BF16_SOCS, 0}},
    /* experimental and TBE compute the same (docs/fidelity.md) */
    .kernels = {OPSNN_KERNEL_SOFTSHRINK_BWD, OPSNN_KERNEL_SOFTSHRINK_BWD_LE,
                OPSNN_KERNEL_SOFTSHRINK_BWD_LE},
    .params_size = sizeof(opsnn_softshrink_bwd_params),
    .tiling = tiling,
    .ps_per_elem = {53, 40}, /* fp32, 16-bit at 64K on 1 thread: docs/dev/design-notes.md */
};
_Static_assert(sizeof(opsnn_softshrink_bwd_params) <= OPSNN_MAX_PARAM_BYTES, "params fit the desc");

/* The SoftShrinkGrad tiling (ops/soft_shrink_grad/op_host.c) of a flat pass. */
static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out)
{
    const opsnn_softshrink_bwd_params *p = params;
    opsnn_tiling_tensor flat = {dtype, 1, &numel};
    opsnn_softshrink_grad_tiling t;
    aclnnStatus rc =
        opsnn_softshrink_grad_tiling_compute(platform, &flat, &flat, &flat, p->lambda, &t);
    if (rc == ACLNN_SUCCESS) {
        out->block_former = t.data.blockFormer;
        out->block_num = t.data.blockNum;
        out->ub_former = t.data.ubFormer;
    }
    return rc;
}

static aclnnStatus check_params(const aclTensor *gradOutput, const aclTensor *self,
                                const aclScalar *lambda, const aclTensor *gradInput,
                                const uint64_t *workspaceSize, aclOpExecutor *const *executor,
                                int64_t *shape, int *ndim, opsnn_config *cfg)
{
    aclnnStatus rc = opsnn_config_get(cfg);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    /* The main-line op_api checks the tensors and lambda first; the
     * experimental one (op_host/op_api/aclnn_softshrink_backward.cpp:138,
     * OP_CHECK_COMM_INPUT) workspaceSize and executor first. */
    const void *ptrs[] = {gradOutput, self, lambda, gradInput, workspaceSize, executor};
    static const char *const names[] = {"gradOutput", "self", "lambda", "gradInput", "workspaceSize", "executor"};
    static const int mainline[] = {0, 1, 2, 3, 4, 5}, experimental[] = {4, 5, 0, 1, 2, 3};
    rc = opsnn_check_not_null(API, 6, ptrs, names,
                              cfg->gen == OPSNN_GEN_EXPERIMENTAL ? experimental : mainline);
    const aclTensor *tensors[] = {gradOutput, self, gradInput};
    static const char *const tnames[] = {"gradOutput", "self", "gradInput"};
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_check_dtypes(API, &opsnn_op_softshrink_backward, 3, tensors, tnames, cfg->soc,
                                cfg->opp, "");
    }
    for (int i = 0; i < 2 && rc == ACLNN_SUCCESS; i++) {
        rc = opsnn_check_rank(API, tnames[i], tensors[i], MAX_RANK);
    }
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_check_broadcast(API, "gradOutput", gradOutput, "self", self, shape, ndim);
    }
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_check_shape(API, "gradInput", gradInput, "the broadcast shape", shape, *ndim);
    }
    /* Like the op_api's `lambd->ToFloat() < 0.0f` (:105): the value as float32
     * is checked, so NaN passes, and so does a DOUBLE -1e-300 (it is -0.0f). */
    return rc == ACLNN_SUCCESS ? opsnn_check_scalar_nonneg(API, "lambda", lambda) : rc;
}

aclnnStatus aclnnSoftshrinkBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                    const aclTensor *self,
                                                    const aclScalar *lambda, aclTensor *gradInput,
                                                    uint64_t *workspaceSize,
                                                    aclOpExecutor **executor)
{
    int64_t shape[OPSNN_MAX_RANK];
    int ndim = 0;
    opsnn_config cfg;
    aclnnStatus rc = check_params(gradOutput, self, lambda, gradInput, workspaceSize, executor,
                                  shape, &ndim, &cfg);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    /* Equal dtypes run natively (the output is an exact copy of gradOutput or
     * +0); mixed dtypes compare in float32 and round the result once. */
    int same = gradOutput->dtype == self->dtype && self->dtype == gradInput->dtype;
    opsnn_op_desc desc = {
        .op = &opsnn_op_softshrink_backward,
        .compute_dtype = same ? gradOutput->dtype : ACL_FLOAT,
        .config = cfg,
        .inputs = {gradOutput, self},
        .output = gradInput,
    };
    const opsnn_softshrink_bwd_params params = {opsnn_scalar_to_float(lambda)};
    memcpy(desc.params, &params, sizeof params);
    return opsnn_executor_create(&desc, workspaceSize, executor);
}

aclnnStatus aclnnSoftshrinkBackward(void *workspace, uint64_t workspaceSize,
                                    aclOpExecutor *executor, const aclrtStream stream)
{
    return opsnn_executor_run(&opsnn_op_softshrink_backward, workspace, workspaceSize, executor,
                              stream);
}
