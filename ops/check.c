/* The shared op_api checks (ops/check.h). */
#include "ops/check.h"

#include "common/error.h"
#include "executor/executor.h"
#include "tensor/dtype.h"

aclnnStatus opsnn_check_not_null(const char *api, int n, const void *const ptrs[],
                                 const char *const names[], const int order[])
{
    for (int i = 0; i < n; i++) {
        int k = order != NULL ? order[i] : i;
        if (ptrs[k] == NULL) {
            opsnn_error("%s: %s must not be NULL, got NULL", api, names[k]);
            return ACLNN_ERR_PARAM_NULLPTR;
        }
    }
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_check_dtype(const char *api, const opsnn_op_info *op, const char *name,
                              aclDataType dt, const opsnn_soc_info *soc, opsnn_opp opp,
                              const char *suffix)
{
    if (opsnn_op_dtype_ok(op, dt, soc, opp)) {
        return ACLNN_SUCCESS;
    }
    char list[96];
    opsnn_error("%s: %s dtype must be %s on %s%s, got %s", api, name,
                opsnn_op_dtype_list(op, soc, opp, list, sizeof list), soc->name, suffix,
                opsnn_dtype_name(dt));
    return ACLNN_ERR_PARAM_INVALID;
}

aclnnStatus opsnn_check_dtypes(const char *api, const opsnn_op_info *op, int n,
                               const aclTensor *const tensors[], const char *const names[],
                               const opsnn_soc_info *soc, opsnn_opp opp, const char *suffix)
{
    aclnnStatus rc = ACLNN_SUCCESS;
    for (int i = 0; i < n && rc == ACLNN_SUCCESS; i++) {
        /* the dtype the tensor before had passed (the common case) */
        if (i == 0 || tensors[i]->dtype != tensors[i - 1]->dtype) {
            rc = opsnn_check_dtype(api, op, names[i], tensors[i]->dtype, soc, opp, suffix);
        }
    }
    return rc;
}

aclnnStatus opsnn_check_rank(const char *api, const char *name, const aclTensor *t, int max_rank)
{
    if (t->ndim > max_rank) {
        opsnn_error("%s: %s rank must be <= %d, got %d", api, name, max_rank, t->ndim);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_check_broadcast(const char *api, const char *a_name, const aclTensor *a,
                                  const char *b_name, const aclTensor *b, int64_t *shape,
                                  int *ndim)
{
    if (opsnn_broadcast_shape(a, b, shape, ndim) == 0) {
        return ACLNN_SUCCESS;
    }
    char sa[256], sb[256];
    opsnn_error("%s: %s shape %s and %s shape %s must be broadcastable, got incompatible dims",
                api, a_name, opsnn_format_shape(sa, sizeof sa, a->dims, a->ndim), b_name,
                opsnn_format_shape(sb, sizeof sb, b->dims, b->ndim));
    return ACLNN_ERR_PARAM_INVALID;
}

aclnnStatus opsnn_check_shape(const char *api, const char *name, const aclTensor *t,
                              const char *what, const int64_t *dims, int ndim)
{
    if (opsnn_shape_equals(t, dims, ndim)) {
        return ACLNN_SUCCESS;
    }
    char sa[256], sb[256];
    opsnn_error("%s: %s shape must equal %s %s, got %s", api, name, what,
                opsnn_format_shape(sa, sizeof sa, dims, ndim),
                opsnn_format_shape(sb, sizeof sb, t->dims, t->ndim));
    return ACLNN_ERR_PARAM_INVALID;
}

aclnnStatus opsnn_check_scalar_nonneg(const char *api, const char *name, const aclScalar *s)
{
    float v = opsnn_scalar_to_float(s);
    if (v < 0.0f) {
        opsnn_error(v > -1e-6f ? "%s: %s must be >= 0, got %g" : "%s: %s must be >= 0, got %f",
                    api, name, (double)v);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}
