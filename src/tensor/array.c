/* aclIntArray / aclFloatArray / aclBoolArray: value copies, part of the meta
 * API that ported host code creates even when these two operators take none. */
#include <stdbool.h>
#include <string.h>

#include "common/alloc.h"
#include "common/checked.h"
#include "common/error.h"
#include "tensor/tensor.h"

struct aclIntArray { uint64_t size; int64_t *values; };
struct aclFloatArray { uint64_t size; float *values; };
struct aclBoolArray { uint64_t size; bool *values; };

/* One allocation holding the header followed by `size` elements. */
static void *create_array(const char *fn, const void *value, uint64_t size, size_t elem,
                          size_t header)
{
    size_t bytes;
    if (value == NULL && size > 0) {
        opsnn_error("%s: value must not be NULL when size > 0, got NULL with size %llu", fn,
                    (unsigned long long)size);
        return NULL;
    }
    if (size > SIZE_MAX || opsnn_mul_size((size_t)size, elem, &bytes) || bytes > SIZE_MAX - header) {
        opsnn_error("%s: size %llu overflows the addressable memory", fn, (unsigned long long)size);
        return NULL;
    }
    unsigned char *a = opsnn_malloc(header + bytes);
    if (a == NULL) {
        opsnn_error("%s: out of memory for %llu values", fn, (unsigned long long)size);
        return NULL;
    }
    memcpy(a, &size, sizeof size);
    void *values = a + header;
    memcpy(a + sizeof size, &values, sizeof values);
    if (bytes > 0) {
        memcpy(values, value, bytes);
    }
    return a;
}

static aclnnStatus destroy_array(const char *fn, const void *array)
{
    if (array == NULL) {
        opsnn_error("%s: array must not be NULL, got NULL", fn);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    opsnn_free((void *)(uintptr_t)array);
    return ACLNN_SUCCESS;
}

aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size)
{
    return create_array("aclCreateIntArray", value, size, sizeof(int64_t), sizeof(aclIntArray));
}

aclnnStatus aclDestroyIntArray(const aclIntArray *array)
{
    return destroy_array("aclDestroyIntArray", array);
}

aclFloatArray *aclCreateFloatArray(const float *value, uint64_t size)
{
    return create_array("aclCreateFloatArray", value, size, sizeof(float), sizeof(aclFloatArray));
}

aclnnStatus aclDestroyFloatArray(const aclFloatArray *array)
{
    return destroy_array("aclDestroyFloatArray", array);
}

aclBoolArray *aclCreateBoolArray(const bool *value, uint64_t size)
{
    return create_array("aclCreateBoolArray", value, size, sizeof(bool), sizeof(aclBoolArray));
}

aclnnStatus aclDestroyBoolArray(const aclBoolArray *array)
{
    return destroy_array("aclDestroyBoolArray", array);
}
