/*
 * test_hardshrink_tiling.c - the HardShrinkGrad reference tiling (op_host.c)
 * against values worked out by hand from the two ops-nn tiling functions:
 * arch35 on Ascend950 (64 cores, UB 245760 bytes) and the experimental one on
 * Ascend910B (48 cores, UB 196608 bytes), and the refusals (the struct's
 * bytes: tests/test_tiling.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "opsnn/tiling.h"

typedef struct {
    const char *soc;
    aclDataType dt;
    int64_t total;
    float lambd;
    int64_t block_factor, ub_factor;
    uint32_t block_dim, buffer_mode;
    float want_lambd;
} tcase;

static const tcase CASES[] = {
    /* arch35: blockFactor ceil(total / 64); UB (245760 - 16384) / bytes per
     * element, aligned to 256 bytes of compute type, capped at what total needs */
    {"Ascend950", ACL_FLOAT, 4, 0.5f, 1, 64, 4, 0, 0.5f},            /* 12 B/elem: 19072, capped to 64 */
    {"Ascend950", ACL_FLOAT, 100000, 0.5f, 1563, 9536, 64, 1, 0.5f},  /* 24 B/elem: 9557 -> 9536 */
    {"Ascend950", ACL_FLOAT16, 2048, 0.5f, 32, 2048, 64, 1, 0.5f},    /* 12 B/elem, align 128 */
    {"Ascend950", ACL_BF16, 5000, 0.5f, 79, 5056, 64, 1, 0.5f},       /* 20 B/elem, align 64 */
    {"Ascend950", ACL_FLOAT, 1024, -1.0f, 16, 1024, 64, 0, 0.0f},     /* lambd < 0 stored as 0 */
    /* experimental: UB (196608 - 256) / bytes, floor to 32 then 64, not capped */
    {"Ascend910B", ACL_FLOAT, 100000, -1.0f, 2084, 5440, 48, 1, -1.0f}, /* 36 B/elem: 5454 */
    {"Ascend910B", ACL_FLOAT16, 10, 0.5f, 1, 6528, 10, 0, 0.5f},        /* 30 B/elem: 6545 */
    {"Ascend910B", ACL_BF16, 4096, 0.5f, 86, 5440, 48, 1, 0.5f},        /* 36 B/elem as FLOAT16 */
};

static void tiling_values_by_hand(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        const tcase *c = &CASES[i];
        opsnn_platform p;
        assert_int_equal(opsnn_platform_get(c->soc, &p), ACLNN_SUCCESS);
        int64_t n = c->total;
        opsnn_tiling_tensor t = {c->dt, 1, &n};
        opsnn_hardshrink_grad_tiling r;
        assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&p, &t, &t, &t, c->lambd, &r),
                         ACLNN_SUCCESS);
        assert_int_equal(r.data.totalNum, c->total);
        assert_int_equal(r.data.blockFactor, c->block_factor);
        assert_int_equal(r.data.ubFactor, c->ub_factor);
        assert_int_equal(r.block_dim, c->block_dim);
        assert_int_equal(r.buffer_mode, c->buffer_mode);
        assert_true(r.data.lambd == c->want_lambd);
        assert_int_equal(r.dtype, c->dt);
        assert_int_equal(r.workspace_size, 0);
    }
}

static void tiling_refusals_and_empty(void **state)
{
    (void)state;
    opsnn_platform a35, b;
    assert_int_equal(opsnn_platform_get("Ascend950", &a35), ACLNN_SUCCESS);
    assert_int_equal(opsnn_platform_get("Ascend910B", &b), ACLNN_SUCCESS);
    int64_t n4 = 4, n5 = 5, n0 = 0;
    opsnn_tiling_tensor t4 = {ACL_FLOAT, 1, &n4}, t5 = {ACL_FLOAT, 1, &n5}, t0 = {ACL_FLOAT, 1, &n0};
    opsnn_tiling_tensor i4 = {ACL_INT32, 1, &n4};
    opsnn_hardshrink_grad_tiling r;
    memset(&r, 0x5a, sizeof r);
    /* arch35 compares all three sizes, the experimental code two */
    assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&a35, &t4, &t4, &t5, 0.5f, &r),
                     ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&b, &t4, &t4, &t5, 0.5f, &r), ACLNN_SUCCESS);
    assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&b, &t4, &t5, &t4, 0.5f, &r),
                     ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&a35, &i4, &i4, &i4, 0.5f, &r),
                     ACLNN_ERR_PARAM_INVALID);
    /* an empty tensor: arch35 refuses, experimental gives one core and zeros */
    assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&a35, &t0, &t0, &t0, 0.5f, &r),
                     ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&b, &t0, &t0, &t0, 0.25f, &r), ACLNN_SUCCESS);
    assert_int_equal(r.block_dim, 1);
    assert_int_equal(r.data.blockFactor, 0);
    assert_int_equal(r.data.ubFactor, 0);
    assert_true(r.data.lambd == 0.25f);
    /* a UB that holds nothing past its reserve */
    a35.ub_size = 16 * 1024;
    assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&a35, &t4, &t4, &t4, 0.5f, &r),
                     ACLNN_ERR_PARAM_INVALID);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tiling_values_by_hand),
        cmocka_unit_test(tiling_refusals_and_empty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
