/* The fused iteration engine: one pass over the output, whatever the operands'
 * strides, broadcasting and dtypes. */
#include "executor/iter.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/alloc.h"
#include "common/checked.h"
#include "common/fork.h"
#include "common/threads.h"
#include "tensor/dtype.h"

/* Elements per tile: 3 tiles of 4-byte values stay in a 32 KiB L1 cache. */
#define TILE 1024

/* A run shorter than this is stored normally even when the pass streams its
 * output: the kernels end every streamed run with an sfence, which waits for
 * the write-combining buffers to drain; on short runs (a broadcast row, a
 * panel segment, a tile) that wait costs more than the streaming saves
 * (a 256 x 256 broadcast case ran 3x slower with it). */
#define NT_MIN_RUN 2048

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

/* What run_row needs to know of the operands. */
typedef struct {
    int noperands;
    aclDataType dtype[OPSNN_ITER_OPERANDS];
    int64_t es[OPSNN_ITER_OPERANDS];
    /* the kernel's variant for a b that is one value along the run (stride 0,
     * e.g. a [rows, 1] input), or NULL: then that value fills a tile */
    opsnn_ukernel_fn scalar_b;
    /* the kernel's variant for these operand dtypes (opsnn_ukernel_mixed),
     * or NULL: then the operands not in the compute dtype go through tiles */
    opsnn_ukernel_fn mixed;
} row_ops;

/* The variant of fn for the operands' dtypes as ops has them, or NULL. */
static opsnn_ukernel_fn mixed_variant(const row_ops *ops, opsnn_ukernel_fn fn)
{
    if (ops->noperands != 3) {
        return NULL;
    }
    return opsnn_ukernel_mixed(fn, ops->dtype[1], ops->dtype[2], ops->dtype[0]);
}

/* 0 when every operand can be moved between its dtype and the compute dtype
 * (a zero-length copy answers without touching memory; a same-dtype copy
 * always works), -1 otherwise. The
 * planner admits only convertible dtypes, so -1 means a broken invariant:
 * nothing has been written when it is returned. */
static int check_conversions(const row_ops *ops, aclDataType cdt)
{
    unsigned char a[4] = {0}, b[4] = {0};
    for (int k = 0; k < ops->noperands; k++) {
        aclDataType to = k == 0 ? ops->dtype[0] : cdt, from = k == 0 ? cdt : ops->dtype[k];
        if (to != from && opsnn_copy_convert(a, to, 1, b, from, 1, 0) != 0) {
            return -1;
        }
    }
    return 0;
}

/* How the operands of a run reach the kernel. */
typedef struct {
    opsnn_ukernel_fn fn; /* the kernel, or its variant for b's one value or the dtypes */
    int direct[OPSNN_ITER_OPERANDS]; /* passed by pointer, not through a tile */
    /* the dtype fn reads or writes operand k in: cdt, or the operand's own
     * for the variant for the dtypes (its tiles then only gather) */
    aclDataType tdt[OPSNN_ITER_OPERANDS];
    int convert_b; /* b's one value is in another dtype: converted per run */
    int all_direct; /* with b's value converted, when convert_b */
    int in_place; /* all_direct and nothing to convert: rows go straight to fn */
} row_plan;

static row_plan plan_row(const row_ops *ops, opsnn_ukernel_fn fn, aclDataType cdt,
                         const int64_t stride[OPSNN_ITER_OPERANDS])
{
    row_plan pl = {fn, {0, 0, 0}, {cdt, cdt, cdt}, 0, 1, 0};
    int scalar_b = ops->scalar_b != NULL && ops->noperands == 3 && stride[2] == 0;
    /* operands in other dtypes go to the kernel's variant for them as they
     * are: converted in registers, not in a tile */
    if (!scalar_b && ops->mixed != NULL) {
        pl.fn = ops->mixed;
        memcpy(pl.tdt, ops->dtype, sizeof pl.tdt);
    }
    for (int k = 0; k < ops->noperands; k++) {
        pl.direct[k] = stride[k] == 1 && ops->dtype[k] == pl.tdt[k];
    }
    /* a broadcast value goes to the kernel's variant as it is: no tile */
    if (scalar_b) {
        pl.fn = ops->scalar_b;
        pl.direct[2] = 1;
        pl.convert_b = ops->dtype[2] != cdt;
    }
    for (int k = 0; k < ops->noperands; k++) {
        pl.all_direct &= pl.direct[k];
    }
    pl.in_place = pl.all_direct && !pl.convert_b;
    return pl;
}

