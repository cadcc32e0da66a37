/*
 * test_tiling.c - the reference tiling calculator of opsnn/opsnn.h against the
 * ops-nn host tiling (hicann/ops-nn master e5c3fa93).
 *
 * Two implementations, each with its own algorithm and struct:
 *   arch35  activation/soft_shrink_grad/op_host/arch35/soft_shrink_grad_tiling_arch35.cpp
 *           activation/selu_grad/op_host/arch35/selu_grad_tiling_arch35.cpp
 *           (registered for ascend950; its UTs configure CORE_NUM 64, UB_SIZE 245760)
 *   910b    experimental/activation/softshrink_grad/op_host/softshrink_grad_tiling.cpp
 *           experimental/activation/selu_grad/op_host/selu_grad_tiling.cpp
 *           (registered for ascend910b and ascend910_93)
 *
 * Every official tiling UT case is here, on the platform its UT configures:
 *   activation/soft_shrink_grad/tests/ut/op_host/arch35/test_soft_shrink_grad_tiling.cpp
 *   activation/selu_grad/tests/ut/op_host/arch35/test_selu_grad_tiling.cpp
 *   experimental/activation/softshrink_grad/tests/ut/op_host/test_softshrink_grad_tiling.cpp
 *   experimental/activation/selu_grad/tests/ut/op_host/test_selu_grad_tiling.cpp
 * The experimental softshrink UT states its expected fields; the others only
 * check the status, so their fields were worked out by hand from the tiling
 * source (the arithmetic is in the comment above each case). The byte tests
 * declare the four structs from the ops-nn *_tiling_data.h headers and compare
 * opsnn_*_tiling_bytes() with them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclnn/aclnn_base.h"
#include "opsnn/opsnn.h"

#define LEN(a) ((int)(sizeof(a) / sizeof((a)[0])))

static opsnn_platform platform(opsnn_tiling_algo algo, int64_t cores, int64_t ub)
{
    opsnn_platform p;
    memset(&p, 0, sizeof p);
    strcpy(p.name, "test");
    p.algo = algo;
    p.core_num = cores;
    p.ub_size = ub;
    return p;
}

static opsnn_tiling_tensor tensor(aclDataType dt, int ndim, const int64_t *dims)
{
    opsnn_tiling_tensor t = {dt, ndim, dims};
    return t;
}

static aclnnStatus softshrink(const opsnn_platform *p, aclDataType dt, int ndim, const int64_t *dims,
                              float lambd, opsnn_softshrink_grad_tiling *t)
{
    opsnn_tiling_tensor x = tensor(dt, ndim, dims);
    return opsnn_softshrink_grad_tiling_compute(p, &x, &x, &x, lambd, t);
}

static aclnnStatus selu(const opsnn_platform *p, aclDataType dt, int ndim, const int64_t *dims,
                        opsnn_selu_grad_tiling *t)
{
    opsnn_tiling_tensor x = tensor(dt, ndim, dims);
    return opsnn_selu_grad_tiling_compute(p, &x, &x, &x, t);
}

static int all_zero(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        if (b[i] != 0) {
            return 0;
        }
    }
    return 1;
}

/* ==== arch35 SoftShrinkGrad ============================================== */

typedef struct {
    const char *name;
    aclDataType dt;
    int ndim;
    int64_t dims[8];
    int64_t dim0, blockFormer, blockNum, ubFormer;
    uint64_t key;
} ss35_case;

/* Ascend950 (64 cores, UB 245760), lambd 0.5 (the UT default).
 * avail bits = (245760 - 8192) * 8 = 1900544; used = min(ceil(n*bits/32768), 64);
 * ubFormer = floor(avail / divisor / (256/elemBytes)) * (256/elemBytes);
 * divisor: fp32 (3|6)*32+32+2, fp16/bf16 (3|6)*16+4*32+2 (6 when n > 1024). */
static const ss35_case SS35_UT[] = {
    /* test_fp16_5d: n=2048 double; 1900544/226=8409 -> /128*128=8320;
     * used=ceil(2048*16/32768)=1; blockFormer=ceilAlign(2048,512)=2048; blockNum=1 */
    {"test_fp16_5d", ACL_FLOAT16, 5, {16, 1, 4, 4, 8}, 2048, 2048, 1, 8320, 1},
    /* test_bf16_6d_large: n=1010880 double, ubFormer 8320; used=min(ceil(1010880*16/32768)=494,64)=64;
     * blockFormer=ceilAlign(ceil(1010880/64)=15795,512)=15872; blockNum=ceil(1010880/15872)=64 */
    {"test_bf16_6d_large", ACL_BF16, 6, {12, 13, 9, 10, 12, 6}, 1010880, 15872, 64, 8320, 1},
    /* test_fp32_1d_small: n=16 single; 1900544/130=14619 -> /64*64=14592; used=1;
     * blockFormer=512; blockNum=1 */
    {"test_fp32_1d_small", ACL_FLOAT, 1, {16}, 16, 512, 1, 14592, 0},
};

static void check_ss35(const opsnn_platform *p, const ss35_case *c, float lambd)
{
    opsnn_softshrink_grad_tiling t;
    memset(&t, 0xA5, sizeof t);
    assert_int_equal(softshrink(p, c->dt, c->ndim, c->dims, lambd, &t), ACLNN_SUCCESS);
    assert_int_equal(t.algo, OPSNN_TILING_ARCH35);
    assert_int_equal(t.data.dim0, c->dim0);
    assert_int_equal(t.data.coreNum, c->blockNum);
    assert_int_equal(t.data.blockFormer, c->blockFormer);
    assert_int_equal(t.data.blockNum, c->blockNum);
    assert_int_equal(t.data.ubFormer, c->ubFormer);
    assert_memory_equal(&t.data.lambd, &lambd, sizeof lambd);
    assert_true(all_zero(&t.data_910b, sizeof t.data_910b));
    assert_int_equal(t.tiling_key, c->key);
    assert_int_equal(t.block_dim, c->blockNum);
    assert_int_equal(t.workspace_size, 0);
}

static void arch35_softshrink_official_ut_cases(void **state)
{
    (void)state;
    opsnn_platform p;
    assert_int_equal(opsnn_platform_get("ascend950", &p), ACLNN_SUCCESS);
    assert_int_equal(p.algo, OPSNN_TILING_ARCH35);
    assert_int_equal(p.core_num, 64);
    assert_int_equal(p.ub_size, 245760);
    for (int i = 0; i < LEN(SS35_UT); i++) {
        check_ss35(&p, &SS35_UT[i], 0.5f);
    }
    /* test_empty_tensor: {0,9,1} fp16 -> the memset struct (lambd 0 too),
     * blockDim 1, BUFFER_MODE 0 */
    static const int64_t empty[] = {0, 9, 1};
    opsnn_softshrink_grad_tiling t;
    memset(&t, 0xA5, sizeof t);
    assert_int_equal(softshrink(&p, ACL_FLOAT16, 3, empty, 0.5f, &t), ACLNN_SUCCESS);
    assert_true(all_zero(&t.data, sizeof t.data));
    assert_true(all_zero(&t.data_910b, sizeof t.data_910b));
    assert_int_equal(t.block_dim, 1);
    assert_int_equal(t.tiling_key, 0);
}

/* More shapes, hand-derived the same way. 40 cores / UB 196608 is the arch35
 * code on a 910B4-sized platform: (196608-8192)*8 = 1507328 bits. */
