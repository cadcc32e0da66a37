/*
 * test_hardshrink_api.c - aclnnHardshrinkBackward's contract: the op_api's
 * check order, statuses and messages, the empty-tensor early return, lambd's
 * conversion (to float32, negative -> 0), dtypes per SoC and package, and
 * pinned output bits of each kernel generation for the special values.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hs_util.h"

#define PREFIX "aclnnHardshrinkBackward: "

static float G[64], X[64], Y[64];
static const int64_t D4[] = {4}, D23[] = {2, 3}, D3[] = {3}, D0[] = {0};
static const int64_t R9[] = {1, 1, 1, 1, 1, 1, 1, 1, 2};

static aclOpExecutor *sentinel(void)
{
    static char obj;
    return (aclOpExecutor *)(void *)&obj;
}

/* Phase 1 fails with want, *executor untouched; returns the message. */
static const char *expect_fail(const aclTensor *g, const aclTensor *x, const aclScalar *l,
                               aclTensor *y, aclnnStatus want)
{
    static char msg[512];
    uint64_t ws = 0;
    aclOpExecutor *ex = sentinel();
    assert_int_equal(aclnnHardshrinkBackwardGetWorkspaceSize(g, x, l, y, &ws, &ex), want);
    assert_ptr_equal(ex, sentinel());
    const char *m = aclGetRecentErrMsg();
    assert_non_null(m);
    snprintf(msg, sizeof msg, "%s", m);
    return msg;
}

static void nulls_in_the_op_apis_order(void **state)
{
    (void)state;
    aclTensor *g = hs_tensor(D4, 1, ACL_FLOAT, G), *x = hs_tensor(D4, 1, ACL_FLOAT, X);
    aclTensor *y = hs_tensor(D4, 1, ACL_FLOAT, Y);
    aclScalar *l = hs_scalar(0.5f);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    /* OP_CHECK_COMM_INPUT first: workspaceSize, executor, before any operand */
    assert_int_equal(aclnnHardshrinkBackwardGetWorkspaceSize(NULL, NULL, NULL, NULL, NULL, &ex),
                     ACLNN_ERR_PARAM_NULLPTR);
    assert_string_equal(aclGetRecentErrMsg(), PREFIX "workspaceSize must not be NULL, got NULL");
    assert_int_equal(aclnnHardshrinkBackwardGetWorkspaceSize(NULL, NULL, NULL, NULL, &ws, NULL),
                     ACLNN_ERR_PARAM_NULLPTR);
    assert_string_equal(aclGetRecentErrMsg(), PREFIX "executor must not be NULL, got NULL");
    assert_string_equal(expect_fail(NULL, NULL, NULL, NULL, ACLNN_ERR_PARAM_NULLPTR),
                        PREFIX "gradOutput must not be NULL, got NULL");
    assert_string_equal(expect_fail(g, NULL, NULL, NULL, ACLNN_ERR_PARAM_NULLPTR),
                        PREFIX "self must not be NULL, got NULL");
    assert_string_equal(expect_fail(g, x, NULL, NULL, ACLNN_ERR_PARAM_NULLPTR),
                        PREFIX "lambd must not be NULL, got NULL");
    assert_string_equal(expect_fail(g, x, l, NULL, ACLNN_ERR_PARAM_NULLPTR),
                        PREFIX "gradInput must not be NULL, got NULL");
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclDestroyScalar(l);
}

/* dtype (each tensor, in order) -> rank (each tensor) -> empty -> broadcast
 * -> gradInput's shape. */