/* n elements with every operand at p[k] by pointer (and b's value in cdt):
 * one kernel call. */
static void run_direct(const row_plan *pl, int noperands, char *const p[OPSNN_ITER_OPERANDS],
                       int64_t n, const opsnn_kparams *prm)
{
    pl->fn((size_t)n, p[1], noperands > 2 ? p[2] : NULL, p[0], prm);
}

/* The parameters for a run of n elements: no streaming stores on short runs. */
static const opsnn_kparams *run_params(const opsnn_kparams *params, opsnn_kparams *short_run,
                                       int64_t n)
{
    *short_run = *params;
    short_run->nt_store = 0;
    return n >= NT_MIN_RUN || !params->nt_store ? params : short_run;
}

/* One run of n elements along the innermost dim, starting at row[k]. Operands
 * that are unit-stride and in the compute dtype are passed by pointer, and so
 * is a b that is one value when the kernel has a variant for it; when all
 * are, the micro-kernel takes the whole run at once. Returns -1 when a
 * gather or scatter meets an unsupported dtype pair. */
static int run_row(const row_ops *ops, opsnn_ukernel_fn fn, aclDataType cdt,
                   const opsnn_kparams *params, char *const row[OPSNN_ITER_OPERANDS],
                   const int64_t stride[OPSNN_ITER_OPERANDS], int64_t n)
{
    row_plan pl = plan_row(ops, fn, cdt, stride);
    opsnn_kparams short_run;
    char *p[OPSNN_ITER_OPERANDS];
    memcpy(p, row, sizeof p);
    _Alignas(8) unsigned char value[8];
    if (pl.convert_b) {
        if (opsnn_copy_convert(value, cdt, 1, row[2], ops->dtype[2], 1, 1) != 0) {
            return -1;
        }
        p[2] = (char *)value;
    }
    if (pl.all_direct) {
        run_direct(&pl, ops->noperands, p, n, run_params(params, &short_run, n));
        return 0;
    }
    _Alignas(64) unsigned char tile[OPSNN_ITER_OPERANDS][TILE * 4];
    while (n > 0) {
        int64_t c = n < TILE ? n : TILE;
        const void *in[2] = {NULL, NULL};
        for (int k = 1; k < ops->noperands; k++) {
            /* a broadcast value (stride 0) fills its tile once per run */
            int fill = !pl.direct[k] && (stride[k] != 0 || p[0] == row[0]);
            if (fill && opsnn_copy_convert(tile[k], pl.tdt[k], 1, p[k], ops->dtype[k],
                                           stride[k], (size_t)c) != 0) {
                return -1;
            }
            in[k - 1] = pl.direct[k] ? (const void *)p[k] : (const void *)tile[k];
        }
        void *y = pl.direct[0] ? (void *)p[0] : (void *)tile[0];
        pl.fn((size_t)c, in[0], in[1], y, run_params(params, &short_run, pl.direct[0] ? c : 0));
        if (!pl.direct[0] &&
            opsnn_copy_convert(p[0], ops->dtype[0], stride[0], tile[0], pl.tdt[0], 1,
                               (size_t)c) != 0) {
            return -1;
        }
        for (int k = 0; k < ops->noperands; k++) {
            p[k] += c < n ? c * stride[k] * ops->es[k] : 0;
        }
        n -= c;
    }
    return 0;
}

