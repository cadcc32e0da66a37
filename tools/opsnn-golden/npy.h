/* The .npy container (NumPy format versions 1.0 and 2.0): the header is a
 * Python dict literal {'descr': '<f4', 'fortran_order': False, 'shape': (4, 2), }
 * padded so the data starts on a 64-byte boundary. */
#ifndef OPSNN_GOLDEN_NPY_H_
#define OPSNN_GOLDEN_NPY_H_

#include <stddef.h>

#include "err.h"
#include "shape.h"

typedef struct {
    int major, minor; /* format version */
    char descr[64]; /* as written, e.g. "<f4", "|i1", "bfloat16" */
    int fortran_order;
    golden_shape shape;
    size_t data_offset; /* bytes before the array data */
} npy_header;

/** 1 when buf (len bytes) starts with the .npy magic string. */
int npy_has_magic(const unsigned char *buf, size_t len);

/** Parse the header at the start of buf. Refuses versions other than 1.0 and
 *  2.0, truncated or malformed headers, structured dtypes (a list descr) and
 *  headers missing or repeating one of the three keys. */
int npy_parse(const unsigned char *buf, size_t len, npy_header *h, golden_err *e);

/** Build a version 1.0 header (2.0 if it does not fit) for a C-order array;
 *  *out is malloc'ed. */
int npy_build(const char *descr, const golden_shape *shape, unsigned char **out, size_t *len,
              golden_err *e);

#endif