static void checks_in_the_op_apis_order(void **state)
{
    (void)state;
    aclScalar *l = hs_scalar(0.5f);
    aclTensor *g = hs_tensor(D4, 1, ACL_FLOAT, G), *x = hs_tensor(D3, 1, ACL_FLOAT, X);
    aclTensor *xd = hs_tensor(D4, 1, ACL_DOUBLE, X), *yi = hs_tensor(R9, 9, ACL_INT32, Y);
    aclTensor *y9 = hs_tensor(R9, 9, ACL_FLOAT, Y), *y4 = hs_tensor(D4, 1, ACL_FLOAT, Y);
    aclTensor *y3 = hs_tensor(D3, 1, ACL_FLOAT, Y), *y0 = hs_tensor(D0, 1, ACL_FLOAT, Y);
    aclTensor *g0 = hs_tensor(D0, 1, ACL_FLOAT, G);
    /* a dtype beats a rank */
    assert_string_equal(expect_fail(g, xd, l, y9, ACLNN_ERR_PARAM_INVALID),
                        PREFIX "self dtype must be BF16, FLOAT or FLOAT16 on Ascend950, got DOUBLE");
    assert_string_equal(expect_fail(g, x, l, yi, ACLNN_ERR_PARAM_INVALID),
                        PREFIX "gradInput dtype must be BF16, FLOAT or FLOAT16 on Ascend950, got INT32");
    /* gradInput's rank is checked too, before the shapes */
    assert_string_equal(expect_fail(g, x, l, y9, ACLNN_ERR_PARAM_INVALID),
                        PREFIX "gradInput rank must be <= 8, got 9");
    /* shapes: {4} and {3} do not broadcast */
    assert_string_equal(expect_fail(g, x, l, y4, ACLNN_ERR_PARAM_INVALID),
                        PREFIX "gradOutput shape [4] and self shape [3] must be broadcastable, "
                               "got incompatible dims");
    aclDestroyTensor(x);
    x = hs_tensor(D4, 1, ACL_FLOAT, X);
    assert_string_equal(expect_fail(g, x, l, y3, ACLNN_ERR_PARAM_INVALID),
                        PREFIX "gradInput shape must equal the broadcast shape [4], got [3]");
    /* an empty gradOutput returns before the shape checks: any gradInput shape */
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnHardshrinkBackwardGetWorkspaceSize(g0, x, l, y3, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_int_equal(aclnnHardshrinkBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    /* ... but not before the rank check */
    assert_string_equal(expect_fail(g0, x, l, y9, ACLNN_ERR_PARAM_INVALID),
                        PREFIX "gradInput rank must be <= 8, got 9");
    /* an empty self and a broadcast-compatible empty output run normally */
    assert_int_equal(hs_run(g0, g0, l, y0), ACLNN_SUCCESS);
    aclTensor *all[] = {g, x, xd, yi, y9, y4, y3, y0, g0};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
        aclDestroyTensor(all[i]);
    }
    aclDestroyScalar(l);
}

static void bf16_and_packages_per_soc(void **state)
{
    (void)state;
    uint16_t g[4] = {0x3f80, 0x3f80, 0x3f80, 0x3f80}, x[4] = {0x4000, 0x3e80, 0x8000, 0xc000}, y[4];
    static const uint16_t want[4] = {0x3f80, 0, 0, 0x3f80}; /* lambd 0.5 */
    static const char *const bf16_socs[] = {"Ascend950", "Ascend910B", "Ascend910_93"};
    static const char *const opps[] = {"builtin", "ops-nn"};
    for (int s = 0; s < 3; s++) {
        for (int o = 0; o < 2; o++) {
            assert_int_equal(opsnn_set_soc(bf16_socs[s]), ACLNN_SUCCESS);
            assert_int_equal(opsnn_set_opp(opps[o]), ACLNN_SUCCESS);
            memset(y, 0xff, sizeof y);
            assert_int_equal(hs_run_flat(4, ACL_BF16, g, ACL_BF16, x, ACL_BF16, y, 0.5f), ACLNN_SUCCESS);
            assert_memory_equal(y, want, sizeof y);
        }
    }
    /* Ascend910 and Ascend310P: FLOAT and FLOAT16 only (builtin: TBE) */
    assert_int_equal(opsnn_set_soc("Ascend910"), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_opp("builtin"), ACLNN_SUCCESS);
    const int64_t d4[] = {4};
    aclTensor *tg = hs_tensor(d4, 1, ACL_BF16, g), *tx = hs_tensor(d4, 1, ACL_BF16, x);
    aclTensor *ty = hs_tensor(d4, 1, ACL_BF16, y);
    aclScalar *l = hs_scalar(0.5f);
    assert_string_equal(expect_fail(tg, tx, l, ty, ACLNN_ERR_PARAM_INVALID),
                        PREFIX "gradOutput dtype must be FLOAT or FLOAT16 on Ascend910, got BF16");
    float gf[4] = {1, 1, 1, 1}, xf[4] = {2, 0.25f, -0.0f, -2}, yf[4];
    assert_int_equal(hs_run_flat(4, ACL_FLOAT, gf, ACL_FLOAT, xf, ACL_FLOAT, yf, 0.5f), ACLNN_SUCCESS);
    assert_true(yf[0] == 1 && yf[1] == 0 && yf[2] == 0 && yf[3] == 1);
    /* ops-nn builds no kernel of the operator for Ascend910 */
    assert_int_equal(opsnn_set_opp("ops-nn"), ACLNN_SUCCESS);
    assert_int_equal(hs_run_flat(4, ACL_FLOAT, gf, ACL_FLOAT, xf, ACL_FLOAT, yf, 0.5f),
                     ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "has no kernel of this operator for Ascend910"));
    hs_default_gen();
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyScalar(l);
}

