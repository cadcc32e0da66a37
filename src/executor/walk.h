/*
 * The fused strided walk (internal), after PyTorch's TensorIterator: the
 * output and inputs are walked together over one shape with per-operand
 * strides (0 for a broadcast input) and dtypes, and the micro-kernel runs over
 * contiguous runs, with strided or differently typed operands gathered /
 * scattered one small tile at a time.
 *
 * Phase 1 decides everything about a walk (executor/plan.h: coalescing, which
 * walk, the kernel and its variants, the panel's geometry) into an opsnn_walk;
 * phase 2 binds the operands' addresses and runs it (walk.c, which hands each
 * stretch to one of the walks: walk_row.c, walk_rows.c, walk_panel.c).
 */
#ifndef OPSNN_EXECUTOR_WALK_H_
#define OPSNN_EXECUTOR_WALK_H_

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernels.h"
#include "tensor/tensor.h"

#define OPSNN_ITER_OPERANDS 3

typedef struct {
    int ndim;
    int noperands; /* 1 output + 1 or 2 inputs */
    int64_t shape[OPSNN_MAX_RANK];
    char *base[OPSNN_ITER_OPERANDS]; /* element (0, ..., 0) of each operand */
    aclDataType dtype[OPSNN_ITER_OPERANDS];
    int64_t es[OPSNN_ITER_OPERANDS];
    int64_t strides[OPSNN_ITER_OPERANDS][OPSNN_MAX_RANK]; /* elements */
} opsnn_iter;

/* Elements per tile: 3 tiles of 4-byte values stay in a 32 KiB L1 cache. */
#define OPSNN_WALK_TILE 1024

/* ---- Transposed inputs: panels, tiled on two levels ----------------------
 * A transposed input read one row at a time touches a new cache line (and
 * often a new page) per element. When its next row starts in the same cache
 * line, the rows are instead gathered a strip at a time: STRIP_BYTES of each
 * source column (64 fp32 or 128 16-bit rows, four cache lines) x up to
 * PANEL_MAX_COLS columns, into a panel (rows padded by PANEL_PAD so that
 * they do not all fall into one cache set). The kernel reads each column's
 * lines back to back: one line per column and strip, as the first version
 * read them, leaves the hardware prefetcher nothing to follow and ran
 * 1.6-1.8x slower on 4096 x 4096 fp32 (commit 34815c4). The panel spans
 * the row up to PANEL_MAX_COLS, so that the other operands are then walked
 * in long rows, and stays at 1 MiB so that it is still in the L2 when the
 * row kernel reads it back. Which way to spend the MiB has moved with the
 * streamed stores' fences: while every row's kernel call ended in one,
 * 512-byte strips x 2048 columns were the fastest (docs/dev/performance-
 * history.md, 2026-12-02 to 12-05); with one fence per work item (run.c),
 * 4 KiB rows cost a memory round trip no longer, but still a restart of
 * the streams, and 256-byte strips x 4096 columns took 0.87-0.98 of the
 * time at 1M elements, 0.88-0.96 for 16-bit types at 64M and 0.87-1.04 at
 * 16M, fp32 at 64M 1.01-1.07 (2-vCPU Xeon guest, 2026-12-06); 8192
 * columns (a 2 MiB 16-bit panel) were up to 1.16x slower at 64M.
 *
 * Second level, for rows longer than one panel: the strips of BLOCK_ROWS
 * consecutive rows are taken for one column tile before the next tile
 * starts, visiting each source page once for BLOCK_ROWS rows. */
#define OPSNN_WALK_STRIP_BYTES 256
#define OPSNN_WALK_PANEL_MAX_ROWS 128 /* STRIP_BYTES of 16-bit elements */
#define OPSNN_WALK_PANEL_MAX_COLS 4096 /* same-dtype columns; the panel is then ~1 MiB */
#define OPSNN_WALK_PANEL_PAD 16
/* the thread's panel when it only holds converted [cols] rows (walk_rows.c) */
#define OPSNN_WALK_PANEL_MIN_BYTES ((size_t)32 * 528 * 4)
#define OPSNN_WALK_BLOCK_ROWS 256

