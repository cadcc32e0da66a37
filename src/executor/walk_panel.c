/* The panel walk (executor/walk.h, "Transposed inputs"): full rows with the
 * walk's transposed input gathered a strip at a time into the thread's
 * panel, then the rows run with the panel as a unit-stride operand in the
 * compute dtype. And the column walk of a one-input pass (executor/walk.h,
 * "the column walk"), which the panel walk hands its rows to. */
#include <stdint.h>

#include "executor/walks.h"
#include "tensor/dtype.h"

/* The column walk: OPSNN_WALK_COLUMNS output columns at a time down all
 * `rows`, a block of rows gathered into the front of the panel, the kernel
 * run over it into the block behind it, and the result streamed out a row's
 * columns at a time. The planner has checked the dtypes, the row's length
 * and bytes; row[0] is 64-byte aligned. */
static void walk_columns(const opsnn_panel_ctx *c, const opsnn_row_plan *pl,
                         char *const row[OPSNN_ITER_OPERANDS], int64_t rows,
                         opsnn_lines_nt_fn lines)
{
    const opsnn_walk *w = c->w;
    const opsnn_iter *it = &w->it;
    int nd = it->ndim;
    int64_t n = it->shape[nd - 1], es = it->es[0];
    int64_t out_pitch = it->strides[0][nd - 2] * es;
    int64_t col_stride = it->strides[1][nd - 1];
    const int64_t cols = OPSNN_WALK_COLUMNS, block = OPSNN_WALK_COLUMN_BLOCK_ROWS;
    unsigned char *in = c->panel, *out = c->panel + block * cols * es;
    opsnn_kparams prm = *c->row->params;
    prm.nt_store = 0; /* the block stays in the L1 */
    for (int64_t j0 = 0; j0 < n; j0 += cols) {
        const char *src = row[1] + j0 * col_stride * es;
        char *dst = row[0] + j0 * es;
        for (int64_t i0 = 0; i0 < rows; i0 += block) {
            int64_t h = rows - i0 < block ? rows - i0 : block;
            /* same dtypes and a known element size: the gather cannot fail */
            (void)opsnn_gather_panel(in, it->dtype[1], (size_t)cols, src + i0 * es, it->dtype[1],
                                     col_stride, 1, (size_t)h, (size_t)cols, 0);
            char *p[OPSNN_ITER_OPERANDS] = {(char *)out, (char *)in, NULL};
            opsnn_row_direct(pl, 2, p, h * cols, &prm);
            lines((size_t)h, (size_t)(cols * es), out, dst + i0 * out_pitch, (size_t)out_pitch);
        }
    }
}

int opsnn_walk_panel(const opsnn_panel_ctx *c, char *const row[OPSNN_ITER_OPERANDS], int64_t rows)
{
    const opsnn_walk *w = c->w;
    const opsnn_iter *it = &w->it;
    const opsnn_row_ctx *r = c->row;
    int pk = w->panel_input;
    int nd = it->ndim;
    int64_t n = it->shape[nd - 1];
    aclDataType cdt = w->cdt;
    int64_t cs = (int64_t)opsnn_dtype_size(cdt);
    int64_t strip = w->strip_rows;
    int64_t tile = w->panel_cols, pitch = tile + OPSNN_WALK_PANEL_PAD;
    opsnn_row_ctx pr = *r; /* the panel looks like a unit-stride operand in cdt */
    pr.dtype[pk] = cdt;
    pr.es[pk] = cs;
    pr.k = &w->panel_k;
    /* kept in locals: the kernel calls below could otherwise make every row
     * load them again */
    int nops = r->noperands;
    unsigned char *panel = c->panel;
    int64_t st[OPSNN_ITER_OPERANDS], inner[OPSNN_ITER_OPERANDS], outer[OPSNN_ITER_OPERANDS];
    int64_t es[OPSNN_ITER_OPERANDS];
    for (int k = 0; k < nops; k++) {
        inner[k] = it->strides[k][nd - 1];
        outer[k] = it->strides[k][nd - 2];
        es[k] = r->es[k];
        st[k] = inner[k];
    }
    st[pk] = 1;
    /* every row of every strip has the same operands: planned once */
    opsnn_row_plan pl;
    opsnn_row_plan_for(&pr, st, &pl);
    if (w->panel_stream && pl.in_place && (uintptr_t)row[0] % 64 == 0) {
        opsnn_lines_nt_fn lines = opsnn_lines_nt_get();
        if (lines != NULL) {
            walk_columns(c, &pl, row, rows, lines);
            return 0;
        }
    }
    opsnn_kparams short_run;
    for (int64_t r0 = 0; r0 < rows; r0 += OPSNN_WALK_BLOCK_ROWS) {
        int64_t rend = rows - r0 < OPSNN_WALK_BLOCK_ROWS ? rows : r0 + OPSNN_WALK_BLOCK_ROWS;
        for (int64_t j0 = 0; j0 < n; j0 += tile) {
            int64_t cols = n - j0 < tile ? n - j0 : tile;
            for (int64_t i0 = r0; i0 < rend; i0 += strip) {
                int64_t h = rend - i0 < strip ? rend - i0 : strip;
                const char *src = row[pk] + (i0 * outer[pk] + j0 * inner[pk]) * es[pk];
                if (opsnn_gather_panel(panel, cdt, (size_t)pitch, src, r->dtype[pk], inner[pk],
                                       outer[pk], (size_t)h, (size_t)cols,
                                       w->panel_prefetch) != 0) {
                    return -1;
                }
                const opsnn_kparams *prm = opsnn_row_params(r->params, &short_run, cols);
                for (int64_t i = 0; i < h; i++) {
                    char *p[OPSNN_ITER_OPERANDS];
                    for (int k = 0; k < nops; k++) {
                        p[k] = row[k] + ((i0 + i) * outer[k] + j0 * inner[k]) * es[k];
                    }
                    p[pk] = (char *)panel + i * pitch * cs;
                    if (pl.in_place) { /* what the row walk would do, without deciding it per row */
                        opsnn_row_direct(&pl, nops, p, cols, prm);
                    } else if (opsnn_walk_row(&pr, p, st, cols) != 0) {
                        return -1;
                    }
                }
            }
        }
    }
    return 0;
}
