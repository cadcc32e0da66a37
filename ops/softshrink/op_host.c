/* Softshrink host tiling (declared in opsnn/tiling.h): ops-nn has one,
 *   arch35: activation/softshrink/op_host/arch35/softshrink_tiling.cpp
 *           (registered for ascend950; no experimental Softshrink exists).
 * Each check fails where the NPU code returns GRAPH_FAILED, in its order. */
#include <string.h>

#include "common/error.h"
#include "tiling/tiling.h"

static const char FN[] = "opsnn_softshrink_tiling_compute";

/* UB_RESERVED_BYTE, the largest UB the code accepts (MAX_UB_SIZE), and the
 * compute alignment: 256 bytes of float32, the compute type of every dtype */
#define UB_RESERVED 1024
#define MAX_UB (512LL * 1024 * 1024)
#define ALIGN_ELEMS 64

static aclnnStatus fail(const char *why)
{
    opsnn_error("%s: the NPU tiling fails: %s", FN, why);
    return ACLNN_ERR_PARAM_INVALID;
}

/* GetSchModeFromDtype */
static uint64_t sch_mode(aclDataType dt)
{
    return dt == ACL_FLOAT16 ? 1 : dt == ACL_BF16 ? 2 : 0;
}

aclnnStatus opsnn_softshrink_tiling_compute(const opsnn_platform *platform, const opsnn_tiling_tensor *x,
                                            float lambd, opsnn_softshrink_tiling *tiling)
{
    static const char *const names[1] = {"x"};
    const opsnn_tiling_tensor *const ts[1] = {x};
    int64_t total = 0;
    aclnnStatus rc = opsnn_tiling_check_inputs(FN, platform, tiling, 1, names, ts, &total);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    if (platform->algo != OPSNN_TILING_ARCH35) {
        opsnn_error("%s: ops-nn has no Softshrink tiling for %s (it builds the operator for "
                    "ascend950 only)", FN, platform->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclDataType dt = x->dtype;
    if (dt != ACL_FLOAT16 && dt != ACL_FLOAT && dt != ACL_BF16) {
        return fail("x dtype must be FLOAT16, FLOAT or BF16");
    }
    opsnn_softshrink_tiling t;
    memset(&t, 0, sizeof t);
    t.algo = OPSNN_TILING_ARCH35;
    t.tiling_key = sch_mode(dt);
    t.block_dim = 1;
    if (total == 0) {
        /* HandleEmptyTensor: the struct all zero, lambd too */
        *tiling = t;
        return ACLNN_SUCCESS;
    }
    if (platform->ub_size > MAX_UB) {
        return fail("platform->ub_size exceeds the 512 MiB the NPU code accepts");
    }
    /* CalcUbFactor: 9 float32 buffers per element for FLOAT; FLOAT16 and
     * BF16, widened to float32, 4 half-size queue slots and 6 float32 ones */
    int64_t bytes = dt == ACL_FLOAT ? 9 * 4 : 32;
    int64_t ub_factor = tiling_floor_align((platform->ub_size - UB_RESERVED) / bytes, ALIGN_ELEMS);
    if (ub_factor <= 0) {
        return fail("no UB pass fits in platform->ub_size (1 KiB is reserved)");
    }
    t.data.totalNum = total;
    t.data.blockFactor = tiling_ceil_div(total, platform->core_num);
    t.data.ubFactor = ub_factor;
    t.data.lambd = lambd;
    t.block_dim = (uint32_t)tiling_ceil_div(total, t.data.blockFactor);
    *tiling = t;
    opsnn_log(OPSNN_LOG_DEBUG, "Softshrink tiling on %s: %lld elements, blockDim %u, key %llu",
              platform->name, (long long)total, t.block_dim, (unsigned long long)t.tiling_key);
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_softshrink_tiling_bytes(const opsnn_softshrink_tiling *tiling, void *buf, size_t size,
                                          size_t *written)
{
    const size_t need = OPSNN_SOFTSHRINK_TILING_DATA_SIZE; /* 4 bytes of tail padding */
    aclnnStatus rc = opsnn_tiling_check_out("opsnn_softshrink_tiling_bytes", tiling, buf, size, written, need);
    if (rc == ACLNN_SUCCESS) {
        const opsnn_softshrink_tiling_data *d = &tiling->data;
        *written = tiling_put_flat(buf, need, d->totalNum, d->blockFactor, d->ubFactor, &d->lambd);
    }
    return rc;
}