/* ---- Transposed inputs: panels, tiled on two levels ----------------------
 * A transposed input read one row at a time touches a new cache line (and
 * often a new page) per element. When its next row starts in the same cache
 * line, the rows are instead gathered a strip at a time: STRIP_BYTES of each
 * source column (128 fp32 or 256 16-bit rows, eight cache lines) x up to
 * PANEL_MAX_COLS columns, into a panel (rows padded by PANEL_PAD so that
 * they do not all fall into one cache set). The kernel reads each column's
 * lines back to back: one line per column and strip, as the first version
 * read them, leaves the hardware prefetcher nothing to follow and ran
 * 1.6-1.8x slower on 4096 x 4096 fp32 (docs/performance.md); 512-byte runs
 * were 5-15 % faster than 256-byte ones at 16M-64M elements. The panel spans
 * the whole row up to PANEL_MAX_COLS, so that the other operands are then
 * walked in long rows: cutting them into 2 KiB pieces (512 columns) cost as
 * much again.
 *
 * Second level, for rows longer than one panel: the strips of BLOCK_ROWS
 * consecutive rows are taken for one column tile before the next tile
 * starts, visiting each source page once for BLOCK_ROWS rows. */
#define STRIP_BYTES 512
#define PANEL_MAX_ROWS 256 /* STRIP_BYTES of 16-bit elements */
#define PANEL_MAX_COLS 4096 /* same-dtype columns; the panel is then ~2 MiB */
#define PANEL_PAD 16
/* the thread's panel when it only holds converted [cols] rows (run_rows) */
#define PANEL_MIN_BYTES ((size_t)32 * 528 * 4)
#define BLOCK_ROWS 256

/* The input that gets panels (a second transposed input is rare and takes
 * the row path), or 0 when none does. */
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

/* Rows per strip: STRIP_BYTES of the source. */
static int64_t strip_rows(const opsnn_iter *it, int pk)
{
    int64_t r = STRIP_BYTES / it->es[pk];
    return r < PANEL_MAX_ROWS ? r : PANEL_MAX_ROWS;
}

int64_t opsnn_iter_chunk(const opsnn_iter *it, int64_t ub_elems)
{
    if (panel_input(it) == 0) {
        return ub_elems;
    }
    /* whole row blocks, at least one (a chunk that cuts one only costs speed) */
    int64_t len = it->shape[it->ndim - 1];
    if (len > INT64_MAX / BLOCK_ROWS) {
        return ub_elems;
    }
    int64_t block = BLOCK_ROWS * len;
    int64_t chunk = ub_elems > block ? ub_elems : block;
    return chunk / block * block;
}

/* The calling thread's panel, at least `bytes` long and 64-byte aligned:
 * allocated on its first use, replaced by a larger one when a call needs
 * more (what it held is then gone), freed when the thread ends or, on a
 * pool worker, when the worker has been idle for OPSNN_POOL_IDLE_RELEASE_MS
 * (common/threads.h); NULL without memory (the row path then runs, with the
 * same results). The block starts with a header, and every thread's panel
 * is on one list, so that unloading the library frees them all and deletes
 * the key: no destructor of the library is left to run at the exit of a
 * thread that outlives it (docs/runtime.md, "Unloading"). */
typedef struct panel_hdr {
    size_t bytes; /* usable */
    struct panel_hdr *prev, *next;
} panel_hdr;

static pthread_key_t panel_key;
static int panel_key_ok;
static pthread_once_t panel_once = PTHREAD_ONCE_INIT;
static atomic_llong panel_bytes_live; /* every thread's panels, for tests */
static pthread_mutex_t panels_lock = PTHREAD_MUTEX_INITIALIZER;
static panel_hdr *panels;              /* every thread's (under panels_lock) */
/* Unloading: threads inside a walk now, and whether panels are gone for good
 * (then every walk takes the row path, same bits). */
static atomic_int panel_users, panels_closed;

void opsnn_panel_fork(int phase)
{
    if (phase == OPSNN_FORK_CHILD) {
        atomic_store(&panel_users, 0); /* the other threads' walks are not in the child */
    }
    opsnn_fork_mutex(&panels_lock, phase);
}

static void free_panel(void *raw)
{
    panel_hdr *h = raw;
    if (h == NULL) {
        return;
    }
    pthread_mutex_lock(&panels_lock);
    if (h->prev != NULL) {
        h->prev->next = h->next;
    } else {
        panels = h->next;
    }
    if (h->next != NULL) {
        h->next->prev = h->prev;
    }
    pthread_mutex_unlock(&panels_lock);
    atomic_fetch_sub(&panel_bytes_live, (long long)h->bytes);
    free(h);
}

