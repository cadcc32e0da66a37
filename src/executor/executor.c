/* Executor lifecycle (docs/design.md): creation at the end of phase 1,
 * repeatable executors and address rebinding. The registry of handles is
 * handle.c's, phase 1's decisions plan.c's, phase 2 run.c's. */
#include "executor/executor.h"

#include <inttypes.h>
#include <string.h>

#include "common/alloc.h"
#include "common/error.h"
#include "executor/handle.h"
#include "executor/plan.h"

/* CANN's aclrtMalloc returns aligned memory; a user pointer that is not a
 * multiple of the element size would make the kernels load misaligned values. */
static int misaligned(const char *fn, const opsnn_op_info *op, int operand, const void *addr, size_t elem_size)
{
    /* the sizes are powers of two: a mask, not a 64-bit division (about 14
     * cycles each, three per call) */
    uintptr_t rest = (elem_size & (elem_size - 1)) == 0 ? (uintptr_t)addr & (elem_size - 1)
                                                        : (uintptr_t)addr % elem_size;
    if (addr == NULL || elem_size <= 1 || rest == 0) {
        return 0;
    }
    opsnn_error("%s: %s data address must be a multiple of its element size %zu, got %p", fn,
                opsnn_operand_name(op, operand), elem_size, addr);
    return 1;
}

/* Most calls make an executor and free it in the same call: the block is
 * kept for the next one (8-element calls 15-20 % faster than with a malloc
 * and free of its ~6 KiB each time, docs/dev/performance-history.md). */
static opsnn_block_cache executor_blocks;

void opsnn_executor_free(opsnn_executor *ex)
{
    opsnn_free_cached(&executor_blocks, ex);
}

#if defined(__GNUC__)
__attribute__((destructor)) static void executors_at_unload(void)
{
    opsnn_block_cache_drain(&executor_blocks);
}
#endif

aclnnStatus opsnn_executor_create(const opsnn_op_desc *desc, uint64_t *workspaceSize,
                                  aclOpExecutor **executor)
{
    for (int k = 0; k < desc->op->ninputs; k++) {
        if (misaligned(desc->op->api, desc->op, k, desc->inputs[k]->data, desc->inputs[k]->elem_size)) {
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    if (misaligned(desc->op->api, desc->op, OPSNN_OPERAND_OUTPUT, desc->output->data,
                   desc->output->elem_size)) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    int overlap = opsnn_tensor_self_overlaps(desc->output);
    if (overlap < 0) {
        opsnn_error("%s: out of memory checking %s for internal overlap", desc->op->api,
                    opsnn_operand_name(desc->op, OPSNN_OPERAND_OUTPUT));
        return ACLNN_ERR_INNER;
    }
    if (overlap) {
        opsnn_error("%s: %s must not have internal overlap (two elements at one address), "
                    "got a view of %" PRId64 " elements with overlapping strides",
                    desc->op->api, opsnn_operand_name(desc->op, OPSNN_OPERAND_OUTPUT),
                    desc->output->numel);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* Every field is written below; calloc's clearing of ~4 KiB would be a
     * large share of a tiny call. */
    opsnn_executor *ex = opsnn_malloc_cached(&executor_blocks, sizeof *ex);
    if (ex == NULL) {
        opsnn_error("%s: out of memory creating the executor", desc->op->api);
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    }
    ex->desc = *desc;
    if (ex->desc.config.soc == NULL) { /* an operator whose checks do not depend on it */
        aclnnStatus rc = opsnn_config_get(&ex->desc.config);
        if (rc != ACLNN_SUCCESS) {
            opsnn_executor_free(ex);
            return rc;
        }
    }
    if (ex->desc.config.gen == OPSNN_GEN_NONE) {
        opsnn_error("%s: the %s operator package has no kernel of this operator for %s", desc->op->api,
                    opsnn_opp_name(ex->desc.config.opp), ex->desc.config.soc->name);
        opsnn_executor_free(ex);
        return ACLNN_ERR_PARAM_INVALID;
    }
    ex->repeatable = 0;
    opsnn_plan_executor(ex);
    aclOpExecutor *handle = opsnn_handle_register(ex);
    if (handle == NULL) {
        opsnn_executor_free(ex);
        opsnn_error("%s: out of memory registering the executor", desc->op->api);
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    }
    *workspaceSize = ex->workspace_size;
    *executor = handle;
    if (opsnn_log_enabled(OPSNN_LOG_DEBUG)) {
        char plan[512];
        opsnn_plan_dump(handle, plan, sizeof plan);
        opsnn_log(OPSNN_LOG_DEBUG, "%s: phase 1 built executor %p: %" PRId64 " elements, rank %d, "
                  "workspace %" PRIu64 " bytes; plan: %s", desc->op->api, (void *)handle, ex->out.numel,
                  ex->ndim, ex->workspace_size, plan);
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus make_repeatable(opsnn_executor *ex, void *unused)
{
    (void)unused;
    ex->repeatable = 1;
    return ACLNN_SUCCESS;
}

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor)
{
    return opsnn_handle_update("aclSetAclOpExecutorRepeatable", executor, make_repeatable, NULL);
}

/* What a rebind sets: which operand, to what address, reported as fn. */
typedef struct {
    const char *fn;
    size_t index;
    void *addr;
    int output;
} rebind;

static aclnnStatus set_addr_locked(opsnn_executor *ex, void *arg)
{
    const rebind *r = arg;
    size_t count = r->output ? 1 : (size_t)ex->desc.op->ninputs;
    aclTensor *t = r->index < count ? (r->output ? &ex->out : &ex->in[r->index]) : NULL;
    if (t == NULL) {
        opsnn_error("%s: index must be < %zu, got %zu", r->fn, count, r->index);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (r->addr == NULL && t->numel > 0) {
        opsnn_error("%s: addr must not be NULL for a non-empty tensor, got NULL", r->fn);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (misaligned(r->fn, ex->desc.op, r->output ? OPSNN_OPERAND_OUTPUT : (int)r->index, r->addr,
                   t->elem_size)) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    t->data = r->addr;
    ex->addr_changed = 1;
    return ACLNN_SUCCESS;
}

static aclnnStatus set_addr(const char *fn, aclOpExecutor *executor, size_t index, void *addr,
                            int output)
{
    rebind r = {fn, index, addr, output};
    return opsnn_handle_update(fn, executor, set_addr_locked, &r);
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                  void *addr)
{
    (void)tensor; /* the planned view is kept; only its base address changes */
    return set_addr("aclSetInputTensorAddr", executor, index, addr, 0);
}

aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                   void *addr)
{
    (void)tensor;
    return set_addr("aclSetOutputTensorAddr", executor, index, addr, 1);
}
