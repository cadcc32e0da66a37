/* dtype names and the public fp16 conversions. */
#include "acl/acl_base.h"
#include "kernels/cvt.h"
#include "opsnn/opsnn.h"
#include "tensor/dtype.h"

const char *opsnn_dtype_name(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return "FLOAT";
    case ACL_FLOAT16: return "FLOAT16";
    case ACL_INT8: return "INT8";
    case ACL_INT32: return "INT32";
    case ACL_UINT8: return "UINT8";
    case ACL_INT16: return "INT16";
    case ACL_UINT16: return "UINT16";
    case ACL_UINT32: return "UINT32";
    case ACL_INT64: return "INT64";
    case ACL_UINT64: return "UINT64";
    case ACL_DOUBLE: return "DOUBLE";
    case ACL_BOOL: return "BOOL";
    case ACL_STRING: return "STRING";
    case ACL_COMPLEX64: return "COMPLEX64";
    case ACL_COMPLEX128: return "COMPLEX128";
    case ACL_BF16: return "BF16";
    case ACL_INT4: return "INT4";
    case ACL_UINT1: return "UINT1";
    case ACL_COMPLEX32: return "COMPLEX32";
    case ACL_DT_UNDEFINED: return "UNDEFINED";
    default: return "unknown";
    }
}

size_t aclDataTypeSize(aclDataType dataType)
{
    return opsnn_dtype_size(dataType);
}

aclFloat16 aclFloatToFloat16(float value)
{
    return opsnn_f32_to_f16(value);
}

float aclFloat16ToFloat(aclFloat16 value)
{
    return opsnn_f16_to_f32(value);
}

uint16_t opsnn_float_to_bf16(float value)
{
    return opsnn_f32_to_bf16(value);
}

float opsnn_bf16_to_float(uint16_t value)
{
    return opsnn_bf16_to_f32(value);
}