static void arch35_softshrink_hand_cases(void **state)
{
    (void)state;
    opsnn_platform p950 = platform(OPSNN_TILING_ARCH35, 64, 245760);
    opsnn_platform p40 = platform(OPSNN_TILING_ARCH35, 40, 196608);
    static const ss35_case on950[] = {
        /* n=1 (rank 0 counts 1): single, fp16 1900544/178=10677 -> /128*128=10624; bf=512 */
        {"scalar fp16", ACL_FLOAT16, 0, {0}, 1, 512, 1, 10624, 0},
        /* n=1024: still single (threshold is > 1024); fp32 ub 14592; used=ceil(32768/32768)=1 */
        {"1024 fp32", ACL_FLOAT, 1, {1024}, 1024, 1024, 1, 14592, 0},
        /* n=1025 fp32: double 1900544/226=8409 -> /64*64=8384; used=ceil(32800/32768)=2;
         * bf=ceilAlign(513,512)=1024; blockNum=ceil(1025/1024)=2 */
        {"1025 fp32", ACL_FLOAT, 1, {1025}, 1025, 1024, 2, 8384, 1},
        /* n=49153 fp32: used=min(ceil(49153*32/32768)=49,64)=49; bf=ceilAlign(1004,512)=1024;
         * blockNum=ceil(49153/1024)=49 */
        {"49153 fp32", ACL_FLOAT, 1, {49153}, 49153, 1024, 49, 8384, 1},
        /* n=16777216 fp16: used=64; bf=ceilAlign(262144,512)=262144; blockNum=64 */
        {"16x1024x1024 fp16", ACL_FLOAT16, 3, {16, 1024, 1024}, 16777216, 262144, 64, 8320, 1},
    };
    for (int i = 0; i < LEN(on950); i++) {
        check_ss35(&p950, &on950[i], 1.25f);
    }
    static const ss35_case on40[] = {
        /* n=1000000 fp32: double 1507328/226=6669 -> /64*64=6656; used=min(977,40)=40;
         * bf=ceilAlign(25000,512)=25088; blockNum=ceil(1000000/25088)=40 */
        {"1e6 fp32", ACL_FLOAT, 1, {1000000}, 1000000, 25088, 40, 6656, 1},
        /* n=49153 fp32 on 40 cores: used=40; bf=ceilAlign(1229,512)=1536; blockNum=ceil(49153/1536)=33:
         * fewer blocks than cores */
        {"49153 fp32", ACL_FLOAT, 1, {49153}, 49153, 1536, 33, 6656, 1},
        /* n=8 bf16: single 1507328/178=8468 -> /128*128=8448 */
        {"4x2 bf16", ACL_BF16, 2, {4, 2}, 8, 512, 1, 8448, 0},
    };
    for (int i = 0; i < LEN(on40); i++) {
        check_ss35(&p40, &on40[i], 0.0f);
    }
}

/* lambd: the code fails only on `lambd < 0.0f`, so NaN and -0.0 pass and are
 * stored as given; a negative lambd fails even for an empty tensor (the check
 * comes before the empty-tensor return). */
static void softshrink_lambda_checks_match_the_npu(void **state)
{
    (void)state;
    static const int64_t four[] = {4}, empty[] = {0};
    const float pass[] = {NAN, -0.0f, 0.0f, INFINITY};
    opsnn_tiling_algo algos[] = {OPSNN_TILING_ARCH35, OPSNN_TILING_910B};
    for (int a = 0; a < 2; a++) {
        opsnn_platform p = platform(algos[a], 48, 196608);
        for (int i = 0; i < LEN(pass); i++) {
            opsnn_softshrink_grad_tiling t;
            assert_int_equal(softshrink(&p, ACL_FLOAT, 1, four, pass[i], &t), ACLNN_SUCCESS);
            float got = a == 0 ? t.data.lambd : t.data_910b.lambd;
            assert_memory_equal(&got, &pass[i], sizeof got);
        }
        opsnn_softshrink_grad_tiling t, before;
        memset(&t, 0x5A, sizeof t);
        before = t;
        assert_int_equal(softshrink(&p, ACL_FLOAT, 1, four, -0.5f, &t), ACLNN_ERR_PARAM_INVALID);
        assert_non_null(strstr(aclGetRecentErrMsg(), "lambd must be >= 0"));
        assert_int_equal(softshrink(&p, ACL_FLOAT16, 1, empty, -1e-30f, &t), ACLNN_ERR_PARAM_INVALID);
        assert_memory_equal(&t, &before, sizeof t);
    }
}

/* The arch35 checks in source order: rank <= 8, same shape (a scalar counts as
 * {1}), FLOAT/FLOAT16/BF16 and equal dtypes; output_y is not read. */
static void arch35_softshrink_refusals(void **state)
{
    (void)state;
    opsnn_platform p = platform(OPSNN_TILING_ARCH35, 64, 245760);
    static const int64_t r9[] = {1, 1, 1, 1, 1, 1, 1, 1, 1}, one[] = {1}, two[] = {2}, r8[8] = {1, 1, 1, 1, 1, 1, 1, 2};
    opsnn_softshrink_grad_tiling t;
    assert_int_equal(softshrink(&p, ACL_FLOAT, 9, r9, 0.5f, &t), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "rank <= 8"));
    assert_int_equal(softshrink(&p, ACL_FLOAT, 8, r8, 0.5f, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.dim0, 2);
    assert_int_equal(softshrink(&p, ACL_INT8, 1, one, 0.5f, &t), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "FLOAT, FLOAT16 or BF16"));

    opsnn_tiling_tensor g = tensor(ACL_FLOAT, 0, NULL), x = tensor(ACL_FLOAT, 1, one);
    opsnn_tiling_tensor y = tensor(ACL_INT32, 1, two); /* unread by arch35 */
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, &g, &x, &y, 0.5f, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.dim0, 1);
    x = tensor(ACL_FLOAT, 1, two);
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, &g, &x, &y, 0.5f, &t), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "same shape"));
    g = tensor(ACL_FLOAT, 1, two);
    x = tensor(ACL_BF16, 1, two);
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, &g, &x, &y, 0.5f, &t), ACLNN_ERR_PARAM_INVALID);
    /* UB: (ub - 8192) * 8 must be > 0, then ubFormer > 0 */
    p.ub_size = 8192;
    assert_int_equal(softshrink(&p, ACL_FLOAT, 1, two, 0.5f, &t), ACLNN_ERR_PARAM_INVALID);
    p.ub_size = 8192 + 1044; /* 8352 bits / 226 = 36 < 64: ubFormer 0 */
    static const int64_t n2000[] = {2000};
    assert_int_equal(softshrink(&p, ACL_FLOAT, 1, n2000, 0.5f, &t), ACLNN_ERR_PARAM_INVALID);
    p.ub_size = 8192 + 1808; /* 14464 bits / 226 = 64: one aligned block */
    assert_int_equal(softshrink(&p, ACL_FLOAT, 1, n2000, 0.5f, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.ubFormer, 64);
    /* an empty tensor returns before the UB is looked at */
    static const int64_t empty[] = {3, 0};
    p.ub_size = 1;
    assert_int_equal(softshrink(&p, ACL_FLOAT, 2, empty, 0.5f, &t), ACLNN_SUCCESS);
    assert_int_equal(t.block_dim, 1);
}

/* ==== experimental (910b) SoftShrinkGrad ================================= */

typedef struct {
    const char *name;
    int ng, nx, ny;
    int64_t g[2], x[2], y[2];
    aclDataType dg, dx, dy;
    float lambd;
    int ok;
    uint64_t key;
    int64_t cores, ub;
    int64_t totalNum, blockFactor;
    int32_t ubFactor;
    uint32_t blockDim;
} ss910_case;

