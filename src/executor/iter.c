/* The fused iteration engine: one pass over the output, whatever the operands'
 * strides, broadcasting and dtypes. */
#include "executor/iter.h"

#include <string.h>

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

static void drop_unit_dims(opsnn_iter *it)
{
    int out = 0;
    for (int d = 0; d < it->ndim; d++) {
        if (it->shape[d] == 1) {
            continue;
        }
        it->shape[out] = it->shape[d];
        for (int k = 0; k < it->noperands; k++) {
            it->strides[k][out] = it->strides[k][d];
        }
        out++;
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
        it->shape[out] = it->shape[d];
        for (int k = 0; k < it->noperands; k++) {
            it->strides[k][out] = it->strides[k][d];
        }
        out++;
    }
    it->ndim = out;
}

/* One run of n elements along the innermost dim, starting at row[k]. Operands
 * that are unit-stride and in the compute dtype are passed by pointer; when
 * all are, the micro-kernel takes the whole run at once. */
static void run_row(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt,
                    const opsnn_kparams *params, char *row[OPSNN_ITER_OPERANDS],
                    const int64_t stride[OPSNN_ITER_OPERANDS], int64_t n)
{
    int direct[OPSNN_ITER_OPERANDS] = {0, 0, 0};
    int all_direct = 1;
    for (int k = 0; k < it->noperands; k++) {
        direct[k] = stride[k] == 1 && it->dtype[k] == cdt;
        all_direct &= direct[k];
    }
    if (all_direct) {
        fn((size_t)n, row[1], it->noperands > 2 ? row[2] : NULL, row[0], params);
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
        for (int k = 1; k < it->noperands; k++) {
            if (!direct[k]) {
                opsnn_copy_convert(tile[k], cdt, 1, p[k], it->dtype[k], stride[k], (size_t)c);
            }
            in[k - 1] = direct[k] ? (const void *)p[k] : (const void *)tile[k];
        }
        void *y = direct[0] ? (void *)p[0] : (void *)tile[0];
        fn((size_t)c, in[0], in[1], y, direct[0] ? params : &tile_params);
        if (!direct[0]) {
            opsnn_copy_convert(p[0], it->dtype[0], stride[0], tile[0], cdt, 1, (size_t)c);
        }
        for (int k = 0; k < it->noperands; k++) {
            p[k] += c < n ? c * stride[k] * it->es[k] : 0;
        }
        n -= c;
    }
}

void opsnn_iter_run(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt,
                    const opsnn_kparams *params, int64_t begin, int64_t end)
{
    int64_t idx[OPSNN_MAX_RANK];
    int64_t inner_stride[OPSNN_ITER_OPERANDS] = {0, 0, 0};
    char *row[OPSNN_ITER_OPERANDS];
    int nd = it->ndim;
    if (nd == 0) { /* a single element */
        memcpy(row, it->base, sizeof row);
        run_row(it, fn, cdt, params, row, inner_stride, end - begin);
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
    int64_t pos = begin;
    while (pos < end) {
        int64_t n = it->shape[nd - 1] - idx[nd - 1];
        if (n > end - pos) {
            n = end - pos;
        }
        run_row(it, fn, cdt, params, row, inner_stride, n);
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
}
