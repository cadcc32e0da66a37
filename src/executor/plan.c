/* Phase 1's decisions (executor/plan.h): the operands aligned to the output
 * shape, the temporary an overlapping output needs, each pass's walk
 * (coalescing, which walk, the kernel and its variants, the panel) and
 * phase 2's schedule. The blocks follow the reference tiling ("cpu"
 * profile), shared out over the worker pool of common/pool.c, each block
 * walked in chunks of ubFormer elements. */
#include "executor/plan.h"

#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#include "common/checked.h"
#include "common/sysinfo.h"
#include "common/threads.h"
#include "executor/executor.h"
#include "tensor/dtype.h"

/* ---- Shapes and operands -------------------------------------------------- */

int opsnn_broadcast_shape(const aclTensor *a, const aclTensor *b, int64_t *shape, int *ndim)
{
    int n = a->ndim > b->ndim ? a->ndim : b->ndim;
    for (int d = 0; d < n; d++) {
        int da = d - (n - a->ndim), db = d - (n - b->ndim);
        int64_t x = da >= 0 ? a->dims[da] : 1;
        int64_t y = db >= 0 ? b->dims[db] : 1;
        if (x != y && x != 1 && y != 1) {
            return -1;
        }
        shape[d] = x == 1 ? y : x;
    }
    *ndim = n;
    return 0;
}

int opsnn_shape_equals(const aclTensor *t, const int64_t *shape, int ndim)
{
    if (t->ndim != ndim) {
        return 0;
    }
    for (int d = 0; d < ndim; d++) {
        if (t->dims[d] != shape[d]) {
            return 0;
        }
    }
    return 1;
}

