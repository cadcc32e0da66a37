/* HardShrinkGrad host tiling, both ops-nn implementations (declared in
 * opsnn/tiling.h):
 *   arch35: activation/hard_shrink_grad/op_host/arch35/hard_shrink_grad_tiling.cpp
 *           (registered for ascend950)
 *   910b:   experimental/activation/hard_shrink_grad/op_host/hard_shrink_grad_tiling.cpp
 *           (registered for ascend910b)
 * Both fill the same struct, HardShrinkGradTilingData. Each check fails where
 * the NPU code returns GRAPH_FAILED, in its order. */
#include <string.h>

#include "common/error.h"
#include "tiling/tiling.h"

static const char FN[] = "opsnn_hardshrink_grad_tiling_compute";

static aclnnStatus fail(const char *why)
{
    opsnn_error("%s: the NPU tiling fails: %s", FN, why);
    return ACLNN_ERR_PARAM_INVALID;
}

static int is_float_dtype(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
}

/* arch35 HardShrinkGradTilingFunc: the cores share ceil(total / cores)
 * elements each; a UB pass holds what 3 queues (x2 double-buffered above
 * 1024 elements, plus 2 float32 buffers for BF16) fit in the UB less 16 KiB,
 * aligned to 256 bytes of compute type, and no more than total needs. */
static aclnnStatus arch35(const opsnn_platform *p, aclDataType dt, int64_t total, float lambd,
                          opsnn_hardshrink_grad_tiling *t)
{
    if (total == 0) {
        /* the op_api returns before launching an empty tensor; the NPU code
         * would divide by a zero blockFactor */
        return fail("an empty tensor is not tiled (blockFactor would be 0)");
    }
    int64_t type_size = dt == ACL_FLOAT ? 4 : 2;
    int64_t compute_align = 256 / (dt == ACL_FLOAT16 ? 2 : 4); /* BF16 computes in float */
    int64_t ub_block = 32; /* GetUbBlockSize, compared with an element count as in the source */
    int64_t align = ub_block > compute_align ? ub_block : compute_align;
    int double_buffer = total > 1024;
    int64_t queues = 3 * (double_buffer ? 2 : 1);
    int64_t bytes = queues * type_size + (dt == ACL_BF16 ? 2 * 4 : 0);
    int64_t avail = p->ub_size - 16 * 1024;
    int64_t ub_factor = avail > 0 ? tiling_floor_align(avail / bytes, align) : 0;
    if (ub_factor <= 0) {
        return fail("no UB pass fits in platform->ub_size (16 KiB are reserved)");
    }
    if (total < ub_factor) {
        ub_factor = tiling_ceil_align(total, align);
    }
    int64_t block_factor = tiling_ceil_div(total, p->core_num);
    memset(t, 0, sizeof *t);
    t->algo = OPSNN_TILING_ARCH35;
    t->data.totalNum = total;
    t->data.blockFactor = block_factor;
    t->data.ubFactor = ub_factor;
    t->data.lambd = lambd < 0.0f ? 0.0f : lambd;
    t->block_dim = (uint32_t)tiling_ceil_div(total, block_factor);
    t->buffer_mode = (uint32_t)double_buffer;
    t->dtype = dt;
    return ACLNN_SUCCESS;
}

/* Experimental HardShrinkGradTilingFunc (arch22): the same core split; a UB
 * pass holds 3 queues (x2 above 1024 elements) and 3 (FLOAT) or 6 (FLOAT16,
 * BF16: float32) scratch buffers in the UB less 256 bytes, aligned to 32 then
 * to 64 elements, not capped by total. An empty tensor: one core, zeros. */
static aclnnStatus exp910b(const opsnn_platform *p, aclDataType dt, int64_t total, float lambd,
                           opsnn_hardshrink_grad_tiling *t)
{
    memset(t, 0, sizeof *t);
    t->algo = OPSNN_TILING_910B;
    t->dtype = dt;
    t->data.lambd = lambd;
    if (total == 0) {
        t->block_dim = 1;
        return ACLNN_SUCCESS;
    }
    int double_buffer = total > 1024;
    int64_t buffers = double_buffer ? 2 : 1;
    int64_t bytes = dt == ACL_FLOAT ? (3 * buffers + 3) * 4 : 3 * buffers * 2 + 6 * 4;
    int64_t avail = p->ub_size - 256;
    int64_t ub_factor = avail > 0 ? tiling_floor_align(tiling_floor_align(avail / bytes, 32), 64) : 0;
    if (ub_factor <= 0) {
        return fail("no UB pass fits in platform->ub_size (256 bytes are reserved)");
    }
    int64_t block_factor = tiling_ceil_div(total, p->core_num);
    t->data.totalNum = total;
    t->data.blockFactor = block_factor;
    t->data.ubFactor = ub_factor;
    t->block_dim = (uint32_t)tiling_ceil_div(total, block_factor);
    t->buffer_mode = (uint32_t)double_buffer;
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_hardshrink_grad_tiling_compute(const opsnn_platform *platform,
                                                 const opsnn_tiling_tensor *gradients,
                                                 const opsnn_tiling_tensor *features,
                                                 const opsnn_tiling_tensor *backprops, float lambd,
                                                 opsnn_hardshrink_grad_tiling *tiling)
{
    /* arch35 reads the three shapes, the experimental code two */
    const opsnn_tiling_tensor *const ts[3] = {gradients, features, backprops};
    static const char *const names[3] = {"gradients", "features", "backprops"};
    int nt = platform != NULL && platform->algo == OPSNN_TILING_ARCH35 ? 3 : 2;
    int64_t count[3] = {0, 0, 0};
    aclnnStatus rc = opsnn_tiling_check_inputs(FN, platform, tiling, nt, names, ts, count);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    int64_t total = count[0], nx = count[1], ny = nt == 3 ? count[2] : total;
    if (nx != total || ny != total) {
        return fail(platform->algo == OPSNN_TILING_ARCH35
                        ? "gradients, features and backprops must have the same element count"
                        : "gradients and features must have the same element count");
    }
    if (!is_float_dtype(gradients->dtype)) {
        return fail("gradients dtype must be FLOAT16, FLOAT or BF16");
    }
    opsnn_hardshrink_grad_tiling t;
    rc = platform->algo == OPSNN_TILING_ARCH35 ? arch35(platform, gradients->dtype, total, lambd, &t)
                                               : exp910b(platform, gradients->dtype, total, lambd, &t);
    if (rc == ACLNN_SUCCESS) {
        *tiling = t;
        opsnn_log(OPSNN_LOG_DEBUG, "HardShrinkGrad tiling on %s: %lld elements, blockDim %u, "
                  "BUFFER_MODE %u", platform->name, (long long)total, t.block_dim, t.buffer_mode);
    }
    return rc;
}

aclnnStatus opsnn_hardshrink_grad_tiling_bytes(const opsnn_hardshrink_grad_tiling *tiling, void *buf,
                                               size_t size, size_t *written)
{
    const size_t need = OPSNN_HARDSHRINK_GRAD_TILING_DATA_SIZE; /* 4 bytes of tail padding */
    aclnnStatus rc =
        opsnn_tiling_check_out("opsnn_hardshrink_grad_tiling_bytes", tiling, buf, size, written, need);
    if (rc == ACLNN_SUCCESS) {
        const opsnn_hardshrink_grad_tiling_data *d = &tiling->data;
        *written = tiling_put_flat(buf, need, d->totalNum, d->blockFactor, d->ubFactor, &d->lambd);
    }
    return rc;
}