/* The pool's idle hook: an idle worker gives its panel back. */
static void release_thread_panel(void)
{
    if (atomic_load(&panels_closed)) {
        return;
    }
    void *raw = pthread_getspecific(panel_key);
    if (raw != NULL && pthread_setspecific(panel_key, NULL) == 0) {
        free_panel(raw);
    }
}

static void make_panel_key(void)
{
    panel_key_ok = pthread_key_create(&panel_key, free_panel) == 0;
    if (panel_key_ok) {
        opsnn_pool_set_idle_hook(release_thread_panel);
    }
}

long long opsnn_test_panel_bytes(void)
{
    return atomic_load(&panel_bytes_live);
}

static unsigned char *thread_panel(size_t bytes)
{
    if (atomic_load(&panels_closed)) {
        return NULL;
    }
    pthread_once(&panel_once, make_panel_key);
    if (!panel_key_ok) {
        return NULL;
    }
    panel_hdr *h = pthread_getspecific(panel_key);
    if (h == NULL || h->bytes < bytes) {
        free_panel(h);
        (void)pthread_setspecific(panel_key, NULL);
        /* uncounted by the tests' live-block check (it outlives the call)
         * but subject to their failure hook */
        h = bytes > SIZE_MAX - 128 - sizeof *h ? NULL
                                               : opsnn_malloc_for_caller(sizeof *h + bytes + 64);
        if (h == NULL) {
            return NULL;
        }
        h->bytes = bytes;
        h->prev = NULL;
        pthread_mutex_lock(&panels_lock);
        h->next = panels;
        if (panels != NULL) {
            panels->prev = h;
        }
        panels = h;
        pthread_mutex_unlock(&panels_lock);
        atomic_fetch_add(&panel_bytes_live, (long long)bytes);
        if (pthread_setspecific(panel_key, h) != 0) {
            free_panel(h);
            return NULL;
        }
    }
    unsigned char *p = (unsigned char *)(h + 1);
    return p + (64 - (uintptr_t)p % 64) % 64;
}

#if defined(__GNUC__)
/* Unloading (dlclose, or the exit of the process): the workers are joined
 * (their panels go with them), then, once no thread is inside a walk, the
 * key is deleted and every other thread's panel freed. A thread still in a
 * walk after 100 ms (only at exit: a host that unloads the library under a
 * running call has a bug of its own) keeps everything as it is. */
