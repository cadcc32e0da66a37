/* Shapes as given on the command line ("4,2"), in a .npy header, or computed
 * by broadcasting. */
#ifndef OPSNN_GOLDEN_SHAPE_H_
#define OPSNN_GOLDEN_SHAPE_H_

#include <stddef.h>
#include <stdint.h>

#include "err.h"

/* The library's largest tensor rank. */
#define GOLDEN_MAX_RANK 32

typedef struct {
    int ndim;
    int64_t dims[GOLDEN_MAX_RANK];
} golden_shape;

/** Parse "4,2", "4x2", "[4, 2]" or "(4, 2)"; "", "()", "[]" and "scalar" are
 *  rank 0. Dims must be non-negative integers. */
int golden_shape_parse(const char *text, golden_shape *s, golden_err *e);

/** Element count (rank 0 counts 1); -1 with a message when it overflows. */
int golden_shape_numel(const golden_shape *s, int64_t *numel, golden_err *e);

/** "[4, 2]" ("[]" for rank 0). */
void golden_shape_format(const golden_shape *s, char *buf, size_t size);

int golden_shape_equal(const golden_shape *a, const golden_shape *b);

/** NumPy broadcasting (right-aligned; a dim of 1 stretches). */
int golden_shape_broadcast(const golden_shape *a, const golden_shape *b, golden_shape *out,
                           golden_err *e);

/** Row-major multi-index of a flat index: "[1, 0]". */
void golden_shape_unravel(const golden_shape *s, int64_t flat, char *buf, size_t size);

#endif
