/*
 * What the walks share (internal to walk*.c and panel.c): the context each
 * walk runs in, the row walk's per-run decision, and the thread's panel.
 *
 * - walk_row.c: one run along the innermost dim, operands by pointer or
 *   through tiles;
 * - walk_rows.c: full rows back to back, a broadcast [cols] row converted
 *   once;
 * - walk_panel.c: full rows with one transposed input gathered in panels;
 * - walk.c: the cursor over the shape, handing each stretch to one of them.
 */
#ifndef OPSNN_EXECUTOR_WALKS_H_
#define OPSNN_EXECUTOR_WALKS_H_

#include <stddef.h>
#include <stdint.h>

#include "executor/walk.h"

/* A run shorter than this is stored normally even when the pass streams its
 * output (a broadcast row, a panel segment, a tile). The limit dates from
 * when every streamed kernel call ended in an sfence (a 256 x 256 broadcast
 * case ran 3x slower); the walks' calls now leave the fence to the work item
 * (kernels.h, OPSNN_NT_STREAM_UNFENCED), and 512 instead of 2048 changed
 * no transposed or broadcast case at 16M-64M elements by more than the
 * noise (docs/dev/performance-history.md, 2026-12-06). */
#define OPSNN_WALK_NT_MIN_RUN 2048

/* What the row walk needs to know of the operands. */
typedef struct {
    int noperands;
    aclDataType dtype[OPSNN_ITER_OPERANDS];
    int64_t es[OPSNN_ITER_OPERANDS];
    aclDataType cdt; /* the dtype k->fn computes in */
    const opsnn_walk_kernels *k; /* the kernels for these dtypes */
    const opsnn_kparams *params;
} opsnn_row_ctx;

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
} opsnn_row_plan;

/* How a run with these strides along it reaches the kernel, into *pl
 * (written field by field in place: a plan returned by value was built on
 * the stack in 4-byte stores and copied in 16-byte loads, which cannot take
 * their data from the stores in flight, a stall of every small call). */
void opsnn_row_plan_for(const opsnn_row_ctx *c, const int64_t stride[OPSNN_ITER_OPERANDS],
                        opsnn_row_plan *pl);

/* n elements with every operand at p[k] by pointer (and b's value in cdt):
 * one kernel call. Inline: the rows and panel walks make one per row. */
static inline void opsnn_row_direct(const opsnn_row_plan *pl, int noperands,
                                    char *const p[OPSNN_ITER_OPERANDS], int64_t n,
                                    const opsnn_kparams *prm)
{
    pl->fn((size_t)n, p[1], noperands > 2 ? p[2] : NULL, p[0], prm);
}

/* The parameters for a run of n elements: no streaming stores on short runs
 * (*short_run is the copy without them). */
static inline const opsnn_kparams *opsnn_row_params(const opsnn_kparams *params,
                                                    opsnn_kparams *short_run, int64_t n)
{
    *short_run = *params;
    short_run->nt_store = 0;
    return n >= OPSNN_WALK_NT_MIN_RUN || !params->nt_store ? params : short_run;
}

/* One run of n elements along the innermost dim, starting at row[k]
 * (walk_row.c). Returns -1 when a gather or scatter meets an unsupported
 * dtype pair. */
int opsnn_walk_row(const opsnn_row_ctx *c, char *const row[OPSNN_ITER_OPERANDS],
                   const int64_t stride[OPSNN_ITER_OPERANDS], int64_t n);

/* The rows walk: full rows of n elements, row r of operand k at row[k] +
 * r * outer[k] elements. */
typedef struct {
    const opsnn_walk *w;
    const opsnn_row_ctx *row; /* the operands as they are */
    int64_t stride[OPSNN_ITER_OPERANDS]; /* along a row */
    int64_t outer[OPSNN_ITER_OPERANDS]; /* from one row to the next */
    int64_t n;
} opsnn_rows_ctx;
int opsnn_walk_rows(const opsnn_rows_ctx *c, char *const row[OPSNN_ITER_OPERANDS], int64_t rows);

/* The panel walk: full rows of the walk's innermost length, input
 * w->panel_input gathered into `panel` (w->panel_bytes, the thread's). */
typedef struct {
    const opsnn_walk *w;
    const opsnn_row_ctx *row; /* the operands as they are */
    unsigned char *panel;
} opsnn_panel_ctx;
int opsnn_walk_panel(const opsnn_panel_ctx *c, char *const row[OPSNN_ITER_OPERANDS], int64_t rows);

/* The calling thread's panel, at least `bytes` long and 64-byte aligned, or
 * NULL without memory (panel.c): the row paths then run, same bits. */
unsigned char *opsnn_thread_panel(size_t bytes);

/* Around every walk: unloading the library waits for the walks in progress
 * before it frees the panels (panel.c). */
void opsnn_panel_enter(void);
void opsnn_panel_leave(void);

#endif /* OPSNN_EXECUTOR_WALKS_H_ */
