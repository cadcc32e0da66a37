/* Executor lifecycle (SPEC §5): creation at the end of phase 1, the shared
 * phase 2, repeatable executors and address rebinding. A registry of live
 * executors turns a stale or foreign executor into a status code. */
#include "executor/executor.h"

#include <inttypes.h>
#include <string.h>

#include "common/alloc.h"
#include "common/error.h"
#include "common/ptrset.h"
#include "runtime/stream.h"

static opsnn_ptrset live_executors = OPSNN_PTRSET_INIT;

int opsnn_executor_live(const aclOpExecutor *executor)
{
    return opsnn_ptrset_find(&live_executors, executor, NULL);
}

static void align_input(aclOpExecutor *ex, int k)
{
    const aclTensor *t = &ex->in[k];
    int lead = ex->ndim - t->ndim;
    for (int d = 0; d < ex->ndim; d++) {
        int dt = d - lead;
        int broadcast = dt < 0 || (t->dims[dt] == 1 && ex->shape[d] != 1);
        ex->in_strides[k][d] = broadcast ? 0 : t->strides[dt];
    }
}

aclnnStatus opsnn_executor_create(const opsnn_op_desc *desc, uint64_t *workspaceSize,
                                  aclOpExecutor **executor)
{
    int overlap = opsnn_tensor_self_overlaps(desc->output);
    if (overlap < 0) {
        opsnn_error("%s: out of memory checking gradInput for internal overlap", desc->api);
        return ACLNN_ERR_INNER;
    }
    if (overlap) {
        opsnn_error("%s: gradInput must not have internal overlap (two elements at one address), "
                    "got a view of %" PRId64 " elements with overlapping strides",
                    desc->api, desc->output->numel);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* Every field is written below; calloc's clearing of ~4 KiB would be a
     * large share of a tiny call. */
    aclOpExecutor *ex = opsnn_malloc(sizeof *ex);
    if (ex == NULL) {
        opsnn_error("%s: out of memory creating the executor", desc->api);
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    }
    ex->desc = *desc;
    ex->repeatable = 0;
    opsnn_tensor_copy_view(&ex->out, desc->output);
    ex->ndim = ex->out.ndim;
    memcpy(ex->shape, ex->out.dims, (size_t)ex->ndim * sizeof *ex->shape);
    for (int k = 0; k < desc->ninputs; k++) {
        opsnn_tensor_copy_view(&ex->in[k], desc->inputs[k]);
        ex->desc.inputs[k] = NULL;
        align_input(ex, k);
    }
    ex->desc.output = NULL;
    ex->workspace_size = opsnn_executor_temp_bytes(ex);
    ex->addr_changed = 0;
    if (opsnn_ptrset_insert(&live_executors, ex, 0) != 0) {
        opsnn_free(ex);
        opsnn_error("%s: out of memory registering the executor", desc->api);
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    }
    *workspaceSize = ex->workspace_size;
    *executor = ex;
    if (opsnn_log_enabled(OPSNN_LOG_DEBUG)) {
        char plan[512];
        opsnn_plan_dump(ex, plan, sizeof plan);
        opsnn_log(OPSNN_LOG_DEBUG, "%s: phase 1 built executor %p: %" PRId64 " elements, rank %d, "
                  "workspace %" PRIu64 " bytes; plan: %s", desc->api, (void *)ex, ex->out.numel,
                  ex->ndim, ex->workspace_size, plan);
    }
    return ACLNN_SUCCESS;
}

/* Byte range [lo, hi) a non-empty view touches. */
static void byte_range(const aclTensor *t, uintptr_t *lo, uintptr_t *hi)
{
    int64_t first, last;
    opsnn_tensor_extent(t, &first, &last);
    *lo = (uintptr_t)t->data + (uintptr_t)first * t->elem_size;
    *hi = (uintptr_t)t->data + (uintptr_t)(last + 1) * t->elem_size;
}

/* Exactly in place: every output element sits where the input element of the
 * same index is read, so the elementwise pass may write over it. */
static int same_layout(const aclOpExecutor *ex, int k)
{
    const aclTensor *in = &ex->in[k];
    if (in->data != ex->out.data || in->offset != ex->out.offset ||
        in->elem_size != ex->out.elem_size) {
        return 0;
    }
    for (int d = 0; d < ex->ndim; d++) {
        if (ex->shape[d] > 1 && ex->in_strides[k][d] != ex->out.strides[d]) {
            return 0;
        }
    }
    return 1;
}

uint64_t opsnn_executor_temp_bytes(const aclOpExecutor *ex)
{
    if (ex->out.numel == 0) {
        return 0;
    }
    uintptr_t olo, ohi;
    byte_range(&ex->out, &olo, &ohi);
    for (int k = 0; k < ex->desc.ninputs; k++) {
        if (ex->in[k].numel == 0 || same_layout(ex, k)) {
            continue;
        }
        uintptr_t ilo, ihi;
        byte_range(&ex->in[k], &ilo, &ihi);
        if (ilo < ohi && olo < ihi) {
            /* Round up so the temporary can start a 64-byte aligned workspace. */
            return ((uint64_t)ex->out.numel * ex->out.elem_size + 63u) & ~(uint64_t)63u;
        }
    }
    return 0;
}

static aclnnStatus not_live(const char *fn, const aclOpExecutor *executor)
{
    opsnn_error("%s: executor %p is not live (already run, destroyed, or never created)", fn,
                (const void *)executor);
    return ACLNN_ERR_PARAM_INVALID;
}

aclnnStatus opsnn_executor_check(const char *fn, const aclOpExecutor *executor)
{
    if (executor == NULL) {
        opsnn_error("%s: executor must not be NULL, got NULL", fn);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    return opsnn_executor_live(executor) ? ACLNN_SUCCESS : not_live(fn, executor);
}

aclnnStatus opsnn_executor_run(opsnn_op op, const char *api, void *workspace,
                               uint64_t workspaceSize, aclOpExecutor *executor,
                               aclrtStream stream)
{
    aclnnStatus rc = opsnn_executor_check(api, executor);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    if (executor->desc.op != op) {
        opsnn_error("%s: executor must come from %sGetWorkspaceSize, got one from %sGetWorkspaceSize",
                    api, api, executor->desc.api);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!opsnn_stream_valid(stream)) {
        opsnn_error("%s: stream must be NULL or a live stream from aclrtCreateStream, got %p", api,
                    stream);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (workspaceSize < executor->workspace_size) {
        opsnn_error("%s: workspaceSize must be >= %" PRIu64 " (from phase 1), got %" PRIu64, api,
                    executor->workspace_size, workspaceSize);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (workspace == NULL && workspaceSize > 0) {
        opsnn_error("%s: workspace must not be NULL when workspaceSize > 0, got NULL with "
                    "workspaceSize %" PRIu64, api, workspaceSize);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* Phase 1's overlap answer holds until an address is rebound. */
    uint64_t need = executor->addr_changed ? opsnn_executor_temp_bytes(executor)
                                           : executor->workspace_size;
    if (need > workspaceSize) {
        opsnn_error("%s: the addresses set since phase 1 make gradInput overlap an input, so "
                    "workspaceSize must be >= %" PRIu64 ", got %" PRIu64, api, need, workspaceSize);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* A single-use executor is claimed before it runs, so that of two threads
     * racing to run it, exactly one does. */
    if (!executor->repeatable && !opsnn_ptrset_remove(&live_executors, executor, NULL)) {
        return not_live(api, executor);
    }
    opsnn_executor_execute(executor, need > 0 ? workspace : NULL);
    if (!executor->repeatable) {
        opsnn_free(executor);
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor)
{
    aclnnStatus rc = opsnn_executor_check("aclSetAclOpExecutorRepeatable", executor);
    if (rc == ACLNN_SUCCESS) {
        executor->repeatable = 1;
    }
    return rc;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor)
{
    static const char fn[] = "aclDestroyAclOpExecutor";
    if (executor == NULL) {
        return opsnn_executor_check(fn, executor);
    }
    if (!opsnn_ptrset_remove(&live_executors, executor, NULL)) {
        return not_live(fn, executor);
    }
    opsnn_free(executor);
    return ACLNN_SUCCESS;
}

static aclnnStatus set_addr(const char *fn, aclOpExecutor *executor, size_t index, void *addr,
                            int output)
{
    aclnnStatus rc = opsnn_executor_check(fn, executor);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    size_t count = output ? 1 : (size_t)executor->desc.ninputs;
    if (index >= count) {
        opsnn_error("%s: index must be < %zu, got %zu", fn, count, index);
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclTensor *t = output ? &executor->out : &executor->in[index];
    if (addr == NULL && t->numel > 0) {
        opsnn_error("%s: addr must not be NULL for a non-empty tensor, got NULL", fn);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    t->data = addr;
    executor->addr_changed = 1;
    return ACLNN_SUCCESS;
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
