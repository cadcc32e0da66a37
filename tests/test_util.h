/*
 * test_util.h - helpers shared by the operator test suites.
 *
 * Tensor builders, element access in FLOAT / FLOAT16 / BF16 buffers, a
 * runner for both phases of an aclnn call and bit-exact comparison; the
 * reference model (ref_model.h) and the PRNG (rng.h) come with it.
 *
 * Include <stdarg.h>, <stddef.h>, <stdint.h>, <setjmp.h> and <cmocka.h> first.
 */
#ifndef OPSNN_TESTS_TEST_UTIL_H_
#define OPSNN_TESTS_TEST_UTIL_H_

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "ref_model.h" /* tu_selu_f32, the library's fp16 / bf16 conversions */
#include "rng.h"       /* tu_rng: splitmix64 */

static inline uint16_t tu_h(float f) { return opsnn_f32_to_f16(f); }
static inline uint16_t tu_bf(float f) { return opsnn_f32_to_bf16(f); }

/* Element size of the dtypes the tests use (independent of aclDataTypeSize). */
static inline size_t tu_dtype_size(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
    case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 1;
    case ACL_DOUBLE: case ACL_INT64: case ACL_UINT64: case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    default: return 0;
    }
}

/* Element i of a FLOAT/FLOAT16/BF16 buffer, widened to float by the reference. */
static inline float tu_load_f32(const void *buf, aclDataType dt, size_t i)
{
    if (dt == ACL_FLOAT) {
        return ((const float *)buf)[i];
    }
    uint16_t v = ((const uint16_t *)buf)[i];
    return dt == ACL_FLOAT16 ? opsnn_f16_to_f32(v) : opsnn_bf16_to_f32(v);
}

/* Store f into element i of a FLOAT/FLOAT16/BF16 buffer (reference rounding). */
static inline void tu_store_f32(void *buf, aclDataType dt, size_t i, float f)
{
    if (dt == ACL_FLOAT) {
        ((float *)buf)[i] = f;
    } else {
        ((uint16_t *)buf)[i] = dt == ACL_FLOAT16 ? opsnn_f32_to_f16(f) : opsnn_f32_to_bf16(f);
    }
}

/* ---- descriptors -------------------------------------------------------- */

/* Row-major contiguous tensor over data; rank 0 allowed (dims may be NULL). */
static inline aclTensor *tu_tensor(const int64_t *dims, uint64_t rank, aclDataType dt, void *data)
{
    return aclCreateTensor(dims, rank, dt, NULL, 0, ACL_FORMAT_ND, rank ? dims : NULL, rank, data);
}

/* A strided view of data with an explicit offset; storage given as a flat {storage_elems}. */
static inline aclTensor *tu_view(const int64_t *dims, uint64_t rank, aclDataType dt,
                                 const int64_t *strides, int64_t offset, int64_t storage_elems,
                                 void *data)
{
    return aclCreateTensor(dims, rank, dt, strides, offset, ACL_FORMAT_ND, &storage_elems, 1, data);
}

static inline aclScalar *tu_scalar_f32(float v) { return aclCreateScalar(&v, ACL_FLOAT); }

/* A pointer no library call will ever hand out, to check *executor is untouched. */
static inline aclOpExecutor *tu_sentinel_executor(void)
{
    static char obj;
    return (aclOpExecutor *)(void *)&obj;
}

/* ---- running both phases ------------------------------------------------ */

typedef aclnnStatus (*tu_phase2_fn)(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                    aclrtStream stream);

/* Phase 2 with a malloc'ed workspace of exactly ws bytes (NULL when ws == 0). */
static inline aclnnStatus tu_run_phase2(tu_phase2_fn fn, aclOpExecutor *ex, uint64_t ws)
{
    void *w = NULL;
    if (ws > 0) {
        w = malloc((size_t)ws);
        if (w == NULL) {
            return ACLNN_ERR_INNER;
        }
    }
    aclnnStatus st = fn(w, ws, ex, NULL);
    free(w);
    return st;
}

/* Both phases of softshrink backward; *ws_out (may be NULL) gets phase 1's size. */
static inline aclnnStatus tu_softshrink(const aclTensor *g, const aclTensor *x, const aclScalar *lambda,
                                        aclTensor *out, uint64_t *ws_out)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, lambda, out, &ws, &ex);
    if (st != ACLNN_SUCCESS) {
        return st;
    }
    if (ws_out != NULL) {
        *ws_out = ws;
    }
    return tu_run_phase2(aclnnSoftshrinkBackward, ex, ws);
}

