/* Reference tiling of SPEC §8, mirroring the NPU host tiling of SoftShrinkGrad
 * (op_host/arch35/soft_shrink_grad_tiling_arch35.cpp) and SeluGrad
 * (op_host/arch35/selu_grad_tiling_arch35.cpp). Integer arithmetic only. */
#include <inttypes.h>
#include <string.h>

#include "common/checked.h"
#include "common/error.h"
#include "opsnn/opsnn.h"
#include "tensor/dtype.h"

/* UB bytes both kernels reserve for the Select instruction. */
#define UB_RESERVE 8192
/* SoftShrinkGrad: minimum data per core, in bits (4 KiB). */
#define BLOCK_MIN_BITS 32768
#define SOFTSHRINK_BLOCK_ALIGN 512
#define SELU_ALIGN 32
#define TILING_MAX_ELEMS (INT64_MAX - SOFTSHRINK_BLOCK_ALIGN)

static int64_t ceil_div(int64_t a, int64_t b)
{
    return b == 0 ? 0 : a / b + (a % b != 0);
}

static int64_t ceil_align(int64_t a, int64_t b)
{
    return ceil_div(a, b) * b;
}

aclnnStatus opsnn_platform_get(const char *soc, opsnn_platform *platform)
{
    if (soc == NULL || platform == NULL) {
        opsnn_error("opsnn_platform_get: %s must not be NULL, got NULL",
                    soc == NULL ? "soc" : "platform");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    opsnn_platform p;
    memset(&p, 0, sizeof p);
    if (strcmp(soc, "Ascend910B") == 0) {
        p.core_num = 48;
        p.ub_size = 196608;
    } else if (strcmp(soc, "Ascend950") == 0) {
        p.core_num = 64;
        p.ub_size = 245760;
    } else if (strcmp(soc, "cpu") == 0) {
        p.core_num = opsnn_get_num_threads();
        p.ub_size = OPSNN_CPU_UB_SIZE;
    } else {
        opsnn_error("opsnn_platform_get: soc must be Ascend910B, Ascend950 or cpu, got \"%s\"", soc);
        return ACLNN_ERR_PARAM_INVALID;
    }
    strcpy(p.name, soc);
    *platform = p;
    return ACLNN_SUCCESS;
}

/* Element count of a shape (rank 0 counts 1); -1 (bad shape) or -2 (NULL
 * dims) with a message. */
static int64_t shape_numel(const char *fn, const int64_t *dims, int ndim, int max_rank)
{
    if (ndim > 0 && dims == NULL) {
        opsnn_error("%s: dims must not be NULL when ndim > 0, got NULL with ndim %d", fn, ndim);
        return -2;
    }
    if (ndim < 0 || ndim > max_rank) {
        opsnn_error("%s: ndim must be in [0, %d], got %d", fn, max_rank, ndim);
        return -1;
    }
    int64_t n = 1;
    for (int d = 0; d < ndim; d++) {
        if (dims[d] < 0 || opsnn_mul_i64(n, dims[d], &n)) {
            opsnn_error("%s: dims[%d] must be >= 0 and the element count must fit int64, got %" PRId64,
                        fn, d, dims[d]);
            return -1;
        }
    }
    /* Block sizes round the count up to a multiple of 512 (32 for SeluGrad). */
    if (n > TILING_MAX_ELEMS) {
        opsnn_error("%s: the element count must be <= %" PRId64 " (INT64_MAX - %d), got %" PRId64,
                    fn, TILING_MAX_ELEMS, SOFTSHRINK_BLOCK_ALIGN, n);
        return -1;
    }
    return n;
}

static aclnnStatus check_platform(const char *fn, const opsnn_platform *p, const void *out)
{
    if (p == NULL || out == NULL) {
        opsnn_error("%s: %s must not be NULL, got NULL", fn, p == NULL ? "platform" : "tiling");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    /* ub_size is counted in bits (x 8) by the SoftShrinkGrad formula. */
    if (p->core_num < 1 || p->ub_size <= UB_RESERVE || p->ub_size > INT64_MAX / 8) {
        opsnn_error("%s: platform needs core_num >= 1 and ub_size in (%d, INT64_MAX / 8], got %" PRId64
                    " and %" PRId64, fn, UB_RESERVE, p->core_num, p->ub_size);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_softshrink_grad_tiling_compute(const opsnn_platform *platform,
                                                 aclDataType dtype, const int64_t *dims, int ndim,
                                                 float lambd, opsnn_softshrink_grad_tiling *tiling)
{
    static const char fn[] = "opsnn_softshrink_grad_tiling_compute";
    aclnnStatus rc = check_platform(fn, platform, tiling);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    if (dtype != ACL_FLOAT && dtype != ACL_FLOAT16 && dtype != ACL_BF16) {
        opsnn_error("%s: dtype must be FLOAT, FLOAT16 or BF16, got %s", fn, opsnn_dtype_name(dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    int64_t dim0 = shape_numel(fn, dims, ndim, 8);
    if (dim0 < 0) {
        return dim0 == -2 ? ACLNN_ERR_PARAM_NULLPTR : ACLNN_ERR_PARAM_INVALID;
    }
    int64_t elem_bytes = (int64_t)opsnn_dtype_size(dtype);
    int64_t align = 256 / elem_bytes;
    int buffer_mode = dim0 > 1024;
    int64_t queue = buffer_mode ? 6 : 3;
    /* UB bits per element: the queued copies of input/x/output plus the
     * float32 scratch the fp16/bf16 path needs, plus 2 mask bits. */
    int64_t divisor_bits = dtype == ACL_FLOAT ? queue * 32 + 1 * 32 + 2 : queue * 16 + 4 * 32 + 2;
    int64_t ub_former = ((platform->ub_size - UB_RESERVE) * 8 / divisor_bits) / align * align;
    int64_t used = ceil_div(dim0, BLOCK_MIN_BITS / (elem_bytes * 8));
    used = used < 1 ? 1 : used > platform->core_num ? platform->core_num : used;
    int64_t block_former = ceil_align(ceil_div(dim0, used), SOFTSHRINK_BLOCK_ALIGN);
    int64_t block_num = ceil_div(dim0, block_former);

    memset(tiling, 0, sizeof *tiling);
    tiling->data.blockNum = block_num;
    tiling->data.blockFormer = block_former;
    tiling->data.dim0 = dim0;
    tiling->data.ubFormer = ub_former;
    tiling->data.lambd = lambd;
    tiling->usedCoreNum = used;
    tiling->blockTail = block_num > 0 ? dim0 - (block_num - 1) * block_former : 0;
    tiling->bufferMode = buffer_mode;
    return ACLNN_SUCCESS;
}

static int64_t selu_bytes_per_elem(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return 29; /* 7 float buffers + 1 byte of select mask */
    case ACL_FLOAT16: case ACL_BF16: return 34;
    case ACL_INT32: return 44;
    case ACL_INT8: return 35;
    case ACL_UINT8: return 37;
    default: return 0;
    }
}

aclnnStatus opsnn_selu_grad_tiling_compute(const opsnn_platform *platform, aclDataType dtype,
                                           const int64_t *dims, int ndim,
                                           opsnn_selu_grad_tiling *tiling)
{
    static const char fn[] = "opsnn_selu_grad_tiling_compute";
    aclnnStatus rc = check_platform(fn, platform, tiling);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    int64_t bytes_per_elem = selu_bytes_per_elem(dtype);
    if (bytes_per_elem == 0) {
        opsnn_error("%s: dtype must be FLOAT, FLOAT16, BF16, INT32, INT8 or UINT8, got %s", fn,
                    opsnn_dtype_name(dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    int64_t total = shape_numel(fn, dims, ndim, 32);
    if (total < 0) {
        return total == -2 ? ACLNN_ERR_PARAM_NULLPTR : ACLNN_ERR_PARAM_INVALID;
    }
    memset(tiling, 0, sizeof *tiling);
    tiling->usedCoreNum = 1;
    if (total == 0) { /* the NPU tiling sets one core and returns */
        return ACLNN_SUCCESS;
    }
    int64_t block_former = ceil_align(ceil_div(total, platform->core_num), SELU_ALIGN);
    int64_t ub_former = (platform->ub_size - UB_RESERVE) / bytes_per_elem / SELU_ALIGN * SELU_ALIGN;
    tiling->data.totalElements = total;
    tiling->data.blockFormer = block_former;
    tiling->data.ubFormer = ub_former < SELU_ALIGN ? SELU_ALIGN : ub_former;
    tiling->usedCoreNum = ceil_div(total, block_former);
    tiling->blockTail = total - (tiling->usedCoreNum - 1) * block_former;
    return ACLNN_SUCCESS;
}
