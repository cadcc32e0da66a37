/*
 * aclnn/acl_meta.h - tensor, scalar and array descriptors of the aclnn API.
 *
 * A descriptor describes memory it does not own: destroying a tensor never
 * frees the user's data. Create functions return NULL on bad input and set the
 * thread's message (aclGetRecentErrMsg).
 */
#ifndef ACLNN_ACL_META_H_
#define ACLNN_ACL_META_H_

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Status of every aclnn call; ACLNN_SUCCESS (0) or an ACLNN_ERR_* code. */
typedef int32_t aclnnStatus;

typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;

/**
 * Describe a view of tensorData. View element idx lives at
 * tensorData + (offset + sum(idx[d] * stride[d])) * elemSize; strides are in
 * elements (NULL stride: row-major contiguous). storageDims, when given, bound
 * the view. Any dataType value is accepted (the operators refuse the ones they
 * do not support). Rejected (NULL): negative dims, strides or offset, sizes
 * that overflow, a view outside the storage, viewDimsNum > 0 with NULL
 * viewDims, rank above 32, NULL data for a non-empty tensor.
 */
ACL_FUNC_VISIBILITY aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum,
                                               aclDataType dataType, const int64_t *stride,
                                               int64_t offset, aclFormat format,
                                               const int64_t *storageDims, uint64_t storageDimsNum,
                                               void *tensorData);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor *tensor);

/** Copy one value of any real dtype (FLOAT, FLOAT16, BF16, DOUBLE, INT8/16/32/64,
 *  UINT8/16/32/64, BOOL) from *value. */
ACL_FUNC_VISIBILITY aclScalar *aclCreateScalar(void *value, aclDataType dataType);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar *scalar);

ACL_FUNC_VISIBILITY aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray *array);
ACL_FUNC_VISIBILITY aclFloatArray *aclCreateFloatArray(const float *value, uint64_t size);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyFloatArray(const aclFloatArray *array);
ACL_FUNC_VISIBILITY aclBoolArray *aclCreateBoolArray(const bool *value, uint64_t size);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyBoolArray(const aclBoolArray *array);

/** *viewDims receives a malloc'ed copy (release it with free()); a rank-0
 *  tensor yields *viewDimsNum == 0 and *viewDims == NULL. */
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims,
                                                uint64_t *viewDimsNum);
/** *stridesValue receives a malloc'ed copy (release it with free()). */
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue,
                                                  uint64_t *stridesNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset);
/** *storageDims receives a malloc'ed copy (release it with free()). */
ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims,
                                                   uint64_t *storageDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_ACL_META_H_ */
