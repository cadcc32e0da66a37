/* The row walk (executor/walks.h): one run along the innermost dim. Operands
 * that are unit-stride and in the compute dtype are passed by pointer, and so
 * is a b that is one value when the kernel has a variant for it; when all
 * are, the micro-kernel takes the whole run at once. The others are gathered
 * and scattered one tile at a time. */
#include <string.h>

#include "executor/walks.h"

void opsnn_row_plan_for(const opsnn_row_ctx *c, const int64_t stride[OPSNN_ITER_OPERANDS],
                        opsnn_row_plan *pl)
{
    aclDataType cdt = c->cdt;
    int scalar_b = c->k->scalar_b != NULL && c->noperands == 3 && stride[2] == 0;
    /* operands in other dtypes go to the kernel's variant for them as they
     * are: converted in registers, not in a tile */
    int mixed = !scalar_b && c->k->mixed != NULL;
    /* a broadcast value goes to the kernel's variant as it is: no tile */
    pl->fn = scalar_b ? c->k->scalar_b : mixed ? c->k->mixed : c->k->fn;
    int all_direct = 1;
    for (int k = 0; k < OPSNN_ITER_OPERANDS; k++) {
        pl->tdt[k] = mixed ? c->dtype[k] : cdt;
        pl->direct[k] = k < c->noperands && stride[k] == 1 && c->dtype[k] == pl->tdt[k];
    }
    pl->convert_b = 0;
    if (scalar_b) {
        pl->direct[2] = 1;
        pl->convert_b = c->dtype[2] != cdt;
    }
    for (int k = 0; k < c->noperands; k++) {
        all_direct &= pl->direct[k];
    }
    pl->all_direct = all_direct;
    pl->in_place = all_direct && !pl->convert_b;
}

int opsnn_walk_row(const opsnn_row_ctx *c, char *const row[OPSNN_ITER_OPERANDS],
                   const int64_t stride[OPSNN_ITER_OPERANDS], int64_t n)
{
    opsnn_row_plan pl;
    opsnn_row_plan_for(c, stride, &pl);
    const opsnn_kparams *params = c->params;
    opsnn_kparams short_run;
    char *p[OPSNN_ITER_OPERANDS];
    memcpy(p, row, sizeof p);
    _Alignas(8) unsigned char value[8];
    if (pl.convert_b) {
        if (opsnn_copy_convert(value, c->cdt, 1, row[2], c->dtype[2], 1, 1) != 0) {
            return -1;
        }
        p[2] = (char *)value;
    }
    if (pl.all_direct) {
        opsnn_row_direct(&pl, c->noperands, p, n, opsnn_row_params(params, &short_run, n));
        return 0;
    }
    _Alignas(64) unsigned char tile[OPSNN_ITER_OPERANDS][OPSNN_WALK_TILE * 4];
    while (n > 0) {
        int64_t m = n < OPSNN_WALK_TILE ? n : OPSNN_WALK_TILE;
        const void *in[2] = {NULL, NULL};
        for (int k = 1; k < c->noperands; k++) {
            /* a broadcast value (stride 0) fills its tile once per run */
            int fill = !pl.direct[k] && (stride[k] != 0 || p[0] == row[0]);
            if (fill && opsnn_copy_convert(tile[k], pl.tdt[k], 1, p[k], c->dtype[k],
                                           stride[k], (size_t)m) != 0) {
                return -1;
            }
            in[k - 1] = pl.direct[k] ? (const void *)p[k] : (const void *)tile[k];
        }
        void *y = pl.direct[0] ? (void *)p[0] : (void *)tile[0];
        const opsnn_kparams *prm = opsnn_row_params(params, &short_run, pl.direct[0] ? m : 0);
        pl.fn((size_t)m, in[0], in[1], y, prm);
        if (!pl.direct[0] &&
            opsnn_copy_convert(p[0], c->dtype[0], stride[0], tile[0], pl.tdt[0], 1,
                               (size_t)m) != 0) {
            return -1;
        }
        for (int k = 0; k < c->noperands; k++) {
            p[k] += m < n ? m * stride[k] * c->es[k] : 0;
        }
        n -= m;
    }
    return 0;
}