/* The testCases table of test_softshrink_grad_tiling.cpp, field for field. */
static const ss910_case SS910_UT[] = {
    {"fp16_small_single_buffer", 2, 2, 2, {3, 5}, {3, 5}, {3, 5}, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16,
     0.5f, 1, 0, 64, 262144, 15, 15, 256, 1},
    {"fp32_small_single_buffer", 1, 1, 1, {4096}, {4096}, {4096}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 0.0f,
     1, 2, 64, 262144, 4096, 4096, 4096, 1},
    {"bf16_unaligned_single_buffer", 1, 1, 1, {257}, {257}, {257}, ACL_BF16, ACL_BF16, ACL_BF16, 1.0f, 1,
     4, 64, 262144, 257, 257, 512, 1},
    {"fp16_large_double_buffer", 1, 1, 1, {4194304}, {4194304}, {4194304}, ACL_FLOAT16, ACL_FLOAT16,
     ACL_FLOAT16, 0.5f, 1, 1, 48, 262144, 4194304, 87552, 11520, 48},
    {"scalar_fp32", 0, 0, 0, {0}, {0}, {0}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 0.5f, 1, 2, 64, 262144, 1, 1,
     128, 1},
    {"invalid_shape", 2, 2, 2, {2, 3}, {2, 4}, {2, 3}, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, 0.5f, 0, 0,
     64, 262144, 0, 0, 0, 0},
    {"invalid_dtype_mismatch", 2, 2, 2, {2, 3}, {2, 3}, {2, 3}, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT16, 0.5f,
     0, 0, 64, 262144, 0, 0, 0, 0},
    {"invalid_negative_lambda", 2, 2, 2, {2, 3}, {2, 3}, {2, 3}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, -0.5f, 0,
     0, 64, 262144, 0, 0, 0, 0},
    {"invalid_ub_size", 1, 1, 1, {65}, {65}, {65}, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, 0.5f, 0, 0, 64,
     8192, 0, 0, 0, 0},
};

/* Hand-derived from softshrink_grad_tiling.cpp (UB 196608: 180224 usable):
 *   1e5 fp32 48 cores: 400000 B > 64 KiB; used=min(48,ceil(400000/16384)=25)=25;
 *     bf=ceilAlign(4000,128)=4096; used=ceil(1e5/4096)=25; single: 180224/13=13863 -> 13824; key 2
 *   20000 fp16 48 cores: 40000 B <= 64 KiB -> one core, bf=20000; single 180224/15=12014 -> 11776
 *     < bf; double 180224/21=8582 -> 8448, ceil(20000/8448)=3 >= 2 -> double, key 1
 *   4194304 fp16 on 40 cores (910B4): used=40; bf=ceilAlign(104858,256)=104960; used=40;
 *     double 8448; key 1
 *   empty fp32: bf=0, one core; ub from the single-buffer formula 13824; key 2 */
static const ss910_case SS910_HAND[] = {
    {"1e5 fp32", 1, 1, 1, {100000}, {100000}, {100000}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 0.25f, 1, 2, 48,
     196608, 100000, 4096, 13824, 25},
    {"20000 fp16", 1, 1, 1, {20000}, {20000}, {20000}, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, 0.25f, 1, 1,
     48, 196608, 20000, 20000, 8448, 1},
    {"4194304 fp16 40 cores", 1, 1, 1, {4194304}, {4194304}, {4194304}, ACL_FLOAT16, ACL_FLOAT16,
     ACL_FLOAT16, 0.5f, 1, 1, 40, 196608, 4194304, 104960, 8448, 40},
    {"empty fp32", 2, 2, 2, {7, 0}, {7, 0}, {7, 0}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 0.5f, 1, 2, 48,
     196608, 0, 0, 13824, 1},
};

static void check_ss910(const ss910_case *c)
{
    opsnn_platform p = platform(OPSNN_TILING_910B, c->cores, c->ub);
    opsnn_tiling_tensor g = tensor(c->dg, c->ng, c->g), x = tensor(c->dx, c->nx, c->x),
                        y = tensor(c->dy, c->ny, c->y);
    opsnn_softshrink_grad_tiling t, before;
    memset(&t, 0xA5, sizeof t);
    before = t;
    aclnnStatus rc = opsnn_softshrink_grad_tiling_compute(&p, &g, &x, &y, c->lambd, &t);
    if (!c->ok) {
        assert_int_equal(rc, ACLNN_ERR_PARAM_INVALID);
        assert_memory_equal(&t, &before, sizeof t);
        return;
    }
    assert_int_equal(rc, ACLNN_SUCCESS);
    assert_int_equal(t.algo, OPSNN_TILING_910B);
    assert_int_equal(t.tiling_key, c->key);
    assert_int_equal(t.workspace_size, 0);
    assert_int_equal(t.block_dim, c->blockDim);
    assert_int_equal(t.data_910b.totalNum, c->totalNum);
    assert_int_equal(t.data_910b.blockFactor, c->blockFactor);
    assert_int_equal(t.data_910b.ubFactor, c->ubFactor);
    assert_true(t.data_910b.lambd == c->lambd);
    assert_true(all_zero(&t.data, sizeof t.data));
}

static void exp910b_softshrink_official_ut_cases(void **state)
{
    (void)state;
    for (int i = 0; i < LEN(SS910_UT); i++) {
        check_ss910(&SS910_UT[i]);
    }
}

static void exp910b_softshrink_hand_cases(void **state)
{
    (void)state;
    for (int i = 0; i < LEN(SS910_HAND); i++) {
        check_ss910(&SS910_HAND[i]);
    }
}

/* The arch35 SeluGrad struct for g {2,3,4}, o {1,3,1}, y {2,3,4} fp32 on
 * Ascend950 (derived in arch35_selu_broadcast), for any struct with the
 * ops-nn field names. */
#define BROADCAST_2x3x4_FP32(x)                                                                    \
    do {                                                                                         \
        memset(&(x), 0, sizeof(x));                                                              \
        (x).totalElements = 24;                                                                  \
        (x).blockFormer = 1;                                                                     \
        (x).ubFormer = 8192;                                                                     \
        (x).needBroadcast = 1;                                                                   \
        (x).shapeLen = 3;                                                                        \
        (x).innerSize = 1;                                                                       \
        (x).totalRows = 24;                                                                      \
        (x).innerChunkSize = 1;                                                                  \
        (x).numInnerChunks = 1;                                                                  \
        (x).outputDims[0] = 2, (x).outputDims[1] = 3, (x).outputDims[2] = 4;                     \
        (x).gradStrides[0] = 12, (x).gradStrides[1] = 4, (x).gradStrides[2] = 1;                 \
        (x).outStrides[1] = 1;                                                                   \
    } while (0)

/* ==== arch35 SeluGrad ===================================================== */

/* test_selu_grad_tiling.cpp (Ascend950): fp32 {16} succeeds; gradients FLOAT
 * with outputs FLOAT16 fails. {16}: blockFormer=ceilAlign(ceil(16/64)=1,32)=32,
 * ubFormer=floor((245760-8192)/29=8192, 32)=8192, blockDim=ceil(16/32)=1. */
static void arch35_selu_official_ut_cases(void **state)
{
    (void)state;
    opsnn_platform p;
    assert_int_equal(opsnn_platform_get("Ascend950", &p), ACLNN_SUCCESS);
    static const int64_t d16[] = {16};
    opsnn_selu_grad_tiling t;
    memset(&t, 0xA5, sizeof t);
    assert_int_equal(selu(&p, ACL_FLOAT, 1, d16, &t), ACLNN_SUCCESS);
    assert_int_equal(t.algo, OPSNN_TILING_ARCH35);
    opsnn_selu_grad_tiling_data want;
    memset(&want, 0, sizeof want);
    want.totalElements = 16;
    want.blockFormer = 32;
    want.ubFormer = 8192;
    assert_memory_equal(&t.data, &want, sizeof want);
    assert_true(all_zero(&t.data_910b, sizeof t.data_910b));
    assert_int_equal(t.tiling_key, 0);
    assert_int_equal(t.block_dim, 1);
    assert_int_equal(t.workspace_size, 0);

    opsnn_tiling_tensor g = tensor(ACL_FLOAT, 1, d16), o = tensor(ACL_FLOAT16, 1, d16);
    opsnn_selu_grad_tiling before = t;
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &g, &o, &g, &t), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "same dtype"));
    assert_memory_equal(&t, &before, sizeof t);
}

