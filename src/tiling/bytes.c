/* The size checks every tiling-bytes writer shares (ops/<op>/op_host.c); the
 * byte writers themselves are tiling/tiling.h's tiling_put_*(). */
#include "common/error.h"
#include "tiling/tiling.h"

/* Size checks shared by both writers; 0 when the bytes may be written. */
aclnnStatus opsnn_tiling_check_out(const char *fn, const void *tiling, const void *buf, size_t size,
                             const size_t *written, size_t need)
{
    if (tiling == NULL || written == NULL || (buf == NULL && size > 0)) {
        opsnn_error("%s: %s must not be NULL, got NULL", fn,
                    tiling == NULL ? "tiling" : written == NULL ? "written" : "buf");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (size < need) {
        opsnn_error("%s: size must be >= %zu (the struct's bytes), got %zu", fn, need, size);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

