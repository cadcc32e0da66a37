/*
 * test_util.h - helpers shared by the operator test suites.
 *
 * Reference fp16/bf16 <-> fp32 conversions written from the IEEE 754 encodings
 * (independent of the library's kernels), tensor builders, a deterministic PRNG
 * (splitmix64) and a runner for both phases of an aclnn call.
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
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"

/* ---- bit views ---------------------------------------------------------- */

static inline uint32_t tu_f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline float tu_bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* ---- reference conversions (round to nearest even, NaN quieted) -------- */

/* binary32 -> binary16. NaN keeps its sign and top 10 payload bits and gets the
 * quiet bit; overflow goes to inf; results below half the smallest subnormal
 * round to zero. */
static inline uint16_t tu_f32_to_f16(float f)
{
    uint32_t x = tu_f32_bits(f);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    uint32_t exp = (x >> 23) & 0xFFu;
    uint32_t mant = x & 0x7FFFFFu;
    if (exp == 0xFFu) {
        if (mant == 0) {
            return (uint16_t)(sign | 0x7C00u);
        }
        return (uint16_t)(sign | 0x7E00u | (mant >> 13));
    }
    int32_t e = (int32_t)exp - 127 + 15;
    if (e >= 31) {
        return (uint16_t)(sign | 0x7C00u);
    }
    if (e <= 0) {
        /* Below 2^-25 (or an fp32 subnormal) everything rounds to zero. */
        if (e < -10) {
            return sign;
        }
        uint32_t m = mant | 0x800000u;
        uint32_t shift = (uint32_t)(14 - e);
        uint32_t hm = m >> shift;
        uint32_t rem = m & ((1u << shift) - 1u);
        uint32_t halfway = 1u << (shift - 1u);
        if (rem > halfway || (rem == halfway && (hm & 1u))) {
            hm++; /* may carry into the smallest normal: still the right encoding */
        }
        return (uint16_t)(sign | hm);
    }
    uint32_t h = ((uint32_t)e << 10) | (mant >> 13);
    uint32_t rem = mant & 0x1FFFu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) {
        h++; /* a carry into the exponent (up to inf) is the right encoding */
    }
    return (uint16_t)(sign | h);
}

/* binary16 -> binary32, exact; NaN quieted. */
static inline float tu_f16_to_f32(uint16_t h)
{
    uint32_t sign = ((uint32_t)h & 0x8000u) << 16;
    uint32_t exp = ((uint32_t)h >> 10) & 0x1Fu;
    uint32_t mant = (uint32_t)h & 0x3FFu;
    if (exp == 0x1Fu) {
        if (mant == 0) {
            return tu_bits_f32(sign | 0x7F800000u);
        }
        return tu_bits_f32(sign | 0x7FC00000u | (mant << 13));
    }
    if (exp == 0) {
        /* subnormal: mant * 2^-24, exact in float */
        float v = (float)mant * 5.9604644775390625e-8f;
        return sign ? -v : v;
    }
    return tu_bits_f32(sign | ((exp - 15u + 127u) << 23) | (mant << 13));
}

/* binary32 -> bfloat16. NaN keeps sign and top payload bits, quiet bit set. */
static inline uint16_t tu_f32_to_bf16(float f)
{
    uint32_t x = tu_f32_bits(f);
    if ((x & 0x7F800000u) == 0x7F800000u && (x & 0x7FFFFFu) != 0) {
        return (uint16_t)((x >> 16) | 0x0040u);
    }
    uint32_t hi = x >> 16;
    uint32_t lo = x & 0xFFFFu;
    if (lo > 0x8000u || (lo == 0x8000u && (hi & 1u))) {
        hi++; /* carry into the exponent rounds the largest values to inf */
    }
    return (uint16_t)hi;
}

/* bfloat16 -> binary32, exact; NaN quieted. */
static inline float tu_bf16_to_f32(uint16_t b)
{
    uint32_t x = (uint32_t)b << 16;
    if ((x & 0x7F800000u) == 0x7F800000u && (x & 0x7FFFFFu) != 0) {
        x |= 0x00400000u;
    }
    return tu_bits_f32(x);
}

static inline uint16_t tu_h(float f) { return tu_f32_to_f16(f); }
static inline uint16_t tu_bf(float f) { return tu_f32_to_bf16(f); }

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
    return dt == ACL_FLOAT16 ? tu_f16_to_f32(v) : tu_bf16_to_f32(v);
}

/* Store f into element i of a FLOAT/FLOAT16/BF16 buffer (reference rounding). */
static inline void tu_store_f32(void *buf, aclDataType dt, size_t i, float f)
{
    if (dt == ACL_FLOAT) {
        ((float *)buf)[i] = f;
    } else {
        ((uint16_t *)buf)[i] = dt == ACL_FLOAT16 ? tu_f32_to_f16(f) : tu_f32_to_bf16(f);
    }
}

/* ---- SeluBackward on one float32 element ---------------------------------- */

#define TU_SELU_SCALE 1.0507009873554804934193349852946f
#define TU_SELU_SCALE_ALPHA 1.7580993408473768599402175208123f

/* The ops-nn arch35 kernel's float32 sequence (activation/selu_grad/op_kernel/
 * arch35/selu_grad.h:69-79): result <= 0 (+-0 included, NaN not) gives
 * fl(g * fl(r + SCALE_ALPHA)), otherwise fl(g * SCALE). Volatile stores keep
 * each operation separately rounded. A NaN made from non-NaN operands
 * (0 * inf) is the positive quiet NaN 0x7fc00000; a NaN g propagates. */
static inline float tu_selu_f32(float g, float r)
{
    volatile float y;
    if (r <= 0.0f) {
        volatile float t = r + TU_SELU_SCALE_ALPHA;
        y = g * t;
    } else {
        y = g * TU_SELU_SCALE;
    }
    return isnan(y) && !isnan(g) ? tu_bits_f32(0x7fc00000u) : y;
}

/* ---- deterministic PRNG (splitmix64) ------------------------------------ */

typedef struct {
    uint64_t state;
} tu_rng;

static inline uint64_t tu_next(tu_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint32_t tu_below(tu_rng *r, uint32_t n) { return (uint32_t)(tu_next(r) % n); }

/* Uniform in [lo, hi). */
static inline float tu_uniform(tu_rng *r, float lo, float hi)
{
    float u = (float)(tu_next(r) >> 40) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * u;
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

#endif /* OPSNN_TESTS_TEST_UTIL_H_ */