/* One-dim path by dtype: bytesPerElem 29 fp32, 34 fp16/bf16, 44 int32, 35 int8,
 * 37 uint8, 40 anything else; ubFormer=max(32, floorAlign((UB-8192)/bpe, 32)). */
static void arch35_selu_one_dim_by_dtype(void **state)
{
    (void)state;
    opsnn_platform p = platform(OPSNN_TILING_ARCH35, 64, 245760);
    static const struct {
        aclDataType dt;
        int64_t ub_former;
    } cases[] = {
        {ACL_FLOAT, 8192}, /* 237568/29=8192 */
        {ACL_FLOAT16, 6976}, /* 237568/34=6987 -> 6976 */
        {ACL_BF16, 6976},
        {ACL_INT32, 5376}, /* 237568/44=5399 -> 5376 */
        {ACL_INT8, 6784}, /* 237568/35=6787 -> 6784 */
        {ACL_UINT8, 6400}, /* 237568/37=6420 -> 6400 */
        {ACL_INT16, 5920}, /* default 40: 5939 -> 5920 */
    };
    /* n=1000000: blockFormer=ceilAlign(15625,32)=15648, blockDim=ceil(1e6/15648)=64 */
    static const int64_t n[] = {1000, 1000};
    for (int i = 0; i < LEN(cases); i++) {
        opsnn_selu_grad_tiling t;
        assert_int_equal(selu(&p, cases[i].dt, 2, n, &t), ACLNN_SUCCESS);
        assert_int_equal(t.data.totalElements, 1000000);
        assert_int_equal(t.data.blockFormer, 15648);
        assert_int_equal(t.data.ubFormer, cases[i].ub_former);
        assert_int_equal(t.data.needBroadcast, 0);
        assert_int_equal(t.block_dim, 64);
        assert_int_equal(t.tiling_key, 0);
    }
    /* A UB below the Select reserve still gives the 32-element floor. */
    p.ub_size = 100;
    opsnn_selu_grad_tiling t;
    assert_int_equal(selu(&p, ACL_FLOAT, 2, n, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.ubFormer, 32);
    /* rank 0 counts 1: blockFormer 32, blockDim 1; rank above 8 is fine one-dim */
    assert_int_equal(selu(&p, ACL_FLOAT, 0, NULL, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.totalElements, 1);
    assert_int_equal(t.data.blockFormer, 32);
    static const int64_t r10[10] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 3};
    assert_int_equal(selu(&p, ACL_FLOAT, 10, r10, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.totalElements, 3);
    /* empty y: the memset struct, blockDim 1, schMode 0 */
    static const int64_t empty[] = {4, 0};
    memset(&t, 0xA5, sizeof t);
    assert_int_equal(selu(&p, ACL_INT8, 2, empty, &t), ACLNN_SUCCESS);
    assert_true(all_zero(&t.data, sizeof t.data));
    assert_int_equal(t.block_dim, 1);
    assert_int_equal(t.tiling_key, 0);
}

/* Broadcast path (gradients and outputs differ, scalars read as {1}). */
static void arch35_selu_broadcast(void **state)
{
    (void)state;
    opsnn_platform p = platform(OPSNN_TILING_ARCH35, 64, 245760);
    opsnn_selu_grad_tiling t;

    /* g {2,3,4}, o {1,3,1}, y {2,3,4} fp32: gradStrides [12,4,1], outStrides
     * [0,1,0]; innerSize 1 (o broadcasts the last dim), totalRows 24; one chunk
     * of 1; ubFormer=237568/29=8192; blockFormer=ceil(24/64)=1; blockDim 24 */
    static const int64_t g1[] = {2, 3, 4}, o1[] = {1, 3, 1};
    opsnn_tiling_tensor g = tensor(ACL_FLOAT, 3, g1), o = tensor(ACL_FLOAT, 3, o1);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &g, &o, &g, &t), ACLNN_SUCCESS);
    opsnn_selu_grad_tiling_data w;
    BROADCAST_2x3x4_FP32(w);
    assert_memory_equal(&t.data, &w, sizeof w);
    assert_int_equal(t.tiling_key, 1);
    assert_int_equal(t.block_dim, 24);

    /* g {2,100000}, o {1,100000} fp16: innerSize 100000 > 237568/34=6987, so
     * chunks of floorAlign(6987,32)=6976, ceil(100000/6976)=15 of them;
     * ubFormer=237568/(6976*34)=1; blockFormer=min(ceil(2*15/64)=1, 1)=1; blockDim 30 */
    static const int64_t g2[] = {2, 100000}, o2[] = {1, 100000};
    g = tensor(ACL_FLOAT16, 2, g2);
    o = tensor(ACL_FLOAT16, 2, o2);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &g, &o, &g, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.innerSize, 100000);
    assert_int_equal(t.data.totalRows, 2);
    assert_int_equal(t.data.innerChunkSize, 6976);
    assert_int_equal(t.data.numInnerChunks, 15);
    assert_int_equal(t.data.ubFormer, 1);
    assert_int_equal(t.data.blockFormer, 1);
    assert_int_equal(t.data.gradStrides[0], 100000);
    assert_int_equal(t.data.gradStrides[1], 1);
    assert_int_equal(t.data.outStrides[0], 0);
    assert_int_equal(t.data.outStrides[1], 1);
    assert_int_equal(t.block_dim, 30);

    /* g {} (read as {1}), o {5}, y {5} int8: gradStrides [0], outStrides [1];
     * innerSize 1, totalRows 5; ubFormer=237568/35=6787; blockFormer 1; blockDim 5 */
    static const int64_t o3[] = {5};
    g = tensor(ACL_INT8, 0, NULL);
    o = tensor(ACL_INT8, 1, o3);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &g, &o, &o, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.shapeLen, 1);
    assert_int_equal(t.data.gradStrides[0], 0);
    assert_int_equal(t.data.outStrides[0], 1);
    assert_int_equal(t.data.ubFormer, 6787);
    assert_int_equal(t.block_dim, 5);
    /* g {} and o {1} are the same shape to this code: one-dim */
    static const int64_t one[] = {1};
    o = tensor(ACL_INT8, 1, one);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &g, &o, &o, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.needBroadcast, 0);
    assert_int_equal(t.tiling_key, 0);

    /* broadcast needs the 8-entry arrays and a UB above 8192 + bytesPerElem */
    static const int64_t r9[9] = {2, 1, 1, 1, 1, 1, 1, 1, 1}, r9b[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    g = tensor(ACL_FLOAT, 9, r9);
    o = tensor(ACL_FLOAT, 9, r9b);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &g, &o, &g, &t), ACLNN_ERR_PARAM_INVALID);
    g = tensor(ACL_FLOAT, 3, g1);
    o = tensor(ACL_FLOAT, 3, o1);
    p.ub_size = 8192 + 28;
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &g, &o, &g, &t), ACLNN_ERR_PARAM_INVALID);
    p.ub_size = 8192 + 29; /* one element fits: ubFormer 1 */
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &g, &o, &g, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.ubFormer, 1);
}

/* ==== experimental (910b) SeluGrad ======================================= */

