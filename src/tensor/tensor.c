/* aclCreateTensor and the view queries. Every size, extent and byte
 * computation is overflow-checked before the descriptor exists. Like CANN, any
 * aclDataType value is accepted here (ACL_DT_UNDEFINED, ACL_STRING, values
 * with no byte size, unknown values): the operators reject what they do not
 * support with ACLNN_ERR_PARAM_INVALID, as ops-nn's UTs expect. */
#include "tensor/tensor.h"

#include <inttypes.h>
#include <string.h>

#include "common/alloc.h"
#include "common/checked.h"
#include "common/error.h"
#include "tensor/dtype.h"

#define FN "aclCreateTensor"

/* Product of dims (0 when any dim is 0); -1 on overflow. */
static int64_t dims_product(const int64_t *dims, uint64_t n)
{
    int64_t p = 1;
    for (uint64_t i = 0; i < n; i++) {
        if (dims[i] == 0) {
            return 0;
        }
    }
    for (uint64_t i = 0; i < n; i++) {
        if (opsnn_mul_i64(p, dims[i], &p)) {
            return -1;
        }
    }
    return p;
}

static int check_dims(const char *what, const int64_t *dims, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++) {
        if (dims[i] < 0) {
            opsnn_error(FN ": %s[%" PRIu64 "] must be >= 0, got %" PRId64, what, i, dims[i]);
            return -1;
        }
    }
    return 0;
}

/* Largest element offset the view reaches; -1 on overflow. */
static int64_t view_last_offset(const int64_t *dims, const int64_t *strides, uint64_t n,
                                int64_t offset)
{
    int64_t last = offset;
    for (uint64_t i = 0; i < n; i++) {
        int64_t step;
        if (opsnn_mul_i64(dims[i] - 1, strides[i], &step) || opsnn_add_i64(last, step, &last)) {
            return -1;
        }
    }
    return last;
}

static int check_layout(const aclTensor *t, int64_t numel)
{
    if (numel == 0) {
        return 0;
    }
    int64_t last = view_last_offset(t->dims, t->strides, (uint64_t)t->ndim, t->offset);
    int64_t end, end_bytes;
    if (last < 0 || opsnn_add_i64(last, 1, &end) ||
        opsnn_mul_i64(end, (int64_t)t->elem_size, &end_bytes)) {
        opsnn_error(FN ": the view's extent (offset + sum((viewDims[i]-1)*stride[i])) overflows "
                    "int64, got offset %" PRId64, t->offset);
        return -1;
    }
    if (t->storage_ndim >= 0) {
        int64_t storage = dims_product(t->storage_dims, (uint64_t)t->storage_ndim);
        if (storage < 0) {
            opsnn_error(FN ": the product of storageDims overflows int64");
            return -1;
        }
        if (last >= storage) {
            opsnn_error(FN ": the view must lie inside storageDims (%" PRId64
                        " elements), but it reaches element %" PRId64,
                        storage, last);
            return -1;
        }
    }
    return 0;
}

