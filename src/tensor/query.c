/* The view queries of acl_meta.h. Arrays handed out are malloc'ed copies that
 * the caller releases with free(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "common/error.h"
#include "tensor/tensor.h"

static aclnnStatus check_args(const char *fn, const aclTensor *t, const void *out1,
                              const void *out2)
{
    if (t == NULL || out1 == NULL || out2 == NULL) {
        opsnn_error("%s: %s must not be NULL, got NULL", fn,
                    t == NULL ? "tensor" : "the output pointer");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    return ACLNN_SUCCESS;
}

/* Copy n int64 values into a fresh malloc'ed array (NULL when n == 0). */
static aclnnStatus copy_out(const char *fn, const int64_t *src, int n, int64_t **dst,
                            uint64_t *count)
{
    int64_t *a = NULL;
    if (n > 0) {
        /* The caller frees it with free(); the test hook can still fail it. */
        a = opsnn_malloc_for_caller((size_t)n * sizeof *a);
        if (a == NULL) {
            opsnn_error("%s: out of memory copying %d values", fn, n);
            return ACLNN_ERR_INNER;
        }
        memcpy(a, src, (size_t)n * sizeof *a);
    }
    *dst = a;
    *count = (uint64_t)n;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims, uint64_t *viewDimsNum)
{
    aclnnStatus rc = check_args("aclGetViewShape", tensor, viewDims, viewDimsNum);
    return rc != ACLNN_SUCCESS ? rc
                               : copy_out("aclGetViewShape", tensor->dims, tensor->ndim, viewDims,
                                          viewDimsNum);
}

aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue, uint64_t *stridesNum)
{
    aclnnStatus rc = check_args("aclGetViewStrides", tensor, stridesValue, stridesNum);
    return rc != ACLNN_SUCCESS ? rc
                               : copy_out("aclGetViewStrides", tensor->strides, tensor->ndim,
                                          stridesValue, stridesNum);
}

aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims,
                               uint64_t *storageDimsNum)
{
    aclnnStatus rc = check_args("aclGetStorageShape", tensor, storageDims, storageDimsNum);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    /* Without a storage shape the view itself is reported, as CANN does for
     * tensors created with storageDims == viewDims. */
    if (tensor->storage_ndim < 0) {
        return copy_out("aclGetStorageShape", tensor->dims, tensor->ndim, storageDims,
                        storageDimsNum);
    }
    return copy_out("aclGetStorageShape", tensor->storage_dims, tensor->storage_ndim, storageDims,
                    storageDimsNum);
}

aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset)
{
    aclnnStatus rc = check_args("aclGetViewOffset", tensor, offset, offset);
    if (rc == ACLNN_SUCCESS) {
        *offset = tensor->offset;
    }
    return rc;
}

aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType)
{
    aclnnStatus rc = check_args("aclGetDataType", tensor, dataType, dataType);
    if (rc == ACLNN_SUCCESS) {
        *dataType = tensor->dtype;
    }
    return rc;
}

aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format)
{
    aclnnStatus rc = check_args("aclGetFormat", tensor, format, format);
    if (rc == ACLNN_SUCCESS) {
        *format = tensor->format;
    }
    return rc;
}

const char *opsnn_format_shape(char *buf, size_t size, const int64_t *dims, int ndim)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int d = 0; d <= ndim && len < size; d++) {
        int n = d == ndim ? snprintf(buf + len, size - len, "]")
                          : snprintf(buf + len, size - len, "%s%lld", d ? ", " : "[",
                                     (long long)dims[d]);
        len += n > 0 ? (size_t)n : 0;
    }
    if (ndim == 0 && size > 2) {
        snprintf(buf, size, "[]");
    }
    return buf;
}
