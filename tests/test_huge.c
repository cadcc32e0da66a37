/*
 * test_huge.c - tensors of more than 2^31 elements, so that no 32-bit index
 * can hide anywhere (docs/dev/testing.md, "Huge tensors").
 *
 * Opt-in: skipped unless OPSNN_HUGE_TESTS=1, because it needs about 8.5 GiB
 * of memory and a minute of CPU. docs/dev/testing.md records a run.
 *
 *  - SoftshrinkBackward, BF16, shape {2, 2^30 + 777} (2^31 + 1554 elements),
 *    in place: gradInput is gradOutput's buffer (4 GiB), self its own (4 GiB).
 *  - SeluBackward, INT8, shape {3, 715827883} (2^31 + 1 elements), gradInput
 *    written column-major (strides {1, 3}, the strided scatter path) into its
 *    own 2 GiB buffer.
 *
 * Inputs are a hash of the element index; every output element (so every
 * element past 2^31, 2^31 bytes and 2^32 bytes) is compared with the
 * independent model of tests/fuzz/model.h.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "fuzz/model.h"

/* Also needs a 64-bit size_t: buffers of 2^31+ elements cannot be allocated
 * (or indexed) on a 32-bit target, where the cases skip. */
static int huge_enabled(void)
{
    const char *s = getenv("OPSNN_HUGE_TESTS");
    return s != NULL && strcmp(s, "1") == 0 && SIZE_MAX / 4 > UINT32_MAX;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    x *= UINT64_C(0xc4ceb9fe1a85ec53);
    x ^= x >> 33;
    return x;
}

/* gradOutput: any bf16 bit pattern (NaN, inf, subnormal included). */
static uint16_t soft_g(int64_t i)
{
    return (uint16_t)mix((uint64_t)i);
}

/* self: one of 26 values, k/4 for k in [-12, 12] or NaN: both sides of
 * lambda = 1. The table and the model's verdict for each value are computed
 * once; the per-element work is a hash. */
#define SOFT_VALUES 26
static uint16_t soft_table[SOFT_VALUES];
static int soft_keeps[SOFT_VALUES]; /* the model passes gradOutput through */

static void soft_init(float lambda)
{
    for (int k = 0; k < SOFT_VALUES; k++) {
        soft_table[k] = k == SOFT_VALUES - 1 ? 0x7fc1
                                             : opsnn_f32_to_bf16((float)(k - 12) * 0.25f);
        soft_keeps[k] = model_softshrink(0x3f80, ACL_BF16, soft_table[k], ACL_BF16, ACL_BF16,
                                         lambda) == 0x3f80;
    }
}

static int soft_k(int64_t i)
{
    return (int)(mix((uint64_t)i ^ UINT64_C(0x5bd1e995)) % SOFT_VALUES);
}

static void *huge_alloc(size_t bytes)
{
    void *p = NULL;
    aclError rc = aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    if (rc != ACL_SUCCESS) {
        fail_msg("aclrtMalloc(%zu) failed (%d): this test needs about 8.5 GiB", bytes, (int)rc);
    }
    return p;
}

static void softshrink_bf16_beyond_2_pow_31_elements_in_place(void **state)
{
    (void)state;
    if (!huge_enabled()) {
        skip();
    }
    const int64_t rows = 2, cols = ((int64_t)1 << 30) + 777, n = rows * cols;
    assert_true(n > ((int64_t)1 << 31));
    double t0 = now_s();
    float lambd = 1.0f;
    soft_init(lambd);
    assert_int_equal(soft_keeps[12], 0);             /* 0 */
    assert_int_equal(soft_keeps[16], 0);             /* 1.0: not > lambda */
    assert_int_equal(soft_keeps[17], 1);             /* 1.25 */
    assert_int_equal(soft_keeps[SOFT_VALUES - 1], 1); /* NaN */
    uint16_t *g = huge_alloc((size_t)n * 2), *x = huge_alloc((size_t)n * 2);
    for (int64_t i = 0; i < n; i++) {
        g[i] = soft_g(i);
        x[i] = soft_table[soft_k(i)];
    }
    double t1 = now_s();
    int64_t dims[2] = {rows, cols};
    aclTensor *tg = aclCreateTensor(dims, 2, ACL_BF16, NULL, 0, ACL_FORMAT_ND, dims, 2, g);
    aclTensor *tx = aclCreateTensor(dims, 2, ACL_BF16, NULL, 0, ACL_FORMAT_ND, dims, 2, x);
    aclTensor *ty = aclCreateTensor(dims, 2, ACL_BF16, NULL, 0, ACL_FORMAT_ND, dims, 2, g);
    aclScalar *lambda = aclCreateScalar(&lambd, ACL_FLOAT);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, lambda, ty, &ws, &ex),
                     ACLNN_SUCCESS);
    assert_int_equal(ws, 0); /* exactly in place */
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    double t2 = now_s();
    int64_t bad = -1;
    for (int64_t i = 0; i < n && bad < 0; i++) {
        uint16_t want = soft_keeps[soft_k(i)] ? soft_g(i) : 0;
        if (g[i] != want) {
            bad = i;
        }
    }
    double t3 = now_s();
    if (bad >= 0) {
        fail_msg("softshrink element %" PRId64 ": got 0x%04x, want 0x%04x", bad, g[bad],
                 soft_keeps[soft_k(bad)] ? soft_g(bad) : 0);
    }
    print_message("softshrink bf16 %" PRId64 " elements: fill %.1f s, phases 1+2 %.1f s, "
                  "check %.1f s\n", n, t1 - t0, t2 - t1, t3 - t2);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyScalar(lambda);
    assert_int_equal(aclrtFree(g), ACL_SUCCESS);
    assert_int_equal(aclrtFree(x), ACL_SUCCESS);
}

