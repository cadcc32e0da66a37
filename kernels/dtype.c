/* Element sizes: the dtype fact every layer needs (declared in kernels.h). */
#include "kernels.h"

size_t opsnn_dtype_size(aclDataType dt)
{
    switch (dt) {
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
        return 1;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16:
        return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32:
        return 4;
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
    case ACL_COMPLEX64:
        return 8;
    case ACL_COMPLEX128:
        return 16;
    default:
        return 0;
    }
}
