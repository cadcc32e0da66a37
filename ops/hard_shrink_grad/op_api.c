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

#include "common/error.h"
#include "common/soc.h"
#include "executor/executor.h"
#include "op_host.h"
#include "tensor/dtype.h"

#define API "aclnnHardshrinkBackward"
#define MAX_RANK 8

static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out);

/* GetDtypeSupportList: BF16 on DAV_2201 (Ascend910B, Ascend910_93) and the
 * regbase arch (Ascend950); FLOAT and FLOAT16 only elsewhere. */
#define BF16_SOCS                                                                                  \
    (OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910B) | OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND910_93) |    \
     OPSNN_SOC_BIT(OPSNN_SOC_FAMILY_ASCEND950))

const opsnn_op_info opsnn_op_hardshrink_backward = {
    .api = API,
    .ninputs = 2,
    .operands = {"gradOutput", "self", "gradInput"},
    .dtypes = {{ACL_BF16, BF16_SOCS, 0}, {ACL_FLOAT, OPSNN_SOCS_ALL, 0},
               {ACL_FLOAT16, OPSNN_SOCS_ALL, 0}},
    /* one family; the generation's rule travels in the parameters */
    .kernels = {OPSNN_KERNEL_HARDSHRINK_BWD, OPSNN_KERNEL_HARDSHRINK_BWD,
                OPSNN_KERNEL_HARDSHRINK_BWD},
    .params_size = sizeof(opsnn_hardshrink_bwd_params),
    .tiling = tiling,
};
_Static_assert(sizeof(opsnn_hardshrink_bwd_params) <= OPSNN_MAX_PARAM_BYTES, "params fit the desc");

/* The HardShrinkGrad tiling (op_host.c) of a flat pass. */
static aclnnStatus tiling(const opsnn_platform *platform, aclDataType dtype, int64_t numel,
                          const void *params, opsnn_blocking *out)
{
    const opsnn_hardshrink_bwd_params *p = params;
    opsnn_tiling_tensor flat = {dtype, 1, &numel};
    opsnn_hardshrink_grad_tiling t;
    aclnnStatus rc = opsnn_hardshrink_grad_tiling_compute(platform, &flat, &flat, &flat, p->lambd, &t);
    if (rc == ACLNN_SUCCESS) {
        out->block_former = t.data.blockFactor;
        out->block_num = t.block_dim;
        out->ub_former = t.data.ubFactor;
    }
    return rc;
}

/* op::PromoteType of two accepted dtypes: equal ones stay, any other pair of
 * FLOAT, FLOAT16 and BF16 gives FLOAT. CanCast of the result to any of the
 * three holds, so neither of the op_api's promotion checks can fail here. */
static aclDataType promote(aclDataType a, aclDataType b)
{
    return a == b ? a : ACL_FLOAT;
}

static int64_t numel(const aclTensor *t)
{
    int64_t n = 1;
    for (int i = 0; i < t->ndim; i++) {
        n *= t->dims[i];
    }
    return n;
}

/* 0: go on; 1: an empty input (success, nothing to compute); else the error. */
static aclnnStatus check_params(const aclTensor *gradOutput, const aclTensor *self,
                                const aclScalar *lambd, const aclTensor *gradInput,
                                const uint64_t *workspaceSize, aclOpExecutor *const *executor,
                                opsnn_config *cfg, int *empty)
{
    const void *ptrs[] = {workspaceSize, executor, gradOutput, self, lambd, gradInput};
    static const char *const names[] = {"workspaceSize", "executor", "gradOutput", "self", "lambd",
                                        "gradInput"};
    for (int i = 0; i < 6; i++) {
        if (ptrs[i] == NULL) {
            opsnn_error(API ": %s must not be NULL, got NULL", names[i]);
            return ACLNN_ERR_PARAM_NULLPTR;
        }
    }
    aclnnStatus rc = opsnn_config_get(cfg);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    const aclTensor *tensors[] = {gradOutput, self, gradInput};
    static const char *const tnames[] = {"gradOutput", "self", "gradInput"};
    for (int i = 0; i < 3; i++) {
        if (!opsnn_op_dtype_ok(&opsnn_op_hardshrink_backward, tensors[i]->dtype, cfg->soc, cfg->opp)) {
            char list[96];
            opsnn_error(API ": %s dtype must be %s on %s, got %s", tnames[i],
                        opsnn_op_dtype_list(&opsnn_op_hardshrink_backward, cfg->soc, cfg->opp, list,
                                            sizeof list),
                        cfg->soc->name, opsnn_dtype_name(tensors[i]->dtype));
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    for (int i = 0; i < 3; i++) {
        if (tensors[i]->ndim > MAX_RANK) {
            opsnn_error(API ": %s rank must be <= %d, got %d", tnames[i], MAX_RANK, tensors[i]->ndim);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    *empty = numel(gradOutput) == 0 || numel(self) == 0;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_shapes(const aclTensor *gradOutput, const aclTensor *self,
                                const aclTensor *gradInput)
{
    int64_t shape[OPSNN_MAX_RANK];
    int ndim = 0;
    char a[256], b[256];
    if (opsnn_broadcast_shape(gradOutput, self, shape, &ndim) != 0) {
        opsnn_error(API ": gradOutput shape %s and self shape %s must be broadcastable, got "
                    "incompatible dims",
                    opsnn_format_shape(a, sizeof a, gradOutput->dims, gradOutput->ndim),
                    opsnn_format_shape(b, sizeof b, self->dims, self->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!opsnn_shape_equals(gradInput, shape, ndim)) {
        opsnn_error(API ": gradInput shape must equal the broadcast shape %s, got %s",
                    opsnn_format_shape(a, sizeof a, shape, ndim),
                    opsnn_format_shape(b, sizeof b, gradInput->dims, gradInput->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
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
        const aclTensor *e = numel(gradOutput) == 0 ? gradOutput : self;
        desc.inputs[0] = desc.inputs[1] = desc.output = e;
        desc.compute_dtype = e->dtype;
    }
    float l = opsnn_scalar_to_float(lambd);
    const opsnn_hardshrink_bwd_params params = {l < 0.0f ? 0.0f : l, rule_of(cfg.gen)};
    memcpy(desc.params, &params, sizeof params);
    return opsnn_executor_create(&desc, workspaceSize, executor);
}

aclnnStatus aclnnHardshrinkBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                    const aclrtStream stream)
{
    return opsnn_executor_run(&opsnn_op_hardshrink_backward, workspace, workspaceSize, executor,
                              stream);
}
