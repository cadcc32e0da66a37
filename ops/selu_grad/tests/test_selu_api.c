/*
 * test_selu_api.c - aclnnSeluBackward's public contract: validation and its
 * order, the branch at result == 0 / NaN, rank above 8, the official sample's
 * example.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <string.h>

#include "test_util.h"

#define MSG_SIZE 512
#define PREFIX "aclnnSeluBackward"

static const float SCALE = TU_SELU_SCALE;
static const float SCALE_ALPHA = TU_SELU_SCALE_ALPHA;

static uint64_t g_store[64];
static uint64_t r_store[64];
static uint64_t o_store[64];

static const int64_t D23[] = {2, 3};
static const int64_t D32[] = {3, 2};
static const int64_t D6[] = {6};
static const int64_t D13[] = {1, 3};

static void expect_fail(const aclTensor *g, const aclTensor *r, aclTensor *o, aclnnStatus want, char *msg)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = tu_sentinel_executor();
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(g, r, o, &ws, &ex), want);
    assert_ptr_equal(ex, tu_sentinel_executor());
    char local[MSG_SIZE];
    tu_last_msg(local, sizeof local);
    if (strncmp(local, PREFIX, strlen(PREFIX)) != 0) {
        print_error("message does not start with " PREFIX ": \"%s\"\n", local);
        fail();
    }
    if (msg != NULL) {
        memcpy(msg, local, MSG_SIZE);
    }
}

typedef struct {
    const int64_t *gd;
    uint64_t gr;
    aclDataType gt;
    const int64_t *rd;
    uint64_t rr;
    aclDataType rt;
    const int64_t *od;
    uint64_t orank;
    aclDataType ot;
} case_t;

static void run_case(const case_t *c, aclnnStatus want, char *msg)
{
    aclTensor *g = tu_tensor(c->gd, c->gr, c->gt, g_store);
    aclTensor *r = tu_tensor(c->rd, c->rr, c->rt, r_store);
    aclTensor *o = tu_tensor(c->od, c->orank, c->ot, o_store);
    assert_non_null(g);
    assert_non_null(r);
    assert_non_null(o);
    expect_fail(g, r, o, want, msg);
    aclDestroyTensor(g);
    aclDestroyTensor(r);
    aclDestroyTensor(o);
}

/* A well-formed call's operands (FLOAT {2, 3}), built before and destroyed
 * after each test that names this fixture. */
typedef struct {
    aclTensor *g, *r, *o;
} operands;

static int operands_setup(void **state)
{
    static operands ops;
    ops.g = tu_tensor(D23, 2, ACL_FLOAT, g_store);
    ops.r = tu_tensor(D23, 2, ACL_FLOAT, r_store);
    ops.o = tu_tensor(D23, 2, ACL_FLOAT, o_store);
    *state = &ops;
    return ops.g != NULL && ops.r != NULL && ops.o != NULL ? 0 : -1;
}

static int operands_teardown(void **state)
{
    operands *ops = *state;
    aclDestroyTensor(ops->g);
    aclDestroyTensor(ops->r);
    aclDestroyTensor(ops->o);
    return 0;
}

/* Each of the five pointer arguments NULL in turn. */
static void selu_each_null_argument_is_nullptr_and_executor_untouched(void **state)
{
    const operands *p = *state;
    static const char *const names[] = {"gradOutput", "result", "gradInput", "workspaceSize",
                                        "executor"};
    for (int k = 0; k < 5; k++) {
        uint64_t ws = 0;
        aclOpExecutor *ex = tu_sentinel_executor();
        assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(k == 0 ? NULL : p->g, k == 1 ? NULL : p->r,
                                                           k == 2 ? NULL : p->o, k == 3 ? NULL : &ws,
                                                           k == 4 ? NULL : &ex),
                         ACLNN_ERR_PARAM_NULLPTR);
        assert_ptr_equal(ex, tu_sentinel_executor());
        char msg[MSG_SIZE], want[MSG_SIZE];
        tu_last_msg(msg, sizeof msg);
        snprintf(want, sizeof want, PREFIX ": %s must not be NULL, got NULL", names[k]);
        assert_string_equal(msg, want);
    }
}

