/*
 * acl/acl_base.h - basic ACL types, data types, formats and error codes.
 *
 * Part of libopsnn, a CPU implementation of a slice of the CANN ACL runtime and
 * aclnn API. Names and numeric values equal CANN's: programs and ctypes scripts
 * hard-code them.
 */
#ifndef ACL_ACL_BASE_H_
#define ACL_ACL_BASE_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define ACL_FUNC_VISIBILITY
#else
#define ACL_FUNC_VISIBILITY __attribute__((visibility("default")))
#endif

/** Status of every ACL runtime call; ACL_SUCCESS (0) or one of the codes below. */
typedef int aclError;

/** A half-precision float as its IEEE 754 binary16 bit pattern. */
typedef uint16_t aclFloat16;

/** An in-order work queue ("stream"); NULL is the default stream. */
typedef void *aclrtStream;

#define ACL_SUCCESS 0
#define ACL_ERROR_INVALID_PARAM 100000
#define ACL_ERROR_UNINITIALIZE 100001
#define ACL_ERROR_REPEAT_INITIALIZE 100002
#define ACL_ERROR_REPEAT_FINALIZE 100037
#define ACL_ERROR_BAD_ALLOC 200000
#define ACL_ERROR_INVALID_DEVICE 200002
#define ACL_ERROR_INTERNAL_ERROR 500000
#define ACL_ERROR_FAILURE 500001
#define ACL_ERROR_RT_PARAM_INVALID 107000
#define ACL_ERROR_RT_INVALID_DEVICEID 107001
#define ACL_ERROR_RT_MEMORY_ALLOCATION 207001

/** Element types. Values equal CANN's. */
typedef enum {
    ACL_DT_UNDEFINED = -1,
    ACL_FLOAT = 0,
    ACL_FLOAT16 = 1,
    ACL_INT8 = 2,
    ACL_INT32 = 3,
    ACL_UINT8 = 4,
    ACL_INT16 = 6,
    ACL_UINT16 = 7,
    ACL_UINT32 = 8,
    ACL_INT64 = 9,
    ACL_UINT64 = 10,
    ACL_DOUBLE = 11,
    ACL_BOOL = 12,
    ACL_STRING = 13,
    ACL_COMPLEX64 = 16,
    ACL_COMPLEX128 = 17,
    ACL_BF16 = 27,
    ACL_INT4 = 29,
    ACL_UINT1 = 30,
    ACL_COMPLEX32 = 33
} aclDataType;

/** Layout labels. libopsnn reads every format as ND (row-major view + strides). */
typedef enum {
    ACL_FORMAT_UNDEFINED = -1,
    ACL_FORMAT_NCHW = 0,
    ACL_FORMAT_NHWC = 1,
    ACL_FORMAT_ND = 2,
    ACL_FORMAT_NC1HWC0 = 3,
    ACL_FORMAT_FRACTAL_Z = 4,
    ACL_FORMAT_NC1HWC0_C04 = 12,
    ACL_FORMAT_HWCN = 16,
    ACL_FORMAT_NDHWC = 27,
    ACL_FORMAT_FRACTAL_NZ = 29,
    ACL_FORMAT_NCDHW = 30,
    ACL_FORMAT_NDC1HWC0 = 32,
    ACL_FRACTAL_Z_3D = 33,
    ACL_FORMAT_NC = 35,
    ACL_FORMAT_NCL = 47
} aclFormat;

/**
 * float32 -> binary16, round to nearest even; subnormals kept, overflow to
 * +-inf, NaN stays a quiet NaN.
 */
ACL_FUNC_VISIBILITY aclFloat16 aclFloatToFloat16(float value);

/** binary16 -> float32 (exact). */
ACL_FUNC_VISIBILITY float aclFloat16ToFloat(aclFloat16 value);

/**
 * Size of one element in bytes; 0 for ACL_DT_UNDEFINED, ACL_STRING, the
 * sub-byte types ACL_INT4 / ACL_UINT1 and unknown values.
 */
ACL_FUNC_VISIBILITY size_t aclDataTypeSize(aclDataType dataType);

/**
 * The last error message of the calling thread (thread-local), naming the
 * parameter, the expected and the actual value; "" when this thread has had
 * no error. The pointer stays valid until the thread's next failing call.
 */
ACL_FUNC_VISIBILITY const char *aclGetRecentErrMsg(void);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_BASE_H_ */
