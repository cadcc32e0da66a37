/* Phase 2 proper: one fused elementwise pass, split into the blocks of the
 * reference tiling ("cpu" profile), the blocks shared out over the worker
 * pool of common/threads.c, each block walked in chunks of ubFormer elements. */
#include <inttypes.h>
#include <stdatomic.h>
#include <string.h>

#include "common/error.h"
#include "common/sysinfo.h"
#include "common/threads.h"
#include "executor/executor.h"
#include "executor/iter.h"
#include "tensor/dtype.h"

/* Below this many bytes of traffic per thread a thread team costs more than
 * it saves. Measured on the 2-vCPU development VM (docs/performance.md,
 * mid-size calls), with the pool's workers spinning between calls
 * (common/threads.c), best of 3 runs on a machine shared with other jobs:
 * at 64 KiB per thread 16K-element fp32 calls (192 KiB) ran up to 1.4x
 * faster on 2 threads when the second vCPU was free, but 32K-element 16-bit
 * calls (192 KiB, 2.4-3.8 us) fell to 0.93-0.95 of the 1-thread time when it
 * was busy (32 KiB per thread: 0.71 for a 1.3 us call), as publishing the
 * job then costs more than the helper saves; at 128 KiB per thread the worst
 * cell over 16K-256K elements was 0.98. (256 KiB before the workers spun: a
 * sleeping worker took longer to wake than such a call takes.) */
#define PARALLEL_MIN_BYTES_PER_THREAD ((int64_t)128 << 10)

/* Streaming (non-temporal) stores for the output only when the pass cannot
 * stay in the last-level cache anyway: more than half the LLC of traffic
 * (gradOutput + input + gradInput bytes). Below that, the inputs a previous
 * op just produced come from cache and the output stays there for the next
 * op to read, as with plain stores everywhere (libtorch); streaming would
 * send it to DRAM and make the consumer fetch it back. The other half of the
 * LLC is left to everything else the process and its neighbours keep there
 * (on AMD the L3 is a victim cache shared by the cores of a CCX).
 * Measured on the 2-vCPU EPYC guest (32 MiB L3 in sysfs), fp32
 * SoftshrinkBackward, best of 3 interleaved runs: at 12 MiB (1M elements)
 * plain stores 197 us (1 thread) / 108 us (2 threads) against 232 / 202 us
 * streamed; at 15 MiB 291 / 128 us against 265 / 252 us (1 thread: streamed 10 % faster); at 24 MiB
 * streamed wins by 1.4x (682 / 422 against 986 / 601 us). The L2 size,
 * the threshold before, streamed 768 KiB (64K fp32) calls that then lost to
 * libtorch. With no cache size known, 8 MiB. Atomic: the first phase 2 of
 * several threads may fill the cache at once. */
static int64_t nt_threshold_bytes(void)
{
    static _Atomic int64_t cached;
    int64_t v = atomic_load_explicit(&cached, memory_order_relaxed);
    if (v == 0) {
        int64_t llc = opsnn_llc_bytes();
        v = llc > 0 ? llc / 2 : (int64_t)8 << 20;
        atomic_store_explicit(&cached, v, memory_order_relaxed);
    }
    return v;
}

static void set_operand(opsnn_iter *it, int k, const aclTensor *t, const int64_t *strides)
{
    it->base[k] = (char *)t->data + t->offset * (int64_t)t->elem_size;
    it->dtype[k] = t->dtype;
    it->es[k] = (int64_t)t->elem_size;
    memcpy(it->strides[k], strides, (size_t)it->ndim * sizeof *strides);
}

static void set_contiguous(opsnn_iter *it, int k, void *base, aclDataType dt, int64_t es)
{
    int64_t s = 1;
    it->base[k] = base;
    it->dtype[k] = dt;
    it->es[k] = es;
    for (int d = it->ndim - 1; d >= 0; d--) {
        it->strides[k][d] = s;
        s *= it->shape[d];
    }
}

/* Each block of the reference tiling is shared out as up to this many work
 * items of whole chunks, so that when one thread is late (a busy CPU, another
 * library's spinning thread on its core) the others take over its work
 * instead of waiting for a whole block. */
#define ITEMS_PER_BLOCK 8

typedef struct {
    opsnn_blocking tiles;
    int threads;
    int64_t chunk; /* elements per iterator call (opsnn_iter_chunk) */
    int flat; /* opsnn_iter_flat: a work item is one iterator call */
    int64_t item; /* elements per work item: whole chunks, within one block */
    int64_t items_per_block;
} blocking;

/* Blocks and chunks from the reference tiling with the cpu profile, whose core
 * count is the number of threads the amount of work justifies. */