/* ---- A transposed input of a one-input pass: the column walk ------------
 * When the pass's only input is transposed, 4 bytes wide and in the
 * output's dtype, and the output is streamed (a pass larger than the
 * caches), the walk takes the output COLUMNS columns at a time down all rows
 * of its work item: COLUMNS rows of the source read front to back, as that
 * many streams the hardware prefetcher follows. Each block of
 * COLUMN_BLOCK_ROWS rows is gathered into the front of the thread's panel
 * (4 KiB, in the L1), the kernel runs over it in one call into the block
 * behind it, and each output row's COLUMNS elements are streamed out as two
 * whole lines. The panel walk reads each source column 256 bytes at a time
 * and then its panel a second time; forward Softshrink fp32 transposed took
 * 0.53-0.69 of its time at 16M-64M elements, Selu fp32 0.72-0.88 (2-vCPU
 * Xeon guest, avx512 path, docs/dev/performance-history.md, 2026-12-06
 * fifth session). 16 columns (one line per output row) read 0.57-0.63 of
 * the contiguous op's throughput in a standalone probe against 0.73-0.81
 * for 32; blocks of 64 and 128 rows took up to 1.15x the time. For a
 * 16-bit input the same walk was no faster than the panels at 16M and
 * 1.1-1.2x slower at 64M: a line holds 32 rows, so 64-byte output pieces
 * need 32 streams and 128-byte ones 64 (slower still), and the kernel's
 * conversions over the block do not overlap the memory traffic. The work
 * items are whole blocks: rows cut into 256-row items would read each
 * stream 1 KiB at a time, which in the probe ran at 0.9 of the speed of
 * whole streams (512 bytes: 0.65-0.8). It runs on Intel CPUs only
 * (opsnn_walk_columns_pay): on a 2-vCPU AMD EPYC guest (Zen 3, avx2 path)
 * it took 1.4-2.1x the panel walk's time for Softshrink fp32 and 1.1-1.7x
 * for Selu fp32 at 16M-64M elements, 1 and 2 threads. There the 32 source
 * streams alone, read into the panel without the output written, took as
 * long as the whole panel walk and did not get faster on a second thread;
 * 16 or 8 columns, 64-row blocks, 64 columns, software prefetches of the
 * streams 256 bytes to 1 KiB ahead or plain stores for the output were all
 * slower than the panels (docs/dev/performance-history.md, 2026-12-07). */
#define OPSNN_WALK_COLUMNS 32
#define OPSNN_WALK_COLUMN_BLOCK_ROWS 32

/* A kernel and its variants, chosen together for one layout of the operands'
 * dtypes. */
typedef struct {
    opsnn_ukernel_fn fn; /* the kernel, computing in the walk's cdt */
    /* its variant for a b that is one value along the run (stride 0, e.g. a
     * [rows, 1] input), or NULL: then that value fills a tile */
    opsnn_ukernel_fn scalar_b;
    /* its variant for these operand dtypes (opsnn_ukernel_mixed), or NULL:
     * then the operands not in the compute dtype go through tiles */
    opsnn_ukernel_fn mixed;
} opsnn_walk_kernels;

/* A walk as phase 1 planned it (opsnn_walk_make). */
typedef struct {
    opsnn_iter it; /* coalesced; it.base[] is bound by phase 2 */
    aclDataType cdt; /* the dtype the kernel computes in */
    /* every operand can be moved between its dtype and cdt; 0 means a broken
     * invariant (the planner admits only convertible dtypes): the walk then
     * writes nothing and fails */
    int convertible;
    opsnn_walk_kernels k; /* for the operands as they are */
    /* the input that gets panels (a second transposed input is rare and takes
     * the row path), or 0 when none does; then rows per strip, columns per
     * panel, the panel's bytes and the kernels with the panel read in cdt */
    int panel_input;
    int64_t strip_rows, panel_cols;
    size_t panel_bytes;
    int panel_prefetch; /* opsnn_gather_panel's prefetch (set by the schedule) */
    /* the column walk instead of panels (set by the schedule, which also
     * makes the work items whole blocks), when the output row's bytes and
     * the output's address allow whole lines */
    int panel_stream;
    opsnn_walk_kernels panel_k;
    /* the rows walk: bit k set when input k is a [cols] row in another dtype
     * converted once per call (walk_rows.c), and the kernels with those
     * inputs in cdt */
    unsigned rows_converted;
    opsnn_walk_kernels rows_k;
} opsnn_walk;

/* Run the walk over flat output indices [begin, end), its operands at
 * w->it.base[]. Returns 0, or -1 when !w->convertible (nothing written). */
int opsnn_walk_run(const opsnn_walk *w, const opsnn_kparams *params, int64_t begin, int64_t end);

/* Tests: plan the walk of `it` (as it is: coalesce it first if need be) with
 * fn computing in cdt and run it over [begin, end); as opsnn_walk_run. */
int opsnn_iter_run(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt,
                   const opsnn_kparams *params, int64_t begin, int64_t end);

/* Tests: bytes of transposed-walk panels alive now, over every thread. */
long long opsnn_test_panel_bytes(void);

#endif /* OPSNN_EXECUTOR_WALK_H_ */
