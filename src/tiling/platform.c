/* Platforms of the reference tiling and the checks all calculators share. */
#include <inttypes.h>
#include <string.h>
#include <strings.h>

#include "common/checked.h"
#include "common/error.h"
#include "common/soc.h"
#include "tiling/tiling.h"

#define MAX_TILING_RANK 32

aclnnStatus opsnn_platform_get(const char *soc, opsnn_platform *platform)
{
    if (platform == NULL) {
        opsnn_error("opsnn_platform_get: platform must not be NULL, got NULL");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    opsnn_platform p;
    memset(&p, 0, sizeof p);
    if (soc != NULL && strcasecmp(soc, "cpu") == 0) {
        strcpy(p.name, "cpu");
        p.algo = OPSNN_TILING_ARCH35;
        p.core_num = opsnn_get_num_threads();
        p.ub_size = OPSNN_CPU_UB_SIZE;
        *platform = p;
        return ACLNN_SUCCESS;
    }
    const opsnn_soc_info *info = NULL;
    if (soc == NULL) {
        /* the configuration in effect: its package's kernels must be the
         * ops-nn ones, whose host tiling is what this module reproduces */
        opsnn_config cfg;
        aclnnStatus rc = opsnn_config_get(&cfg);
        if (rc != ACLNN_SUCCESS) {
            return rc;
        }
        if (cfg.gen == OPSNN_GEN_TBE) {
            opsnn_error("opsnn_platform_get: the %s package runs TBE kernels on %s, tiled by the TBE "
                        "auto-schedule, which is not reproduced; name the SoC or use the ops-nn "
                        "package for the ops-nn tiling",
                        opsnn_opp_name(cfg.opp), cfg.soc->name);
            return ACLNN_ERR_PARAM_INVALID;
        }
        info = cfg.soc;
    } else if (opsnn_soc_lookup(soc, &info) != 0) {
        opsnn_error("opsnn_platform_get: soc must be cpu or one of %s (any case), got \"%s\"",
                    opsnn_soc_names(), soc);
        return ACLNN_ERR_PARAM_INVALID;
    }
    switch (info->family) {
    case OPSNN_SOC_FAMILY_ASCEND950:
        p.algo = OPSNN_TILING_ARCH35;
        break;
    case OPSNN_SOC_FAMILY_ASCEND910B:
    case OPSNN_SOC_FAMILY_ASCEND910_93:
        p.algo = OPSNN_TILING_910B;
        break;
    default:
        opsnn_error("opsnn_platform_get: soc must be an Ascend950, Ascend910B or Ascend910_93 part "
                    "(ops-nn registers no SoftShrinkGrad/SeluGrad AI Core kernel for others), got %s",
                    info->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* every canonical name fits: the longest has 16 characters */
    strncpy(p.name, info->name, sizeof p.name - 1);
    p.core_num = info->vector_core_num;
    p.ub_size = info->ub_size;
    *platform = p;
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_tiling_check_platform(const char *fn, const opsnn_platform *p, const void *result)
{
    if (p == NULL || result == NULL) {
        opsnn_error("%s: %s must not be NULL, got NULL", fn, p == NULL ? "platform" : "tiling");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (p->algo != OPSNN_TILING_ARCH35 && p->algo != OPSNN_TILING_910B) {
        opsnn_error("%s: platform->algo must be OPSNN_TILING_ARCH35 (0) or OPSNN_TILING_910B (1), got %d",
                    fn, (int)p->algo);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* GetCoreNumAiv() and the UB size are 32-bit on every Ascend part; the
     * bound keeps all the formulas' products inside int64. */
    if (p->core_num < 1 || p->core_num > INT32_MAX) {
        opsnn_error("%s: platform->core_num must be in [1, %d] (the NPU code fails on 0), got %" PRId64,
                    fn, INT32_MAX, p->core_num);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (p->ub_size < 1 || p->ub_size > INT32_MAX) {
        opsnn_error("%s: platform->ub_size must be in [1, %d] (the NPU code fails on 0), got %" PRId64,
                    fn, INT32_MAX, p->ub_size);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_tiling_tensor_numel(const char *fn, const char *what, const opsnn_tiling_tensor *t,
                                      int64_t *numel)
{
    if (t == NULL) {
        opsnn_error("%s: %s must not be NULL, got NULL", fn, what);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (t->ndim > 0 && t->dims == NULL) {
        opsnn_error("%s: %s->dims must not be NULL when ndim > 0, got NULL with ndim %d", fn, what, t->ndim);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (t->ndim < 0 || t->ndim > MAX_TILING_RANK) {
        opsnn_error("%s: %s->ndim must be in [0, %d], got %d", fn, what, MAX_TILING_RANK, t->ndim);
        return ACLNN_ERR_PARAM_INVALID;
    }
    int64_t n = 1;
    for (int d = 0; d < t->ndim; d++) {
        if (t->dims[d] < 0 || opsnn_mul_i64(n, t->dims[d], &n) || n > OPSNN_TILING_MAX_ELEMS) {
            opsnn_error("%s: %s->dims[%d] must be >= 0 and the element count <= %" PRId64 ", got %" PRId64,
                        fn, what, d, (int64_t)OPSNN_TILING_MAX_ELEMS, t->dims[d]);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    *numel = n;
    return ACLNN_SUCCESS;
}

int opsnn_tiling_same_shape(const opsnn_tiling_tensor *a, const opsnn_tiling_tensor *b,
                            int scalar_as_vec1)
{
    static const int64_t one = 1;
    int na = a->ndim, nb = b->ndim;
    const int64_t *da = a->dims, *db = b->dims;
    if (scalar_as_vec1 && na == 0) {
        na = 1;
        da = &one;
    }
    if (scalar_as_vec1 && nb == 0) {
        nb = 1;
        db = &one;
    }
    if (na != nb) {
        return 0;
    }
    for (int d = 0; d < na; d++) {
        if (da[d] != db[d]) {
            return 0;
        }
    }
    return 1;
}

aclnnStatus opsnn_tiling_check_inputs(const char *fn, const opsnn_platform *platform,
                                      const void *result, int n, const char *const *names,
                                      const opsnn_tiling_tensor *const *tensors, int64_t *counts)
{
    aclnnStatus rc = opsnn_tiling_check_platform(fn, platform, result);
    for (int i = 0; i < n && rc == ACLNN_SUCCESS; i++) {
        rc = opsnn_tiling_tensor_numel(fn, names[i], tensors[i], &counts[i]);
    }
    return rc;
}