static void selu_int8_beyond_2_pow_31_elements_column_major_output(void **state)
{
    (void)state;
    if (!huge_enabled()) {
        skip();
    }
    const int64_t rows = 3, cols = 715827883, n = rows * cols; /* 2^31 + 1 */
    assert_true(n > ((int64_t)1 << 31));
    double t0 = now_s();
    int8_t *g = huge_alloc((size_t)n), *r = huge_alloc((size_t)n), *y = huge_alloc((size_t)n);
    for (int64_t i = 0; i < n; i++) {
        uint64_t h = mix((uint64_t)i + UINT64_C(0x9e3779b97f4a7c15));
        g[i] = (int8_t)(uint8_t)h;
        r[i] = (int8_t)(uint8_t)(h >> 8);
    }
    memset(y, 0x55, (size_t)n);
    double t1 = now_s();
    int64_t dims[2] = {rows, cols}, col_major[2] = {1, rows};
    aclTensor *tg = aclCreateTensor(dims, 2, ACL_INT8, NULL, 0, ACL_FORMAT_ND, NULL, 0, g);
    aclTensor *tr = aclCreateTensor(dims, 2, ACL_INT8, NULL, 0, ACL_FORMAT_ND, NULL, 0, r);
    aclTensor *ty = aclCreateTensor(dims, 2, ACL_INT8, col_major, 0, ACL_FORMAT_ND, dims, 2, y);
    assert_non_null(ty);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(tg, tr, ty, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_int_equal(aclnnSeluBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    double t2 = now_s();
    /* the model for every (gradOutput, result) pair of int8 values */
    static uint8_t table[256][256];
    for (int a = 0; a < 256; a++) {
        for (int b = 0; b < 256; b++) {
            table[a][b] = (uint8_t)model_selu((uint64_t)a, (uint64_t)b, ACL_INT8);
        }
    }
    int64_t bad = -1;
    for (int64_t b = 0; b < cols && bad < 0; b++) { /* y in memory order */
        for (int64_t a = 0; a < rows; a++) {
            int64_t i = a * cols + b;
            if ((uint8_t)y[a + rows * b] != table[(uint8_t)g[i]][(uint8_t)r[i]]) {
                bad = i;
                break;
            }
        }
    }
    double t3 = now_s();
    if (bad >= 0) {
        fail_msg("selu element %" PRId64 " (stored at %" PRId64 "): got %d, want %d", bad,
                 (bad / cols) + rows * (bad % cols), y[(bad / cols) + rows * (bad % cols)],
                 (int8_t)model_selu((uint8_t)g[bad], (uint8_t)r[bad], ACL_INT8));
    }
    print_message("selu int8 %" PRId64 " elements: fill %.1f s, phases 1+2 %.1f s, check %.1f s\n",
                  n, t1 - t0, t2 - t1, t3 - t2);
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(ty);
    assert_int_equal(aclrtFree(g), ACL_SUCCESS);
    assert_int_equal(aclrtFree(r), ACL_SUCCESS);
    assert_int_equal(aclrtFree(y), ACL_SUCCESS);
}

int main(void)
{
    if (!huge_enabled()) {
        print_message("test_huge: skipped (set OPSNN_HUGE_TESTS=1 to run; needs ~8.5 GiB and a "
                      "64-bit size_t)\n");
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(softshrink_bf16_beyond_2_pow_31_elements_in_place),
        cmocka_unit_test(selu_int8_beyond_2_pow_31_elements_column_major_output),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