/* lambd: read as float32 (a DOUBLE rounds first), a negative value used as
 * 0 without an error; integers are converted. */
static void lambd_conversions(void **state)
{
    (void)state;
    const int64_t d6[] = {6};
    float g[6] = {1, 2, 3, 4, 5, 6}, y[6];
    float x[6] = {0.5f, -0.5f, 0x1p-149f, -0.0f, 0.0f, 1.0f};
    aclTensor *tg = hs_tensor(d6, 1, ACL_FLOAT, g), *tx = hs_tensor(d6, 1, ACL_FLOAT, x);
    aclTensor *ty = hs_tensor(d6, 1, ACL_FLOAT, y);
    /* DOUBLE 0.5 + 2^-30 is 0.5f: |x| = 0.5 is in the dead zone */
    double d = 0.5 + 0x1p-30;
    aclScalar *l = aclCreateScalar(&d, ACL_DOUBLE);
    assert_int_equal(hs_run(tg, tx, l, ty), ACLNN_SUCCESS);
    static const float w1[6] = {0, 0, 0, 0, 0, 6};
    assert_memory_equal(y, w1, sizeof y);
    aclDestroyScalar(l);
    /* negative: as 0, so only +-0 give 0 (the smallest subnormal passes) */
    int32_t m = -3;
    l = aclCreateScalar(&m, ACL_INT32);
    assert_int_equal(hs_run(tg, tx, l, ty), ACLNN_SUCCESS);
    static const float w2[6] = {1, 2, 3, 0, 0, 6};
    assert_memory_equal(y, w2, sizeof y);
    aclDestroyScalar(l);
    l = hs_scalar(-INFINITY);
    assert_int_equal(hs_run(tg, tx, l, ty), ACLNN_SUCCESS);
    assert_memory_equal(y, w2, sizeof y);
    aclDestroyScalar(l);
    int64_t one = 1;
    l = aclCreateScalar(&one, ACL_INT64);
    assert_int_equal(hs_run(tg, tx, l, ty), ACLNN_SUCCESS);
    static const float w3[6] = {0, 0, 0, 0, 0, 0};
    assert_memory_equal(y, w3, sizeof y);
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
}

/* The special values, as literal bits, per generation (lambd 0.5 unless
 * noted): arch35 passes NaN self and writes +0; experimental gives +0 for a
 * NaN self; TBE multiplies: a zero of g's sign, NaN for inf * 0. */
static void pinned_bits_per_generation(void **state)
{
    (void)state;
    static const uint32_t g[8] = {0xbf800000u, 0x3f800000u, 0x7f800000u, 0x7fa00001u,
                                  0xbf800000u, 0xff800000u, 0x7fa00001u, 0x00000001u};
    static const uint32_t x[8] = {0x3e800000u, 0x7fc00000u, 0x3f000000u, 0x3f000000u,
                                  0x3f000001u, 0x80000000u, 0x40000000u, 0xbf800000u};
    static const uint32_t want[3][8] = {
        /* arch35 */ {0, 0x3f800000u, 0, 0, 0xbf800000u, 0, 0x7fa00001u, 0x00000001u},
        /* experimental */ {0, 0, 0, 0, 0xbf800000u, 0, 0x7fa00001u, 0x00000001u},
        /* tbe */ {0x80000000u, 0x3f800000u, 0x7fc00000u, 0x7fe00001u, 0xbf800000u, 0x7fc00000u,
                   0x7fe00001u, 0x00000001u},
    };
    uint32_t y[8];
    for (int gen = 0; gen < 3; gen++) {
        hs_use_gen(gen);
        assert_int_equal(hs_run_flat(8, ACL_FLOAT, g, ACL_FLOAT, x, ACL_FLOAT, y, 0.5f), ACLNN_SUCCESS);
        assert_memory_equal(y, want[gen], sizeof y);
    }
    /* NaN lambd: arch35 and TBE keep every g, experimental none */
    static const uint32_t wnan[3][8] = {
        {0xbf800000u, 0x3f800000u, 0x7f800000u, 0x7fa00001u, 0xbf800000u, 0xff800000u, 0x7fa00001u, 1u},
        {0, 0, 0, 0, 0, 0, 0, 0},
        {0xbf800000u, 0x3f800000u, 0x7f800000u, 0x7fe00001u, 0xbf800000u, 0xff800000u, 0x7fe00001u, 1u},
    };
    for (int gen = 0; gen < 3; gen++) {
        hs_use_gen(gen);
        assert_int_equal(hs_run_flat(8, ACL_FLOAT, g, ACL_FLOAT, x, ACL_FLOAT, y, NAN), ACLNN_SUCCESS);
        assert_memory_equal(y, wnan[gen], sizeof y);
    }
    /* FLOAT16, lambd 0.5004: arch35 and TBE compare against half(0.5004) =
     * 0.50049 (0x3801), so self 0x3801 is dead; experimental compares in
     * float32 and passes it */
    uint16_t g16[2] = {0x3c00, 0x3c00}, x16[2] = {0x3801, 0x3802}, y16[2];
    static const uint16_t w16[3][2] = {{0, 0x3c00}, {0x3c00, 0x3c00}, {0, 0x3c00}};
    for (int gen = 0; gen < 3; gen++) {
        hs_use_gen(gen);
        assert_int_equal(hs_run_flat(2, ACL_FLOAT16, g16, ACL_FLOAT16, x16, ACL_FLOAT16, y16, 0.5004f),
                         ACLNN_SUCCESS);
        assert_memory_equal(y16, w16[gen], sizeof y16);
    }
    hs_default_gen();
}

