/* Phase 2's schedule, made in phase 1; see planner.h. The blocks follow the
 * reference tiling ("cpu" profile), shared out over the worker pool of
 * common/pool.c, each block walked in chunks of ubFormer elements. */
#include "executor/planner.h"

#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#include "common/checked.h"
#include "common/sysinfo.h"
#include "common/threads.h"
#include "executor/executor.h"

/* Below this many bytes of traffic per thread a thread team costs more than
 * it saves. Measured on the 2-vCPU development VM (docs/performance.md,
 * mid-size calls), with the pool's workers spinning between calls
 * (common/pool.c), best of 3 runs on a machine shared with other jobs:
 * at 64 KiB per thread 16K-element fp32 calls (192 KiB) ran up to 1.4x
 * faster on 2 threads when the second vCPU was free, but 32K-element 16-bit
 * calls (192 KiB, 2.4-3.8 us) fell to 0.93-0.95 of the 1-thread time when it
 * was busy (32 KiB per thread: 0.71 for a 1.3 us call), as publishing the
 * job then costs more than the helper saves; at 128 KiB per thread the worst
 * cell over 16K-256K elements was 0.98. (256 KiB before the workers spun: a
 * sleeping worker took longer to wake than such a call takes.) */
#define PARALLEL_MIN_BYTES_PER_THREAD ((int64_t)128 << 10)

/* Each block of the reference tiling is shared out as up to this many work
 * items of whole chunks, so that when one thread is late (a busy CPU, another
 * library's spinning thread on its core) the others take over its work
 * instead of waiting for a whole block. */
#define ITEMS_PER_BLOCK 8

/* Per thread: a shared counter would be a locked add on every phase 1. */
static _Thread_local long long schedules_made;

long long opsnn_test_schedules_made(void)
{
    return schedules_made;
}

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
 * libtorch. With no cache size known, 8 MiB. Atomic: the first phase 1 of
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

static void set_layout(opsnn_iter *it, int k, const aclTensor *t, const int64_t *strides)
{
    it->base[k] = NULL;
    it->dtype[k] = t->dtype;
    it->es[k] = (int64_t)t->elem_size;
    memcpy(it->strides[k], strides, (size_t)it->ndim * sizeof *strides);
}

static void set_contiguous(opsnn_iter *it, int k, aclDataType dt, int64_t es)
{
    int64_t s = 1;
    it->base[k] = NULL;
    it->dtype[k] = dt;
    it->es[k] = es;
    for (int d = it->ndim - 1; d >= 0; d--) {
        it->strides[k][d] = s;
        s *= it->shape[d];
    }
}

/* Blocks and chunks from the reference tiling with the cpu profile, whose core
 * count is the number of threads the amount of work justifies. */
