/* Strided copy with dtype conversion: the gather / scatter of the fused
 * iteration, one tile at a time. */
#include <string.h>

#include "cvt.h"
#include "kernels.h"

static float load_f32(const void *base, aclDataType dt, int64_t i)
{
    if (dt == ACL_FLOAT) {
        return ((const float *)base)[i];
    }
    uint16_t h = ((const uint16_t *)base)[i];
    return dt == ACL_FLOAT16 ? opsnn_f16_to_f32(h) : opsnn_bf16_to_f32(h);
}

static void store_f32(void *base, aclDataType dt, int64_t i, float v)
{
    if (dt == ACL_FLOAT) {
        ((float *)base)[i] = v;
    } else {
        ((uint16_t *)base)[i] = dt == ACL_FLOAT16 ? opsnn_f32_to_f16(v) : opsnn_f32_to_bf16(v);
    }
}

static size_t elem_bytes(aclDataType dt)
{
    switch (dt) {
    case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 1;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
    default: return 0;
    }
}

static int is_float_like(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
}

int opsnn_copy_convert(void *dst, aclDataType dst_dtype, int64_t dst_stride, const void *src,
                       aclDataType src_dtype, int64_t src_stride, size_t n)
{
    if (dst_dtype == src_dtype) {
        size_t es = elem_bytes(dst_dtype);
        if (es == 0) {
            return -1;
        }
        const unsigned char *s = src;
        unsigned char *d = dst;
        for (size_t i = 0; i < n; i++) {
            memcpy(d + (int64_t)i * dst_stride * (int64_t)es, s + (int64_t)i * src_stride * (int64_t)es, es);
        }
        return 0;
    }
    if (!is_float_like(dst_dtype) || !is_float_like(src_dtype)) {
        return -1;
    }
    /* fp16 <-> bf16 goes through float32, which holds both exactly. */
    for (size_t i = 0; i < n; i++) {
        store_f32(dst, dst_dtype, (int64_t)i * dst_stride, load_f32(src, src_dtype, (int64_t)i * src_stride));
    }
    return 0;
}
