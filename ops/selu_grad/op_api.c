/* aclnnSeluBackward: one dtype for all three tensors, one shape, any rank;
 * validation in the order of ops-nn's op_api
 * (activation/selu_grad/op_api/aclnn_selu_backward.cpp:79-88), then the
 * shared planner. */
#include "aclnnop/aclnn_selu_backward.h"

#include <string.h>

#include "common/error.h"
#include "common/soc.h"
#include "executor/executor.h"
#include "ops/check.h"
#include "ops/registry.h"
#include "tensor/dtype.h"

#define API "aclnnSeluBackward"

static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out);

/* The op_api's GetDtypeSupportList (:35-50): BF16 only for SocVersion
 * ASCEND910B..ASCEND910E, i.e. the 910B, 910_93 and 910_95 (Ascend950)
 * families; not on ASCEND910 or ASCEND310P. */
#define A2A3_SOCS (OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910B) | OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910_93))
#define BF16_SOCS (A2A3_SOCS | OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND950))
/* UINT8: only the experimental op_api of ops-nn, which 910B and 910_93 run
 * with the ops-nn package (experimental/activation/selu_grad/op_api/
 * aclnn_selu_backward.cpp:39-41, ASCEND910B_DTYPE_SUPPORT_LIST). */
#define UINT8_RULE {ACL_UINT8, A2A3_SOCS, OPSNN_OPP_BIT(OPSNN_OPP_OPSNN)}

const opsnn_op_info opsnn_op_selu_backward = {
    .api = API,
    .ninputs = 2,
    .operands = {"gradOutput", "result", "gradInput"},
    .dtypes = {{ACL_FLOAT, OPSNN_SOCS_ALL, 0}, {ACL_FLOAT16, OPSNN_SOCS_ALL, 0},
               {ACL_BF16, BF16_SOCS, 0}, {ACL_INT32, OPSNN_SOCS_ALL, 0},
               {ACL_INT8, OPSNN_SOCS_ALL, 0}, UINT8_RULE},
    .kernels = {OPSNN_KERNEL_SELU_BWD, OPSNN_KERNEL_SELU_BWD_EXP, OPSNN_KERNEL_SELU_BWD_TBE},
    .params_size = sizeof(opsnn_selu_bwd_params),
    .tiling = tiling,
    .ps_per_elem = {57, 57}, /* fp32, 16-bit at 64K on 1 thread: docs/dev/design-notes.md */
};
_Static_assert(sizeof(opsnn_selu_bwd_params) <= OPSNN_MAX_PARAM_BYTES, "params fit the desc");

/* The SeluGrad one-dim tiling (ops/selu_grad/op_host.c) of a flat pass. */
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

static aclnnStatus dtype_in_list(const char *name, const aclTensor *t, const opsnn_config *cfg)
{
    return opsnn_check_dtype(API, &opsnn_op_selu_backward, name, t->dtype, cfg->soc, cfg->opp,
                             cfg->opp == OPSNN_OPP_OPSNN ? " (ops-nn package)" : "");
}

static aclnnStatus dtype_matches(const char *name, const aclTensor *t, const aclTensor *gradOutput)
{
    if (t->dtype != gradOutput->dtype) {
        opsnn_error(API ": %s dtype must equal gradOutput dtype %s, got %s", name,
                    opsnn_dtype_name(gradOutput->dtype), opsnn_dtype_name(t->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* The dtype checks of the op_api the configuration runs. The main-line one
 * (aclnn_selu_backward.cpp:62-68) compares the dtypes before it checks
 * gradOutput's against the list; the experimental one (:63-70) checks all
 * three against the list first, then that result and gradInput match. */
static aclnnStatus check_dtypes(const aclTensor *gradOutput, const aclTensor *result,
                                const aclTensor *gradInput, const opsnn_config *cfg)
{
    const aclTensor *t[] = {gradOutput, result, gradInput};
    static const char *const names[] = {"gradOutput", "result", "gradInput"};
    aclnnStatus rc = ACLNN_SUCCESS;
    if (cfg->gen == OPSNN_GEN_EXPERIMENTAL) {
        for (int i = 0; i < 3 && rc == ACLNN_SUCCESS; i++) {
            rc = dtype_in_list(names[i], t[i], cfg);
        }
        for (int i = 1; i < 3 && rc == ACLNN_SUCCESS; i++) {
            rc = dtype_matches(names[i], t[i], gradOutput);
        }
        return rc;
    }
    for (int i = 1; i < 3 && rc == ACLNN_SUCCESS; i++) {
        rc = dtype_matches(names[i], t[i], gradOutput);
    }
    return rc == ACLNN_SUCCESS ? dtype_in_list("gradOutput", gradOutput, cfg) : rc;
}

static aclnnStatus check_params(const aclTensor *gradOutput, const aclTensor *result,
                                const aclTensor *gradInput, const uint64_t *workspaceSize,
                                aclOpExecutor *const *executor, opsnn_config *cfg)
{
    const void *ptrs[] = {gradOutput, result, gradInput, workspaceSize, executor};
    static const char *const names[] = {"gradOutput", "result", "gradInput", "workspaceSize", "executor"};
    aclnnStatus rc = opsnn_check_not_null(API, 5, ptrs, names, NULL);
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_config_get(cfg);
    }
    if (rc == ACLNN_SUCCESS) {
        rc = check_dtypes(gradOutput, result, gradInput, cfg);
    }
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    const aclTensor *others[] = {result, gradInput};
    for (int i = 0; i < 2 && rc == ACLNN_SUCCESS; i++) {
        rc = opsnn_check_shape(API, names[i + 1], others[i], "gradOutput shape", gradOutput->dims,
                               gradOutput->ndim);
    }
    return rc;
}

aclnnStatus aclnnSeluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *result,
                                              aclTensor *gradInput, uint64_t *workspaceSize,
                                              aclOpExecutor **executor)
{
    opsnn_config cfg;
    aclnnStatus rc = check_params(gradOutput, result, gradInput, workspaceSize, executor, &cfg);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    opsnn_op_desc desc = {
        .op = &opsnn_op_selu_backward,
        .compute_dtype = gradOutput->dtype,
        .config = cfg,
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