static int fill_descriptor(aclTensor *t, const int64_t *viewDims, uint64_t viewDimsNum,
                           aclDataType dataType, const int64_t *stride, int64_t offset,
                           const int64_t *storageDims, uint64_t storageDimsNum)
{
    if (viewDimsNum > OPSNN_MAX_RANK || storageDimsNum > OPSNN_MAX_RANK) {
        opsnn_error(FN ": %s must be <= %d, got %" PRIu64,
                    viewDimsNum > OPSNN_MAX_RANK ? "viewDimsNum" : "storageDimsNum", OPSNN_MAX_RANK,
                    viewDimsNum > OPSNN_MAX_RANK ? viewDimsNum : storageDimsNum);
        return -1;
    }
    if (viewDimsNum > 0 && viewDims == NULL) {
        opsnn_error(FN ": viewDims must not be NULL when viewDimsNum > 0, got NULL with viewDimsNum %" PRIu64,
                    viewDimsNum);
        return -1;
    }
    if (storageDimsNum > 0 && storageDims == NULL) {
        opsnn_error(FN ": storageDims must not be NULL when storageDimsNum > 0, got NULL with "
                    "storageDimsNum %" PRIu64, storageDimsNum);
        return -1;
    }
    /* 0 for a type without a whole-byte size: its byte extent is unknown, so
     * only the element counts and the storage bound are checked. */
    t->elem_size = opsnn_dtype_size(dataType);
    if (check_dims("viewDims", viewDims, viewDimsNum) != 0 ||
        check_dims("storageDims", storageDims, storageDimsNum) != 0) {
        return -1;
    }
    if (offset < 0) {
        opsnn_error(FN ": offset must be >= 0, got %" PRId64, offset);
        return -1;
    }
    t->dtype = dataType;
    t->ndim = (int)viewDimsNum;
    t->offset = offset;
    if (viewDimsNum > 0) {
        memcpy(t->dims, viewDims, viewDimsNum * sizeof *viewDims);
    }
    if (stride != NULL) {
        for (uint64_t i = 0; i < viewDimsNum; i++) {
            if (stride[i] < 0) {
                opsnn_error(FN ": stride[%" PRIu64 "] must be >= 0, got %" PRId64, i, stride[i]);
                return -1;
            }
            t->strides[i] = stride[i];
        }
    } else {
        /* Contiguous strides, a dim of 0 counted as 1 (as PyTorch does). A
         * stride that does not fit int64 cannot be reported by
         * aclGetViewStrides, so such a view needs explicit strides. */
        int64_t s = 1;
        for (int i = t->ndim - 1; i >= 0; i--) {
            t->strides[i] = s;
            if (i > 0 && opsnn_mul_i64(s, t->dims[i] > 0 ? t->dims[i] : 1, &s)) {
                opsnn_error(FN ": the contiguous stride of viewDims[%d] overflows int64 "
                               "(viewDims[%d..] = %" PRId64 " ...); pass explicit strides",
                            i - 1, i, t->dims[i]);
                return -1;
            }
        }
    }
    t->storage_ndim = storageDims != NULL ? (int)storageDimsNum : -1;
    if (storageDimsNum > 0) {
        memcpy(t->storage_dims, storageDims, storageDimsNum * sizeof *storageDims);
    }
    t->numel = dims_product(viewDims, viewDimsNum);
    int64_t bytes;
    if (t->numel < 0 || opsnn_mul_i64(t->numel, (int64_t)t->elem_size, &bytes) ||
        (uint64_t)bytes > SIZE_MAX) {
        opsnn_error(FN ": the view's %s overflows, got viewDimsNum %" PRIu64 " dims",
                    t->numel < 0 ? "element count (product of viewDims)" : "byte size",
                    viewDimsNum);
        return -1;
    }
    return check_layout(t, t->numel);
}

aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                           const int64_t *stride, int64_t offset, aclFormat format,
                           const int64_t *storageDims, uint64_t storageDimsNum, void *tensorData)
{
    aclTensor tmp;
    memset(&tmp, 0, sizeof tmp);
    if (fill_descriptor(&tmp, viewDims, viewDimsNum, dataType, stride, offset, storageDims,
                        storageDimsNum) != 0) {
        return NULL;
    }
    if (tensorData == NULL && tmp.numel != 0) {
        opsnn_error(FN ": tensorData must not be NULL for a non-empty tensor (%" PRId64
                    " elements), got NULL", tmp.numel);
        return NULL;
    }
    tmp.format = format;
    tmp.data = tensorData;
    aclTensor *t = opsnn_malloc(sizeof *t);
    if (t == NULL) {
        opsnn_error(FN ": out of memory allocating a tensor descriptor");
        return NULL;
    }
    *t = tmp;
    return t;
}

aclnnStatus aclDestroyTensor(const aclTensor *tensor)
{
    if (tensor == NULL) {
        opsnn_error("aclDestroyTensor: tensor must not be NULL, got NULL");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    opsnn_free((void *)(uintptr_t)tensor);
    return ACLNN_SUCCESS;
}

void opsnn_tensor_copy_view(aclTensor *dst, const aclTensor *src)
{
    dst->data = src->data;
    dst->dtype = src->dtype;
    dst->format = src->format;
    dst->elem_size = src->elem_size;
    dst->ndim = src->ndim;
    dst->storage_ndim = -1;
    dst->offset = src->offset;
    dst->numel = src->numel;
    opsnn_copy_dims(dst->dims, src->dims, src->ndim);
    opsnn_copy_dims(dst->strides, src->strides, src->ndim);
}

void opsnn_tensor_extent(const aclTensor *t, int64_t *lo, int64_t *hi)
{
    *lo = t->offset;
    *hi = view_last_offset(t->dims, t->strides, (uint64_t)t->ndim, t->offset);
}