/* Rank 0, rank 8 with broadcast, a strided output. */
static void shapes_rank0_rank8_broadcast(void **state)
{
    (void)state;
    float g = 3.0f, x = -1.0f, y = 0.0f;
    aclTensor *tg = hs_tensor(NULL, 0, ACL_FLOAT, &g), *tx = hs_tensor(NULL, 0, ACL_FLOAT, &x);
    aclTensor *ty = hs_tensor(NULL, 0, ACL_FLOAT, &y);
    aclScalar *l = hs_scalar(0.5f);
    assert_int_equal(hs_run(tg, tx, l, ty), ACLNN_SUCCESS);
    assert_true(y == 3.0f);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    /* {2,1,1,1,1,1,1,3} x {1,1,1,1,1,1,2,1}: out {2,1,1,1,1,1,2,3} */
    static const int64_t dg[8] = {2, 1, 1, 1, 1, 1, 1, 3}, dx[8] = {1, 1, 1, 1, 1, 1, 2, 1};
    static const int64_t dy[8] = {2, 1, 1, 1, 1, 1, 2, 3};
    float gv[6] = {1, 2, 3, 4, 5, 6}, xv[2] = {0.25f, 2.0f}, yv[12];
    tg = hs_tensor(dg, 8, ACL_FLOAT, gv);
    tx = hs_tensor(dx, 8, ACL_FLOAT, xv);
    ty = hs_tensor(dy, 8, ACL_FLOAT, yv);
    assert_int_equal(hs_run(tg, tx, l, ty), ACLNN_SUCCESS);
    static const float wy[12] = {0, 0, 0, 1, 2, 3, 0, 0, 0, 4, 5, 6};
    assert_memory_equal(yv, wy, sizeof yv);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    /* gradInput a transposed view {2,3} of a {3,2} buffer */
    static const int64_t st[2] = {1, 2}, storage[1] = {6};
    float g6[6] = {1, 2, 3, 4, 5, 6}, x6[6] = {1, 0, 1, 0, 1, 0}, o6[6];
    tg = hs_tensor(D23, 2, ACL_FLOAT, g6);
    tx = hs_tensor(D23, 2, ACL_FLOAT, x6);
    ty = aclCreateTensor(D23, 2, ACL_FLOAT, st, 0, ACL_FORMAT_ND, storage, 1, o6);
    assert_int_equal(hs_run(tg, tx, l, ty), ACLNN_SUCCESS);
    /* out[i][j] at o6[i + 2j] */
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 3; j++) {
            assert_true(o6[i + 2 * j] == (x6[3 * i + j] > 0.5f ? g6[3 * i + j] : 0.0f));
        }
    }
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyScalar(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nulls_in_the_op_apis_order),
        cmocka_unit_test(checks_in_the_op_apis_order),
        cmocka_unit_test(bf16_and_packages_per_soc),
        cmocka_unit_test(lambd_conversions),
        cmocka_unit_test(pinned_bits_per_generation),
        cmocka_unit_test(shapes_rank0_rank8_broadcast),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
