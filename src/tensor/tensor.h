/* Tensor and scalar descriptors (internal view). */
#ifndef OPSNN_TENSOR_TENSOR_H_
#define OPSNN_TENSOR_TENSOR_H_

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"

#define OPSNN_MAX_RANK 32

/* The first n (<= OPSNN_MAX_RANK) of a dims or strides array into another,
 * in steps of four entries: both arrays must have room for n rounded up to
 * a multiple of four, as every OPSNN_MAX_RANK array does (the entries past n
 * get whatever src holds there). A memcpy of n * 8 bytes is a call into the
 * C library for the 8-32 bytes a typical view has; these are a few moves
 * each, and phase 1 makes about ten. */
_Static_assert(OPSNN_MAX_RANK % 4 == 0, "opsnn_copy_dims copies four entries at a time");
static inline void opsnn_copy_dims(int64_t *dst, const int64_t *src, int n)
{
    for (int i = 0; i < n; i += 4) {
        memcpy(dst + i, src + i, 4 * sizeof *dst);
    }
}

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
