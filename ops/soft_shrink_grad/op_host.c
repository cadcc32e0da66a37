/* SoftShrinkGrad host tiling, both ops-nn implementations (master e5c3fa93):
 *   arch35: activation/soft_shrink_grad/op_host/arch35/soft_shrink_grad_tiling_arch35.cpp
 *   910b:   experimental/activation/softshrink_grad/op_host/softshrink_grad_tiling.cpp
 * Each check fails where the NPU code returns GRAPH_FAILED, in its order. */
#include <string.h>

#include "common/error.h"
#include "tiling/tiling.h"

static const char FN[] = "opsnn_softshrink_grad_tiling_compute";

static int is_float_dtype(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
}

static aclnnStatus fail(const char *why)
{
    opsnn_error("%s: the NPU tiling fails: %s", FN, why);
    return ACLNN_ERR_PARAM_INVALID;
}

/* ---- arch35 ---- */

/* UB bits one element needs: 3 queued tensors (x2 when double-buffered) plus
 * float32 scratch (1 buffer for FLOAT, 4 when promoting fp16/bf16) plus the
 * compare and NaN masks, one bit each (tiling_arch35.cpp:188-195). */
static int64_t arch35_divisor_bits(aclDataType dt, int double_buffer)
{
    int64_t queued = double_buffer ? 6 : 3;
    return dt == ACL_FLOAT ? queued * 32 + 1 * 32 + 2 : queued * 16 + 4 * 32 + 2;
}

static aclnnStatus arch35(const opsnn_platform *p, const opsnn_tiling_tensor *grad,
                          const opsnn_tiling_tensor *x, int64_t total, float lambd,
                          opsnn_softshrink_grad_tiling *t)
{
    if (grad->ndim > 8 || x->ndim > 8) {
        return fail("input_grad and input_x must have rank <= 8");
    }
    if (!opsnn_tiling_same_shape(grad, x, 1)) {
        return fail("input_grad and input_x must have the same shape");
    }
    if (!is_float_dtype(grad->dtype) || !is_float_dtype(x->dtype) || grad->dtype != x->dtype) {
        return fail("input_grad and input_x must have the same dtype, FLOAT, FLOAT16 or BF16");
    }
    if (lambd < 0.0f) { /* NaN passes, as on the NPU */
        return fail("lambd must be >= 0");
    }
    memset(t, 0, sizeof *t);
    t->algo = OPSNN_TILING_ARCH35;
    t->block_dim = 1;
    if (total == 0) { /* all-zero struct, one core, BUFFER_MODE 0 */
        return ACLNN_SUCCESS;
    }
    int64_t elem_bytes = grad->dtype == ACL_FLOAT ? 4 : 2;
    int double_buffer = total > 1024;
    int64_t avail_bits = (p->ub_size - 8192) * 8; /* 8 KiB kept for Select */
    if (avail_bits <= 0) {
        return fail("platform->ub_size must exceed the 8192 bytes reserved for Select");
    }
    int64_t align = 256 / elem_bytes;
    int64_t ub_former = avail_bits / arch35_divisor_bits(grad->dtype, double_buffer) / align * align;
    if (ub_former <= 0) {
        return fail("no UB pass fits in platform->ub_size");
    }
    /* at least 4 KiB (32768 bits) of data per core */
    int64_t used = tiling_ceil_div(total * elem_bytes * 8, 32768);
    used = used < p->core_num ? used : p->core_num;
    int64_t block_former = tiling_ceil_align(tiling_ceil_div(total, used), 512);
    int64_t block_num = tiling_ceil_div(total, block_former);
    t->data.dim0 = total;
    t->data.coreNum = (int32_t)block_num;
    t->data.blockFormer = block_former;
    t->data.blockNum = block_num;
    t->data.ubFormer = ub_former;
    t->data.lambd = lambd;
    t->block_dim = (uint32_t)block_num;
    t->tiling_key = (uint64_t)double_buffer;
    return ACLNN_SUCCESS;
}

/* ---- experimental (ascend910b, ascend910_93) ---- */

/* CalcUbFactor (softshrink_grad_tiling.cpp:127-150): 0 when nothing fits. */
static int64_t exp_ub_factor(int64_t ub_size, aclDataType dt, int64_t buffers, int64_t total)
{
    int64_t type_size = dt == ACL_FLOAT ? 4 : 2;
    int64_t avail = ub_size - 16 * 1024;
    if (avail <= 0) {
        return 0;
    }
    int64_t bytes_per_elem = 3 * buffers * type_size + 1 + (dt == ACL_FLOAT ? 0 : 2 * 4);
    int64_t main_align = 512 / type_size, vector_align = 256 / 4;
    int64_t align = main_align > vector_align ? main_align : vector_align;
    int64_t factor = tiling_floor_align(avail / bytes_per_elem, align);
    if (factor <= 0) {
        return 0;
    }
    if (total > 0 && total < factor) {
        factor = tiling_ceil_align(total, align);
    }
    return factor;
}

/* CalcBlockFactor (softshrink_grad_tiling.cpp:152-171). */
static int64_t exp_block_factor(int64_t total, int64_t type_size, int64_t core_num, int64_t *used)
{
    *used = 1;
    if (total <= 0) {
        return 0;
    }
    int64_t bytes = total * type_size;
    if (bytes <= 64 * 1024) { /* small inputs stay on one core */
        return total;
    }
    int64_t n = tiling_ceil_div(bytes, 16 * 1024); /* aim at 16 KiB per core */
    n = n < core_num ? n : core_num;
    int64_t factor = tiling_ceil_align(tiling_ceil_div(total, n), 512 / type_size);
    *used = tiling_ceil_div(total, factor);
    return factor;
}

