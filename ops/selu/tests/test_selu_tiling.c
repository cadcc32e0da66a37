/*
 * test_selu_tiling.c - the Selu reference tiling (op_host.c) against values
 * worked out by hand from ops-nn's two tiling functions (ops-nn has no tiling
 * UT for them): arch35 (activation/selu/op_host/arch35/selu_tiling_arch35.cpp)
 * on Ascend950 (64 cores, UB 245760 bytes) and the experimental one
 * (experimental/activation/selu/op_host/selu_tiling.cpp) on Ascend910B (48
 * cores, UB 196608 bytes), and the refusals (the struct's bytes:
 * tests/test_tiling.c).
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
    int64_t block_factor, ub_factor;
    uint32_t block_dim;
} tcase;

/* blockFactor = CeilAlign(CeilDiv(total, cores), 32-byte block);
 * ubFactor = FloorAlign(UB / typeSize / ubDivisor, 32-byte block) */
static const tcase CASES[] = {
    /* arch35: ubDivisor 4 (FLOAT, INT32), 6 (FLOAT16, BF16: float32 scratch), 14 (INT8: 3 scratch) */
    {"Ascend950", ACL_FLOAT, 100000, 1568, 15360, 64},  /* 1563 -> 1568; 245760 / 4 / 4 */
    {"Ascend950", ACL_FLOAT16, 100000, 1568, 20480, 64}, /* 245760 / 2 / 6 */
    {"Ascend950", ACL_INT8, 1000, 32, 17536, 32},        /* 16 -> 32; 245760 / 14 = 17554 -> 17536 */
    {"Ascend950", ACL_INT32, 7, 8, 15360, 1},
    /* experimental: ubDivisor 4 (FLOAT16 computes in half), 6 (BF16), 10 (INT8: 2 scratch) */
    {"Ascend910B", ACL_FLOAT16, 100000, 2096, 24576, 48}, /* 2084 -> 2096; 196608 / 2 / 4 */
    {"Ascend910B", ACL_INT8, 1000, 32, 19648, 32},        /* 21 -> 32; 19660 -> 19648 */
    {"Ascend910B", ACL_BF16, 4096, 96, 16384, 43},        /* 86 -> 96; ceil(4096 / 96) = 43 */
};

static void tiling_values_by_hand(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        const tcase *c = &CASES[i];
        opsnn_platform p;
        assert_int_equal(opsnn_platform_get(c->soc, &p), ACLNN_SUCCESS);
        int64_t n = c->total;
        opsnn_tiling_tensor x = {c->dt, 1, &n};
        opsnn_selu_tiling t;
        assert_int_equal(opsnn_selu_tiling_compute(&p, &x, &t), ACLNN_SUCCESS);
        assert_int_equal(t.algo, p.algo);
        assert_int_equal(t.data.totalElements, c->total);
        assert_int_equal(t.data.blockFactor, c->block_factor);
        assert_int_equal(t.data.ubFactor, c->ub_factor);
        assert_int_equal(t.block_dim, c->block_dim);
        assert_int_equal(t.dtype, c->dt);
        assert_int_equal(t.tiling_key, 0);
        assert_int_equal(t.workspace_size, 0);
    }
}

static void tiling_refusals_and_empty(void **state)
{
    (void)state;
    opsnn_platform p;
    assert_int_equal(opsnn_platform_get("Ascend950", &p), ACLNN_SUCCESS);
    int64_t n4 = 4, n0 = 0;
    opsnn_tiling_tensor u = {ACL_UINT8, 1, &n4}, e = {ACL_INT8, 2, (const int64_t[]){3, 0}};
    opsnn_selu_tiling t;
    memset(&t, 0x5a, sizeof t);
    opsnn_selu_tiling before = t;
    assert_int_equal(opsnn_selu_tiling_compute(&p, &u, &t), ACLNN_ERR_PARAM_INVALID);
    assert_memory_equal(&t, &before, sizeof t);
    /* an empty tensor: zeros and one core on both algorithms */
    assert_int_equal(opsnn_selu_tiling_compute(&p, &e, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.totalElements, 0);
    assert_int_equal(t.data.blockFactor, 0);
    assert_int_equal(t.data.ubFactor, 0);
    assert_int_equal(t.block_dim, 1);
    opsnn_tiling_tensor e1 = {ACL_FLOAT16, 1, &n0};
    assert_int_equal(opsnn_platform_get("Ascend910B", &p), ACLNN_SUCCESS);
    assert_int_equal(opsnn_selu_tiling_compute(&p, &e1, &t), ACLNN_SUCCESS);
    assert_int_equal(t.block_dim, 1);
    assert_int_equal(t.dtype, ACL_FLOAT16);
    /* a UB too small for one 32-byte block of elements: 4 FLOAT elements need 64 bytes */
    opsnn_tiling_tensor x = {ACL_FLOAT, 1, &n4};
    p.ub_size = 127;
    assert_int_equal(opsnn_selu_tiling_compute(&p, &x, &t), ACLNN_ERR_PARAM_INVALID);
    p.ub_size = 128;
    assert_int_equal(opsnn_selu_tiling_compute(&p, &x, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.ubFactor, 8);
    assert_int_equal(opsnn_selu_tiling_compute(&p, &x, NULL), ACLNN_ERR_PARAM_NULLPTR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tiling_values_by_hand),
        cmocka_unit_test(tiling_refusals_and_empty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
