/* aclnnHardshrinkBackward: validation in the order of ops-nn's op_api
 * (activation/hard_shrink_grad/op_api/aclnn_hardshrink_backward.cpp,
 * aclnnHardshrinkBackwardGetWorkspaceSize), then the shared planner.
 * The op_api's steps: workspaceSize and executor (OP_CHECK_COMM_INPUT), the
 * four operands, each tensor's dtype against the SoC's list, each tensor's
 * rank, the promoted dtype; an empty gradOutput or self returns at once;
 * then the broadcast of gradOutput with self and gradInput's shape. lambd is
 * read as float32, a negative value replaced by 0 (no error). */
#include "aclnnop/aclnn_hardshrink_backward.h"

#include <string.h>

#include "common/soc.h"
#include "executor/executor.h"
#include "ops/check.h"
#include "ops/registry.h"
#include "opsnn/tiling.h"

#define API "aclnnHardshrinkBackward"
#define MAX_RANK 8

/* How the CPU executor blocks a flat pass of n elements: the HardShrinkGrad
 * tiling of op_host.c on the executor's platform. */
static aclnnStatus blocking_of(const opsnn_platform *platform, aclDataType dtype, int64_t n,
                               const void *params, opsnn_blocking *out)
{
    const opsnn_hardshrink_bwd_params *p = params;
    opsnn_tiling_tensor flat = {dtype, 1, &n};
    opsnn_hardshrink_grad_tiling t;
    aclnnStatus rc = opsnn_hardshrink_grad_tiling_compute(platform, &flat, &flat, &flat, p->lambd, &t);
    if (rc == ACLNN_SUCCESS) {
        *out = (opsnn_blocking){t.data.blockFactor, t.block_dim, t.data.ubFactor};
    }
    return rc;
}

const opsnn_op_info opsnn_op_hardshrink_backward = {
    .api = API,
    .ninputs = 2,
    .operands = {"gradOutput", "self", "gradInput"},
    /* GetDtypeSupportList, in its order: BF16 on DAV_2201 (Ascend910B,
     * Ascend910_93) and the regbase arch (Ascend950) only */
    .dtypes = {{ACL_BF16,
                OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910B) |
                    OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910_93) |
                    OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND950),
                0},
               {ACL_FLOAT, OPSNN_SOCS_ALL, 0},
               {ACL_FLOAT16, OPSNN_SOCS_ALL, 0}},
    /* one family for every generation: the rule travels in the parameters */
    .kernels = {OPSNN_KERNEL_HARDSHRINK_BWD, OPSNN_KERNEL_HARDSHRINK_BWD,
                OPSNN_KERNEL_HARDSHRINK_BWD},
    .params_size = sizeof(opsnn_hardshrink_bwd_params),
    .tiling = blocking_of,
    .ps_per_elem = {53, 28}, /* fp32, 16-bit at 64K on 1 thread: docs/dev/design-notes.md */
};
_Static_assert(sizeof(opsnn_hardshrink_bwd_params) <= OPSNN_MAX_PARAM_BYTES, "params fit the desc");

/* op::PromoteType of two accepted dtypes: equal ones stay, any other pair of
 * FLOAT, FLOAT16 and BF16 gives FLOAT. CanCast of the result to any of the
 * three holds, so neither of the op_api's promotion checks can fail here. */
static aclDataType promote(aclDataType a, aclDataType b)
{
    return a == b ? a : ACL_FLOAT;
}

/* The op_api's checks up to the empty-tensor return; *empty set when
 * gradOutput or self has no element. */
static aclnnStatus check_params(const aclTensor *gradOutput, const aclTensor *self,
                                const aclScalar *lambd, const aclTensor *gradInput,
                                const uint64_t *workspaceSize, aclOpExecutor *const *executor,
                                opsnn_config *cfg, int *empty)
{
    /* OP_CHECK_COMM_INPUT first, then CheckNotNull */
    const void *ptrs[] = {workspaceSize, executor, gradOutput, self, lambd, gradInput};
    static const char *const names[] = {"workspaceSize", "executor", "gradOutput", "self", "lambd",
                                        "gradInput"};
    aclnnStatus rc = opsnn_check_not_null(API, 6, ptrs, names, NULL);
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_config_get(cfg);
    }
    const aclTensor *tensors[] = {gradOutput, self, gradInput};
    static const char *const tnames[] = {"gradOutput", "self", "gradInput"};
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_check_dtypes(API, &opsnn_op_hardshrink_backward, 3, tensors, tnames, cfg->soc,
                                cfg->opp, "");
    }
    for (int i = 0; i < 3 && rc == ACLNN_SUCCESS; i++) { /* CheckShape: all three */
        rc = opsnn_check_rank(API, tnames[i], tensors[i], MAX_RANK);
    }
    if (rc == ACLNN_SUCCESS) {
        *empty = gradOutput->numel == 0 || self->numel == 0;
    }
    return rc;
}

/* CheckShapeBroadcast, after the empty-tensor return. */
static aclnnStatus check_shapes(const aclTensor *gradOutput, const aclTensor *self,
                                const aclTensor *gradInput)
{
    int64_t shape[OPSNN_MAX_RANK];
    int ndim = 0;
    aclnnStatus rc = opsnn_check_broadcast(API, "gradOutput", gradOutput, "self", self, shape, &ndim);
    return rc == ACLNN_SUCCESS
               ? opsnn_check_shape(API, "gradInput", gradInput, "the broadcast shape", shape, ndim)
               : rc;
}

static int32_t rule_of(opsnn_kernel_gen gen)
{
    return gen == OPSNN_GEN_EXPERIMENTAL ? OPSNN_HARDSHRINK_BWD_GT
         : gen == OPSNN_GEN_TBE          ? OPSNN_HARDSHRINK_BWD_MUL
                                         : OPSNN_HARDSHRINK_BWD_SELECT;
}

aclnnStatus aclnnHardshrinkBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                    const aclTensor *self, const aclScalar *lambd,
                                                    aclTensor *gradInput, uint64_t *workspaceSize,
                                                    aclOpExecutor **executor)
{
    opsnn_config cfg;
    int empty = 0;
    aclnnStatus rc = check_params(gradOutput, self, lambd, gradInput, workspaceSize, executor, &cfg,
                                  &empty);
    if (rc == ACLNN_SUCCESS && !empty) {
        rc = check_shapes(gradOutput, self, gradInput);
    }
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    opsnn_op_desc desc = {
        .op = &opsnn_op_hardshrink_backward,
        .compute_dtype = promote(gradOutput->dtype, self->dtype),
        .config = cfg,
        .inputs = {gradOutput, self},
        .output = gradInput,
    };
    /* An empty input: the op_api returns before the shape checks and writes
     * nothing. The executor gets the empty input for every operand. */
    if (empty) {
        const aclTensor *e = gradOutput->numel == 0 ? gradOutput : self;
        desc.inputs[0] = desc.inputs[1] = desc.output = e;
        desc.compute_dtype = e->dtype;
    }
    float l = opsnn_scalar_to_float(lambd);
    const opsnn_hardshrink_bwd_params params =
        opsnn_hardshrink_bwd_params_make(l < 0.0f ? 0.0f : l, rule_of(cfg.gen));
    memcpy(desc.params, &params, sizeof params);
    return opsnn_executor_create(&desc, workspaceSize, executor);
}

aclnnStatus aclnnHardshrinkBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                    const aclrtStream stream)
{
    return opsnn_executor_run(&opsnn_op_hardshrink_backward, workspace, workspaceSize, executor,
                              stream);
}
