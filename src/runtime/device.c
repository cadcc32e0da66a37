/* The CPU is device 0, the only device. */
#include "acl/acl_rt.h"
#include "common/error.h"

static aclError check_device(const char *fn, int32_t deviceId)
{
    if (deviceId != 0) {
        opsnn_error("%s: deviceId must be 0 (the CPU is the only device), got %d", fn,
                    (int)deviceId);
        return ACL_ERROR_RT_INVALID_DEVICEID;
    }
    return ACL_SUCCESS;
}

aclError aclrtSetDevice(int32_t deviceId)
{
    return check_device("aclrtSetDevice", deviceId);
}

aclError aclrtResetDevice(int32_t deviceId)
{
    return check_device("aclrtResetDevice", deviceId);
}

aclError aclrtGetDevice(int32_t *deviceId)
{
    if (deviceId == NULL) {
        opsnn_error("aclrtGetDevice: deviceId must not be NULL, got NULL");
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    *deviceId = 0;
    return ACL_SUCCESS;
}

aclError aclrtGetDeviceCount(uint32_t *count)
{
    if (count == NULL) {
        opsnn_error("aclrtGetDeviceCount: count must not be NULL, got NULL");
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    *count = 1;
    return ACL_SUCCESS;
}
