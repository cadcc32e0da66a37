/* Tensor and scalar descriptors (internal view). */
#ifndef OPSNN_TENSOR_TENSOR_H_
#define OPSNN_TENSOR_TENSOR_H_

#include <stddef.h>
#include <stdint.h>

#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"

#define OPSNN_MAX_RANK 32

struct aclTensor {
    void *data; /* user memory, never owned */
    aclDataType dtype;
    aclFormat format;
    size_t elem_size; /* 0: the dtype has no whole-byte size (never reaches a plan) */
    int ndim;
    int storage_ndim; /* -1: no storage shape was given */
    int64_t offset; /* elements */
    int64_t numel;
    int64_t dims[OPSNN_MAX_RANK];
    int64_t strides[OPSNN_MAX_RANK]; /* elements */
    int64_t storage_dims[OPSNN_MAX_RANK];
};

struct aclScalar {
    aclDataType dtype;
    unsigned char bytes[8];
};

/* The scalar's value converted to float32 (round to nearest even). */
float opsnn_scalar_to_float(const aclScalar *s);

/* "[4, 2]" into buf (always NUL-terminated); returns buf. */
const char *opsnn_format_shape(char *buf, size_t size, const int64_t *dims, int ndim);

/* Copy what an executor keeps of a descriptor: the view (dims and strides up
 * to its rank), not the storage shape, which only phase 1 checks. Cheaper
 * than copying the whole struct on every tiny call. */
void opsnn_tensor_copy_view(aclTensor *dst, const aclTensor *src);

/* Smallest and largest element offsets (elements, offset included) that the
 * view touches; only meaningful for numel > 0. */
void opsnn_tensor_extent(const aclTensor *t, int64_t *lo, int64_t *hi);

/* 1 when two view elements share an address (a zero stride on a dim > 1, or
 * strides that interleave). Exact up to 2^22 elements, conservative above. */
int opsnn_tensor_self_overlaps(const aclTensor *t);

#endif /* OPSNN_TENSOR_TENSOR_H_ */