/* test_selu_grad_tiling.cpp: {2,3,4,5} on 48 cores, UB 196608, every dtype
 * succeeds with schMode by dtype and totalNum 120; {0} gives 0/0/0 and
 * blockDim 1; a dtype or shape mismatch fails. The UT checks factors > 0;
 * the exact values from selu_grad_tiling.cpp (bytesPerElem = 6*raw +
 * (1 or 4)*compute + 1, align 512/raw, 120*raw bytes <= 8 KiB: one core):
 *   fp16 15, align 256: blockFactor ceilAlign(120,256)=256, ub min(256, 12544)=256
 *   fp32 29, align 128: 128, 128        bf16 29, align 256: 256, 256
 *   int32 41, align 128: 128, 128       int8/uint8 15, align 512: 512, 512 */
static void exp910b_selu_official_ut_cases(void **state)
{
    (void)state;
    opsnn_platform p;
    assert_int_equal(opsnn_platform_get("ascend910b", &p), ACLNN_SUCCESS);
    assert_int_equal(p.algo, OPSNN_TILING_910B);
    assert_int_equal(p.core_num, 48);
    assert_int_equal(p.ub_size, 196608);
    static const struct {
        aclDataType dt;
        uint64_t sch;
        uint32_t factor;
    } cases[] = {
        {ACL_FLOAT16, 0, 256}, {ACL_FLOAT, 1, 128}, {ACL_BF16, 2, 256},
        {ACL_INT32, 3, 128},   {ACL_INT8, 4, 512},  {ACL_UINT8, 5, 512},
    };
    static const int64_t s[] = {2, 3, 4, 5}, s6[] = {2, 3, 4, 6}, empty[] = {0};
    for (int i = 0; i < LEN(cases); i++) {
        opsnn_selu_grad_tiling t;
        assert_int_equal(selu(&p, cases[i].dt, 4, s, &t), ACLNN_SUCCESS);
        assert_int_equal(t.algo, OPSNN_TILING_910B);
        assert_int_equal(t.tiling_key, cases[i].sch);
        assert_int_equal(t.data_910b.totalNum, 120);
        assert_int_equal(t.data_910b.blockFactor, cases[i].factor);
        assert_int_equal(t.data_910b.ubFactor, cases[i].factor);
        assert_int_equal(t.block_dim, 1);
        assert_int_equal(t.workspace_size, 0);
        assert_true(all_zero(&t.data, sizeof t.data));
    }
    opsnn_selu_grad_tiling t;
    memset(&t, 0xA5, sizeof t);
    assert_int_equal(selu(&p, ACL_FLOAT16, 1, empty, &t), ACLNN_SUCCESS);
    assert_true(all_zero(&t.data_910b, sizeof t.data_910b));
    assert_int_equal(t.block_dim, 1);
    assert_int_equal(t.tiling_key, 0);

    opsnn_selu_grad_tiling before = t;
    opsnn_tiling_tensor g = tensor(ACL_FLOAT, 4, s), o = tensor(ACL_FLOAT16, 4, s);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &g, &o, &g, &t), ACLNN_ERR_PARAM_INVALID);
    o = tensor(ACL_FLOAT, 4, s6);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &g, &o, &g, &t), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "same shape"));
    assert_memory_equal(&t, &before, sizeof t);
}

/* Hand-derived from selu_grad_tiling.cpp (UB 196608 -> 188416 usable):
 *   fp32 1e6, 48 cores: 4e6 B -> ceil(/8192)=489 > 8 -> ceil(/32768)=123 -> 48;
 *     bf=ceilAlign(20834,128)=20864; used=48; ub=min(20864, floorAlign(188416/29=6497,128)=6400)
 *   fp16 20000: 40000 B -> 5 cores; bf=ceilAlign(4000,256)=4096; used=5; ub 4096
 *   int8 1e5 on 40 cores: 13 > 8 -> ceil(1e5/32768)=4; bf=ceilAlign(25000,512)=25088;
 *     used=4; ub=floorAlign(188416/15=12561,512)=12288
 *   int8 5000, UB 8000 (<= 8192: all of it usable): bf 5120; ub floorAlign(533,512)=512 */
