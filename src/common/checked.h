/* Overflow-checked size arithmetic (internal). Each returns 0 on success and
 * 1 when the exact result does not fit. */
#ifndef OPSNN_COMMON_CHECKED_H_
#define OPSNN_COMMON_CHECKED_H_

#include <stddef.h>
#include <stdint.h>

static inline int opsnn_mul_i64(int64_t a, int64_t b, int64_t *out)
{
    return __builtin_mul_overflow(a, b, out);
}

static inline int opsnn_add_i64(int64_t a, int64_t b, int64_t *out)
{
    return __builtin_add_overflow(a, b, out);
}

static inline int opsnn_mul_size(size_t a, size_t b, size_t *out)
{
    return __builtin_mul_overflow(a, b, out);
}

#endif /* OPSNN_COMMON_CHECKED_H_ */
