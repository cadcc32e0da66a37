/* Selu host tiling (declared in opsnn/tiling.h), both ops-nn implementations:
 *   arch35: activation/selu/op_host/arch35/selu_tiling_arch35.cpp
 *           (registered for ascend950)
 *   910b:   experimental/activation/selu/op_host/selu_tiling.cpp
 *           (registered for ascend910b)
 * Both fill the same struct, SeluTilingData, with the same split; they differ
 * in the UB each element takes. Each check fails where the NPU code returns
 * GRAPH_FAILED, in its order. */
#include <string.h>

#include "common/error.h"
#include "tiling/tiling.h"

static const char FN[] = "opsnn_selu_tiling_compute";

static aclnnStatus fail(const char *why)
{
    opsnn_error("%s: the NPU tiling fails: %s", FN, why);
    return ACLNN_ERR_PARAM_INVALID;
}

static int64_t type_size(aclDataType dt)
{
    return dt == ACL_INT8 ? 1 : dt == ACL_FLOAT16 || dt == ACL_BF16 ? 2 : 4;
}

/* ubDivisor, the UB one element takes in units of its own size: an input and
 * an output slot of the dtype plus float32 scratch buffers (arch35: two,
 * three for INT8; the experimental code: two, and FLOAT16's are half). */
static int64_t ub_divisor(opsnn_tiling_algo algo, aclDataType dt)
{
    int64_t ts = type_size(dt);
    int64_t scratch = 2, scratch_size = 4;
    if (algo == OPSNN_TILING_ARCH35 && dt == ACL_INT8) {
        scratch = 3;
    }
    if (algo == OPSNN_TILING_910B && dt == ACL_FLOAT16) {
        scratch_size = 2;
    }
    return (2 * ts + scratch * scratch_size) / ts;
}

aclnnStatus opsnn_selu_tiling_compute(const opsnn_platform *platform, const opsnn_tiling_tensor *x,
                                      opsnn_selu_tiling *tiling)
{
    static const char *const names[1] = {"x"};
    const opsnn_tiling_tensor *const ts[1] = {x};
    int64_t total = 0;
    aclnnStatus rc = opsnn_tiling_check_inputs(FN, platform, tiling, 1, names, ts, &total);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    aclDataType dt = x->dtype;
    if (dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16 && dt != ACL_INT32 && dt != ACL_INT8) {
        return fail("x dtype must be FLOAT, FLOAT16, BF16, INT32 or INT8");
    }
    opsnn_selu_tiling t;
    memset(&t, 0, sizeof t);
    t.algo = platform->algo;
    t.dtype = dt;
    t.block_dim = 1;
    if (total == 0) {
        *tiling = t; /* zeros, one core */
        return ACLNN_SUCCESS;
    }
    int64_t size = type_size(dt), block = 32 / size; /* a 32-byte block in elements */
    int64_t block_factor = tiling_ceil_align(tiling_ceil_div(total, platform->core_num), block);
    int64_t ub_factor = tiling_floor_align(platform->ub_size / size / ub_divisor(platform->algo, dt), block);
    if (ub_factor <= 0) {
        return fail("no UB pass fits in platform->ub_size");
    }
    t.data.totalElements = total;
    t.data.blockFactor = block_factor;
    t.data.ubFactor = ub_factor;
    t.block_dim = (uint32_t)tiling_ceil_div(total, block_factor);
    *tiling = t;
    opsnn_log(OPSNN_LOG_DEBUG, "Selu tiling on %s: %lld elements, blockDim %u", platform->name,
              (long long)total, t.block_dim);
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_selu_tiling_bytes(const opsnn_selu_tiling *tiling, void *buf, size_t size,
                                    size_t *written)
{
    const size_t need = OPSNN_SELU_TILING_DATA_SIZE;
    aclnnStatus rc = opsnn_tiling_check_out("opsnn_selu_tiling_bytes", tiling, buf, size, written, need);
    if (rc == ACLNN_SUCCESS) {
        const opsnn_selu_tiling_data *d = &tiling->data;
        *written = tiling_put_flat(buf, need, d->totalElements, d->blockFactor, d->ubFactor, NULL);
    }
    return rc;
}