__attribute__((destructor)) static void panels_at_unload(void)
{
    opsnn_pool_shutdown();
    opsnn_pool_set_idle_hook(NULL);
    atomic_store(&panels_closed, 1);
    for (int i = 0; i < 100 && atomic_load(&panel_users) > 0; i++) {
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    if (atomic_load(&panel_users) > 0) {
        return;
    }
    if (panel_key_ok) {
        (void)pthread_key_delete(panel_key);
        panel_key_ok = 0;
    }
    pthread_mutex_lock(&panels_lock);
    panel_hdr *h = panels;
    panels = NULL;
    pthread_mutex_unlock(&panels_lock);
    while (h != NULL) {
        panel_hdr *next = h->next;
        atomic_fetch_sub(&panel_bytes_live, (long long)h->bytes);
        free(h);
        h = next;
    }
}
#endif

/* Columns per panel for input pk computed in cdt: PANEL_MAX_COLS, fewer
 * when cdt is wider than the input (the panel's bytes stay the same), and
 * no more than the row. */
static int64_t panel_cols(const opsnn_iter *it, int pk, aclDataType cdt)
{
    int64_t cols = PANEL_MAX_COLS * it->es[pk] / (int64_t)opsnn_dtype_size(cdt);
    int64_t n = it->shape[it->ndim - 1];
    return n < cols ? n : cols;
}

/* `rows` full rows of length n starting at row[k], input pk panelled. */
static int run_panels(const opsnn_iter *it, const row_ops *ops, int pk, unsigned char *panel,
                      opsnn_ukernel_fn fn, aclDataType cdt, const opsnn_kparams *params,
                      char *const row[OPSNN_ITER_OPERANDS], int64_t rows, int64_t n)
{
    int nd = it->ndim;
    int64_t cs = (int64_t)opsnn_dtype_size(cdt);
    int64_t strip = strip_rows(it, pk);
    int64_t tile = panel_cols(it, pk, cdt), pitch = tile + PANEL_PAD;
    row_ops pops = *ops; /* the panel looks like a unit-stride operand in cdt */
    pops.dtype[pk] = cdt;
    pops.es[pk] = cs;
    pops.mixed = mixed_variant(&pops, fn);
    int64_t st[OPSNN_ITER_OPERANDS];
    for (int k = 0; k < ops->noperands; k++) {
        st[k] = it->strides[k][nd - 1];
    }
    st[pk] = 1;
    /* every row of every strip has the same operands: planned once */
    row_plan pl = plan_row(&pops, fn, cdt, st);
    opsnn_kparams short_run;
    for (int64_t r0 = 0; r0 < rows; r0 += BLOCK_ROWS) {
        int64_t rend = rows - r0 < BLOCK_ROWS ? rows : r0 + BLOCK_ROWS;
        for (int64_t j0 = 0; j0 < n; j0 += tile) {
            int64_t c = n - j0 < tile ? n - j0 : tile;
            for (int64_t r = r0; r < rend; r += strip) {
                int64_t h = rend - r < strip ? rend - r : strip;
                const char *src = row[pk] + (r * it->strides[pk][nd - 2] +
                                             j0 * it->strides[pk][nd - 1]) * ops->es[pk];
                if (opsnn_gather_panel(panel, cdt, (size_t)pitch, src, ops->dtype[pk],
                                       it->strides[pk][nd - 1], it->strides[pk][nd - 2], (size_t)h,
                                       (size_t)c) != 0) {
                    return -1;
                }
                const opsnn_kparams *prm = run_params(params, &short_run, c);
                for (int64_t i = 0; i < h; i++) {
                    char *p[OPSNN_ITER_OPERANDS];
                    for (int k = 0; k < ops->noperands; k++) {
                        p[k] = row[k] + ((r + i) * it->strides[k][nd - 2] +
                                         j0 * it->strides[k][nd - 1]) * ops->es[k];
                    }
                    p[pk] = (char *)panel + i * pitch * cs;
                    if (pl.in_place) { /* what run_row would do, without deciding it per row */
                        run_direct(&pl, pops.noperands, p, c, prm);
                    } else if (run_row(&pops, fn, cdt, params, p, st, c) != 0) {
                        return -1;
                    }
                }
            }
        }
    }
    return 0;
}

/* How many of the rows run_rows can hand the kernel as one run: with every
 * operand read in place along the rows, every input broadcast down the rows
 * ([cols]: outer 0) repeated in its tile-sized buffer and every other
 * operand's rows adjacent in memory (outer == n), m rows are one run of m * n
 * elements. 1 when not so, or when two rows do not fit in the buffer. */
static int64_t rows_per_run(const row_ops *ops, const int64_t stride[OPSNN_ITER_OPERANDS],
                            const int64_t outer[OPSNN_ITER_OPERANDS], int64_t n)
{
    int64_t es = 0; /* the widest repeated input's element size */
    for (int k = 0; k < ops->noperands; k++) {
        if (stride[k] != 1 || (outer[k] != n && (k == 0 || outer[k] != 0))) {
            return 1;
        }
        es = outer[k] == 0 && ops->es[k] > es ? ops->es[k] : es;
    }
    int64_t m = es > 0 ? TILE * 4 / es / n : 0;
    return m >= 2 ? m : 1;
}

/* `rows` full rows of n elements, row r of operand k at row[k] + r * outer[k]
 * elements. A broadcast row ([cols]: stride 1, outer 0) in another dtype is
 * converted once, here, and then read in place like the others: on the
 * stack up to a tile, beyond that in the thread's panel (which this path
 * does not otherwise use); without it each row converts the row again, same
 * bits. When every operand is direct the rows go to the kernel back to
 * back, with nothing per row but the pointer steps (a 256 x 256 broadcast
 * call has 256 rows), and short rows of a [cols] input several at a time
 * (rows_per_run). */
static int run_rows(const row_ops *ops, opsnn_ukernel_fn fn, aclDataType cdt,
                    const opsnn_kparams *params, char *const row[OPSNN_ITER_OPERANDS],
                    const int64_t stride[OPSNN_ITER_OPERANDS],
                    const int64_t outer[OPSNN_ITER_OPERANDS], int64_t rows, int64_t n)
{
    row_ops rops = *ops;
    char *p[OPSNN_ITER_OPERANDS];
    memcpy(p, row, sizeof p);
    _Alignas(64) unsigned char resident[OPSNN_ITER_OPERANDS - 1][TILE * 4];
    int64_t cs = (int64_t)opsnn_dtype_size(cdt);
    int rc = 0;
    for (int k = 1; k < ops->noperands && rc == 0; k++) {
        if (stride[k] != 1 || outer[k] != 0 || ops->dtype[k] == cdt) {
            continue;
        }
        /* half the panel each: two inputs may both be [cols] (the same size
         * asked both times, so the second call cannot replace the block) */
        size_t half = PANEL_MIN_BYTES / 2 / 64 * 64;
        unsigned char *buf = n <= TILE ? resident[k - 1]
                           : (size_t)(n * cs) <= half ? thread_panel(PANEL_MIN_BYTES) : NULL;
        if (buf == NULL) {
            continue;
        }
        buf += n <= TILE ? 0 : (size_t)(k - 1) * half;
        rc = opsnn_copy_convert(buf, cdt, 1, p[k], ops->dtype[k], 1, (size_t)n);
        p[k] = (char *)buf;
        rops.dtype[k] = cdt;
        rops.es[k] = cs;
    }
    rops.mixed = mixed_variant(&rops, fn);
    row_plan pl = plan_row(&rops, fn, cdt, stride);
    int64_t m = pl.in_place ? rows_per_run(&rops, stride, outer, n) : 1;
    for (int k = 1; k < ops->noperands && m > 1; k++) {
        if (outer[k] == 0) { /* repeated m times: m rows read it as one run */
            size_t row_bytes = (size_t)(n * rops.es[k]);
            if (p[k] != (char *)resident[k - 1]) {
                memcpy(resident[k - 1], p[k], row_bytes);
            }
            for (int64_t i = 1; i < m; i++) {
                memcpy(resident[k - 1] + (size_t)i * row_bytes, resident[k - 1], row_bytes);
            }
            p[k] = (char *)resident[k - 1];
        }
    }
    /* streaming stores only where a row alone is long enough: each merged
     * run would end in an sfence (4 KiB runs streamed ran 2x slower) */
    opsnn_kparams short_run;
    const opsnn_kparams *prm = run_params(params, &short_run, n);
    for (int64_t r = 0; r < rows && rc == 0; r += m) {
        int64_t cnt = rows - r < m ? rows - r : m;
        if (pl.in_place) {
            run_direct(&pl, rops.noperands, p, cnt * n, prm);
        } else {
            rc = run_row(&rops, fn, cdt, params, p, stride, n);
        }
        for (int k = 0; k < rops.noperands && r + cnt < rows; k++) {
            p[k] += cnt * outer[k] * rops.es[k];
        }
    }
    return rc;
}

/* ---- The walk ------------------------------------------------------------ */

int opsnn_iter_flat(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt)
{
    if (it->ndim > 1) {
        return 0;
    }
    int same = 1;
    for (int k = 0; k < it->noperands; k++) {
        if (it->ndim == 1 && it->strides[k][0] != 1) {
            return 0;
        }
        same &= it->dtype[k] == cdt;
    }
    return same || (it->noperands == 3 &&
                     opsnn_ukernel_mixed(fn, it->dtype[1], it->dtype[2], it->dtype[0]) != NULL);
}

/* A position of the walk: its multi-index and each operand's element there. */
typedef struct {
    int64_t idx[OPSNN_MAX_RANK];
    char *ptr[OPSNN_ITER_OPERANDS];
} cursor;

/* The cursor at flat output index pos (innermost dim fastest). */
static void cursor_seek(const opsnn_iter *it, cursor *c, int64_t pos)
{
    for (int d = it->ndim - 1; d >= 0; d--) {
        c->idx[d] = pos % it->shape[d];
        pos /= it->shape[d];
    }
    for (int k = 0; k < it->noperands; k++) {
        int64_t off = 0;
        for (int d = 0; d < it->ndim; d++) {
            off += c->idx[d] * it->strides[k][d];
        }
        c->ptr[k] = it->base[k] + off * it->es[k];
    }
}

/* The index carry: move by `steps` along dim d (idx[d] + steps <= shape[d]),
 * then carry outwards. Called only while elements remain, so no pointer
 * beyond the operands is formed. */
static void cursor_step(const opsnn_iter *it, cursor *c, int d, int64_t steps)
{
    c->idx[d] += steps;
    for (int k = 0; k < it->noperands; k++) {
        c->ptr[k] += steps * it->strides[k][d] * it->es[k];
    }
    for (; d > 0 && c->idx[d] == it->shape[d]; d--) {
        c->idx[d] = 0;
        c->idx[d - 1]++;
        for (int k = 0; k < it->noperands; k++) {
            c->ptr[k] += (it->strides[k][d - 1] - it->shape[d] * it->strides[k][d]) * it->es[k];
        }
    }
}

static int walk(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt,
                const opsnn_kparams *params, int64_t begin, int64_t end)
{
    row_ops ops;
    ops.noperands = it->noperands;
    memcpy(ops.dtype, it->dtype, sizeof ops.dtype);
    memcpy(ops.es, it->es, sizeof ops.es);
    if (check_conversions(&ops, cdt) != 0) {
        return -1;
    }
    int nd = it->ndim;
    int64_t inner[OPSNN_ITER_OPERANDS] = {0, 0, 0}, outer[OPSNN_ITER_OPERANDS] = {0, 0, 0};
    ops.scalar_b = NULL;
    ops.mixed = mixed_variant(&ops, fn);
    if (nd == 0) { /* a single element */
        return run_row(&ops, fn, cdt, params, it->base, inner, end - begin);
    }
    for (int k = 0; k < it->noperands; k++) {
        inner[k] = it->strides[k][nd - 1];
        outer[k] = nd >= 2 ? it->strides[k][nd - 2] : 0;
    }
    if (it->noperands == 3 && inner[2] == 0) {
        ops.scalar_b = opsnn_ukernel_scalar_b(fn);
    }
    int pk = panel_input(it);
    unsigned char *panel = NULL;
    if (pk != 0) {
        size_t cs = opsnn_dtype_size(cdt);
        panel = thread_panel((size_t)(strip_rows(it, pk) * (panel_cols(it, pk, cdt) + PANEL_PAD)) * cs);
    }
    cursor c;
    cursor_seek(it, &c, begin);
    int64_t len = it->shape[nd - 1];
    for (int64_t pos = begin; pos < end;) {
        /* full rows left in this range and in this 2-D slice */
        int64_t rows = 0;
        if (nd >= 2 && c.idx[nd - 1] == 0) {
            int64_t slice = it->shape[nd - 2] - c.idx[nd - 2];
            rows = (end - pos) / len;
            rows = rows < slice ? rows : slice;
        }
        int64_t n;
        int rc;
        if (rows >= 2) {
            n = rows * len;
            rc = panel != NULL ? run_panels(it, &ops, pk, panel, fn, cdt, params, c.ptr, rows, len)
                               : run_rows(&ops, fn, cdt, params, c.ptr, inner, outer, rows, len);
        } else {
            n = len - c.idx[nd - 1] < end - pos ? len - c.idx[nd - 1] : end - pos;
            rc = run_row(&ops, fn, cdt, params, c.ptr, inner, n);
        }
        if (rc != 0) {
            return -1;
        }
        pos += n;
        if (pos < end) {
            if (rows >= 2) {
                cursor_step(it, &c, nd - 2, rows);
            } else {
                cursor_step(it, &c, nd - 1, n);
            }
        }
    }
    return 0;
}

int opsnn_iter_run(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt,
                   const opsnn_kparams *params, int64_t begin, int64_t end)
{
    atomic_fetch_add(&panel_users, 1); /* unloading waits for it (panels_at_unload) */
    int rc = walk(it, fn, cdt, params, begin, end);
    atomic_fetch_sub(&panel_users, 1);
    return rc;
}