static opsnn_pass_blocks plan_blocks(const opsnn_executor *ex, int64_t threads, int64_t numel,
                                     int64_t traffic)
{
    int64_t justified = traffic / PARALLEL_MIN_BYTES_PER_THREAD;
    threads = justified < threads ? justified : threads;
    threads = threads < 1 ? 1 : threads;
    opsnn_platform cpu = {"cpu", OPSNN_TILING_ARCH35, threads, OPSNN_CPU_UB_SIZE};
    opsnn_pass_blocks b = {{numel, 1, numel}, 1, 0, 0, 0, 0};
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
static void plan_items(opsnn_pass_blocks *b, const opsnn_iter *it, opsnn_ukernel_fn fn,
                       aclDataType cdt)
{
    int64_t former = b->tiles.block_former;
    b->chunk = opsnn_iter_chunk(it, b->tiles.ub_former);
    b->flat = opsnn_iter_flat(it, fn, cdt);
    int64_t chunks = former / b->chunk + (former % b->chunk != 0);
    int64_t per = chunks / ITEMS_PER_BLOCK + (chunks % ITEMS_PER_BLOCK != 0);
    b->item = b->threads > 1 && per < chunks ? per * b->chunk : former;
    b->items_per_block = former / b->item + (former % b->item != 0); /* no overflow at INT64_MAX */
}

static void start_pass(opsnn_pass_plan *p, const opsnn_executor *ex, int noperands)
{
    p->it.ndim = ex->ndim;
    p->it.noperands = noperands;
    memcpy(p->it.shape, ex->shape, (size_t)ex->ndim * sizeof *p->it.shape);
}

void opsnn_schedule_make(const opsnn_executor *ex, int into_temp, opsnn_schedule *s)
{
    schedules_made++;
    s->threads_setting = opsnn_get_num_threads();
    s->isa = opsnn_kernels_selected();
    s->into_temp = into_temp;
    int64_t numel = ex->out.numel;
    s->npasses = numel == 0 ? 0 : into_temp ? 2 : 1;
    if (numel == 0) {
        return;
    }
    /* the kernel pass: output (or the temporary), then the inputs */
    opsnn_pass_plan *k = &s->pass[0];
    int ninputs = ex->desc.op->ninputs;
    start_pass(k, ex, 1 + ninputs);
    if (into_temp) {
        set_contiguous(&k->it, 0, ex->out.dtype, (int64_t)ex->out.elem_size);
    } else {
        set_layout(&k->it, 0, &ex->out, ex->out.strides);
    }
    s->base_src[0][0] = into_temp ? OPSNN_BASE_TEMP : OPSNN_BASE_OUT;
    int64_t bytes_per_elem = (int64_t)ex->out.elem_size;
    for (int i = 0; i < ninputs; i++) {
        set_layout(&k->it, i + 1, &ex->in[i], ex->in_strides[i]);
        s->base_src[0][i + 1] = (unsigned char)(OPSNN_BASE_IN0 + i);
        bytes_per_elem += (int64_t)ex->in[i].elem_size;
    }
    opsnn_iter_coalesce(&k->it);
    k->cdt = ex->desc.compute_dtype;
    k->fn = opsnn_ukernel_get(ex->desc.kernel, k->cdt);
    /* bytes the pass moves; a view too large to run (phase 2 refuses it or
     * never gets its memory) still gets a schedule */
    int64_t traffic;
    if (opsnn_mul_i64(numel, bytes_per_elem, &traffic)) {
        traffic = INT64_MAX;
    }
    k->nt_store = !into_temp && traffic > nt_threshold_bytes();
    k->b = plan_blocks(ex, s->threads_setting, numel, traffic);
    opsnn_pass_blocks blocks = k->b;
    plan_items(&k->b, &k->it, k->fn, k->cdt);
    if (!into_temp) {
        return;
    }
    /* ViewCopy: the temporary scattered into the (overlapping) output view,
     * on the kernel pass's blocks */
    opsnn_pass_plan *v = &s->pass[1];
    start_pass(v, ex, 2);
    set_layout(&v->it, 0, &ex->out, ex->out.strides);
    set_contiguous(&v->it, 1, ex->out.dtype, (int64_t)ex->out.elem_size);
    s->base_src[1][0] = OPSNN_BASE_OUT;
    s->base_src[1][1] = OPSNN_BASE_TEMP;
    opsnn_iter_coalesce(&v->it);
    v->cdt = ex->out.dtype;
    v->fn = opsnn_ukernel_get(OPSNN_KERNEL_COPY, v->cdt);
    v->nt_store = 0;
    v->b = blocks;
    plan_items(&v->b, &v->it, v->fn, v->cdt);
}

void opsnn_schedule_copy(opsnn_schedule *dst, const opsnn_schedule *src)
{
    size_t head = offsetof(opsnn_schedule, pass);
    memcpy(dst, src, head);
    memcpy(dst->pass, src->pass, (size_t)src->npasses * sizeof src->pass[0]);
    memcpy(dst->base_src, src->base_src, sizeof dst->base_src);
}

int opsnn_schedule_current(const opsnn_schedule *s, int into_temp)
{
    return s->into_temp == into_temp && s->threads_setting == opsnn_get_num_threads() &&
           s->isa == opsnn_kernels_selected();
}
