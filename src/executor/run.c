/* Phase 2 (docs/design.md): the run's checks, then the passes of the
 * executor's schedule (executor/plan.h), their operands bound to the current
 * addresses, each pass's work items shared out over the threads of
 * common/threads.h and walked as phase 1 planned them (executor/walk.h). */
#include <inttypes.h>
#include <stdatomic.h>

#include "common/alloc.h"
#include "common/error.h"
#include "common/fpenv.h"
#include "common/threads.h"
#include "executor/executor.h"
#include "executor/handle.h"
#include "executor/plan.h"
#include "executor/walk.h"
#include "runtime/stream.h"
#include "tensor/dtype.h"

/* What a run checks the executor against. */
typedef struct {
    const opsnn_op_info *op;
    const void *workspace;
    uint64_t workspaceSize;
    aclrtStream stream;
    uint64_t need; /* out: bytes of temporary to use */
} run_args;

/* Every check of phase 2 (under the registry's lock, opsnn_handle_take). */
static aclnnStatus check_run_locked(const opsnn_executor *ex, void *arg)
{
    run_args *a = arg;
    const opsnn_op_info *op = a->op;
    const void *workspace = a->workspace;
    uint64_t workspaceSize = a->workspaceSize;
    uint64_t *need = &a->need;
    const char *api = op->api;
    if (ex->desc.op != op) {
        opsnn_error("%s: executor must come from %sGetWorkspaceSize, got one from %sGetWorkspaceSize",
                    api, api, ex->desc.op->api);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!opsnn_stream_valid(a->stream)) {
        opsnn_error("%s: stream must be NULL or a live stream from aclrtCreateStream, got %p", api,
                    a->stream);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (workspaceSize < ex->workspace_size) {
        opsnn_error("%s: workspaceSize must be >= %" PRIu64 " (from phase 1), got %" PRIu64, api,
                    ex->workspace_size, workspaceSize);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (workspace == NULL && workspaceSize > 0) {
        opsnn_error("%s: workspace must not be NULL when workspaceSize > 0, got NULL with "
                    "workspaceSize %" PRIu64, api, workspaceSize);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* Phase 1's overlap answer holds until an address is rebound. */
    *need = ex->addr_changed ? opsnn_executor_temp_bytes(ex) : ex->workspace_size;
    if (*need > workspaceSize) {
        opsnn_error("%s: the addresses set since phase 1 make %s overlap an input, so "
                    "workspaceSize must be >= %" PRIu64 ", got %" PRIu64, api,
                    opsnn_operand_name(op, OPSNN_OPERAND_OUTPUT), *need, workspaceSize);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (*need > 0) {
        uintptr_t wlo = (uintptr_t)workspace, whi = wlo + (uintptr_t)*need;
        for (int k = -1; k < ex->desc.op->ninputs; k++) {
            const aclTensor *t = k < 0 ? &ex->out : &ex->in[k];
            if (opsnn_view_overlaps(t, wlo, whi)) {
                opsnn_error("%s: workspace must not overlap %s, got workspace %p (%" PRIu64
                            " bytes used) and %s at %p", api,
                            opsnn_operand_name(op, k < 0 ? OPSNN_OPERAND_OUTPUT : k), workspace,
                            *need, opsnn_operand_name(op, k < 0 ? OPSNN_OPERAND_OUTPUT : k),
                            t->data);
                return ACLNN_ERR_PARAM_INVALID;
            }
        }
    }
    return ACLNN_SUCCESS;
}



/* Work item i: part i % items_per_block of block i / items_per_block. */
static int run_item(const opsnn_walk *w, const opsnn_kparams *params, const opsnn_pass_blocks *b,
                    int64_t item, int64_t numel)
{
    int64_t block = item / b->items_per_block, part = item % b->items_per_block;
    int64_t bend = block * b->tiles.block_former + b->tiles.block_former;
    bend = bend < numel ? bend : numel;
    int64_t begin = block * b->tiles.block_former + part * b->item;
    int64_t end = bend - begin < b->item ? bend : begin + b->item;
    int64_t chunk = b->one_call ? end - begin : b->chunk;
    for (int64_t pos = begin; pos < end; pos += chunk) {
        int64_t stop = end - pos > chunk ? pos + chunk : end;
        if (opsnn_walk_run(w, params, pos, stop) != 0) {
            return -1;
        }
    }
    return 0;
}

typedef struct {
    const opsnn_walk *w;
    const opsnn_kparams *params;
    const opsnn_pass_blocks *b;
    int64_t numel;
    atomic_int failed;
} pass;

/* A work item; its streamed stores are fenced once at its end, before the
 * team's join tells the caller it is done (the kernels leave the fence to
 * it: OPSNN_NT_STREAM_UNFENCED). */
static void run_pass_item(void *arg, int64_t item)
{
    pass *p = arg;
    if (run_item(p->w, p->params, p->b, item, p->numel) != 0) {
        atomic_store(&p->failed, 1);
    }
    if (p->params->nt_store != OPSNN_NT_NONE) {
        opsnn_stream_fence();
    }
}

/* One pass of the schedule, its operands' bases bound from base[]. */
static void run_pass(opsnn_pass_plan *pl, char *const base[4], const unsigned char *src,
                     const void *op_params, int64_t numel)
{
    for (int k = 0; k < pl->w.it.noperands; k++) {
        pl->w.it.base[k] = base[src[k]];
    }
    opsnn_kparams params = {op_params, pl->nt_store ? OPSNN_NT_STREAM_UNFENCED : OPSNN_NT_NONE,
                            (size_t)numel};
    pass p = {&pl->w, &params, &pl->b, numel, 0};
    opsnn_parallel_for(pl->b.tiles.block_num * pl->b.items_per_block, pl->b.threads,
                       run_pass_item, &p);
    if (atomic_load(&p.failed)) { /* phase 1 admitted only convertible dtypes */
        opsnn_log(OPSNN_LOG_ERROR, "phase 2: an operand dtype has no conversion to or from %s: "
                  "output not computed", opsnn_dtype_name(pl->w.cdt));
    }
}

static char *element0(const aclTensor *t)
{
    return (char *)t->data + t->offset * (int64_t)t->elem_size;
}

static void execute(opsnn_executor *ex, void *temp)
{
    int64_t numel = ex->out.numel;
    if (numel == 0) {
        return;
    }
    opsnn_schedule *s = &ex->schedule;
    char *base[4] = {element0(&ex->out), NULL, NULL, temp};
    for (int k = 0; k < ex->desc.op->ninputs; k++) {
        base[OPSNN_BASE_IN0 + k] = element0(&ex->in[k]);
    }
    const void *op_params = ex->desc.op->params_size > 0 ? ex->desc.params : NULL;
    const opsnn_pass_plan *k = &s->pass[0];
    opsnn_log(OPSNN_LOG_DEBUG, "%s: phase 2: %" PRId64 " elements in %" PRId64 " blocks of %" PRId64
              " (chunks of %" PRId64 ") on %d thread(s), kernel path %s", ex->desc.op->api, numel,
              k->b.tiles.block_num, k->b.tiles.block_former, k->b.tiles.ub_former, k->b.threads,
              opsnn_isa_name(opsnn_kernels_selected()));
    for (int i = 0; i < s->npasses; i++) {
        run_pass(&s->pass[i], base, s->base_src[i], i == 0 ? op_params : NULL, numel);
    }
}

/* The fused pass (into `temp` when it is not NULL, followed by the ViewCopy
 * into the output), under the library's FP environment on this thread (the
 * workers set it for their blocks): no rounding mode or FTZ/DAZ the caller
 * set changes a bit. */
static void execute_in_fpenv(opsnn_executor *ex, void *temp)
{
    opsnn_fpenv saved;
    opsnn_fpenv_enter(&saved);
    execute(ex, temp);
    opsnn_fpenv_leave(&saved);
}

aclnnStatus opsnn_executor_run(const opsnn_op_info *op, void *workspace, uint64_t workspaceSize,
                               aclOpExecutor *executor, aclrtStream stream)
{
    /* Checks, then either claiming a single-use executor or copying a
     * repeatable one, all under the registry's lock. */
    opsnn_executor copy;
    run_args args = {op, workspace, workspaceSize, stream, 0};
    aclnnStatus rc;
    opsnn_executor *ex = opsnn_handle_take(op->api, executor, check_run_locked, &args, &copy, &rc);
    if (ex == NULL) {
        return rc;
    }
    uint64_t need = args.need;
    /* The schedule of phase 1 holds unless the thread setting, the kernel
     * path or (after a rebind) the need for the temporary changed since. */
    int replanned = !opsnn_schedule_current(&ex->schedule, need > 0);
    if (replanned) {
        opsnn_schedule_make(ex, need > 0, &ex->schedule);
    }
    execute_in_fpenv(ex, need > 0 ? workspace : NULL);
    if (ex != &copy) {
        opsnn_executor_free(ex);
    } else if (replanned) {
        opsnn_handle_keep_schedule(executor, &copy.schedule);
    }
    return ACLNN_SUCCESS;
}