static void selu_null_beats_dtype_mismatch(void **state)
{
    (void)state;
    aclTensor *g = tu_tensor(D23, 2, ACL_FLOAT, g_store);
    aclTensor *r = tu_tensor(D23, 2, ACL_FLOAT16, r_store);
    aclTensor *o = tu_tensor(D23, 2, ACL_UINT8, o_store);
    uint64_t ws = 0;
    aclOpExecutor *ex = tu_sentinel_executor();
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(g, r, NULL, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR);
    assert_ptr_equal(ex, tu_sentinel_executor());
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(g, r, o, NULL, &ex), ACLNN_ERR_PARAM_NULLPTR);
    assert_ptr_equal(ex, tu_sentinel_executor());
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(NULL, r, o, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR);
    assert_ptr_equal(ex, tu_sentinel_executor());
    aclDestroyTensor(g);
    aclDestroyTensor(r);
    aclDestroyTensor(o);
}

static void selu_dtype_mismatch_between_any_pair_is_param_invalid(void **state)
{
    (void)state;
    const aclDataType ok[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8};
    for (int a = 0; a < 5; a++) {
        for (int b = 0; b < 5; b++) {
            if (a == b) {
                continue;
            }
            const case_t c1 = {D23, 2, ok[a], D23, 2, ok[b], D23, 2, ok[a]}; /* g vs result */
            const case_t c2 = {D23, 2, ok[a], D23, 2, ok[a], D23, 2, ok[b]}; /* g,r vs out */
            const case_t c3 = {D23, 2, ok[b], D23, 2, ok[a], D23, 2, ok[a]}; /* g vs r,out */
            run_case(&c1, ACLNN_ERR_PARAM_INVALID, NULL);
            run_case(&c2, ACLNN_ERR_PARAM_INVALID, NULL);
            run_case(&c3, ACLNN_ERR_PARAM_INVALID, NULL);
        }
    }
}

static void selu_unsupported_dtypes_are_param_invalid(void **state)
{
    (void)state;
    const aclDataType bad[] = {ACL_UINT8, ACL_DOUBLE, ACL_INT16, ACL_INT64, ACL_BOOL,
                               ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_COMPLEX64};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const case_t c = {D23, 2, bad[i], D23, 2, bad[i], D23, 2, bad[i]};
        run_case(&c, ACLNN_ERR_PARAM_INVALID, NULL);
    }
}

static void selu_shape_mismatch_is_param_invalid(void **state)
{
    (void)state;
    /* same element count, different shape */
    const case_t c1 = {D23, 2, ACL_FLOAT, D32, 2, ACL_FLOAT, D23, 2, ACL_FLOAT};
    const case_t c2 = {D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, D6, 1, ACL_FLOAT};
    const case_t c3 = {D6, 1, ACL_FLOAT, D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT};
    /* broadcastable shapes are still rejected: no broadcasting */
    const case_t c4 = {D13, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT};
    const case_t c5 = {D23, 2, ACL_FLOAT, D13, 2, ACL_FLOAT, D23, 2, ACL_FLOAT};
    const case_t c6 = {D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, D13, 2, ACL_FLOAT};
    const case_t *cs[] = {&c1, &c2, &c3, &c4, &c5, &c6};
    for (int i = 0; i < 6; i++) {
        run_case(cs[i], ACLNN_ERR_PARAM_INVALID, NULL);
    }
}

static void selu_dtype_mismatch_beats_shape_mismatch(void **state)
{
    (void)state;
    const case_t dtype_alone = {D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT16, D23, 2, ACL_FLOAT};
    const case_t shape_alone = {D23, 2, ACL_FLOAT, D32, 2, ACL_FLOAT, D23, 2, ACL_FLOAT};
    const case_t both = {D23, 2, ACL_FLOAT, D32, 2, ACL_FLOAT16, D23, 2, ACL_FLOAT};
    char m_dtype[MSG_SIZE];
    char m_shape[MSG_SIZE];
    char m_both[MSG_SIZE];
    run_case(&dtype_alone, ACLNN_ERR_PARAM_INVALID, m_dtype);
    run_case(&shape_alone, ACLNN_ERR_PARAM_INVALID, m_shape);
    run_case(&both, ACLNN_ERR_PARAM_INVALID, m_both);
    assert_string_not_equal(m_dtype, m_shape);
    assert_string_equal(m_both, m_dtype);
    /* an unsupported (but matching) dtype also beats the shape check */
    const case_t u_alone = {D23, 2, ACL_UINT8, D23, 2, ACL_UINT8, D23, 2, ACL_UINT8};
    const case_t u_both = {D23, 2, ACL_UINT8, D23, 2, ACL_UINT8, D32, 2, ACL_UINT8};
    run_case(&u_alone, ACLNN_ERR_PARAM_INVALID, m_dtype);
    run_case(&u_both, ACLNN_ERR_PARAM_INVALID, m_both);
    assert_string_equal(m_both, m_dtype);
}