static void exp910b_selu_hand_cases(void **state)
{
    (void)state;
    static const struct {
        aclDataType dt;
        int64_t n, cores, ub;
        uint32_t bf, uf, bd;
    } cases[] = {
        {ACL_FLOAT, 1000000, 48, 196608, 20864, 6400, 48},
        {ACL_FLOAT16, 20000, 48, 196608, 4096, 4096, 5},
        {ACL_INT8, 100000, 40, 196608, 25088, 12288, 4},
        {ACL_INT8, 5000, 48, 8000, 5120, 512, 1},
    };
    for (int i = 0; i < LEN(cases); i++) {
        opsnn_platform p = platform(OPSNN_TILING_910B, cases[i].cores, cases[i].ub);
        opsnn_selu_grad_tiling t;
        assert_int_equal(selu(&p, cases[i].dt, 1, &cases[i].n, &t), ACLNN_SUCCESS);
        assert_int_equal(t.data_910b.totalNum, (uint64_t)cases[i].n);
        assert_int_equal(t.data_910b.blockFactor, cases[i].bf);
        assert_int_equal(t.data_910b.ubFactor, cases[i].uf);
        assert_int_equal(t.block_dim, cases[i].bd);
    }
    /* unsupported dtype; rank 0 is one element; blockFactor above UINT32_MAX fails */
    opsnn_platform p = platform(OPSNN_TILING_910B, 1, 196608);
    opsnn_selu_grad_tiling t;
    static const int64_t two[] = {2}, big[] = {(int64_t)1 << 33};
    assert_int_equal(selu(&p, ACL_INT16, 1, two, &t), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(selu(&p, ACL_FLOAT, 0, NULL, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data_910b.totalNum, 1);
    assert_int_equal(selu(&p, ACL_INT8, 1, big, &t), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "uint32"));
}

/* ==== bytes: the structs of the ops-nn *_tiling_data.h headers ============ */

/* activation/soft_shrink_grad/op_kernel/arch35/soft_shrink_grad_tiling_data.h */
struct SoftShrinkGradTilingData_arch35 {
    int64_t dim0;
    int32_t coreNum;
    int64_t blockFormer;
    int64_t blockNum;
    int64_t ubFormer;
    float lambd;
};
/* experimental/activation/softshrink_grad/op_kernel/softshrink_grad_tiling_data.h */
struct SoftShrinkGradTilingData_exp {
    int64_t totalNum;
    int64_t blockFactor;
    int32_t ubFactor;
    float lambd;
};
/* activation/selu_grad/op_kernel/arch35/selu_grad_tiling_data.h */
struct SeluGradTilingData_arch35 {
    int64_t totalElements;
    int64_t blockFormer;
    int64_t ubFormer;
    int32_t needBroadcast;
    int32_t shapeLen;
    int64_t innerSize;
    int64_t totalRows;
    int64_t innerChunkSize;
    int32_t numInnerChunks;
    int64_t outputDims[8];
    int64_t gradStrides[8];
    int64_t outStrides[8];
};
/* experimental/activation/selu_grad/op_kernel/selu_grad_tiling_data.h */
struct SeluGradTilingData_exp {
    uint64_t totalNum;
    uint32_t blockFactor;
    uint32_t ubFactor;
};

/* activation/hard_shrink_grad/op_kernel/arch35/hard_shrink_grad_tiling_data.h
 * and activation/softshrink/op_kernel/arch35/softshrink_tiling_data.h (the
 * same four fields; HardShrinkGrad's experimental header too) */
struct FlatTilingData_lambd {
    int64_t totalNum;
    int64_t blockFactor;
    int64_t ubFactor;
    float lambd;
};
/* activation/selu/op_kernel/arch35/selu_tiling_data.h (and the experimental one) */
struct SeluTilingData {
    int64_t totalElements;
    int64_t blockFactor;
    int64_t ubFactor;
};

_Static_assert(sizeof(struct FlatTilingData_lambd) == OPSNN_HARDSHRINK_GRAD_TILING_DATA_SIZE, "32 bytes");
_Static_assert(sizeof(struct FlatTilingData_lambd) == OPSNN_SOFTSHRINK_TILING_DATA_SIZE, "32 bytes");
_Static_assert(sizeof(struct SeluTilingData) == OPSNN_SELU_TILING_DATA_SIZE, "24 bytes");
_Static_assert(sizeof(struct SoftShrinkGradTilingData_arch35) == OPSNN_SOFTSHRINK_GRAD_TILING_DATA_SIZE,
               "48 bytes");
_Static_assert(offsetof(struct SoftShrinkGradTilingData_arch35, blockFormer) == 16, "coreNum is padded");
_Static_assert(sizeof(struct SoftShrinkGradTilingData_exp) == OPSNN_SOFTSHRINK_GRAD_TILING_DATA_910B_SIZE,
               "24 bytes");
_Static_assert(sizeof(struct SeluGradTilingData_arch35) == OPSNN_SELU_GRAD_TILING_DATA_SIZE, "256 bytes");
_Static_assert(offsetof(struct SeluGradTilingData_arch35, outputDims) == 64, "numInnerChunks is padded");
_Static_assert(sizeof(struct SeluGradTilingData_exp) == OPSNN_SELU_GRAD_TILING_DATA_910B_SIZE, "16 bytes");

static int host_is_little_endian(void)
{
    const uint16_t one = 1;
    unsigned char b;
    memcpy(&b, &one, 1);
    return b == 1;
}

static void bytes_equal_the_ops_nn_structs(void **state)
{
    (void)state;
    if (!host_is_little_endian()) {
        skip(); /* the NPU reads little-endian bytes; the structs below are host order */
    }
    unsigned char buf[512];
    size_t n = 0;

    /* arch35 softshrink: test_bf16_6d_large, lambd 1.2 */
    opsnn_platform p950 = platform(OPSNN_TILING_ARCH35, 64, 245760);
    static const int64_t d6[] = {12, 13, 9, 10, 12, 6};
    opsnn_softshrink_grad_tiling ss;
    assert_int_equal(softshrink(&p950, ACL_BF16, 6, d6, 1.2f, &ss), ACLNN_SUCCESS);
    struct SoftShrinkGradTilingData_arch35 a;
    memset(&a, 0, sizeof a);
    a.dim0 = 1010880;
    a.coreNum = 64;
    a.blockFormer = 15872;
    a.blockNum = 64;
    a.ubFormer = 8320;
    a.lambd = 1.2f;
    memset(buf, 0xEE, sizeof buf);
    assert_int_equal(opsnn_softshrink_grad_tiling_bytes(&ss, buf, sizeof buf, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 48);
    assert_memory_equal(buf, &a, sizeof a);
    assert_int_equal(buf[48], 0xEE);

    /* 910b softshrink: fp16_large_double_buffer */
    opsnn_platform p910 = platform(OPSNN_TILING_910B, 48, 262144);
    static const int64_t d1[] = {4194304};
    assert_int_equal(softshrink(&p910, ACL_FLOAT16, 1, d1, 0.5f, &ss), ACLNN_SUCCESS);
    struct SoftShrinkGradTilingData_exp e = {4194304, 87552, 11520, 0.5f};
    assert_int_equal(opsnn_softshrink_grad_tiling_bytes(&ss, buf, 24, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 24);
    assert_memory_equal(buf, &e, sizeof e);

    /* arch35 selu broadcast: g {2,3,4}, o {1,3,1} */
    static const int64_t g1[] = {2, 3, 4}, o1[] = {1, 3, 1};
    opsnn_tiling_tensor g = tensor(ACL_FLOAT, 3, g1), o = tensor(ACL_FLOAT, 3, o1);
    opsnn_selu_grad_tiling se;
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p950, &g, &o, &g, &se), ACLNN_SUCCESS);
    struct SeluGradTilingData_arch35 s;
    BROADCAST_2x3x4_FP32(s);
    assert_int_equal(opsnn_selu_grad_tiling_bytes(&se, buf, sizeof buf, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 256);
    assert_memory_equal(buf, &s, sizeof s);

    /* 910b selu: fp32 {2,3,4,5} */
    opsnn_platform pb = platform(OPSNN_TILING_910B, 48, 196608);
    static const int64_t d4[] = {2, 3, 4, 5};
    assert_int_equal(selu(&pb, ACL_FLOAT, 4, d4, &se), ACLNN_SUCCESS);
    struct SeluGradTilingData_exp x = {120, 128, 128};
    assert_int_equal(opsnn_selu_grad_tiling_bytes(&se, buf, 16, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 16);
    assert_memory_equal(buf, &x, sizeof x);
}

/* Every successful softshrink UT case (both implementations): the bytes equal
 * the ops-nn struct filled with the case's expected fields. */
static void ut_case_bytes_equal_the_ops_nn_structs(void **state)
{
    (void)state;
    if (!host_is_little_endian()) {
        skip();
    }
    unsigned char buf[64];
    size_t n = 0;
    opsnn_platform p950 = platform(OPSNN_TILING_ARCH35, 64, 245760);
    for (int i = 0; i < LEN(SS35_UT); i++) {
        const ss35_case *c = &SS35_UT[i];
        opsnn_softshrink_grad_tiling t;
        assert_int_equal(softshrink(&p950, c->dt, c->ndim, c->dims, 0.5f, &t), ACLNN_SUCCESS);
        struct SoftShrinkGradTilingData_arch35 want;
        memset(&want, 0, sizeof want);
        want.dim0 = c->dim0;
        want.coreNum = (int32_t)c->blockNum;
        want.blockFormer = c->blockFormer;
        want.blockNum = c->blockNum;
        want.ubFormer = c->ubFormer;
        want.lambd = 0.5f;
        assert_int_equal(opsnn_softshrink_grad_tiling_bytes(&t, buf, sizeof buf, &n), ACLNN_SUCCESS);
        assert_int_equal(n, sizeof want);
        assert_memory_equal(buf, &want, sizeof want);
    }
    for (int i = 0; i < LEN(SS910_UT); i++) {
        const ss910_case *c = &SS910_UT[i];
        if (!c->ok) {
            continue;
        }
        opsnn_platform p = platform(OPSNN_TILING_910B, c->cores, c->ub);
        opsnn_tiling_tensor g = tensor(c->dg, c->ng, c->g), x = tensor(c->dx, c->nx, c->x),
                            y = tensor(c->dy, c->ny, c->y);
        opsnn_softshrink_grad_tiling t;
        assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, &g, &x, &y, c->lambd, &t), ACLNN_SUCCESS);
        struct SoftShrinkGradTilingData_exp want = {c->totalNum, c->blockFactor, c->ubFactor, c->lambd};
        assert_int_equal(opsnn_softshrink_grad_tiling_bytes(&t, buf, sizeof buf, &n), ACLNN_SUCCESS);
        assert_int_equal(n, sizeof want);
        assert_memory_equal(buf, &want, sizeof want);
    }
}

/* The byte writers without a host struct: literal little-endian bytes. */
static void bytes_are_little_endian_with_zero_padding(void **state)
{
    (void)state;
    opsnn_softshrink_grad_tiling ss;
    memset(&ss, 0, sizeof ss);
    ss.algo = OPSNN_TILING_ARCH35;
    ss.data.dim0 = 0x0102030405060708;
    ss.data.coreNum = -2;
    ss.data.blockFormer = 512;
    ss.data.blockNum = 3;
    ss.data.ubFormer = 11584;
    ss.data.lambd = 1.2f;
    unsigned char b[48];
    size_t n = 0;
    assert_int_equal(opsnn_softshrink_grad_tiling_bytes(&ss, b, sizeof b, &n), ACLNN_SUCCESS);
    static const unsigned char want[48] = {
        8, 7, 6, 5, 4, 3, 2, 1, 0xfe, 0xff, 0xff, 0xff, 0, 0, 0, 0, /* dim0, coreNum, pad */
        0, 2, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, /* blockFormer, blockNum */
        0x40, 0x2d, 0, 0, 0, 0, 0, 0, 0x9a, 0x99, 0x99, 0x3f, 0, 0, 0, 0, /* ubFormer, lambd, pad */
    };
    assert_memory_equal(b, want, sizeof want);

    opsnn_selu_grad_tiling se;
    memset(&se, 0, sizeof se);
    se.algo = OPSNN_TILING_910B;
    se.data_910b.totalNum = 0x1122334455667788u;
    se.data_910b.blockFactor = 0xAABBCCDDu;
    se.data_910b.ubFactor = 32;
    unsigned char c[16];
    assert_int_equal(opsnn_selu_grad_tiling_bytes(&se, c, sizeof c, &n), ACLNN_SUCCESS);
    static const unsigned char want2[16] = {0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11,
                                            0xdd, 0xcc, 0xbb, 0xaa, 32, 0, 0, 0};
    assert_memory_equal(c, want2, sizeof want2);

    /* too small: INVALID naming the size, nothing written */
    memset(c, 0x77, sizeof c);
    n = 99;
    assert_int_equal(opsnn_selu_grad_tiling_bytes(&se, c, 15, &n), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "size must be >= 16"));
    assert_int_equal(n, 99);
    assert_int_equal(c[0], 0x77);
    se.algo = OPSNN_TILING_ARCH35;
    assert_int_equal(opsnn_selu_grad_tiling_bytes(&se, b, sizeof b, &n), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "size must be >= 256"));
    assert_int_equal(opsnn_selu_grad_tiling_bytes(NULL, b, sizeof b, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(opsnn_softshrink_grad_tiling_bytes(&ss, NULL, 48, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(opsnn_softshrink_grad_tiling_bytes(&ss, b, 48, NULL), ACLNN_ERR_PARAM_NULLPTR);
}

/* HardShrinkGrad, Softshrink and Selu: three int64 and (but for Selu) a
 * float, tail padding zero; the same bytes as the ops-nn struct on a
 * little-endian host; a short buffer refused with nothing written. */
static void flat_structs_bytes(void **state)
{
    (void)state;
    static const unsigned char want[32] = {
        8, 7, 6, 5, 4, 3, 2, 1, 9, 0, 0, 0, 0, 0, 0, 0,    /* totalNum, blockFactor */
        0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x3f, 0, 0, 0, 0, /* ubFactor, lambd 0.5, pad */
    };
    const struct FlatTilingData_lambd ref = {0x0102030405060708ll, 9, 0x100, 0.5f};
    unsigned char b[40];
    size_t n = 0;

    opsnn_hardshrink_grad_tiling hs;
    memset(&hs, 0, sizeof hs);
    hs.data.totalNum = ref.totalNum;
    hs.data.blockFactor = ref.blockFactor;
    hs.data.ubFactor = ref.ubFactor;
    hs.data.lambd = ref.lambd;
    memset(b, 0xee, sizeof b);
    assert_int_equal(opsnn_hardshrink_grad_tiling_bytes(&hs, b, 31, &n), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(b[0], 0xee);
    assert_int_equal(opsnn_hardshrink_grad_tiling_bytes(&hs, b, sizeof b, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 32);
    assert_memory_equal(b, want, 32);
    assert_int_equal(b[32], 0xee);

    opsnn_softshrink_tiling sf;
    memset(&sf, 0, sizeof sf);
    sf.data.totalNum = ref.totalNum;
    sf.data.blockFactor = ref.blockFactor;
    sf.data.ubFactor = ref.ubFactor;
    sf.data.lambd = ref.lambd;
    memset(b, 0xee, sizeof b);
    assert_int_equal(opsnn_softshrink_tiling_bytes(&sf, b, 31, &n), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_softshrink_tiling_bytes(&sf, b, sizeof b, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 32);
    assert_memory_equal(b, want, 32);
    assert_int_equal(b[32], 0xee);
    if (host_is_little_endian()) {
        struct FlatTilingData_lambd c;
        memset(&c, 0, sizeof c); /* padding zero, as the NPU code's memset_s */
        c = ref;
        assert_memory_equal(b, &c, sizeof c);
    }

    opsnn_selu_tiling se;
    memset(&se, 0, sizeof se);
    se.data.totalElements = ref.totalNum;
    se.data.blockFactor = ref.blockFactor;
    se.data.ubFactor = ref.ubFactor;
    memset(b, 0xee, sizeof b);
    assert_int_equal(opsnn_selu_tiling_bytes(&se, b, 23, &n), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_selu_tiling_bytes(&se, b, sizeof b, &n), ACLNN_SUCCESS);
    assert_int_equal(n, 24);
    assert_memory_equal(b, want, 24);
    assert_int_equal(b[24], 0xee);
    assert_int_equal(opsnn_selu_tiling_bytes(NULL, b, sizeof b, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(opsnn_softshrink_tiling_bytes(&sf, NULL, sizeof b, &n), ACLNN_ERR_PARAM_NULLPTR);
}

/* ==== platforms ============================================================ */

static void platform_names_pick_the_ops_nn_implementation(void **state)
{
    (void)state;
    static const struct {
        const char *soc, *name;
        opsnn_tiling_algo algo;
        int64_t cores, ub;
    } cases[] = {
        {"ascend950", "Ascend950", OPSNN_TILING_ARCH35, 64, 245760},
        {"Ascend950PR", "Ascend950PR", OPSNN_TILING_ARCH35, 64, 245760},
        {"ascend910b", "Ascend910B", OPSNN_TILING_910B, 48, 196608},
        {"Ascend910B2", "Ascend910B2", OPSNN_TILING_910B, 48, 196608},
        {"ascend910b4", "Ascend910B4", OPSNN_TILING_910B, 40, 196608},
        {"Ascend910_93", "Ascend910_93", OPSNN_TILING_910B, 48, 196608},
    };
    for (int i = 0; i < LEN(cases); i++) {
        opsnn_platform p;
        memset(&p, 0xA5, sizeof p);
        assert_int_equal(opsnn_platform_get(cases[i].soc, &p), ACLNN_SUCCESS);
        assert_string_equal(p.name, cases[i].name);
        assert_int_equal(p.algo, cases[i].algo);
        assert_int_equal(p.core_num, cases[i].cores);
        assert_int_equal(p.ub_size, cases[i].ub);
    }
    opsnn_platform p, before;
    memset(&p, 0xA5, sizeof p);
    before = p;
    assert_int_equal(opsnn_platform_get("Ascend910", &p), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "got Ascend910"));
    assert_int_equal(opsnn_platform_get("ascend310p", &p), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_platform_get("Ascend9000", &p), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "got \"Ascend9000\""));
    assert_memory_equal(&p, &before, sizeof p);
    assert_int_equal(opsnn_platform_get("cpu", NULL), ACLNN_ERR_PARAM_NULLPTR);

    /* NULL: the SoC in effect, whose package must run the ops-nn kernels: the
     * built-in TBE kernels of a 910B are tiled by TBE's auto-schedule */
    assert_int_equal(opsnn_set_soc("Ascend910B3"), ACLNN_SUCCESS);
    assert_int_equal(opsnn_platform_get(NULL, &p), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "the builtin package runs TBE kernels on Ascend910B3"));
    assert_int_equal(opsnn_set_opp("ops-nn"), ACLNN_SUCCESS);
    assert_int_equal(opsnn_platform_get(NULL, &p), ACLNN_SUCCESS);
    assert_string_equal(p.name, "Ascend910B3");
    assert_int_equal(p.algo, OPSNN_TILING_910B);
    assert_int_equal(p.core_num, 40);
    assert_int_equal(opsnn_set_opp(NULL), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_soc(NULL), ACLNN_SUCCESS);
    assert_int_equal(opsnn_platform_get(NULL, &p), ACLNN_SUCCESS); /* the default, Ascend950 */
    assert_string_equal(p.name, "Ascend950");
    assert_int_equal(p.algo, OPSNN_TILING_ARCH35);

    /* cpu: the arch35 code with the thread count as cores */
    assert_int_equal(opsnn_set_num_threads(3), 3);
    assert_int_equal(opsnn_platform_get("CPU", &p), ACLNN_SUCCESS);
    assert_string_equal(p.name, "cpu");
    assert_int_equal(p.algo, OPSNN_TILING_ARCH35);
    assert_int_equal(p.core_num, 3);
    assert_int_equal(p.ub_size, OPSNN_CPU_UB_SIZE);
    opsnn_set_num_threads(0);
}

static void bad_platforms_and_tensors_are_refused(void **state)
{
    (void)state;
    static const int64_t four[] = {4}, neg[] = {2, -1}, huge[] = {INT64_MAX / 2, 4};
    opsnn_softshrink_grad_tiling ss, ss0;
    opsnn_selu_grad_tiling se;
    memset(&ss, 0x3C, sizeof ss);
    ss0 = ss;
    opsnn_platform p = platform(OPSNN_TILING_ARCH35, 0, 245760);
    assert_int_equal(softshrink(&p, ACL_FLOAT, 1, four, 0.5f, &ss), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "core_num"));
    p = platform(OPSNN_TILING_910B, 8, 0);
    assert_int_equal(selu(&p, ACL_FLOAT, 1, four, &se), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "ub_size"));
    p = platform(OPSNN_TILING_910B, 8, (int64_t)INT32_MAX + 1);
    assert_int_equal(selu(&p, ACL_FLOAT, 1, four, &se), ACLNN_ERR_PARAM_INVALID);
    p = platform((opsnn_tiling_algo)7, 8, 196608);
    assert_int_equal(selu(&p, ACL_FLOAT, 1, four, &se), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "algo"));

    p = platform(OPSNN_TILING_ARCH35, 64, 245760);
    assert_int_equal(softshrink(&p, ACL_FLOAT, 2, neg, 0.5f, &ss), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(), "input_grad->dims[1]"));
    assert_int_equal(softshrink(&p, ACL_FLOAT, 2, huge, 0.5f, &ss), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(softshrink(&p, ACL_FLOAT, 33, four, 0.5f, &ss), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(softshrink(&p, ACL_FLOAT, -1, four, 0.5f, &ss), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(softshrink(&p, ACL_FLOAT, 1, NULL, 0.5f, &ss), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(softshrink(NULL, ACL_FLOAT, 1, four, 0.5f, &ss), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(softshrink(&p, ACL_FLOAT, 1, four, 0.5f, NULL), ACLNN_ERR_PARAM_NULLPTR);
    opsnn_tiling_tensor x = tensor(ACL_FLOAT, 1, four);
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, &x, NULL, &x, 0.5f, &ss),
                     ACLNN_ERR_PARAM_NULLPTR);
    assert_non_null(strstr(aclGetRecentErrMsg(), "input_x must not be NULL"));
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &x, &x, NULL, &se), ACLNN_ERR_PARAM_NULLPTR);
    assert_memory_equal(&ss, &ss0, sizeof ss);
}

/* Sweep: on both implementations, for many sizes and core counts, the blocks
 * the tiling describes cover the tensor exactly once and no core count or UB
 * pass exceeds the platform. */
static void blocks_cover_every_element_once(void **state)
{
    (void)state;
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    static const int64_t cores[] = {1, 7, 40, 48, 64};
    for (int64_t n = 1; n < 3000000; n = n * 3 + 1) {
        for (int c = 0; c < LEN(cores); c++) {
            for (int d = 0; d < LEN(dts); d++) {
                opsnn_platform a = platform(OPSNN_TILING_ARCH35, cores[c], 245760);
                opsnn_platform b = platform(OPSNN_TILING_910B, cores[c], 196608);
                opsnn_softshrink_grad_tiling s;
                assert_int_equal(softshrink(&a, dts[d], 1, &n, 0.5f, &s), ACLNN_SUCCESS);
                assert_true(s.data.blockNum >= 1 && s.data.blockNum <= cores[c]);
                assert_true((s.data.blockNum - 1) * s.data.blockFormer < n);
                assert_true(s.data.blockNum * s.data.blockFormer >= n);
                assert_int_equal(s.data.blockFormer % 512, 0);
                assert_true(s.data.ubFormer > 0);
                assert_int_equal(softshrink(&b, dts[d], 1, &n, 0.5f, &s), ACLNN_SUCCESS);
                int64_t bf = s.data_910b.blockFactor;
                assert_true(s.block_dim >= 1 && s.block_dim <= cores[c]);
                assert_true((s.block_dim - 1) * bf < n && s.block_dim * bf >= n);
                opsnn_selu_grad_tiling t;
                assert_int_equal(selu(&a, dts[d], 1, &n, &t), ACLNN_SUCCESS);
                assert_true(t.block_dim <= cores[c]);
                assert_true((t.block_dim - 1) * t.data.blockFormer < n);
                assert_true(t.block_dim * t.data.blockFormer >= n);
                assert_int_equal(selu(&b, dts[d], 1, &n, &t), ACLNN_SUCCESS);
                int64_t f = t.data_910b.blockFactor;
                assert_true(t.block_dim >= 1 && t.block_dim <= cores[c]);
                assert_true((t.block_dim - 1) * f < n && t.block_dim * f >= n);
                assert_true(t.data_910b.ubFactor <= t.data_910b.blockFactor);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arch35_softshrink_official_ut_cases),
        cmocka_unit_test(arch35_softshrink_hand_cases),
        cmocka_unit_test(softshrink_lambda_checks_match_the_npu),
        cmocka_unit_test(arch35_softshrink_refusals),
        cmocka_unit_test(exp910b_softshrink_official_ut_cases),
        cmocka_unit_test(exp910b_softshrink_hand_cases),
        cmocka_unit_test(arch35_selu_official_ut_cases),
        cmocka_unit_test(arch35_selu_one_dim_by_dtype),
        cmocka_unit_test(arch35_selu_broadcast),
        cmocka_unit_test(exp910b_selu_official_ut_cases),
        cmocka_unit_test(exp910b_selu_hand_cases),
        cmocka_unit_test(bytes_equal_the_ops_nn_structs),
        cmocka_unit_test(ut_case_bytes_equal_the_ops_nn_structs),
        cmocka_unit_test(bytes_are_little_endian_with_zero_padding),
        cmocka_unit_test(flat_structs_bytes),
        cmocka_unit_test(platform_names_pick_the_ops_nn_implementation),
        cmocka_unit_test(bad_platforms_and_tensors_are_refused),
        cmocka_unit_test(blocks_cover_every_element_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
