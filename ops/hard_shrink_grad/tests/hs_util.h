/*
 * hs_util.h - what the HardshrinkBackward suites share: building tensors,
 * running both phases, choosing the kernel generation (include after
 * cmocka.h).
 */
#ifndef OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_HS_UTIL_H_
#define OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_HS_UTIL_H_

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_hardshrink_backward.h"
#include "emu.h"
#include "opsnn/opsnn.h"

/* The (SoC, package) pair of each generation of emu.h. */
static const struct {
    const char *soc, *opp;
} HS_GEN[3] = {{"Ascend950", "builtin"}, {"Ascend910B", "ops-nn"}, {"Ascend910B", "builtin"}};

static inline void hs_use_gen(int gen)
{
    assert_int_equal(opsnn_set_soc(HS_GEN[gen].soc), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_opp(HS_GEN[gen].opp), ACLNN_SUCCESS);
}

static inline void hs_default_gen(void)
{
    opsnn_set_soc(NULL);
    opsnn_set_opp(NULL);
}

static inline size_t hs_esize(aclDataType dt)
{
    return dt == ACL_FLOAT ? 4 : dt == ACL_DOUBLE ? 8 : 2;
}

/* Contiguous tensor over data (rank 0 allowed). */
static inline aclTensor *hs_tensor(const int64_t *dims, uint64_t rank, aclDataType dt, void *data)
{
    return aclCreateTensor(dims, rank, dt, NULL, 0, ACL_FORMAT_ND, rank ? dims : NULL, rank, data);
}

static inline aclScalar *hs_scalar(float v)
{
    return aclCreateScalar(&v, ACL_FLOAT);
}

/* Both phases; phase 1's status when it fails. */
static inline aclnnStatus hs_run(const aclTensor *g, const aclTensor *x, const aclScalar *l,
                                 aclTensor *out)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = aclnnHardshrinkBackwardGetWorkspaceSize(g, x, l, out, &ws, &ex);
    if (st != ACLNN_SUCCESS) {
        return st;
    }
    void *w = ws ? malloc((size_t)ws) : NULL;
    if (ws && w == NULL) {
        return ACLNN_ERR_INNER;
    }
    st = aclnnHardshrinkBackward(w, ws, ex, NULL);
    free(w);
    return st;
}

/* One call over contiguous tensors: g and y of shape dims, x of shape xdims
 * (rank each), of dtypes dg, dx and dy. */
static inline aclnnStatus hs_run_dims(const int64_t *dims, const int64_t *xdims, uint64_t rank,
                                      aclDataType dg, const void *g, aclDataType dx,
                                      const void *x, aclDataType dy, void *y, float lambd)
{
    aclTensor *tg = hs_tensor(dims, rank, dg, (void *)(uintptr_t)g);
    aclTensor *tx = hs_tensor(xdims, rank, dx, (void *)(uintptr_t)x);
    aclTensor *ty = hs_tensor(dims, rank, dy, y);
    aclScalar *l = hs_scalar(lambd);
    assert_true(tg && tx && ty && l);
    aclnnStatus st = hs_run(tg, tx, l, ty);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyScalar(l);
    return st;
}

/* One flat call of n elements: g and x of dtype dg, dx, out of dtype dy. */
static inline aclnnStatus hs_run_flat(size_t n, aclDataType dg, const void *g, aclDataType dx,
                                      const void *x, aclDataType dy, void *y, float lambd)
{
    const int64_t dims[1] = {(int64_t)n};
    return hs_run_dims(dims, dims, 1, dg, g, dx, x, dy, y, lambd);
}

/* The same call with self one value per row: g and y [rows, n / rows], x
 * [rows, 1] broadcast along each row (rows 0: the flat call). */
static inline aclnnStatus hs_run_rows(size_t rows, size_t n, aclDataType dg, const void *g,
                                      aclDataType dx, const void *x, aclDataType dy, void *y,
                                      float lambd)
{
    if (rows == 0) {
        return hs_run_flat(n, dg, g, dx, x, dy, y, lambd);
    }
    const int64_t dims[2] = {(int64_t)rows, (int64_t)(n / rows)}, xdims[2] = {(int64_t)rows, 1};
    return hs_run_dims(dims, xdims, 2, dg, g, dx, x, dy, y, lambd);
}

#endif /* OPSNN_OPS_HARD_SHRINK_GRAD_TESTS_HS_UTIL_H_ */
