/*
 * test_softshrink_tiling.c - the Softshrink reference tiling (op_host.c)
 * against values worked out by hand from ops-nn's
 * activation/softshrink/op_host/arch35/softshrink_tiling.cpp on Ascend950 (64
 * cores, UB 245760 bytes; ops-nn has no tiling UT for it), and the refusals
 * (the struct's bytes: tests/test_tiling.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "opsnn/tiling.h"

static void tiling_values_by_hand(void **state)
{
    (void)state;
    opsnn_platform p;
    assert_int_equal(opsnn_platform_get("Ascend950", &p), ACLNN_SUCCESS);
    opsnn_softshrink_tiling t;
    /* FLOAT: 36 bytes an element; (245760 - 1024) / 36 = 6798 -> multiple of 64: 6784 */
    int64_t n = 100000;
    opsnn_tiling_tensor x = {ACL_FLOAT, 1, &n};
    assert_int_equal(opsnn_softshrink_tiling_compute(&p, &x, 0.5f, &t), ACLNN_SUCCESS);
    assert_int_equal(t.algo, OPSNN_TILING_ARCH35);
    assert_int_equal(t.data.totalNum, 100000);
    assert_int_equal(t.data.blockFactor, 1563); /* ceil(100000 / 64), not aligned */
    assert_int_equal(t.data.ubFactor, 6784);
    assert_true(t.data.lambd == 0.5f);
    assert_int_equal(t.block_dim, 64);
    assert_int_equal(t.tiling_key, 0);
    assert_int_equal(t.workspace_size, 0);
    /* FLOAT16: 32 bytes an element; 244736 / 32 = 7648 -> 7616; lambd as given */
    int64_t dims[2] = {2, 5};
    opsnn_tiling_tensor h = {ACL_FLOAT16, 2, dims};
    assert_int_equal(opsnn_softshrink_tiling_compute(&p, &h, 0.3f, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.blockFactor, 1);
    assert_int_equal(t.data.ubFactor, 7616);
    assert_true(t.data.lambd == 0.3f);
    assert_int_equal(t.block_dim, 10);
    assert_int_equal(t.tiling_key, 1);
    /* BF16 rank 0 counts one element; key 2 */
    opsnn_tiling_tensor s = {ACL_BF16, 0, NULL};
    assert_int_equal(opsnn_softshrink_tiling_compute(&p, &s, -1.0f, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.totalNum, 1);
    assert_int_equal(t.block_dim, 1);
    assert_int_equal(t.tiling_key, 2);
    assert_true(t.data.lambd == -1.0f); /* the tiling accepts any lambd */
}

static void tiling_refusals_and_empty(void **state)
{
    (void)state;
    opsnn_platform p, b;
    assert_int_equal(opsnn_platform_get("Ascend950", &p), ACLNN_SUCCESS);
    assert_int_equal(opsnn_platform_get("Ascend910B", &b), ACLNN_SUCCESS);
    int64_t n4 = 4, n0 = 0;
    opsnn_tiling_tensor x = {ACL_FLOAT, 1, &n4}, i = {ACL_INT32, 1, &n4}, e = {ACL_BF16, 1, &n0};
    opsnn_softshrink_tiling t;
    memset(&t, 0x5a, sizeof t);
    opsnn_softshrink_tiling before = t;
    /* no experimental Softshrink: nothing for the 910b code to run */
    assert_int_equal(opsnn_softshrink_tiling_compute(&b, &x, 0.5f, &t), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "no Softshrink tiling for Ascend910B"));
    assert_int_equal(opsnn_softshrink_tiling_compute(&p, &i, 0.5f, &t), ACLNN_ERR_PARAM_INVALID);
    assert_memory_equal(&t, &before, sizeof t);
    /* an empty tensor: all zero (lambd too), one core, the dtype's key */
    assert_int_equal(opsnn_softshrink_tiling_compute(&p, &e, 0.25f, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.totalNum, 0);
    assert_int_equal(t.data.blockFactor, 0);
    assert_int_equal(t.data.ubFactor, 0);
    assert_true(t.data.lambd == 0.0f);
    assert_int_equal(t.block_dim, 1);
    assert_int_equal(t.tiling_key, 2);
    /* a UB above 512 MiB, and one that holds nothing past its 1 KiB reserve */
    p.ub_size = 512LL * 1024 * 1024 + 1;
    assert_int_equal(opsnn_softshrink_tiling_compute(&p, &x, 0.5f, &t), ACLNN_ERR_PARAM_INVALID);
    p.ub_size = 1024 + 36 * 63; /* 63 elements: below the 64-element alignment */
    assert_int_equal(opsnn_softshrink_tiling_compute(&p, &x, 0.5f, &t), ACLNN_ERR_PARAM_INVALID);
    p.ub_size = 1024 + 36 * 64;
    assert_int_equal(opsnn_softshrink_tiling_compute(&p, &x, 0.5f, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.ubFactor, 64);
    assert_int_equal(opsnn_softshrink_tiling_compute(NULL, &x, 0.5f, &t), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(opsnn_softshrink_tiling_compute(&p, NULL, 0.5f, &t), ACLNN_ERR_PARAM_NULLPTR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tiling_values_by_hand),
        cmocka_unit_test(tiling_refusals_and_empty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
