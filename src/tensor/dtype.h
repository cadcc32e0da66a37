/* dtype facts (internal). */
#ifndef OPSNN_TENSOR_DTYPE_H_
#define OPSNN_TENSOR_DTYPE_H_

#include <stddef.h>

#include "acl/acl_base.h"
#include "kernels/kernels.h" /* opsnn_dtype_size: element sizes live in the bottom layer */
/* "FLOAT", "BF16", ..., or "unknown". */
const char *opsnn_dtype_name(aclDataType dt);

#endif /* OPSNN_TENSOR_DTYPE_H_ */
