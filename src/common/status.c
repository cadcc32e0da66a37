/* Names and messages of every ACL and ACLNN status code the public headers
 * define (include/acl/acl_base.h, include/aclnn/aclnn_base.h), for
 * opsnn_status_name / opsnn_status_message. ACL_SUCCESS and ACLNN_SUCCESS
 * are both 0; the ACLNN name is listed first, so it is the one returned. */
#include "acl/acl_base.h"
#include "aclnn/aclnn_base.h"
#include "opsnn/opsnn.h"

#define STATUS_CODES(X)                                                                        \
    X(ACLNN_SUCCESS, "success")                                                                \
    X(ACLNN_ERR_PARAM_NULLPTR, "a required pointer parameter is NULL")                        \
    X(ACLNN_ERR_PARAM_INVALID, "a parameter has an invalid value, dtype, shape or format")   \
    X(ACLNN_ERR_RUNTIME_ERROR, "the runtime failed")                                          \
    X(ACLNN_ERR_INNER, "internal error (for example out of memory)")                          \
    X(ACLNN_ERR_INNER_CREATE_EXECUTOR, "the executor could not be created (out of memory)")   \
    X(ACLNN_ERR_INNER_NULLPTR, "internal error: an unexpected NULL pointer")                  \
    X(ACL_SUCCESS, "success")                                                                  \
    X(ACL_ERROR_INVALID_PARAM, "a parameter is invalid")                                      \
    X(ACL_ERROR_UNINITIALIZE, "ACL is not initialized (aclInit has not been called)")         \
    X(ACL_ERROR_REPEAT_INITIALIZE, "ACL is already initialized")                              \
    X(ACL_ERROR_REPEAT_FINALIZE, "ACL is already finalized")                                  \
    X(ACL_ERROR_BAD_ALLOC, "memory allocation failed")                                        \
    X(ACL_ERROR_INVALID_DEVICE, "the device is invalid")                                      \
    X(ACL_ERROR_INTERNAL_ERROR, "internal error")                                             \
    X(ACL_ERROR_FAILURE, "the operation failed")                                              \
    X(ACL_ERROR_RT_PARAM_INVALID, "a runtime parameter is invalid")                           \
    X(ACL_ERROR_RT_INVALID_DEVICEID, "the device id is invalid")                              \
    X(ACL_ERROR_RT_MEMORY_ALLOCATION, "device memory allocation failed")

typedef struct {
    int code;
    const char *name;
    const char *message;
} status_row;

static const status_row ROWS[] = {
#define ROW(code, message) {code, #code, message},
    STATUS_CODES(ROW)
#undef ROW
};

static const status_row *find(int status)
{
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        if (ROWS[i].code == status) {
            return &ROWS[i];
        }
    }
    return NULL;
}

const char *opsnn_status_name(int status)
{
    const status_row *r = find(status);
    return r != NULL ? r->name : "UNKNOWN";
}

const char *opsnn_status_message(int status)
{
    const status_row *r = find(status);
    return r != NULL ? r->message : "unknown status code";
}
