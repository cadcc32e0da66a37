/* Does a view address one element twice? Needed because an output with
 * internal overlap has no well-defined result (docs/api/). */
#include <stdlib.h>

#include "common/alloc.h"
#include "tensor/tensor.h"

/* Views up to this many elements get an exact answer by enumerating their
 * offsets when the cheap stride test cannot prove them overlap-free. */
#define EXACT_LIMIT ((int64_t)1 << 22)

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int enumerate_has_duplicate(const aclTensor *t)
{
    int64_t *offs = opsnn_malloc((size_t)t->numel * sizeof *offs);
    if (offs == NULL) {
        return -1;
    }
    int64_t idx[OPSNN_MAX_RANK] = {0};
    int64_t off = 0;
    for (int64_t i = 0; i < t->numel; i++) {
        offs[i] = off;
        for (int d = t->ndim - 1; d >= 0; d--) {
            if (++idx[d] < t->dims[d]) {
                off += t->strides[d];
                break;
            }
            off -= t->strides[d] * (t->dims[d] - 1);
            idx[d] = 0;
        }
    }
    qsort(offs, (size_t)t->numel, sizeof *offs, cmp_i64);
    int dup = 0;
    for (int64_t i = 1; i < t->numel && !dup; i++) {
        dup = offs[i] == offs[i - 1];
    }
    opsnn_free(offs);
    return dup;
}

int opsnn_tensor_self_overlaps(const aclTensor *t)
{
    int64_t size[OPSNN_MAX_RANK], stride[OPSNN_MAX_RANK];
    int n = 0;
    if (t->numel <= 1) {
        return 0;
    }
    for (int d = 0; d < t->ndim; d++) {
        if (t->dims[d] > 1) {
            if (t->strides[d] == 0) {
                return 1;
            }
            /* insertion sort by stride */
            int i = n++;
            while (i > 0 && stride[i - 1] > t->strides[d]) {
                stride[i] = stride[i - 1];
                size[i] = size[i - 1];
                i--;
            }
            stride[i] = t->strides[d];
            size[i] = t->dims[d];
        }
    }
    /* Each stride beyond the span of all smaller ones proves no overlap; the
     * span fits int64 because aclCreateTensor checked the view's extent. */
    int64_t span = 0;
    int proven = 1;
    for (int i = 0; i < n && proven; i++) {
        proven = stride[i] > span;
        span += stride[i] * (size[i] - 1);
    }
    if (proven) {
        return 0;
    }
    return t->numel <= EXACT_LIMIT ? enumerate_has_duplicate(t) : 1;
}
