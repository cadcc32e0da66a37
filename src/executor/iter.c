/* The fused iteration engine: one pass over the output, whatever the operands'
 * strides, broadcasting and dtypes. */
#include "executor/iter.h"

#include <string.h>

#include "common/alloc.h"
#include "tensor/dtype.h"

/* Elements per tile: 3 tiles of 4-byte values stay in a 32 KiB L1 cache. */
#define TILE 1024

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
                mergeable &= it->strides[k][out - 1] == it->strides[k][d] * it->shape[d];
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
} row_ops;

/* One run of n elements along the innermost dim, starting at row[k]. Operands
 * that are unit-stride and in the compute dtype are passed by pointer; when
 * all are, the micro-kernel takes the whole run at once. */
static void run_row(const row_ops *ops, opsnn_ukernel_fn fn, aclDataType cdt,
                    const opsnn_kparams *params, char *row[OPSNN_ITER_OPERANDS],
                    const int64_t stride[OPSNN_ITER_OPERANDS], int64_t n)
{
    int direct[OPSNN_ITER_OPERANDS] = {0, 0, 0};
    int all_direct = 1;
    for (int k = 0; k < ops->noperands; k++) {
        direct[k] = stride[k] == 1 && ops->dtype[k] == cdt;
        all_direct &= direct[k];
    }
    if (all_direct) {
        fn((size_t)n, row[1], ops->noperands > 2 ? row[2] : NULL, row[0], params);
        return;
    }
    _Alignas(64) unsigned char tile[OPSNN_ITER_OPERANDS][TILE * 4];
    opsnn_kparams tile_params = *params;
    tile_params.nt_store = 0; /* tiles are small and stay in cache */
    char *p[OPSNN_ITER_OPERANDS];
    memcpy(p, row, sizeof p);
    while (n > 0) {
        int64_t c = n < TILE ? n : TILE;
        const void *in[2] = {NULL, NULL};
        for (int k = 1; k < ops->noperands; k++) {
            if (!direct[k]) {
                opsnn_copy_convert(tile[k], cdt, 1, p[k], ops->dtype[k], stride[k], (size_t)c);
            }
            in[k - 1] = direct[k] ? (const void *)p[k] : (const void *)tile[k];
        }
        void *y = direct[0] ? (void *)p[0] : (void *)tile[0];
        fn((size_t)c, in[0], in[1], y, direct[0] ? params : &tile_params);
        if (!direct[0]) {
            opsnn_copy_convert(p[0], ops->dtype[0], stride[0], tile[0], cdt, 1, (size_t)c);
        }
        for (int k = 0; k < ops->noperands; k++) {
            p[k] += c < n ? c * stride[k] * ops->es[k] : 0;
        }
        n -= c;
    }
}

/* A transposed input read one row at a time touches a new cache line (and
 * often a new page) per element. When its next row starts in the same cache
 * line, up to PANEL_ROWS rows are gathered together instead: each line is
 * read once, into a panel whose rows are padded so that they do not all fall
 * into one cache set, and the other operands are then walked row by row over
 * PANEL_COLS contiguous elements, long enough for the prefetchers. */
#define PANEL_ROWS 16
#define PANEL_COLS 1024
#define PANEL_PITCH (PANEL_COLS + 16)

/* Bit k set: input k gets panels (only the first such input; a second
 * transposed input is rare and takes the row path). */
static unsigned panel_inputs(const opsnn_iter *it)
{
    if (it->ndim < 2) {
        return 0;
    }
    for (int k = 1; k < it->noperands; k++) {
        int64_t inner = it->strides[k][it->ndim - 1], outer = it->strides[k][it->ndim - 2];
        if (inner > 1 && outer > 0 && outer * it->es[k] < 64) {
            return 1u << k;
        }
    }
    return 0;
}

int64_t opsnn_iter_chunk(const opsnn_iter *it, int64_t ub_elems)
{
    if (!panel_inputs(it)) {
        return ub_elems;
    }
    /* whole panels: a multiple of PANEL_ROWS rows, at least one panel */
    int64_t panel_elems = PANEL_ROWS * it->shape[it->ndim - 1];
    int64_t chunk = ub_elems > panel_elems ? ub_elems : panel_elems;
    return chunk / panel_elems * panel_elems;
}

