"""ACL and ACLNN status codes, with the values of include/acl/acl_base.h and
include/aclnn/aclnn_base.h (the CANN values)."""

ACL_STATUS = {
    0: "ACL_SUCCESS",
    100000: "ACL_ERROR_INVALID_PARAM",
    100001: "ACL_ERROR_UNINITIALIZE",
    100002: "ACL_ERROR_REPEAT_INITIALIZE",
    100037: "ACL_ERROR_REPEAT_FINALIZE",
    200000: "ACL_ERROR_BAD_ALLOC",
    200002: "ACL_ERROR_INVALID_DEVICE",
    500000: "ACL_ERROR_INTERNAL_ERROR",
    500001: "ACL_ERROR_FAILURE",
    107000: "ACL_ERROR_RT_PARAM_INVALID",
    107001: "ACL_ERROR_RT_INVALID_DEVICEID",
    207001: "ACL_ERROR_RT_MEMORY_ALLOCATION",
}

ACLNN_STATUS = {
    0: "ACLNN_SUCCESS",
    161001: "ACLNN_ERR_PARAM_NULLPTR",
    161002: "ACLNN_ERR_PARAM_INVALID",
    361001: "ACLNN_ERR_RUNTIME_ERROR",
    561000: "ACLNN_ERR_INNER",
    561101: "ACLNN_ERR_INNER_CREATE_EXECUTOR",
    561103: "ACLNN_ERR_INNER_NULLPTR",
}

# Every name as a module constant: opsnn.status.ACLNN_ERR_PARAM_INVALID == 161002.
globals().update({name: code for code, name in ACL_STATUS.items()})
globals().update({name: code for code, name in ACLNN_STATUS.items()})


def status_name(code):
    """The name of an aclnn or ACL status code ("ACLNN_ERR_PARAM_INVALID"),
    or "UNKNOWN(<code>)"."""
    return ACLNN_STATUS.get(code) or ACL_STATUS.get(code) or "UNKNOWN(%d)" % code
