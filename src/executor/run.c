/* Phase 2 proper: the passes of the executor's schedule (executor/planner.h),
 * their operands bound to the current addresses, each pass's work items
 * shared out over the worker pool of common/pool.c. */
#include <inttypes.h>
#include <stdatomic.h>

#include "common/error.h"
#include "common/fpenv.h"
#include "common/threads.h"
#include "executor/executor.h"
#include "executor/iter.h"
#include "executor/planner.h"
#include "tensor/dtype.h"

/* Work item i: part i % items_per_block of block i / items_per_block. */
static int run_item(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt,
                    const opsnn_kparams *params, const opsnn_pass_blocks *b, int64_t item,
                    int64_t numel)
{
    int64_t block = item / b->items_per_block, part = item % b->items_per_block;
    int64_t bend = block * b->tiles.block_former + b->tiles.block_former;
    bend = bend < numel ? bend : numel;
    int64_t begin = block * b->tiles.block_former + part * b->item;
    int64_t end = bend - begin < b->item ? bend : begin + b->item;
    int64_t chunk = b->flat ? end - begin : b->chunk;
    for (int64_t pos = begin; pos < end; pos += chunk) {
        int64_t stop = end - pos > chunk ? pos + chunk : end;
        if (opsnn_iter_run(it, fn, cdt, params, pos, stop) != 0) {
            return -1;
        }
    }
    return 0;
}

typedef struct {
    const opsnn_iter *it;
    opsnn_ukernel_fn fn;
    aclDataType cdt;
    const opsnn_kparams *params;
    const opsnn_pass_blocks *b;
    int64_t numel;
    atomic_int failed;
} pass;

static void run_pass_item(void *arg, int64_t item)
{
    pass *p = arg;
    if (run_item(p->it, p->fn, p->cdt, p->params, p->b, item, p->numel) != 0) {
        atomic_store(&p->failed, 1);
    }
}

/* One pass of the schedule, its operands' bases bound from base[]. */
static void run_pass(opsnn_pass_plan *pl, char *const base[4], const unsigned char *src,
                     const void *op_params, int64_t numel)
{
    for (int k = 0; k < pl->it.noperands; k++) {
        pl->it.base[k] = base[src[k]];
    }
    opsnn_kparams params = {op_params, pl->nt_store};
    pass p = {&pl->it, pl->fn, pl->cdt, &params, &pl->b, numel, 0};
    opsnn_parallel_for(pl->b.tiles.block_num * pl->b.items_per_block, pl->b.threads,
                       run_pass_item, &p);
    if (atomic_load(&p.failed)) { /* phase 1 admitted only convertible dtypes */
        opsnn_log(OPSNN_LOG_ERROR, "phase 2: an operand dtype has no conversion to or from %s: "
                  "output not computed", opsnn_dtype_name(pl->cdt));
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

/* Under the library's FP environment on this thread (the workers set it for
 * their blocks): no rounding mode or FTZ/DAZ the caller set changes a bit. */
void opsnn_executor_execute(opsnn_executor *ex, void *temp)
{
    opsnn_fpenv saved;
    opsnn_fpenv_enter(&saved);
    execute(ex, temp);
    opsnn_fpenv_leave(&saved);
}