static blocking plan_blocks(const opsnn_executor *ex, int64_t numel, int64_t bytes_per_elem)
{
    int64_t threads = opsnn_get_num_threads();
    int64_t justified = numel * bytes_per_elem / PARALLEL_MIN_BYTES_PER_THREAD;
    threads = justified < threads ? justified : threads;
    threads = threads < 1 ? 1 : threads;
    opsnn_platform cpu = {"cpu", OPSNN_TILING_ARCH35, threads, OPSNN_CPU_UB_SIZE};
    blocking b = {{numel, 1, numel}, 1, 0, 0, 0, 0};
    if (threads == 1 && numel <= OPSNN_CPU_UB_SIZE / 64) {
        return b; /* one block, one chunk: what the tiling would say, without asking */
    }
    opsnn_blocking t;
    if (ex->desc.op->tiling(&cpu, ex->desc.compute_dtype, numel, ex->desc.params, &t) ==
        ACLNN_SUCCESS) {
        b.tiles = t;
    }
    b.threads = (int)threads;
    return b;
}

/* The work items of a pass: each block cut into at most ITEMS_PER_BLOCK
 * pieces of whole chunks (one piece when the pass runs on one thread). A
 * flat walk then runs each item as one call: on the 2-vCPU EPYC guest,
 * 16M-64M contiguous calls took 5-16 % less time than in chunks of ubFormer
 * (8960 elements for SoftshrinkBackward) in 13 of 16 interleaved A/B pairs,
 * most on 1 thread and in 16-bit dtypes (docs/performance.md). */
static void plan_items(blocking *b, const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt)
{
    int64_t former = b->tiles.block_former;
    b->chunk = opsnn_iter_chunk(it, b->tiles.ub_former);
    b->flat = opsnn_iter_flat(it, fn, cdt);
    int64_t chunks = former / b->chunk + (former % b->chunk != 0);
    int64_t per = (chunks + ITEMS_PER_BLOCK - 1) / ITEMS_PER_BLOCK;
    b->item = b->threads > 1 && per < chunks ? per * b->chunk : former;
    b->items_per_block = (former + b->item - 1) / b->item;
}

/* Work item i: part i % items_per_block of block i / items_per_block. */
static int run_item(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt,
                    const opsnn_kparams *params, const blocking *b, int64_t item,
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
    const blocking *b;
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

static void run_pass(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt,
                     const opsnn_kparams *params, const blocking *b, int64_t numel)
{
    blocking items = *b;
    plan_items(&items, it, fn, cdt);
    pass p = {it, fn, cdt, params, &items, numel, 0};
    opsnn_parallel_for(items.tiles.block_num * items.items_per_block, items.threads,
                       run_pass_item, &p);
    if (atomic_load(&p.failed)) { /* phase 1 admitted only convertible dtypes */
        opsnn_log(OPSNN_LOG_ERROR, "phase 2: an operand dtype has no conversion to or from %s: "
                  "output not computed", opsnn_dtype_name(cdt));
    }
}

void opsnn_executor_execute(const opsnn_executor *ex, void *temp)
{
    int64_t numel = ex->out.numel;
    if (numel == 0) {
        return;
    }
    opsnn_iter it;
    it.ndim = ex->ndim;
    it.noperands = 1 + ex->desc.op->ninputs;
    memcpy(it.shape, ex->shape, (size_t)ex->ndim * sizeof *it.shape);
    if (temp != NULL) {
        set_contiguous(&it, 0, temp, ex->out.dtype, (int64_t)ex->out.elem_size);
    } else {
        set_operand(&it, 0, &ex->out, ex->out.strides);
    }
    int64_t bytes_per_elem = (int64_t)ex->out.elem_size;
    for (int k = 0; k < ex->desc.op->ninputs; k++) {
        set_operand(&it, k + 1, &ex->in[k], ex->in_strides[k]);
        bytes_per_elem += (int64_t)ex->in[k].elem_size;
    }
    opsnn_iter_coalesce(&it);
    aclDataType cdt = ex->desc.compute_dtype;
    opsnn_kparams params = {ex->desc.op->params_size > 0 ? ex->desc.params : NULL, 0};
    params.nt_store = temp == NULL && numel * bytes_per_elem > nt_threshold_bytes();
    blocking b = plan_blocks(ex, numel, bytes_per_elem);
    opsnn_log(OPSNN_LOG_DEBUG, "%s: phase 2: %" PRId64 " elements in %" PRId64 " blocks of %" PRId64
              " (chunks of %" PRId64 ") on %d thread(s), kernel path %s", ex->desc.op->api, numel,
              b.tiles.block_num, b.tiles.block_former, b.tiles.ub_former, b.threads,
              opsnn_isa_name(opsnn_kernels_selected()));
    run_pass(&it, opsnn_ukernel_get(ex->desc.op->kernel, cdt), cdt, &params, &b, numel);
    if (temp == NULL) {
        return;
    }
    /* ViewCopy: scatter the temporary into the (overlapping) output view. */
    opsnn_iter vc;
    vc.ndim = ex->ndim;
    vc.noperands = 2;
    memcpy(vc.shape, ex->shape, (size_t)ex->ndim * sizeof *vc.shape);
    set_operand(&vc, 0, &ex->out, ex->out.strides);
    set_contiguous(&vc, 1, temp, ex->out.dtype, (int64_t)ex->out.elem_size);
    opsnn_iter_coalesce(&vc);
    opsnn_kparams copy_params = {NULL, 0};
    run_pass(&vc, opsnn_ukernel_get(OPSNN_KERNEL_COPY, ex->out.dtype), ex->out.dtype, &copy_params,
             &b, numel);
}
