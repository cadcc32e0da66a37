/* Shared pieces of the reference tiling (internal): the integer helpers the
 * ops-nn host code takes from Ops::Base (math_util.h), and the checks every
 * calculator makes on its platform and tensors. */
#ifndef OPSNN_TILING_TILING_H_
#define OPSNN_TILING_TILING_H_

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "opsnn/opsnn.h"

/* Element counts above this are refused: every product the ops-nn formulas
 * form (count x 32 bits, count rounded up to 512) then fits int64. */
#define OPSNN_TILING_MAX_ELEMS (INT64_MAX / 64)

/* Ops::Base::CeilDiv / CeilAlign / FloorAlign for b > 0, a >= 0. */
static inline int64_t tiling_ceil_div(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

static inline int64_t tiling_ceil_align(int64_t a, int64_t b)
{
    return tiling_ceil_div(a, b) * b;
}

static inline int64_t tiling_floor_align(int64_t a, int64_t b)
{
    return a / b * b;
}

/* NULL checks of platform and result, and the platform's ranges. */
aclnnStatus opsnn_tiling_check_platform(const char *fn, const opsnn_platform *platform,
                                        const void *result);

/* Checks tensor `t` (named `what`) and sets *numel to its element count (a
 * scalar counts 1). NULL -> ACLNN_ERR_PARAM_NULLPTR, bad shape -> INVALID. */
aclnnStatus opsnn_tiling_tensor_numel(const char *fn, const char *what, const opsnn_tiling_tensor *t,
                                      int64_t *numel);

/* The checks every calculator starts with: opsnn_tiling_check_platform(fn,
 * platform, result), then opsnn_tiling_tensor_numel() of tensors[0..n) (named
 * names[i]) into counts[i], stopping at the first failure. */
aclnnStatus opsnn_tiling_check_inputs(const char *fn, const opsnn_platform *platform,
                                      const void *result, int n, const char *const *names,
                                      const opsnn_tiling_tensor *const *tensors, int64_t *counts);

/* 1 when a and b have the same rank and dims; with scalar_as_vec1 a rank-0
 * shape counts as {1} (ops-nn's EnsureNotScalar). */
int opsnn_tiling_same_shape(const opsnn_tiling_tensor *a, const opsnn_tiling_tensor *b,
                            int scalar_as_vec1);

/* The tiling structs as the NPU kernel receives them: the C++ struct's bytes
 * with natural alignment (int64 on 8, int32 and float on 4), little-endian,
 * padding zero, written field by field so the host's own layout and byte
 * order do not matter. */
static inline void tiling_put_u64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        p[i] = (unsigned char)(v >> (8 * i));
    }
}

static inline void tiling_put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        p[i] = (unsigned char)(v >> (8 * i));
    }
}

static inline void tiling_put_f32(unsigned char *p, float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    tiling_put_u32(p, u);
}

/* The one-dim tiling structs of HardShrinkGrad, Softshrink and Selu: three
 * int64 (elements in all, per core, per UB pass), then, where lambd is not
 * NULL, a float; `need` bytes in all, padding zero. Returns need. */
static inline size_t tiling_put_flat(unsigned char *b, size_t need, int64_t total, int64_t per_core,
                                     int64_t per_pass, const float *lambd)
{
    memset(b, 0, need);
    tiling_put_u64(b + 0, (uint64_t)total);
    tiling_put_u64(b + 8, (uint64_t)per_core);
    tiling_put_u64(b + 16, (uint64_t)per_pass);
    if (lambd != NULL) {
        tiling_put_f32(b + 24, *lambd);
    }
    return need;
}

/* Size checks shared by the bytes writers: ACLNN_SUCCESS when `need` bytes may
 * be written to buf (fn names the caller in messages). */
aclnnStatus opsnn_tiling_check_out(const char *fn, const void *tiling, const void *buf, size_t size,
                                   const size_t *written, size_t need);

#endif /* OPSNN_TILING_TILING_H_ */