/* `rows` (<= PANEL_ROWS) full rows of length n starting at row[k]. */
static void run_panel(const opsnn_iter *it, const row_ops *ops, unsigned panel, int64_t rows,
                      unsigned char *ptile, opsnn_ukernel_fn fn, aclDataType cdt,
                      const opsnn_kparams *params, char *const row[OPSNN_ITER_OPERANDS],
                      const int64_t inner[OPSNN_ITER_OPERANDS], int64_t n)
{
    int64_t cs = (int64_t)opsnn_dtype_size(cdt);
    int pk = panel == 2u ? 1 : 2; /* the panelled input */
    int64_t outer = it->strides[pk][it->ndim - 2];
    row_ops pops = *ops; /* the panel looks like a unit-stride operand in cdt */
    pops.dtype[pk] = cdt;
    pops.es[pk] = cs;
    for (int64_t j0 = 0; j0 < n; j0 += PANEL_COLS) {
        int64_t c = n - j0 < PANEL_COLS ? n - j0 : PANEL_COLS;
        opsnn_gather_panel(ptile, cdt, PANEL_PITCH, row[pk] + j0 * inner[pk] * ops->es[pk],
                           ops->dtype[pk], inner[pk], outer, (size_t)rows, (size_t)c);
        for (int64_t r = 0; r < rows; r++) {
            char *p[OPSNN_ITER_OPERANDS];
            int64_t st[OPSNN_ITER_OPERANDS];
            for (int k = 0; k < ops->noperands; k++) {
                p[k] = row[k] + (r * it->strides[k][it->ndim - 2] + j0 * inner[k]) * ops->es[k];
                st[k] = inner[k];
            }
            p[pk] = (char *)ptile + r * PANEL_PITCH * cs;
            st[pk] = 1;
            run_row(&pops, fn, cdt, params, p, st, c);
        }
    }
}

void opsnn_iter_run(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt,
                    const opsnn_kparams *params, int64_t begin, int64_t end)
{
    int64_t idx[OPSNN_MAX_RANK];
    int64_t inner_stride[OPSNN_ITER_OPERANDS] = {0, 0, 0};
    char *row[OPSNN_ITER_OPERANDS];
    row_ops ops;
    ops.noperands = it->noperands;
    memcpy(ops.dtype, it->dtype, sizeof ops.dtype);
    memcpy(ops.es, it->es, sizeof ops.es);
    int nd = it->ndim;
    if (nd == 0) { /* a single element */
        memcpy(row, it->base, sizeof row);
        run_row(&ops, fn, cdt, params, row, inner_stride, end - begin);
        return;
    }
    /* flat index -> multi-index, innermost fastest */
    int64_t rem = begin;
    for (int d = nd - 1; d >= 0; d--) {
        idx[d] = rem % it->shape[d];
        rem /= it->shape[d];
    }
    for (int k = 0; k < it->noperands; k++) {
        int64_t off = 0;
        for (int d = 0; d < nd; d++) {
            off += idx[d] * it->strides[k][d];
        }
        row[k] = it->base[k] + off * it->es[k];
        inner_stride[k] = it->strides[k][nd - 1];
    }
    /* The panel (66 KiB) is too large for the stack of an arbitrary caller's
     * thread; without memory the row path still gives the same result. */
    unsigned panel = panel_inputs(it);
    unsigned char *ptile = panel ? opsnn_malloc(PANEL_ROWS * PANEL_PITCH * 4) : NULL;
    panel = ptile != NULL ? panel : 0;
    int64_t len = it->shape[nd - 1];
    int64_t pos = begin;
    while (pos < end) {
        int64_t n = len - idx[nd - 1];
        if (n > end - pos) {
            n = end - pos;
        }
        /* full rows left in this range and in this 2-D slice */
        int64_t rows = 0;
        if (panel && idx[nd - 1] == 0) { /* panel implies nd >= 2 */
            int64_t slice = it->shape[nd - 2] - idx[nd - 2];
            rows = (end - pos) / len;
            rows = rows < slice ? rows : slice;
            rows = rows < PANEL_ROWS ? rows : PANEL_ROWS;
        }
        if (rows >= 2) {
            run_panel(it, &ops, panel, rows, ptile, fn, cdt, params, row, inner_stride, len);
            /* step over all but the panel's last row; the common step below takes that one */
            pos += (rows - 1) * len;
            idx[nd - 2] += rows - 1;
            for (int k = 0; k < it->noperands; k++) {
                row[k] += (rows - 1) * it->strides[k][nd - 2] * it->es[k];
            }
        } else {
            run_row(&ops, fn, cdt, params, row, inner_stride, n);
        }
        pos += n;
        if (pos == end) {
            break; /* never form pointers past the last row */
        }
        /* advance the multi-index by n along the innermost dim, carrying outwards */
        idx[nd - 1] += n;
        for (int k = 0; k < it->noperands; k++) {
            row[k] += n * inner_stride[k] * it->es[k];
        }
        for (int d = nd - 1; d > 0 && idx[d] == it->shape[d]; d--) {
            idx[d] = 0;
            idx[d - 1]++;
            for (int k = 0; k < it->noperands; k++) {
                row[k] += (it->strides[k][d - 1] - it->shape[d] * it->strides[k][d]) * it->es[k];
            }
        }
    }
    opsnn_free(ptile);
}
