/* aclScalar: one value of any real dtype, copied at creation. */
#include <string.h>

#include "common/alloc.h"
#include "common/error.h"
#include "common/fpenv.h"
#include "kernels/cvt.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

static int is_real(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: case ACL_FLOAT16: case ACL_BF16: case ACL_DOUBLE:
    case ACL_INT8: case ACL_INT16: case ACL_INT32: case ACL_INT64:
    case ACL_UINT8: case ACL_UINT16: case ACL_UINT32: case ACL_UINT64: case ACL_BOOL:
        return 1;
    default:
        return 0;
    }
}

aclScalar *aclCreateScalar(void *value, aclDataType dataType)
{
    if (value == NULL) {
        opsnn_error("aclCreateScalar: value must not be NULL, got NULL");
        return NULL;
    }
    if (!is_real(dataType)) {
        opsnn_error("aclCreateScalar: dataType must be a real type (FLOAT, FLOAT16, BF16, DOUBLE, "
                    "INT8/16/32/64, UINT8/16/32/64, BOOL), got %d (%s)",
                    (int)dataType, opsnn_dtype_name(dataType));
        return NULL;
    }
    aclScalar *s = opsnn_malloc(sizeof *s);
    if (s == NULL) {
        opsnn_error("aclCreateScalar: out of memory allocating a scalar");
        return NULL;
    }
    memset(s, 0, sizeof *s);
    s->dtype = dataType;
    memcpy(s->bytes, value, opsnn_dtype_size(dataType));
    return s;
}

aclnnStatus aclDestroyScalar(const aclScalar *scalar)
{
    if (scalar == NULL) {
        opsnn_error("aclDestroyScalar: scalar must not be NULL, got NULL");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    opsnn_free((void *)(uintptr_t)scalar);
    return ACLNN_SUCCESS;
}

/* The stored value, exactly: 64-bit integers as themselves, everything else
 * as a double (which holds every other real type exactly). */
typedef struct {
    enum { AS_DOUBLE, AS_INT64, AS_UINT64 } kind;
    double d;
    int64_t i;
    uint64_t u;
} exact_value;

#define READ(type, field) \
    do { \
        type v_; \
        memcpy(&v_, s->bytes, sizeof v_); \
        v.field = v_; \
    } while (0)

static exact_value read_exact(const aclScalar *s)
{
    exact_value v = {AS_DOUBLE, 0.0, 0, 0};
    uint16_t h;
    switch (s->dtype) {
    case ACL_FLOAT: READ(float, d); break;
    case ACL_DOUBLE: READ(double, d); break;
    case ACL_INT8: READ(int8_t, d); break;
    case ACL_INT16: READ(int16_t, d); break;
    case ACL_INT32: READ(int32_t, d); break;
    case ACL_UINT8: READ(uint8_t, d); break;
    case ACL_UINT16: READ(uint16_t, d); break;
    case ACL_UINT32: READ(uint32_t, d); break;
    case ACL_INT64: v.kind = AS_INT64; READ(int64_t, i); break;
    case ACL_UINT64: v.kind = AS_UINT64; READ(uint64_t, u); break;
    case ACL_BOOL: v.d = s->bytes[0] != 0; break;
    case ACL_FLOAT16: memcpy(&h, s->bytes, sizeof h); v.d = opsnn_f16_to_f32(h); break;
    case ACL_BF16: memcpy(&h, s->bytes, sizeof h); v.d = opsnn_bf16_to_f32(h); break;
    default: break;
    }
    return v;
}

/* One rounding from the stored value, never two (int64 -> double -> float),
 * to nearest even whatever rounding mode the caller set (common/fpenv.h). */
float opsnn_scalar_to_float(const aclScalar *s)
{
    if (s->dtype == ACL_FLOAT) {
        /* exact whatever the rounding mode: the value, a signaling NaN
         * quieted as the conversions below do it (the most common scalar,
         * and the FP environment switch costs more than a small call's
         * kernel) */
        uint32_t b;
        memcpy(&b, s->bytes, sizeof b);
        if ((b & 0x7fffffffu) > 0x7f800000u) {
            b |= 0x400000u;
        }
        return opsnn_bits_f32(b);
    }
    /* volatile in and out: the conversion cannot move across enter/leave */
    volatile exact_value v = read_exact(s);
    opsnn_fpenv saved;
    opsnn_fpenv_enter(&saved);
    volatile float f = v.kind == AS_INT64 ? (float)v.i : v.kind == AS_UINT64 ? (float)v.u
                                                                             : (float)v.d;
    opsnn_fpenv_leave(&saved);
    return f;
}
