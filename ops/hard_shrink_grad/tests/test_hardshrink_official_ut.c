/*
 * test_hardshrink_official_ut.c - every case of ops-nn's op_api UT
 * (activation/hard_shrink_grad/tests/ut/op_host/op_api/
 * test_aclnn_hardshrink_backward.cpp, l2_hardshrink_backward_test) with its
 * expected status, on the default SoC; where the UT gives data, the values
 * phase 2 computes are asserted too (the UT itself stops after phase 1).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "hs_util.h"

static const int64_t D1144[] = {1, 1, 4, 4};
static const int64_t D1114[] = {1, 1, 1, 4};
static const int64_t D1113[] = {1, 1, 1, 3};
static const int64_t D0[] = {0};
static const float GRAD16[16] = {1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1, 2, 2, 2, 2};
static const float SELF16[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
/* lambd 8: |self| <= 8 gives 0, the rest pass gradOutput */
static const float WANT16[16] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2};

static void fill(void *buf, aclDataType dt, const float *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (dt == ACL_FLOAT) {
            ((float *)buf)[i] = v[i];
        } else if (dt == ACL_DOUBLE) {
            ((double *)buf)[i] = v[i];
        } else {
            ((uint16_t *)buf)[i] = hs_emu_enc16(v[i], dt == ACL_BF16);
        }
    }
}

static float value(const void *buf, aclDataType dt, size_t i)
{
    return dt == ACL_FLOAT ? ((const float *)buf)[i]
                           : (float)hs_emu_dec16(((const uint16_t *)buf)[i], dt == ACL_BF16);
}

/* gradOutput {1,1,4,4} of dg, self {1,1,4,4} of dx, gradInput like self
 * (TensorDesc(self_desc)), lambd 8; NULL_* drop an operand. */
enum { NONE, NULL_OUT, NULL_LAMBD, NULL_SELF, NULL_GRAD };

static aclnnStatus run_4x4(aclDataType dg, aclDataType dx, int drop, float *out)
{
    double gbuf[16], xbuf[16], ybuf[16];
    fill(gbuf, dg, GRAD16, 16);
    fill(xbuf, dx, SELF16, 16);
    memset(ybuf, 0, sizeof ybuf);
    aclTensor *g = hs_tensor(D1144, 4, dg, gbuf);
    aclTensor *x = hs_tensor(D1144, 4, dx, xbuf);
    aclTensor *y = hs_tensor(D1144, 4, dx, ybuf);
    aclScalar *l = hs_scalar(8.0f);
    aclnnStatus st = hs_run(drop == NULL_GRAD ? NULL : g, drop == NULL_SELF ? NULL : x,
                            drop == NULL_LAMBD ? NULL : l, drop == NULL_OUT ? NULL : y);
    if (st == ACLNN_SUCCESS && out != NULL) {
        for (size_t i = 0; i < 16; i++) {
            out[i] = value(ybuf, dx, i);
        }
    }
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclDestroyScalar(l);
    return st;
}

/* Success, and the values phase 2 computes. */
static void expect_want16(aclDataType dg, aclDataType dx)
{
    float out[16];
    assert_int_equal(run_4x4(dg, dx, NONE, out), ACLNN_SUCCESS);
    assert_memory_equal(out, WANT16, sizeof out);
}

static void ut_case_normal(void **state)
{
    (void)state;
    expect_want16(ACL_FLOAT, ACL_FLOAT);
}

