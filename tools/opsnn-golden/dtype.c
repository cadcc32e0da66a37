#include "dtype.h"

#include <string.h>

#include "opsnn/opsnn.h" /* opsnn_float_to_bf16: the library's conversions */

/* .bin/.npy data is little-endian; the tool copies it as it is. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "opsnn-golden reads and writes little-endian files on a little-endian host only"
#endif

static const golden_dtype DTYPES[] = {
    {"fp32", ACL_FLOAT, 4, "<f4", 0, 0, 0},
    {"fp16", ACL_FLOAT16, 2, "<f2", 0, 0, 0},
    {"bf16", ACL_BF16, 2, "<u2", 0, 0, 0},
    {"int8", ACL_INT8, 1, "|i1", 1, INT8_MIN, INT8_MAX},
    {"int32", ACL_INT32, 4, "<i4", 1, INT32_MIN, INT32_MAX},
    {"uint8", ACL_UINT8, 1, "|u1", 1, 0, UINT8_MAX},
};

static const struct {
    const char *alias;
    int index;
} ALIASES[] = {
    {"fp32", 0}, {"float32", 0}, {"float", 0}, {"f32", 0},
    {"fp16", 1}, {"float16", 1}, {"half", 1}, {"f16", 1},
    {"bf16", 2}, {"bfloat16", 2},
    {"int8", 3}, {"i8", 3},
    {"int32", 4}, {"i32", 4},
    {"uint8", 5}, {"u8", 5},
};

const golden_dtype *golden_dtype_by_name(const char *name)
{
    for (size_t i = 0; i < sizeof ALIASES / sizeof ALIASES[0]; i++) {
        if (strcmp(name, ALIASES[i].alias) == 0) {
            return &DTYPES[ALIASES[i].index];
        }
    }
    return NULL;
}

const golden_dtype *golden_dtype_by_acl(aclDataType acl)
{
    for (size_t i = 0; i < sizeof DTYPES / sizeof DTYPES[0]; i++) {
        if (DTYPES[i].acl == acl) {
            return &DTYPES[i];
        }
    }
    return NULL;
}

const char *golden_dtype_names(void)
{
    return "fp32 (float32, float), fp16 (float16, half), bf16 (bfloat16), int8, int32, uint8";
}

double golden_get(const golden_dtype *dt, const void *data, int64_t i)
{
    const unsigned char *p = (const unsigned char *)data + (size_t)i * dt->size;
    switch (dt->acl) {
    case ACL_FLOAT: {
        float f;
        memcpy(&f, p, sizeof f);
        return f;
    }
    case ACL_FLOAT16: {
        uint16_t h;
        memcpy(&h, p, sizeof h);
        return aclFloat16ToFloat(h);
    }
    case ACL_BF16: {
        uint16_t h;
        memcpy(&h, p, sizeof h);
        return opsnn_bf16_to_float(h);
    }
    case ACL_INT8: return (int8_t)p[0];
    case ACL_UINT8: return p[0];
    case ACL_INT32: {
        int32_t v;
        memcpy(&v, p, sizeof v);
        return v;
    }
    default: return 0.0;
    }
}

void golden_set(const golden_dtype *dt, void *data, int64_t i, double v)
{
    unsigned char *p = (unsigned char *)data + (size_t)i * dt->size;
    switch (dt->acl) {
    case ACL_FLOAT: {
        float f = (float)v;
        memcpy(p, &f, sizeof f);
        break;
    }
    case ACL_FLOAT16: {
        uint16_t h = aclFloatToFloat16((float)v);
        memcpy(p, &h, sizeof h);
        break;
    }
    case ACL_BF16: {
        uint16_t h = opsnn_float_to_bf16((float)v);
        memcpy(p, &h, sizeof h);
        break;
    }
    case ACL_INT8: {
        int8_t b = (int8_t)v;
        memcpy(p, &b, 1);
        break;
    }
    case ACL_UINT8: p[0] = (unsigned char)v; break;
    case ACL_INT32: {
        int32_t w = (int32_t)v;
        memcpy(p, &w, sizeof w);
        break;
    }
    default: break;
    }
}
