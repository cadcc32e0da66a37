/* The rows walk (executor/walks.h): full rows of n elements. A broadcast row
 * ([cols]: stride 1, outer 0) in another dtype is converted once, here, and
 * then read in place like the others: on the stack up to a tile, beyond that
 * in the thread's panel (which this walk does not otherwise use); without it
 * each row converts the row again, same bits. When every operand is direct
 * the rows go to the kernel back to back, with nothing per row but the
 * pointer steps (a 256 x 256 broadcast call has 256 rows), and short rows of
 * a [cols] input several at a time (rows_per_run). */
#include <string.h>

#include "executor/walks.h"
#include "tensor/dtype.h"

/* How many of the rows can go to the kernel as one run: with every operand
 * read in place along the rows, every input broadcast down the rows ([cols]:
 * outer 0) repeated in its tile-sized buffer and every other operand's rows
 * adjacent in memory (outer == n), m rows are one run of m * n elements. 1
 * when not so, or when two rows do not fit in the buffer. */
static int64_t rows_per_run(const opsnn_row_ctx *r, const int64_t stride[OPSNN_ITER_OPERANDS],
                            const int64_t outer[OPSNN_ITER_OPERANDS], int64_t n)
{
    int64_t es = 0; /* the widest repeated input's element size */
    for (int k = 0; k < r->noperands; k++) {
        if (stride[k] != 1 || (outer[k] != n && (k == 0 || outer[k] != 0))) {
            return 1;
        }
        es = outer[k] == 0 && r->es[k] > es ? r->es[k] : es;
    }
    int64_t m = es > 0 ? OPSNN_WALK_TILE * 4 / es / n : 0;
    return m >= 2 ? m : 1;
}

int opsnn_walk_rows(const opsnn_rows_ctx *c, char *const row[OPSNN_ITER_OPERANDS], int64_t rows)
{
    const opsnn_walk *w = c->w;
    const int64_t *stride = c->stride, *outer = c->outer;
    int64_t n = c->n;
    aclDataType cdt = c->row->cdt;
    opsnn_row_ctx r = *c->row;
    char *p[OPSNN_ITER_OPERANDS];
    memcpy(p, row, sizeof p);
    _Alignas(64) unsigned char resident[OPSNN_ITER_OPERANDS - 1][OPSNN_WALK_TILE * 4];
    int64_t cs = (int64_t)opsnn_dtype_size(cdt);
    unsigned converted = 0;
    int rc = 0;
    for (int k = 1; k < r.noperands && rc == 0; k++) {
        if ((w->rows_converted & (1u << k)) == 0) {
            continue;
        }
        /* half the panel each: two inputs may both be [cols] (the same size
         * asked both times, so the second call cannot replace the block) */
        size_t half = OPSNN_WALK_PANEL_MIN_BYTES / 2 / 64 * 64;
        unsigned char *buf = n <= OPSNN_WALK_TILE ? resident[k - 1]
                                                  : opsnn_thread_panel(OPSNN_WALK_PANEL_MIN_BYTES);
        if (buf == NULL) {
            continue;
        }
        buf += n <= OPSNN_WALK_TILE ? 0 : (size_t)(k - 1) * half;
        rc = opsnn_copy_convert(buf, cdt, 1, p[k], r.dtype[k], 1, (size_t)n);
        p[k] = (char *)buf;
        r.dtype[k] = cdt;
        r.es[k] = cs;
        converted |= 1u << k;
    }
    /* the kernels phase 1 chose for these dtypes; without the memory for a
     * converted row, those for the dtypes as they are now */
    opsnn_walk_kernels fallback = w->rows_k;
    if (converted != w->rows_converted) {
        fallback.mixed = r.noperands == 3
                             ? opsnn_ukernel_mixed(fallback.fn, r.dtype[1], r.dtype[2], r.dtype[0])
                             : NULL;
    }
    r.k = &fallback;
    opsnn_row_plan pl;
    opsnn_row_plan_for(&r, stride, &pl);
    /* no more repeats than this call has rows: a [2, 4] call repeated its
     * 4-element row 256 times, one memcpy each, 0.9 us of a 1.2 us call */
    int64_t m = pl.in_place ? rows_per_run(&r, stride, outer, n) : 1;
    m = m < rows ? m : rows;
    for (int k = 1; k < r.noperands && m > 1; k++) {
        if (outer[k] == 0) { /* repeated m times: m rows read it as one run */
            size_t row_bytes = (size_t)(n * r.es[k]), have = row_bytes, all = (size_t)m * row_bytes;
            if (p[k] != (char *)resident[k - 1]) {
                memcpy(resident[k - 1], p[k], row_bytes);
            }
            while (have < all) { /* the repeats so far, doubled (whole rows) */
                size_t more = have < all - have ? have : all - have;
                memcpy(resident[k - 1] + have, resident[k - 1], more);
                have += more;
            }
            p[k] = (char *)resident[k - 1];
        }
    }
    /* streaming stores only where a row alone is long enough
     * (OPSNN_WALK_NT_MIN_RUN) */
    opsnn_kparams short_run;
    const opsnn_kparams *prm = opsnn_row_params(r.params, &short_run, n);
    for (int64_t i = 0; i < rows && rc == 0; i += m) {
        int64_t cnt = rows - i < m ? rows - i : m;
        if (pl.in_place) {
            opsnn_row_direct(&pl, r.noperands, p, cnt * n, prm);
        } else {
            rc = opsnn_walk_row(&r, p, stride, n);
        }
        for (int k = 0; k < r.noperands && i + cnt < rows; k++) {
            p[k] += cnt * outer[k] * r.es[k];
        }
    }
    return rc;
}