static void ut_case_nullptr(void **state)
{
    (void)state;
    assert_int_equal(run_4x4(ACL_FLOAT, ACL_FLOAT, NULL_OUT, NULL), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(run_4x4(ACL_FLOAT, ACL_FLOAT, NULL_LAMBD, NULL), ACLNN_ERR_PARAM_NULLPTR);
    /* the UT's third call re-runs its first executor (out NULL); both fail alike */
    assert_int_equal(run_4x4(ACL_FLOAT, ACL_FLOAT, NULL_SELF, NULL), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(run_4x4(ACL_FLOAT, ACL_FLOAT, NULL_GRAD, NULL), ACLNN_ERR_PARAM_NULLPTR);
}

static void ut_case_dtype_float16(void **state)
{
    (void)state;
    expect_want16(ACL_FLOAT16, ACL_FLOAT16);
}

static void ut_case_dtype_double(void **state)
{
    (void)state;
    assert_int_equal(run_4x4(ACL_DOUBLE, ACL_DOUBLE, NONE, NULL), ACLNN_ERR_PARAM_INVALID);
}

static void ut_case_promote_dtype(void **state)
{
    (void)state;
    /* FLOAT gradOutput, FLOAT16 self and gradInput: computed in FLOAT, cast to FLOAT16 */
    expect_want16(ACL_FLOAT, ACL_FLOAT16);
}

static void ut_case_broadcast_succ(void **state)
{
    (void)state;
    float gbuf[16], ybuf[16];
    uint16_t xbuf[4];
    static const float self4[4] = {1, 2, 3, 4};
    for (int i = 0; i < 16; i++) {
        gbuf[i] = (float)(i + 1); /* the UT leaves gradOutput's data unset */
    }
    fill(xbuf, ACL_FLOAT16, self4, 4);
    memset(ybuf, 0xff, sizeof ybuf);
    aclTensor *g = hs_tensor(D1144, 4, ACL_FLOAT, gbuf);
    aclTensor *x = hs_tensor(D1114, 4, ACL_FLOAT16, xbuf);
    aclTensor *y = hs_tensor(D1144, 4, ACL_FLOAT, ybuf); /* TensorDesc(gradOutput_desc) */
    aclScalar *l = hs_scalar(8.0f);
    assert_int_equal(hs_run(g, x, l, y), ACLNN_SUCCESS);
    for (int i = 0; i < 16; i++) {
        assert_true(ybuf[i] == 0.0f && !signbit(ybuf[i])); /* every |self| <= 8 */
    }
    aclDestroyScalar(l);
    l = hs_scalar(2.5f); /* self 3 and 4 pass: columns 2 and 3 */
    assert_int_equal(hs_run(g, x, l, y), ACLNN_SUCCESS);
    for (int i = 0; i < 16; i++) {
        assert_true(ybuf[i] == (i % 4 >= 2 ? gbuf[i] : 0.0f));
    }
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclDestroyScalar(l);
}

static void ut_case_broadcast_fail(void **state)
{
    (void)state;
    float gbuf[16];
    uint16_t xbuf[3], ybuf[3];
    static const float self3[3] = {1, 2, 3};
    fill(gbuf, ACL_FLOAT, GRAD16, 16);
    fill(xbuf, ACL_FLOAT16, self3, 3);
    aclTensor *g = hs_tensor(D1144, 4, ACL_FLOAT, gbuf);
    aclTensor *x = hs_tensor(D1113, 4, ACL_FLOAT16, xbuf);
    aclTensor *y = hs_tensor(D1113, 4, ACL_FLOAT16, ybuf);
    aclScalar *l = hs_scalar(8.0f);
    assert_int_equal(hs_run(g, x, l, y), ACLNN_ERR_PARAM_INVALID);
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclDestroyScalar(l);
}

static void ut_case_empty_tensor(void **state)
{
    (void)state;
    float gbuf[1];
    uint16_t xbuf[4], ybuf[4] = {0x1234, 0x1234, 0x1234, 0x1234};
    static const float self4[4] = {1, 2, 3, 4};
    fill(xbuf, ACL_FLOAT16, self4, 4);
    /* {0} does not broadcast with {1,1,1,4}: the op_api returns before it checks */
    aclTensor *g = hs_tensor(D0, 1, ACL_FLOAT, gbuf);
    aclTensor *x = hs_tensor(D1114, 4, ACL_FLOAT16, xbuf);
    aclTensor *y = hs_tensor(D1114, 4, ACL_FLOAT16, ybuf);
    aclScalar *l = hs_scalar(8.0f);
    uint64_t ws = 7;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnHardshrinkBackwardGetWorkspaceSize(g, x, l, y, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_int_equal(aclnnHardshrinkBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ybuf[i], 0x1234); /* nothing written */
    }
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclDestroyScalar(l);
}

static void ut_case_not_contiguous(void **state)
{
    (void)state;
    /* TensorDesc({2, 4}, ACL_FLOAT, ND, strides {1, 2}, offset 0, storage {4, 2}) */
    static const int64_t dims[2] = {2, 4}, strides[2] = {1, 2}, storage[2] = {4, 2};
    float gbuf[8], xbuf[8], ybuf[8];
    for (int i = 0; i < 8; i++) {
        gbuf[i] = (float)(10 + i);
        xbuf[i] = (float)i; /* storage order */
    }
    memset(ybuf, 0, sizeof ybuf);
    aclTensor *g = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 2, gbuf);
    aclTensor *x = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 2, xbuf);
    aclTensor *y = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 2, ybuf);
    aclScalar *l = hs_scalar(3.5f); /* the UT's 8 would zero everything */
    assert_int_equal(hs_run(g, x, l, y), ACLNN_SUCCESS);
    for (int i = 0; i < 8; i++) {
        assert_true(ybuf[i] == (xbuf[i] > 3.5f ? gbuf[i] : 0.0f));
    }
    aclDestroyScalar(l);
    l = hs_scalar(8.0f);
    assert_int_equal(hs_run(g, x, l, y), ACLNN_SUCCESS);
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclDestroyScalar(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ut_case_normal),          cmocka_unit_test(ut_case_nullptr),
        cmocka_unit_test(ut_case_dtype_float16),   cmocka_unit_test(ut_case_dtype_double),
        cmocka_unit_test(ut_case_promote_dtype),   cmocka_unit_test(ut_case_broadcast_succ),
        cmocka_unit_test(ut_case_broadcast_fail),  cmocka_unit_test(ut_case_empty_tensor),
        cmocka_unit_test(ut_case_not_contiguous),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