static void align_input(opsnn_executor *ex, int k)
{
    const aclTensor *t = &ex->in[k];
    int lead = ex->ndim - t->ndim;
    for (int d = 0; d < ex->ndim; d++) {
        int dt = d - lead;
        int broadcast = dt < 0 || (t->dims[dt] == 1 && ex->shape[d] != 1);
        ex->in_strides[k][d] = broadcast ? 0 : t->strides[dt];
    }
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
static int same_layout(const opsnn_executor *ex, int k)
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

/* Some input is the output itself (InplaceSelu, or an out-of-place call
 * given the same tensor as an input and its output). Such a pass never
 * streams: each line it writes was just read into the cache, and a streamed
 * store over a cached line costs more than the plain store's write-back
 * (2-vCPU Xeon guest, InplaceSelu fp16/bf16 at 64M elements: 0.74x the
 * time with plain stores on 2 threads, 0.84-0.87x on 1). */
static int in_place(const opsnn_executor *ex)
{
    for (int k = 0; k < ex->desc.op->ninputs; k++) {
        if (same_layout(ex, k)) {
            return 1;
        }
    }
    return 0;
}

int opsnn_view_overlaps(const aclTensor *t, uintptr_t wlo, uintptr_t whi)
{
    if (t->numel == 0) {
        return 0;
    }
    uintptr_t lo, hi;
    byte_range(t, &lo, &hi);
    return lo < whi && wlo < hi;
}

uint64_t opsnn_executor_temp_bytes(const opsnn_executor *ex)
{
    if (ex->out.numel == 0) {
        return 0;
    }
    uintptr_t olo, ohi;
    byte_range(&ex->out, &olo, &ohi);
    for (int k = 0; k < ex->desc.op->ninputs; k++) {
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

/* ---- One walk ------------------------------------------------------------- */

/* Order dims so the output's strides decrease outwards (TensorIterator's
 * rule): a transposed output is then walked in memory order and the gathers
 * move to the inputs. Ties keep the inputs' order. Elementwise results do not
 * depend on the order of the walk. */
static void sort_by_output_strides(opsnn_iter *it)
{
    for (int i = 1; i < it->ndim; i++) {
        for (int j = i; j > 0; j--) {
            int64_t outer = it->strides[0][j - 1], inner = it->strides[0][j];
            if (outer >= inner) {
                break;
            }
            int64_t t = it->shape[j];
            it->shape[j] = it->shape[j - 1];
            it->shape[j - 1] = t;
            for (int k = 0; k < it->noperands; k++) {
                t = it->strides[k][j];
                it->strides[k][j] = it->strides[k][j - 1];
                it->strides[k][j - 1] = t;
            }
        }
    }
}

static void move_dim(opsnn_iter *it, int to, int from)
{
    it->shape[to] = it->shape[from];
    for (int k = 0; k < it->noperands; k++) {
        it->strides[k][to] = it->strides[k][from];
    }
}

static void drop_unit_dims(opsnn_iter *it)
{
    int out = 0;
    for (int d = 0; d < it->ndim; d++) {
        if (it->shape[d] != 1) {
            move_dim(it, out++, d);
        }
    }
    it->ndim = out;
}

void opsnn_iter_coalesce(opsnn_iter *it)
{
    drop_unit_dims(it);
    sort_by_output_strides(it);
    int out = 0;
    for (int d = 0; d < it->ndim; d++) {
        if (out > 0) {
            int mergeable = 1;
            for (int k = 0; k < it->noperands; k++) {
                int64_t span; /* a huge view's span may not fit: then it is no merge */
                mergeable &= !opsnn_mul_i64(it->strides[k][d], it->shape[d], &span) &&
                             it->strides[k][out - 1] == span;
            }
            if (mergeable) {
                it->shape[out - 1] *= it->shape[d];
                for (int k = 0; k < it->noperands; k++) {
                    it->strides[k][out - 1] = it->strides[k][d];
                }
                continue;
            }
        }
        move_dim(it, out++, d);
    }
    it->ndim = out;
}

/* The input that gets panels (a second transposed input is rare and takes
 * the row path), or 0 when none does (executor/walk.h, "Transposed inputs"). */
static int panel_input(const opsnn_iter *it)
{
    if (it->ndim < 2) {
        return 0;
    }
    for (int k = 1; k < it->noperands; k++) {
        int64_t inner = it->strides[k][it->ndim - 1], outer = it->strides[k][it->ndim - 2];
        if (inner > 1 && outer > 0 && outer * it->es[k] < 64) {
            return k;
        }
    }
    return 0;
}

/* Rows per strip: OPSNN_WALK_STRIP_BYTES of the source. */
static int64_t strip_rows(const opsnn_iter *it, int pk)
{
    int64_t r = OPSNN_WALK_STRIP_BYTES / it->es[pk];
    return r < OPSNN_WALK_PANEL_MAX_ROWS ? r : OPSNN_WALK_PANEL_MAX_ROWS;
}

int64_t opsnn_iter_chunk(const opsnn_iter *it, int64_t ub_elems)
{
    if (panel_input(it) == 0) {
        return ub_elems;
    }
    /* whole row blocks, at least one (a chunk that cuts one only costs speed) */
    int64_t len = it->shape[it->ndim - 1];
    if (len > INT64_MAX / OPSNN_WALK_BLOCK_ROWS) {
        return ub_elems;
    }
    int64_t block = OPSNN_WALK_BLOCK_ROWS * len;
    int64_t chunk = ub_elems > block ? ub_elems : block;
    return chunk / block * block;
}

/* Columns per panel for input pk computed in cdt: OPSNN_WALK_PANEL_MAX_COLS, fewer
 * when cdt is wider than the input (the panel's bytes stay the same), and
 * no more than the row. */
static int64_t panel_cols(const opsnn_iter *it, int pk, aclDataType cdt)
{
    int64_t cols = OPSNN_WALK_PANEL_MAX_COLS * it->es[pk] / (int64_t)opsnn_dtype_size(cdt);
    int64_t n = it->shape[it->ndim - 1];
    return n < cols ? n : cols;
}

int opsnn_iter_one_call(const opsnn_iter *it)
{
    return panel_input(it) == 0;
}

/* The variant of fn for these operand dtypes, or NULL. */
static opsnn_ukernel_fn mixed_variant(int noperands, const aclDataType dtype[OPSNN_ITER_OPERANDS],
                                      opsnn_ukernel_fn fn)
{
    if (noperands != 3) {
        return NULL;
    }
    return opsnn_ukernel_mixed(fn, dtype[1], dtype[2], dtype[0]);
}

/* 1 when every operand can be moved between its dtype and the compute dtype
 * (a zero-length copy answers without touching memory; a same-dtype copy
 * always works), 0 otherwise. The planner admits only convertible dtypes,
 * so 0 means a broken invariant: the walk then writes nothing and fails. */
static int convertible(const opsnn_iter *it, aclDataType cdt)
{
    unsigned char a[4] = {0}, b[4] = {0};
    for (int k = 0; k < it->noperands; k++) {
        aclDataType to = k == 0 ? it->dtype[0] : cdt, from = k == 0 ? cdt : it->dtype[k];
        if (to != from && opsnn_copy_convert(a, to, 1, b, from, 1, 0) != 0) {
            return 0;
        }
    }
    return 1;
}

/* The kernels of w for its operands with those of `in_cdt` (bit k: operand
 * k) read in cdt. */
static opsnn_walk_kernels kernels_for(const opsnn_walk *w, unsigned in_cdt)
{
    aclDataType dt[OPSNN_ITER_OPERANDS];
    for (int k = 0; k < OPSNN_ITER_OPERANDS; k++) {
        dt[k] = (in_cdt & (1u << k)) != 0 ? w->cdt : w->it.dtype[k];
    }
    opsnn_walk_kernels ks = w->k;
    ks.mixed = mixed_variant(w->it.noperands, dt, ks.fn);
    return ks;
}

void opsnn_walk_make(opsnn_walk *w, opsnn_ukernel_fn fn, aclDataType cdt)
{
    const opsnn_iter *it = &w->it;
    int nd = it->ndim;
    w->cdt = cdt;
    w->convertible = convertible(it, cdt);
    /* made in a local and stored whole into each copy: a copy of w->k read
     * back right after its fields were stored would wait for them (the
     * 16-byte loads cannot forward from two 8-byte stores) */
    opsnn_walk_kernels ks;
    ks.fn = fn;
    /* a b that is one value along the rows: the kernel's variant for it */
    ks.scalar_b = nd >= 1 && it->noperands == 3 && it->strides[2][nd - 1] == 0
                      ? opsnn_ukernel_scalar_b(fn)
                      : NULL;
    ks.mixed = mixed_variant(it->noperands, it->dtype, fn);
    w->k = ks;
    /* full rows: of a transposed input gathered in panels */
    int pk = panel_input(it);
    w->panel_input = pk;
    w->strip_rows = 0;
    w->panel_cols = 0;
    w->panel_bytes = 0;
    w->panel_k = ks;
    w->panel_prefetch = 1; /* the schedule decides by the bytes moved */
    w->panel_stream = 0;    /* and whether the column walk runs */
    if (pk != 0) {
        size_t cs = opsnn_dtype_size(cdt);
        w->strip_rows = strip_rows(it, pk);
        w->panel_cols = panel_cols(it, pk, cdt);
        w->panel_bytes = (size_t)(w->strip_rows * (w->panel_cols + OPSNN_WALK_PANEL_PAD)) * cs;
        w->panel_k = kernels_for(w, 1u << pk);
    }
    /* or back to back, each [cols] input in another dtype converted once
     * into a buffer: a tile on the stack, or for a longer row half the
     * thread's panel */
    w->rows_converted = 0;
    if (nd >= 2) {
        int64_t n = it->shape[nd - 1];
        int64_t cs = (int64_t)opsnn_dtype_size(cdt);
        size_t half = OPSNN_WALK_PANEL_MIN_BYTES / 2 / 64 * 64;
        for (int k = 1; k < it->noperands; k++) {
            if (it->strides[k][nd - 1] == 1 && it->strides[k][nd - 2] == 0 &&
                it->dtype[k] != cdt && (n <= OPSNN_WALK_TILE || (size_t)(n * cs) <= half)) {
                w->rows_converted |= 1u << k;
            }
        }
    }
    w->rows_k = w->rows_converted != 0 ? kernels_for(w, w->rows_converted) : ks;
}

/* ---- The schedule ---------------------------------------------------------- */

/* Below this much estimated work per thread (the call's elements times its
 * operator's cost per element, opsnn_op_info.ps_per_elem) a thread team
 * costs more than it saves: a second thread pays from about 2.5 us of
 * one-thread work. Measured on the 2-vCPU EPYC (Zen 5) guest, OpenMP
 * backend, best of five runs (the mid-size table of the 0614bd9 edition of
 * docs/performance.md; docs/dev/performance-history.md has both rules): calls
 * of 1.6-1.9 us on one thread ran in 0.87-0.91 of that time on two (the
 * team's start and end, 0.35-0.6 us), calls of 2.6-2.8 us in 0.92-0.95.
 * The rule before it, one thread per 128 KiB of traffic, knew nothing of
 * the work per byte: it put 256-384 KiB calls of the cheapest operators
 * (1.6-1.9 us) on two threads and 16K-32K-element Selu calls (4.8-12.5 us,
 * 64-128 KiB) on one. */
#define PARALLEL_MIN_PS_PER_THREAD ((int64_t)1250 * 1000)

/* The estimated one-thread work of numel output elements that move
 * `traffic` bytes (each operand once), in picoseconds. The cost per element
 * was measured with every operand in the output's dtype and unbroadcast,
 * so it is scaled by the bytes moved against what such a call moves, the
 * output's bytes counted twice: a call this small works in the caches,
 * where a written line is read for ownership and later written back. So a
 * broadcast input read once (bcast-row, bcast-col) makes a call cheaper,
 * 3/4 of the unbroadcast call for two inputs, and a float32 self beside
 * 16-bit gradients dearer (5/4). Counted once, the output put a 64K-element
 * fp32 SoftshrinkBackward with a [rows, 1] self at 2/3 of the contiguous
 * call (2.3 us, under a second thread's 2.5): on the 2-vCPU Xeon guest it
 * took 6.0-6.7 us on one thread and 4.9-5.1 on two, 0.94-0.98 of the
 * contiguous call's one-thread time (on the Zen 5 guest of the 0614bd9
 * edition 0.76: 2.6 us on one thread, 2.8-3.4 on two). */
static int64_t per_elem_ps(const opsnn_executor *ex)
{
    return ex->desc.op->ps_per_elem[ex->out.elem_size == 2 ? 1 : 0];
}

static int64_t work_ps(const opsnn_executor *ex, int64_t numel, int64_t traffic)
{
    double per = (double)per_elem_ps(ex);
    double out = (double)numel * (double)ex->out.elem_size;
    double full = out * (1 + ex->desc.op->ninputs) + out;
    double ps = (double)numel * per * (((double)traffic + out) / (full > 0 ? full : 1.0));
    return ps < 9.0e18 ? (int64_t)ps : INT64_MAX;
}

/* Each block of the reference tiling is shared out as up to this many work
 * items of whole chunks, so that when one thread is late (a busy CPU, another
 * library's spinning thread on its core) the others take over its work
 * instead of waiting for a whole block; but into no item of less than
 * ITEM_MIN_PS of estimated work: each item is a claim on a counter the team
 * shares and a walk of its own. On the 2-vCPU Xeon guest (OpenMP, 2
 * threads, 3 alternating runs, best each) 64K-128K-element backward calls
 * ran 5-10 % faster in 2 items per block than in 8 (and 64K in 1 item
 * about as fast as in 2), while 1M-element calls kept their 8 items. */
#define ITEMS_PER_BLOCK 8
#define ITEM_MIN_PS PARALLEL_MIN_PS_PER_THREAD

/* Per thread: a shared counter would be a locked add on every phase 1. The
 * initial-exec model reads it at a fixed offset from the thread pointer, where
 * the default model for a shared library calls __tls_get_addr on every phase
 * 1 (8-element calls took 2 % less time, docs/dev/performance-history.md);
 * glibc keeps room for a dlopen()ed library's 8 bytes of it. */
#if defined(__GNUC__)
#define OPSNN_TLS_FIXED __attribute__((tls_model("initial-exec")))
#else
#define OPSNN_TLS_FIXED
#endif
static _Thread_local long long schedules_made OPSNN_TLS_FIXED;

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
 * libtorch. The LLC counts at most 72 MiB per CPU sharing it
 * (opsnn_llc_usable_bytes): a 2-vCPU Xeon guest shown its host's 480 MiB
 * kept 16M calls on plain stores, at 0.58-0.9 of the bound against 0.91-1.0
 * streamed; its crossover was at 64-72 MiB of traffic. With no cache size
 * known, 8 MiB. Atomic: the first phase 1 of
 * several threads may fill the cache at once. */
static int64_t nt_threshold_bytes(void)
{
    static _Atomic int64_t cached;
    int64_t v = atomic_load_explicit(&cached, memory_order_relaxed);
    if (v == 0) {
        int sharers;
        int64_t llc = opsnn_llc_bytes(&sharers);
        llc = opsnn_llc_usable_bytes(llc, sharers);
        v = llc > 0 ? llc / 2 : (int64_t)8 << 20;
        atomic_store_explicit(&cached, v, memory_order_relaxed);
    }
    return v;
}

/* Whether a transposed input's gather prefetches the next columns' lines:
 * when the pass moves more than the usable LLC (twice the streaming
 * threshold), so that its source cannot still be in the cache from an
 * earlier call. Measured on the 2-vCPU EPYC guest (AVX2, SoftshrinkBackward,
 * 4 interleaved rounds, best each): without the prefetches 64K-4M-element
 * calls whose source stays in the 32 MiB L3 ran 3-14 % faster (fp16 at 4M,
 * 24 MiB moved, 7-13 %), while fp32 at 4M (48 MiB) ran 12 % slower and
 * 16M-element calls 6-13 % slower. */
static int panel_prefetch(int64_t traffic)
{
    return traffic / 2 > nt_threshold_bytes(); /* traffic may be INT64_MAX */
}

static atomic_int columns_forced = -1;

void opsnn_walk_columns_force(int mode)
{
    atomic_store_explicit(&columns_forced, mode < 0 ? -1 : mode != 0, memory_order_relaxed);
}

int opsnn_walk_columns_pay(void)
{
    int forced = atomic_load_explicit(&columns_forced, memory_order_relaxed);
    return forced >= 0 ? forced : opsnn_cpu_vendor() == OPSNN_CPU_VENDOR_INTEL;
}

void opsnn_walk_plan_columns(opsnn_walk *w)
{
    const opsnn_iter *it = &w->it;
    int nd = it->ndim;
    int64_t es = it->es[0];
    if (w->panel_input != 1 || it->noperands != 2 || nd < 2 || it->dtype[0] != w->cdt ||
        it->dtype[1] != w->cdt || es != 4 ||
        it->shape[nd - 1] % OPSNN_WALK_COLUMNS != 0 || it->strides[0][nd - 1] != 1 ||
        it->strides[1][nd - 2] != 1 || it->strides[0][nd - 2] % (64 / es) != 0 ||
        opsnn_lines_nt_get() == NULL || opsnn_panel16_get((size_t)es) == NULL ||
        !opsnn_walk_columns_pay()) {
        return;
    }
    size_t blocks = (size_t)(2 * OPSNN_WALK_COLUMN_BLOCK_ROWS * OPSNN_WALK_COLUMNS * es);
    w->panel_bytes = w->panel_bytes > blocks ? w->panel_bytes : blocks;
    w->panel_stream = 1;
}

static void set_layout(opsnn_iter *it, int k, const aclTensor *t, const int64_t *strides)
{
    it->base[k] = NULL;
    it->dtype[k] = t->dtype;
    it->es[k] = (int64_t)t->elem_size;
    opsnn_copy_dims(it->strides[k], strides, it->ndim);
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
    opsnn_pass_blocks b = {{numel, 1, numel}, 1, 0, 0, 0, 0, 0};
    int64_t most = per_elem_ps(ex) * 8; /* 8: above work_ps's largest bytes ratio */
    if (numel <= OPSNN_CPU_UB_SIZE / 64 && numel * most < 2 * PARALLEL_MIN_PS_PER_THREAD) {
        /* one thread without the estimate's floating point (a tiny call's
         * time), one block, one chunk: what the tiling would say */
        return b;
    }
    int64_t work = work_ps(ex, numel, traffic);
    int64_t justified = work / PARALLEL_MIN_PS_PER_THREAD;
    threads = justified < threads ? justified : threads;
    threads = threads < 1 ? 1 : threads;
    opsnn_platform cpu = {"cpu", OPSNN_TILING_ARCH35, threads, OPSNN_CPU_UB_SIZE};
    if (threads == 1 && numel <= OPSNN_CPU_UB_SIZE / 64) {
        return b; /* one block, one chunk: what the tiling would say, without asking */
    }
    opsnn_blocking t;
    if (ex->desc.op->tiling(&cpu, ex->desc.compute_dtype, numel, ex->desc.params, &t) ==
        ACLNN_SUCCESS) {
        b.tiles = t;
    }
    b.threads = (int)threads;
    double share = numel > 0 ? (double)b.tiles.block_former / (double)numel : 1.0;
    double block = (double)work * (share < 1.0 ? share : 1.0);
    b.block_ps = block < 9.0e18 ? (int64_t)block : INT64_MAX;
    return b;
}

/* The work items of a pass: each block cut into at most ITEMS_PER_BLOCK
 * pieces of whole chunks (one piece when the pass runs on one thread). A
 * walk without panels then runs each item as one call: on the 2-vCPU EPYC
 * guest, 16M-64M contiguous calls took 5-16 % less time than in chunks of
 * ubFormer (8960 elements for SoftshrinkBackward) in 13 of 16 interleaved
 * A/B pairs, most on 1 thread and in 16-bit dtypes; a broadcast call cut
 * into such chunks is cut mid-row too, and each piece of a row is a kernel
 * call of its own with its own plan and fence (4096 x 4096 16-bit
 * SoftshrinkBackward with a [cols] self, 1 thread: 3.4 ms chunked, as slow
 * as the contiguous call, on the 2-vCPU Xeon guest). */
static void plan_items(opsnn_pass_blocks *b, const opsnn_walk *w)
{
    int64_t former = b->tiles.block_former;
    b->chunk = opsnn_iter_chunk(&w->it, b->tiles.ub_former);
    b->one_call = opsnn_iter_one_call(&w->it);
    if (w->panel_stream) { /* the column walk's streams span the block */
        b->chunk = former;
        b->one_call = 1;
    }
    if (b->threads <= 1 || w->panel_stream) {
        b->item = former; /* what the arithmetic below gives, without its divisions */
        b->items_per_block = 1;
        return;
    }
    int64_t chunks = former / b->chunk + (former % b->chunk != 0);
    int64_t cap = b->block_ps / ITEM_MIN_PS;
    cap = cap < 1 ? 1 : cap < ITEMS_PER_BLOCK ? cap : ITEMS_PER_BLOCK;
    int64_t per = chunks / cap + (chunks % cap != 0);
    b->item = per < chunks ? per * b->chunk : former;
    b->items_per_block = former / b->item + (former % b->item != 0); /* no overflow at INT64_MAX */
}

/* acc plus the bytes of t's elements, INT64_MAX when that overflows: a view
 * too large to run (phase 2 refuses it or never gets its memory) still gets
 * a schedule. */
static int64_t add_bytes(int64_t acc, const aclTensor *t)
{
    int64_t bytes;
    if (opsnn_mul_i64(t->numel, (int64_t)t->elem_size, &bytes) ||
        opsnn_add_i64(acc, bytes, &acc)) {
        return INT64_MAX;
    }
    return acc;
}

static void start_walk(opsnn_iter *it, const opsnn_executor *ex, int noperands)
{
    it->ndim = ex->ndim;
    it->noperands = noperands;
    opsnn_copy_dims(it->shape, ex->shape, ex->ndim);
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
    opsnn_iter *it = &k->w.it;
    start_walk(it, ex, 1 + ninputs);
    if (into_temp) {
        set_contiguous(it, 0, ex->out.dtype, (int64_t)ex->out.elem_size);
    } else {
        set_layout(it, 0, &ex->out, ex->out.strides);
    }
    s->base_src[0][0] = into_temp ? OPSNN_BASE_TEMP : OPSNN_BASE_OUT;
    /* bytes the pass moves: the output and each input once (a broadcast
     * input is read from memory once, then from cache) */
    int64_t traffic = add_bytes(0, &ex->out);
    /* (i < OPSNN_MAX_INPUTS always; said for gcc's -Wstringop-overflow) */
    for (int i = 0; i < ninputs && i < OPSNN_MAX_INPUTS; i++) {
        set_layout(it, i + 1, &ex->in[i], ex->in_strides[i]);
        s->base_src[0][i + 1] = (unsigned char)(OPSNN_BASE_IN0 + i);
        traffic = add_bytes(traffic, &ex->in[i]);
    }
    opsnn_iter_coalesce(it);
    aclDataType cdt = ex->desc.compute_dtype;
    opsnn_walk_make(&k->w, opsnn_ukernel_get(ex->desc.kernel, cdt), cdt);
    k->traffic = traffic;
    k->nt_store = !into_temp && !in_place(ex) && traffic > nt_threshold_bytes();
    k->w.panel_prefetch = panel_prefetch(traffic);
    if (k->nt_store) {
        opsnn_walk_plan_columns(&k->w);
    }
    k->b = plan_blocks(ex, s->threads_setting, numel, traffic);
    opsnn_pass_blocks blocks = k->b;
    plan_items(&k->b, &k->w);
    if (!into_temp) {
        return;
    }
    /* ViewCopy: the temporary scattered into the (overlapping) output view,
     * on the kernel pass's blocks */
    opsnn_pass_plan *v = &s->pass[1];
    it = &v->w.it;
    start_walk(it, ex, 2);
    set_layout(it, 0, &ex->out, ex->out.strides);
    set_contiguous(it, 1, ex->out.dtype, (int64_t)ex->out.elem_size);
    s->base_src[1][0] = OPSNN_BASE_OUT;
    s->base_src[1][1] = OPSNN_BASE_TEMP;
    opsnn_iter_coalesce(it);
    aclDataType odt = ex->out.dtype;
    opsnn_walk_make(&v->w, opsnn_ukernel_get(OPSNN_KERNEL_COPY, odt), odt);
    v->nt_store = 0;
    v->traffic = add_bytes(add_bytes(0, &ex->out), &ex->out); /* the temporary, then the view */
    v->w.panel_prefetch = panel_prefetch(v->traffic);
    v->b = blocks;
    plan_items(&v->b, &v->w);
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

/* ---- An executor's phase 1 ------------------------------------------------- */

void opsnn_plan_executor(opsnn_executor *ex)
{
    ex->desc.kernel = ex->desc.op->kernels[ex->desc.config.gen];
    opsnn_tensor_copy_view(&ex->out, ex->desc.output);
    ex->ndim = ex->out.ndim;
    opsnn_copy_dims(ex->shape, ex->out.dims, ex->ndim);
    for (int k = 0; k < ex->desc.op->ninputs; k++) {
        opsnn_tensor_copy_view(&ex->in[k], ex->desc.inputs[k]);
        ex->desc.inputs[k] = NULL;
        align_input(ex, k);
    }
    ex->desc.output = NULL;
    ex->workspace_size = opsnn_executor_temp_bytes(ex);
    ex->addr_changed = 0;
    opsnn_schedule_make(ex, ex->workspace_size > 0, &ex->schedule);
}