static void selu_grad_input_with_internal_overlap_is_param_invalid(void **state)
{
    (void)state;
    const int64_t s01[] = {0, 1};
    float g[6] = {0};
    float r[6] = {0};
    float o[3] = {0};
    aclTensor *tg = tu_tensor(D23, 2, ACL_FLOAT, g);
    aclTensor *tr = tu_tensor(D23, 2, ACL_FLOAT, r);
    aclTensor *to = tu_view(D23, 2, ACL_FLOAT, s01, 0, 3, o);
    assert_non_null(to);
    expect_fail(tg, tr, to, ACLNN_ERR_PARAM_INVALID, NULL);
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(to);
}

static void selu_rank_10_is_accepted_and_computed(void **state)
{
    (void)state;
    const int64_t d10[] = {1, 2, 1, 2, 1, 2, 1, 1, 2, 1};
    float g[16];
    float r[16];
    float o[16];
    float want[16];
    for (int i = 0; i < 16; i++) {
        g[i] = (float)(i - 5) * 0.5f;
        r[i] = (float)(i - 8) * 0.25f;
        want[i] = tu_selu_f32(g[i], r[i]);
    }
    memset(o, 0xAB, sizeof o);
    aclTensor *tg = tu_tensor(d10, 10, ACL_FLOAT, g);
    aclTensor *tr = tu_tensor(d10, 10, ACL_FLOAT, r);
    aclTensor *to = tu_tensor(d10, 10, ACL_FLOAT, o);
    uint64_t ws = 9;
    assert_int_equal(tu_selu(tg, tr, to, &ws), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    tu_assert_bits_equal(o, want, 16, 4, "rank 10");
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(to);
}

/* The data and expectation of the official arch35 sample
 * (activation/selu_grad/examples/arch35/test_aclnn_selu_grad.cpp): result 0
 * gives 1.7581 (the older kernel, and the seed articles, gave 1.0507). */
static void selu_official_sample_matches_its_expected_values(void **state)
{
    (void)state;
    const int64_t d8[] = {8};
    float g[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    float r[8] = {-2, -1, 0, 1, 2, 3, -0.5f, 0.5f};
    float o[8];
    aclTensor *tg = tu_tensor(d8, 1, ACL_FLOAT, g);
    aclTensor *tr = tu_tensor(d8, 1, ACL_FLOAT, r);
    aclTensor *to = tu_tensor(d8, 1, ACL_FLOAT, o);
    assert_int_equal(tu_selu(tg, tr, to, NULL), ACLNN_SUCCESS);
    const float doc[8] = {-0.2419f, 0.7581f, 1.7581f, 1.0507f, 1.0507f, 1.0507f, 1.2581f, 1.0507f};
    for (int i = 0; i < 8; i++) {
        assert_true(fabsf(o[i] - doc[i]) < 1e-4f);
        float want = tu_selu_f32(g[i], r[i]);
        assert_int_equal(opsnn_f32_bits(o[i]), opsnn_f32_bits(want));
    }
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(to);
}

/* CMPMODE::LE in selu_grad.h:74 (ops-nn 52d86f03c, matching PyTorch's
 * elu_backward(is_result=True)): +0 and -0 take g * (r + SCALE_ALPHA). */
static void selu_zero_result_takes_scale_alpha_branch(void **state)
{
    (void)state;
    const int64_t d4[] = {4};
    float g[4] = {2.0f, 2.0f, -3.0f, 1.0f};
    float r[4] = {0.0f, -0.0f, 0.0f, -0.0f};
    float o[4];
    aclTensor *tg = tu_tensor(d4, 1, ACL_FLOAT, g);
    aclTensor *tr = tu_tensor(d4, 1, ACL_FLOAT, r);
    aclTensor *to = tu_tensor(d4, 1, ACL_FLOAT, o);
    assert_int_equal(tu_selu(tg, tr, to, NULL), ACLNN_SUCCESS);
    volatile float a2 = SCALE_ALPHA * 2.0f;
    volatile float am3 = SCALE_ALPHA * -3.0f;
    const float want[4] = {a2, a2, am3, SCALE_ALPHA};
    tu_assert_bits_equal(o, want, 4, 4, "result == 0");
    /* the other branch would give g * SCALE: make sure it is different */
    assert_true(o[0] != 2.0f * SCALE);
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(to);
}

static void selu_nan_result_takes_scale_branch(void **state)
{
    (void)state;
    const int64_t d3[] = {3};
    float g[3] = {2.0f, -1.0f, 0.0f};
    float r[3] = {opsnn_bits_f32(0x7FC00000u), opsnn_bits_f32(0xFFC00000u), opsnn_bits_f32(0x7FC00001u)};
    float o[3];
    aclTensor *tg = tu_tensor(d3, 1, ACL_FLOAT, g);
    aclTensor *tr = tu_tensor(d3, 1, ACL_FLOAT, r);
    aclTensor *to = tu_tensor(d3, 1, ACL_FLOAT, o);
    assert_int_equal(tu_selu(tg, tr, to, NULL), ACLNN_SUCCESS);
    volatile float s2 = SCALE * 2.0f;
    volatile float sm1 = SCALE * -1.0f;
    const float want[3] = {s2, sm1, 0.0f};
    tu_assert_bits_equal(o, want, 3, 4, "NaN result");
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(to);
}

static void selu_fp16_seed_example_rounds_to_nearest_even(void **state)
{
    (void)state;
    const int64_t d8[] = {8};
    const float rv[8] = {-2, -1, 0, 1, 2, 3, -0.5f, 0.5f};
    uint16_t g[8];
    uint16_t r[8];
    uint16_t o[8];
    uint16_t want[8];
    for (int i = 0; i < 8; i++) {
        g[i] = 0x3C00u;
        r[i] = tu_h(rv[i]);
        want[i] = tu_h(tu_selu_f32(1.0f, rv[i]));
    }
    /* spot value: result 0 gives fp16(1.75810) = 0x3F08 */
    assert_int_equal(want[2], 0x3F08u);
    aclTensor *tg = tu_tensor(d8, 1, ACL_FLOAT16, g);
    aclTensor *tr = tu_tensor(d8, 1, ACL_FLOAT16, r);
    aclTensor *to = tu_tensor(d8, 1, ACL_FLOAT16, o);
    assert_int_equal(tu_selu(tg, tr, to, NULL), ACLNN_SUCCESS);
    tu_assert_bits_equal(o, want, 8, 2, "fp16 seed");
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(to);
}

static void selu_phase2_errors(void **state)
{
    (void)state;
    assert_int_equal(aclnnSeluBackward(NULL, 0, NULL, NULL), ACLNN_ERR_PARAM_NULLPTR);
    float g[6] = {1, 1, 1, 1, 1, 1};
    float r[6] = {-1, 0, 1, -2, 2, 3};
    float o[6];
    aclTensor *tg = tu_tensor(D23, 2, ACL_FLOAT, g);
    aclTensor *tr = tu_tensor(D23, 2, ACL_FLOAT, r);
    aclTensor *to = tu_tensor(D23, 2, ACL_FLOAT, o);
    uint64_t ws = 5;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(tg, tr, to, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_int_equal(aclnnSeluBackward(NULL, 8, ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSeluBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(opsnn_f32_bits(o[i]), opsnn_f32_bits(tu_selu_f32(g[i], r[i])));
    }
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(to);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(selu_each_null_argument_is_nullptr_and_executor_untouched,
                                        operands_setup, operands_teardown),
        cmocka_unit_test(selu_null_beats_dtype_mismatch),
        cmocka_unit_test(selu_dtype_mismatch_between_any_pair_is_param_invalid),
        cmocka_unit_test(selu_unsupported_dtypes_are_param_invalid),
        cmocka_unit_test(selu_shape_mismatch_is_param_invalid),
        cmocka_unit_test(selu_dtype_mismatch_beats_shape_mismatch),
        cmocka_unit_test(selu_grad_input_with_internal_overlap_is_param_invalid),
        cmocka_unit_test(selu_rank_10_is_accepted_and_computed),
        cmocka_unit_test(selu_official_sample_matches_its_expected_values),
        cmocka_unit_test(selu_zero_result_takes_scale_alpha_branch),
        cmocka_unit_test(selu_nan_result_takes_scale_branch),
        cmocka_unit_test(selu_fp16_seed_example_rounds_to_nearest_even),
        cmocka_unit_test(selu_phase2_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
