/* dtype facts (internal). */
#ifndef OPSNN_TENSOR_DTYPE_H_
#define OPSNN_TENSOR_DTYPE_H_

#include <stddef.h>

#include "acl/acl_base.h"

/* Bytes per element; 0 for types without a whole-byte size and unknown values. */
size_t opsnn_dtype_size(aclDataType dt);
/* "FLOAT", "BF16", ..., or "unknown". */
const char *opsnn_dtype_name(aclDataType dt);

#endif /* OPSNN_TENSOR_DTYPE_H_ */