/* Both phases of selu backward; *ws_out (may be NULL) gets phase 1's size. */
static inline aclnnStatus tu_selu(const aclTensor *g, const aclTensor *r, aclTensor *out, uint64_t *ws_out)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = aclnnSeluBackwardGetWorkspaceSize(g, r, out, &ws, &ex);
    if (st != ACLNN_SUCCESS) {
        return st;
    }
    if (ws_out != NULL) {
        *ws_out = ws;
    }
    return tu_run_phase2(aclnnSeluBackward, ex, ws);
}

/* Both phases of the forward Softshrink and Selu. */
static inline aclnnStatus tu_softshrink_fwd(const aclTensor *x, const aclScalar *lambd, aclTensor *out)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = aclnnSoftshrinkGetWorkspaceSize(x, lambd, out, &ws, &ex);
    return st != ACLNN_SUCCESS ? st : tu_run_phase2(aclnnSoftshrink, ex, ws);
}

static inline aclnnStatus tu_selu_fwd(const aclTensor *x, aclTensor *out)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = aclnnSeluGetWorkspaceSize(x, out, &ws, &ex);
    return st != ACLNN_SUCCESS ? st : tu_run_phase2(aclnnSelu, ex, ws);
}

/* ---- comparing ---------------------------------------------------------- */

/* Byte-exact comparison of n elements of elem bytes; on a mismatch prints the
 * first differing element (as hex) and fails the test. */
static inline void tu_assert_bits_equal(const void *got, const void *want, size_t n, size_t elem,
                                        const char *what)
{
    const unsigned char *a = (const unsigned char *)got;
    const unsigned char *b = (const unsigned char *)want;
    for (size_t i = 0; i < n; i++) {
        if (memcmp(a + i * elem, b + i * elem, elem) != 0) {
            uint64_t ga = 0;
            uint64_t wb = 0;
            memcpy(&ga, a + i * elem, elem < 8 ? elem : 8);
            memcpy(&wb, b + i * elem, elem < 8 ? elem : 8);
            print_error("%s: element %zu of %zu: got 0x%llx, want 0x%llx\n", what, i, n,
                        (unsigned long long)ga, (unsigned long long)wb);
            fail();
        }
    }
}

/* Copy of the thread's last error message. */
static inline void tu_last_msg(char *buf, size_t size)
{
    const char *m = aclGetRecentErrMsg();
    snprintf(buf, size, "%s", m != NULL ? m : "(null)");
}

/* SoftshrinkBackward (lambda 1.5) over n fp32 elements g = (i + salt) % 1000,
 * x = i % 7 - 3 (|x| > 1.5 for x in {-3, -2, 2, 3}), both phases, every output
 * bit checked: 0, or 10 (no memory), 11 (phase 1), 12 (phase 2), 13 (a wrong
 * element). Safe to call from any thread and in a forked child. */
static inline int tu_softshrink_check(int64_t n, int salt)
{
    float *g = malloc((size_t)n * sizeof *g), *x = malloc((size_t)n * sizeof *x);
    float *y = malloc((size_t)n * sizeof *y);
    int rc = g == NULL || x == NULL || y == NULL ? 10 : 0;
    for (int64_t i = 0; rc == 0 && i < n; i++) {
        g[i] = (float)((i + salt) % 1000);
        x[i] = (float)(i % 7) - 3.0f;
        y[i] = -1.0f;
    }
    int64_t dims[1] = {n};
    aclTensor *tg = tu_tensor(dims, 1, ACL_FLOAT, g), *tx = tu_tensor(dims, 1, ACL_FLOAT, x);
    aclTensor *ty = tu_tensor(dims, 1, ACL_FLOAT, y);
    aclScalar *lambda = tu_scalar_f32(1.5f);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    if (rc == 0 && aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, lambda, ty, &ws, &ex) != 0) {
        rc = 11;
    }
    if (rc == 0 && aclnnSoftshrinkBackward(NULL, 0, ex, NULL) != 0) {
        rc = 12;
    }
    for (int64_t i = 0; rc == 0 && i < n; i++) {
        float want = (x[i] > 1.5f || x[i] < -1.5f) ? g[i] : 0.0f;
        rc = memcmp(&y[i], &want, sizeof want) != 0 ? 13 : 0;
    }
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyScalar(lambda);
    free(g);
    free(x);
    free(y);
    return rc;
}

#endif /* OPSNN_TESTS_TEST_UTIL_H_ */
