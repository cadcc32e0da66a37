/* Phase 2's walk of one pass (executor/walk.h): a cursor over the coalesced
 * shape hands each stretch of [begin, end) to one of the walks phase 1
 * prepared: full 2-D rows to the panel walk (a transposed input) or the rows
 * walk, what is left of a row to the row walk. */
#include "executor/walk.h"

#include <string.h>

#include "executor/plan.h"
#include "executor/walks.h"

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

static int walk(const opsnn_walk *w, const opsnn_kparams *params, int64_t begin, int64_t end)
{
    if (!w->convertible) {
        return -1;
    }
    const opsnn_iter *it = &w->it;
    opsnn_row_ctx row = {it->noperands, {0}, {0}, w->cdt, &w->k, params};
    /* whole arrays, a few moves (a loop over noperands became two calls of
     * memcpy) */
    memcpy(row.dtype, it->dtype, sizeof row.dtype);
    memcpy(row.es, it->es, sizeof row.es);
    int nd = it->ndim;
    int64_t inner[OPSNN_ITER_OPERANDS] = {0, 0, 0};
    if (nd == 0) { /* a single element */
        return opsnn_walk_row(&row, it->base, inner, end - begin);
    }
    for (int k = 0; k < it->noperands; k++) {
        inner[k] = it->strides[k][nd - 1];
    }
    if (nd == 1 && begin == 0 && end == it->shape[0]) { /* one run: the row walk alone */
        return opsnn_walk_row(&row, it->base, inner, end);
    }
    opsnn_panel_ctx panel_ctx = {w, &row, NULL};
    if (w->panel_input != 0) {
        panel_ctx.panel = opsnn_thread_panel(w->panel_bytes);
    }
    opsnn_rows_ctx rows_ctx = {w, &row, {0, 0, 0}, {0, 0, 0}, it->shape[nd - 1]};
    if (nd >= 2 && panel_ctx.panel == NULL) {
        for (int k = 0; k < it->noperands; k++) {
            rows_ctx.stride[k] = inner[k];
            rows_ctx.outer[k] = it->strides[k][nd - 2];
        }
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
            rc = panel_ctx.panel != NULL ? opsnn_walk_panel(&panel_ctx, c.ptr, rows)
                                         : opsnn_walk_rows(&rows_ctx, c.ptr, rows);
        } else {
            n = len - c.idx[nd - 1] < end - pos ? len - c.idx[nd - 1] : end - pos;
            rc = opsnn_walk_row(&row, c.ptr, inner, n);
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

int opsnn_walk_run(const opsnn_walk *w, const opsnn_kparams *params, int64_t begin, int64_t end)
{
    /* only the panel walk and the rows walk's converted rows take a thread
     * panel; the others skip the count unloading waits on (two atomic
     * read-modify-writes of one shared line per work item) */
    int panel = w->panel_input != 0 || w->rows_converted != 0;
    if (!panel) {
        return walk(w, params, begin, end);
    }
    opsnn_panel_enter();
    int rc = walk(w, params, begin, end);
    opsnn_panel_leave();
    return rc;
}

int opsnn_iter_run(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt,
                   const opsnn_kparams *params, int64_t begin, int64_t end)
{
    opsnn_walk w;
    w.it = *it;
    opsnn_walk_make(&w, fn, cdt);
    if (params->nt_store != OPSNN_NT_NONE) { /* a streamed pass, as the schedule plans it */
        opsnn_walk_plan_columns(&w);
    }
    return opsnn_walk_run(&w, params, begin, end);
}
