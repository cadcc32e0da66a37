/*
 * acl/acl_rt.h - the runtime slice: init, device, streams, memory.
 *
 * The "device" is the host CPU: device 0 is the only device, device memory is
 * host memory (64-byte aligned), and a stream runs the work launched on it in
 * launch order.
 */
#ifndef ACL_ACL_RT_H_
#define ACL_ACL_RT_H_

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    ACL_MEM_MALLOC_HUGE_FIRST = 0,
    ACL_MEM_MALLOC_HUGE_ONLY = 1,
    ACL_MEM_MALLOC_NORMAL_ONLY = 2
} aclrtMemMallocPolicy;

typedef enum {
    ACL_MEMCPY_HOST_TO_HOST = 0,
    ACL_MEMCPY_HOST_TO_DEVICE = 1,
    ACL_MEMCPY_DEVICE_TO_HOST = 2,
    ACL_MEMCPY_DEVICE_TO_DEVICE = 3
} aclrtMemcpyKind;

/** Initialise the runtime. configPath may be NULL or a readable JSON file.
 *  A second call without aclFinalize -> ACL_ERROR_REPEAT_INITIALIZE. */
ACL_FUNC_VISIBILITY aclError aclInit(const char *configPath);
/** Finalise. Not initialised -> ACL_ERROR_REPEAT_FINALIZE (after an earlier
 *  finalize) or ACL_ERROR_UNINITIALIZE (never initialised). */
ACL_FUNC_VISIBILITY aclError aclFinalize(void);

/** Only device 0 exists; any other id -> ACL_ERROR_RT_INVALID_DEVICEID. */
ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t *deviceId);
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t *count);

ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream *stream);
ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream);
/** Returns when all work launched on the stream (NULL: default) is complete. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream);

/** 64-byte aligned "device" memory. size 0 or NULL devPtr ->
 *  ACL_ERROR_RT_PARAM_INVALID; exhaustion -> ACL_ERROR_RT_MEMORY_ALLOCATION. */
ACL_FUNC_VISIBILITY aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy);
ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void **hostPtr, size_t size);
/** NULL, or a pointer this library did not hand out -> ACL_ERROR_RT_PARAM_INVALID. */
ACL_FUNC_VISIBILITY aclError aclrtFree(void *devPtr);
ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void *hostPtr);

/** Copy count bytes (memmove semantics). count > destMax ->
 *  ACL_ERROR_RT_PARAM_INVALID and nothing is copied. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count,
                                         aclrtMemcpyKind kind);
/** Set count bytes to (unsigned char)value; count > maxCount -> ACL_ERROR_RT_PARAM_INVALID. */
ACL_FUNC_VISIBILITY aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_RT_H_ */