static aclnnStatus exp910b(const opsnn_platform *p, const opsnn_tiling_tensor *grad,
                           const opsnn_tiling_tensor *x, const opsnn_tiling_tensor *y, int64_t total,
                           float lambd, opsnn_softshrink_grad_tiling *t)
{
    if (!opsnn_tiling_same_shape(grad, x, 1) || !opsnn_tiling_same_shape(grad, y, 1)) {
        return fail("input_grad, input_x and output_y must have the same shape");
    }
    if (!is_float_dtype(grad->dtype) || x->dtype != grad->dtype || y->dtype != grad->dtype) {
        return fail("input_grad, input_x and output_y must have the same dtype, FLOAT, FLOAT16 or BF16");
    }
    if (lambd < 0.0f) { /* NaN passes, as on the NPU */
        return fail("lambd must be >= 0");
    }
    int64_t type_size = grad->dtype == ACL_FLOAT ? 4 : 2;
    int64_t used = 1;
    int64_t block_factor = exp_block_factor(total, type_size, p->core_num, &used);
    int64_t ub_factor = exp_ub_factor(p->ub_size, grad->dtype, 1, total);
    if (ub_factor <= 0) {
        return fail("no single-buffered UB pass fits in platform->ub_size (16 KiB are reserved)");
    }
    int double_buffer = 0;
    if (block_factor > ub_factor) {
        int64_t twice = exp_ub_factor(p->ub_size, grad->dtype, 2, total);
        if (twice <= 0) {
            return fail("no double-buffered UB pass fits in platform->ub_size");
        }
        if (tiling_ceil_div(block_factor, twice) >= 2) {
            double_buffer = 1;
            ub_factor = twice;
        }
    }
    memset(t, 0, sizeof *t);
    t->algo = OPSNN_TILING_910B;
    t->data_910b.totalNum = total;
    t->data_910b.blockFactor = block_factor;
    t->data_910b.ubFactor = (int32_t)ub_factor; /* <= ub_size / 7: fits */
    t->data_910b.lambd = lambd;
    t->block_dim = (uint32_t)used;
    /* schMode: FLOAT16 0/1, FLOAT 2/3, BF16 4/5 (single/double buffer) */
    int base = grad->dtype == ACL_FLOAT16 ? 0 : grad->dtype == ACL_FLOAT ? 2 : 4;
    t->tiling_key = (uint64_t)(base + double_buffer);
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_softshrink_grad_tiling_compute(const opsnn_platform *platform,
                                                 const opsnn_tiling_tensor *input_grad,
                                                 const opsnn_tiling_tensor *input_x,
                                                 const opsnn_tiling_tensor *output_y, float lambd,
                                                 opsnn_softshrink_grad_tiling *tiling)
{
    int64_t total = 0, nx = 0, ny = 0;
    aclnnStatus rc = opsnn_tiling_check_platform(FN, platform, tiling);
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_tiling_tensor_numel(FN, "input_grad", input_grad, &total);
    }
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_tiling_tensor_numel(FN, "input_x", input_x, &nx);
    }
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_tiling_tensor_numel(FN, "output_y", output_y, &ny);
    }
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    opsnn_softshrink_grad_tiling t;
    rc = platform->algo == OPSNN_TILING_ARCH35
             ? arch35(platform, input_grad, input_x, total, lambd, &t)
             : exp910b(platform, input_grad, input_x, output_y, total, lambd, &t);
    if (rc == ACLNN_SUCCESS) {
        *tiling = t;
        opsnn_log(OPSNN_LOG_DEBUG, "SoftShrinkGrad tiling on %s: %lld elements, blockDim %u, key %llu",
                  platform->name, (long long)total, t.block_dim, (unsigned long long)t.tiling_key);
    }
    return rc;
}

/* The tiling struct as the NPU kernel receives it (tiling/tiling.h's byte
 * writers: natural alignment, little-endian, padding zero). */
aclnnStatus opsnn_softshrink_grad_tiling_bytes(const opsnn_softshrink_grad_tiling *tiling, void *buf,
                                               size_t size, size_t *written)
{
    static const char fn[] = "opsnn_softshrink_grad_tiling_bytes";
    size_t need = tiling != NULL && tiling->algo == OPSNN_TILING_910B
                      ? OPSNN_SOFTSHRINK_GRAD_TILING_DATA_910B_SIZE
                      : OPSNN_SOFTSHRINK_GRAD_TILING_DATA_SIZE;
    aclnnStatus rc = opsnn_tiling_check_out(fn, tiling, buf, size, written, need);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    unsigned char *b = buf;
    memset(b, 0, need);
    if (tiling->algo == OPSNN_TILING_910B) {
        const opsnn_softshrink_grad_tiling_data_910b *d = &tiling->data_910b;
        tiling_put_u64(b + 0, (uint64_t)d->totalNum);
        tiling_put_u64(b + 8, (uint64_t)d->blockFactor);
        tiling_put_u32(b + 16, (uint32_t)d->ubFactor);
        tiling_put_f32(b + 20, d->lambd);
    } else {
        const opsnn_softshrink_grad_tiling_data *d = &tiling->data;
        tiling_put_u64(b + 0, (uint64_t)d->dim0);
        tiling_put_u32(b + 8, (uint32_t)d->coreNum); /* 4 bytes of padding follow */
        tiling_put_u64(b + 16, (uint64_t)d->blockFormer);
        tiling_put_u64(b + 24, (uint64_t)d->blockNum);
        tiling_put_u64(b + 32, (uint64_t)d->ubFormer);
        tiling_put_f32(b + 40, d->lambd); /* 4 bytes of tail padding: sizeof is 48 */
    }
    *written = need;
    return ACLNN_SUCCESS;
}
