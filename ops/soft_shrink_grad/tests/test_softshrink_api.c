/*
 * test_softshrink_api.c - aclnnSoftshrinkBackward's public contract:
 * validation and its order, lambda handling, phase-2 errors, the seed example.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "test_util.h"

#define MSG_SIZE 512
#define PREFIX "aclnnSoftshrinkBackward"

/* Distinct backing stores for gradOutput, self and gradInput, large enough for
 * every shape below in every dtype (16 bytes x 64 elements). */
static uint64_t g_store[128];
static uint64_t x_store[128];
static uint64_t o_store[128];

static const int64_t D2[] = {2};
static const int64_t D3[] = {3};
static const int64_t D4[] = {4};
static const int64_t D23[] = {2, 3};
static const int64_t D32[] = {3, 2};
static const int64_t D55[] = {5, 5};
static const int64_t R9[] = {1, 1, 1, 1, 1, 1, 1, 1, 2};

static aclTensor *mk(const aclTensor **keep, uint64_t *store, const int64_t *dims, uint64_t rank,
                     aclDataType dt)
{
    aclTensor *t = tu_tensor(dims, rank, dt, store);
    assert_non_null(t);
    *keep = t;
    return t;
}

/* Phase 1 must fail with `want`, leave *executor as it was, and set a message
 * starting with the API name; the message is copied to msg. */
static void expect_fail(const aclTensor *g, const aclTensor *x, const aclScalar *l, aclTensor *out,
                        aclnnStatus want, char *msg)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = tu_sentinel_executor();
    aclnnStatus st = aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, l, out, &ws, &ex);
    assert_int_equal(st, want);
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

/* A failing call with (g, x, out, lambda) built from the given shapes/dtypes. */
typedef struct {
    const int64_t *gd;
    uint64_t gr;
    aclDataType gt;
    const int64_t *xd;
    uint64_t xr;
    aclDataType xt;
    const int64_t *od;
    uint64_t orank;
    aclDataType ot;
    float lambda;
} case_t;

static void run_case(const case_t *c, aclnnStatus want, char *msg)
{
    const aclTensor *kg;
    const aclTensor *kx;
    const aclTensor *ko;
    aclTensor *g = mk(&kg, g_store, c->gd, c->gr, c->gt);
    aclTensor *x = mk(&kx, x_store, c->xd, c->xr, c->xt);
    aclTensor *o = mk(&ko, o_store, c->od, c->orank, c->ot);
    aclScalar *l = tu_scalar_f32(c->lambda);
    assert_non_null(l);
    expect_fail(g, x, l, o, want, msg);
    aclDestroyScalar(l);
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(o);
}

/* The combined failure must report exactly what the earlier check alone
 * reports, and not what the later check alone reports. */
static void expect_earlier_wins(const case_t *earlier_alone, const case_t *later_alone,
                                const case_t *both)
{
    char m_early[MSG_SIZE];
    char m_late[MSG_SIZE];
    char m_both[MSG_SIZE];
    run_case(earlier_alone, ACLNN_ERR_PARAM_INVALID, m_early);
    run_case(later_alone, ACLNN_ERR_PARAM_INVALID, m_late);
    run_case(both, ACLNN_ERR_PARAM_INVALID, m_both);
    assert_string_not_equal(m_early, m_late);
    assert_string_equal(m_both, m_early);
}

/* ---- (1) NULL arguments ------------------------------------------------- */

/* A well-formed call's operands (FLOAT {2, 3}, lambda 0.5), built before and
 * destroyed after each test that names this fixture. */
typedef struct {
    aclTensor *g, *x, *o;
    aclScalar *l;
} operands;

static int operands_setup(void **state)
{
    static operands ops;
    ops.g = tu_tensor(D23, 2, ACL_FLOAT, g_store);
    ops.x = tu_tensor(D23, 2, ACL_FLOAT, x_store);
    ops.o = tu_tensor(D23, 2, ACL_FLOAT, o_store);
    ops.l = tu_scalar_f32(0.5f);
    *state = &ops;
    return ops.g != NULL && ops.x != NULL && ops.o != NULL && ops.l != NULL ? 0 : -1;
}

static int operands_teardown(void **state)
{
    operands *ops = *state;
    aclDestroyScalar(ops->l);
    aclDestroyTensor(ops->g);
    aclDestroyTensor(ops->x);
    aclDestroyTensor(ops->o);
    return 0;
}

/* Each of the six pointer arguments NULL in turn. */
static void softshrink_each_null_argument_is_nullptr_and_executor_untouched(void **state)
{
    const operands *p = *state;
    static const char *const names[] = {"gradOutput", "self", "lambda", "gradInput",
                                        "workspaceSize", "executor"};
    for (int k = 0; k < 6; k++) {
        uint64_t ws = 0;
        aclOpExecutor *ex = tu_sentinel_executor();
        assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(
                             k == 0 ? NULL : p->g, k == 1 ? NULL : p->x, k == 2 ? NULL : p->l,
                             k == 3 ? NULL : p->o, k == 4 ? NULL : &ws, k == 5 ? NULL : &ex),
                         ACLNN_ERR_PARAM_NULLPTR);
        assert_ptr_equal(ex, tu_sentinel_executor());
        char msg[MSG_SIZE], want[MSG_SIZE];
        tu_last_msg(msg, sizeof msg);
        snprintf(want, sizeof want, PREFIX ": %s must not be NULL, got NULL", names[k]);
        assert_string_equal(msg, want);
    }
}

/* ---- order: each pair of consecutive checks ---------------------------- */

static void softshrink_null_beats_unsupported_dtype(void **state)
{
    (void)state;
    aclTensor *g = tu_tensor(D23, 2, ACL_DOUBLE, g_store);
    aclTensor *x = tu_tensor(D23, 2, ACL_INT32, x_store);
    aclTensor *o = tu_tensor(D23, 2, ACL_FLOAT, o_store);
    aclScalar *l = tu_scalar_f32(0.5f);
    assert_non_null(g);
    assert_non_null(x);
    assert_non_null(o);
    uint64_t ws = 0;
    aclOpExecutor *ex = tu_sentinel_executor();
    /* NULL gradInput with a DOUBLE gradOutput: the NULL check comes first. */
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, l, NULL, &ws, &ex),
                     ACLNN_ERR_PARAM_NULLPTR);
    assert_ptr_equal(ex, tu_sentinel_executor());
    /* NULL lambda with DOUBLE/INT32 inputs. */
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, NULL, o, &ws, &ex),
                     ACLNN_ERR_PARAM_NULLPTR);
    assert_ptr_equal(ex, tu_sentinel_executor());
    /* NULL workspaceSize with the same bad dtypes. */
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, l, o, NULL, &ex),
                     ACLNN_ERR_PARAM_NULLPTR);
    assert_ptr_equal(ex, tu_sentinel_executor());
    aclDestroyScalar(l);
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(o);
}

static void softshrink_unsupported_dtype_beats_rank_above_8(void **state)
{
    (void)state;
    const case_t dtype_alone = {D2, 1, ACL_DOUBLE, D2, 1, ACL_FLOAT, D2, 1, ACL_FLOAT, 0.5f};
    const case_t rank_alone = {D2, 1, ACL_FLOAT, R9, 9, ACL_FLOAT, R9, 9, ACL_FLOAT, 0.5f};
    const case_t both = {D2, 1, ACL_DOUBLE, R9, 9, ACL_FLOAT, R9, 9, ACL_FLOAT, 0.5f};
    expect_earlier_wins(&dtype_alone, &rank_alone, &both);
}

static void softshrink_rank_above_8_beats_not_broadcastable(void **state)
{
    (void)state;
    const case_t rank_alone = {R9, 9, ACL_FLOAT, D2, 1, ACL_FLOAT, R9, 9, ACL_FLOAT, 0.5f};
    const case_t bcast_alone = {D2, 1, ACL_FLOAT, D3, 1, ACL_FLOAT, D2, 1, ACL_FLOAT, 0.5f};
    const case_t both = {R9, 9, ACL_FLOAT, D3, 1, ACL_FLOAT, R9, 9, ACL_FLOAT, 0.5f};
    expect_earlier_wins(&rank_alone, &bcast_alone, &both);
}

static void softshrink_not_broadcastable_beats_wrong_grad_input_shape(void **state)
{
    (void)state;
    /* {2,3} vs {4} cannot broadcast; {5,5} is not the {2,3} broadcast shape. */
    const case_t bcast_alone = {D23, 2, ACL_FLOAT, D4, 1, ACL_FLOAT, D23, 2, ACL_FLOAT, 0.5f};
    const case_t shape_alone = {D23, 2, ACL_FLOAT, D3, 1, ACL_FLOAT, D55, 2, ACL_FLOAT, 0.5f};
    const case_t both = {D23, 2, ACL_FLOAT, D4, 1, ACL_FLOAT, D55, 2, ACL_FLOAT, 0.5f};
    char m_both[MSG_SIZE];
    char m_bcast_other_out[MSG_SIZE];
    char m_shape[MSG_SIZE];
    run_case(&both, ACLNN_ERR_PARAM_INVALID, m_both);
    run_case(&bcast_alone, ACLNN_ERR_PARAM_INVALID, m_bcast_other_out);
    run_case(&shape_alone, ACLNN_ERR_PARAM_INVALID, m_shape);
    assert_string_equal(m_both, m_bcast_other_out);
    assert_string_not_equal(m_both, m_shape);
}

static void softshrink_wrong_grad_input_shape_beats_negative_lambda(void **state)
{
    (void)state;
    const case_t shape_alone = {D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, D32, 2, ACL_FLOAT, 1.0f};
    const case_t lambda_alone = {D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, -1.0f};
    const case_t both = {D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, D32, 2, ACL_FLOAT, -1.0f};
    char m_lambda[MSG_SIZE];
    run_case(&lambda_alone, ACLNN_ERR_PARAM_INVALID, m_lambda);
    assert_string_equal(m_lambda, "aclnnSoftshrinkBackward: lambda must be >= 0, got -1.000000");
    expect_earlier_wins(&shape_alone, &lambda_alone, &both);
}

static void softshrink_negative_lambda_beats_grad_input_internal_overlap(void **state)
{
    (void)state;
    float gd[6] = {0};
    float xd[6] = {0};
    float od[3] = {0};
    const int64_t zero_row[] = {0, 1};
    aclTensor *g = tu_tensor(D23, 2, ACL_FLOAT, gd);
    aclTensor *x = tu_tensor(D23, 2, ACL_FLOAT, xd);
    aclTensor *o = aclCreateTensor(D23, 2, ACL_FLOAT, zero_row, 0, ACL_FORMAT_ND, D3, 1, od);
    assert_non_null(o);
    aclScalar *l = tu_scalar_f32(-0.5f);
    char msg[MSG_SIZE];
    expect_fail(g, x, l, o, ACLNN_ERR_PARAM_INVALID, msg);
    assert_string_equal(msg, "aclnnSoftshrinkBackward: lambda must be >= 0, got -0.500000");
    aclDestroyScalar(l);
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(o);
}

/* ---- (2) dtypes ---------------------------------------------------------- */

static void softshrink_unsupported_dtype_of_each_tensor_is_param_invalid(void **state)
{
    (void)state;
    const aclDataType bad[] = {ACL_DOUBLE, ACL_INT32, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT64,
                               ACL_BOOL, ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_COMPLEX64};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (int pos = 0; pos < 3; pos++) {
            case_t c = {D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, 0.5f};
            if (pos == 0) {
                c.gt = bad[i];
            } else if (pos == 1) {
                c.xt = bad[i];
            } else {
                c.ot = bad[i];
            }
            run_case(&c, ACLNN_ERR_PARAM_INVALID, NULL);
        }
    }
}

static void softshrink_all_float_dtypes_and_mixes_are_accepted(void **state)
{
    (void)state;
    const aclDataType ok[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int a = 0; a < 3; a++) {
        for (int b = 0; b < 3; b++) {
            for (int c = 0; c < 3; c++) {
                float gv[2] = {3.0f, -5.0f};
                float xv[2] = {0.25f, -2.0f};
                unsigned char gb[8];
                unsigned char xb[8];
                unsigned char ob[8];
                for (size_t i = 0; i < 2; i++) {
                    tu_store_f32(gb, ok[a], i, gv[i]);
                    tu_store_f32(xb, ok[b], i, xv[i]);
                }
                memset(ob, 0x55, sizeof ob);
                aclTensor *g = tu_tensor(D2, 1, ok[a], gb);
                aclTensor *x = tu_tensor(D2, 1, ok[b], xb);
                aclTensor *o = tu_tensor(D2, 1, ok[c], ob);
                aclScalar *l = tu_scalar_f32(1.0f);
                assert_int_equal(tu_softshrink(g, x, l, o, NULL), ACLNN_SUCCESS);
                assert_int_equal(opsnn_f32_bits(tu_load_f32(ob, ok[c], 0)), 0u);
                assert_true(tu_load_f32(ob, ok[c], 1) == -5.0f);
                aclDestroyScalar(l);
                aclDestroyTensor(g);
                aclDestroyTensor(x);
                aclDestroyTensor(o);
            }
        }
    }
}

/* ---- (3) rank ------------------------------------------------------------ */

static void softshrink_self_rank_9_is_param_invalid(void **state)
{
    (void)state;
    const case_t c = {R9, 9, ACL_FLOAT, R9, 9, ACL_FLOAT, R9, 9, ACL_FLOAT, 0.5f};
    run_case(&c, ACLNN_ERR_PARAM_INVALID, NULL);
    const case_t c2 = {D2, 1, ACL_FLOAT, R9, 9, ACL_FLOAT, R9, 9, ACL_FLOAT, 0.5f};
    run_case(&c2, ACLNN_ERR_PARAM_INVALID, NULL);
}

static void softshrink_rank_8_with_broadcast_is_computed(void **state)
{
    (void)state;
    const int64_t gd8[] = {1, 2, 1, 2, 1, 2, 1, 2};
    const int64_t xd3[] = {2, 1, 2};
    float g[16];
    float x[4] = {0.5f, 2.0f, -3.0f, 0.0f};
    float o[16];
    for (int i = 0; i < 16; i++) {
        g[i] = (float)(i + 1);
    }
    aclTensor *tg = tu_tensor(gd8, 8, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(xd3, 3, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(gd8, 8, ACL_FLOAT, o);
    aclScalar *l = tu_scalar_f32(1.0f);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    /* flat index i = (..., a, b, c) with the last three dims {2,1,2} -> x[(a)*2 + c]
     * where a = dim 5 index, c = dim 7 index (dim 6 is 1). */
    for (int i = 0; i < 16; i++) {
        int c = i & 1;
        int a = (i >> 1) & 1;
        float xv = x[a * 2 + c];
        float want = fabsf(xv) > 1.0f ? g[i] : 0.0f;
        assert_true(o[i] == want);
    }
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

/* ---- (4), (5) shapes ----------------------------------------------------- */

static void softshrink_not_broadcastable_and_wrong_grad_input_shape_are_param_invalid(void **state)
{
    (void)state;
    const int64_t d413[] = {4, 1, 3};
    const int64_t d423[] = {4, 2, 3};
    const int64_t d13[] = {1, 3};
    /* not broadcastable: {2,3} with {3,2}, {2} with {3} */
    const case_t c1 = {D23, 2, ACL_FLOAT, D32, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, 0.5f};
    run_case(&c1, ACLNN_ERR_PARAM_INVALID, NULL);
    /* gradInput must be the broadcast shape, not either input's shape */
    const case_t c2 = {d413, 3, ACL_FLOAT, D23, 2, ACL_FLOAT, d413, 3, ACL_FLOAT, 0.5f};
    run_case(&c2, ACLNN_ERR_PARAM_INVALID, NULL);
    const case_t c3 = {d413, 3, ACL_FLOAT, D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, 0.5f};
    run_case(&c3, ACLNN_ERR_PARAM_INVALID, NULL);
    /* same element count, different shape */
    const case_t c4 = {D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, D32, 2, ACL_FLOAT, 0.5f};
    run_case(&c4, ACLNN_ERR_PARAM_INVALID, NULL);
    /* broadcast shape {4,2,3} is accepted as gradInput; {1,3} output of a {2,3} op is not */
    const case_t c5 = {D23, 2, ACL_FLOAT, D23, 2, ACL_FLOAT, d13, 2, ACL_FLOAT, 0.5f};
    run_case(&c5, ACLNN_ERR_PARAM_INVALID, NULL);
    float g[12] = {0};
    float x[6] = {0};
    float o[24];
    aclTensor *tg = tu_tensor(d413, 3, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(D23, 2, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(d423, 3, ACL_FLOAT, o);
    aclScalar *l = tu_scalar_f32(0.5f);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

/* ---- (6) lambda ------------------------------------------------------------ */

static void softshrink_negative_lambda_message_is_exact(void **state)
{
    (void)state;
    float gd[6] = {0};
    float xd[6] = {0};
    float od[6] = {0};
    aclTensor *g = tu_tensor(D23, 2, ACL_FLOAT, gd);
    aclTensor *x = tu_tensor(D23, 2, ACL_FLOAT, xd);
    aclTensor *o = tu_tensor(D23, 2, ACL_FLOAT, od);
    aclScalar *l = tu_scalar_f32(-0.5f);
    char msg[MSG_SIZE];
    expect_fail(g, x, l, o, ACLNN_ERR_PARAM_INVALID, msg);
    assert_string_equal(msg, "aclnnSoftshrinkBackward: lambda must be >= 0, got -0.500000");
    assert_null(aclGetRecentErrMsg()); /* expect_fail obtained it, which cleared it */
    aclDestroyScalar(l);

    /* an integer lambda of -1 is converted to float first */
    int32_t mi = -1;
    l = aclCreateScalar(&mi, ACL_INT32);
    assert_non_null(l);
    expect_fail(g, x, l, o, ACLNN_ERR_PARAM_INVALID, msg);
    assert_string_equal(msg, "aclnnSoftshrinkBackward: lambda must be >= 0, got -1.000000");
    aclDestroyScalar(l);

    float ninf = -INFINITY;
    l = tu_scalar_f32(ninf);
    expect_fail(g, x, l, o, ACLNN_ERR_PARAM_INVALID, NULL);
    aclDestroyScalar(l);
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(o);
}

/* The op_api checks `lambd->ToFloat() < 0.0f`
 * (activation/soft_shrink_grad/op_api/aclnn_softshrink_backward.cpp:105):
 * a NaN lambda passes, and the kernel's ordered compare |x| > NaN is false,
 * so only NaN self elements pass their gradient; everything else is +0. */
static void softshrink_nan_lambda_passes_only_nan_self(void **state)
{
    (void)state;
    const int64_t d8[] = {8};
    float x[8] = {INFINITY, -INFINITY, FLT_MAX, 1.0f, 0.0f, opsnn_bits_f32(0x7FC00000u),
                  opsnn_bits_f32(0xFF800001u), -0.0f};
    float g[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    float o[8];
    const float want[8] = {0, 0, 0, 0, 0, 6, 7, 0};
    aclTensor *tg = tu_tensor(d8, 1, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(d8, 1, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(d8, 1, ACL_FLOAT, o);
    const uint32_t f32_nans[] = {0x7FC00000u, 0xFFC00000u, 0x7F800001u};
    for (size_t i = 0; i < 3; i++) {
        aclScalar *l = tu_scalar_f32(opsnn_bits_f32(f32_nans[i]));
        memset(o, 0xAB, sizeof o);
        assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
        tu_assert_bits_equal(o, want, 8, 4, "NaN lambda (float)");
        aclDestroyScalar(l);
    }
    double dn = NAN;
    uint16_t hn = 0x7E00u, bn = 0x7FC0u;
    aclScalar *others[3] = {aclCreateScalar(&dn, ACL_DOUBLE), aclCreateScalar(&hn, ACL_FLOAT16),
                            aclCreateScalar(&bn, ACL_BF16)};
    for (size_t i = 0; i < 3; i++) {
        assert_non_null(others[i]);
        memset(o, 0xAB, sizeof o);
        assert_int_equal(tu_softshrink(tg, tx, others[i], to, NULL), ACLNN_SUCCESS);
        tu_assert_bits_equal(o, want, 8, 4, "NaN lambda (double, fp16, bf16)");
        aclDestroyScalar(others[i]);
    }
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

/* A DOUBLE -1e-300 is -0.0f as float32, which is not < 0: accepted, and
 * lambda -0 passes every nonzero |x|. A DOUBLE -1e-30 stays negative. */
static void softshrink_tiny_negative_double_lambda_is_checked_as_float(void **state)
{
    (void)state;
    const int64_t d4[] = {4};
    float x[4] = {0.0f, -0.0f, opsnn_bits_f32(1u), -1.0f};
    float g[4] = {1, 2, 3, 4};
    float o[4];
    const float want[4] = {0, 0, 3, 4};
    aclTensor *tg = tu_tensor(d4, 1, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(d4, 1, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(d4, 1, ACL_FLOAT, o);
    double tiny = -1e-300;
    aclScalar *l = aclCreateScalar(&tiny, ACL_DOUBLE);
    memset(o, 0xAB, sizeof o);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    tu_assert_bits_equal(o, want, 4, 4, "lambda -1e-300");
    aclDestroyScalar(l);
    double small = -1e-30;
    l = aclCreateScalar(&small, ACL_DOUBLE);
    char msg[MSG_SIZE];
    expect_fail(tg, tx, l, to, ACLNN_ERR_PARAM_INVALID, msg);
    assert_string_equal(msg, "aclnnSoftshrinkBackward: lambda must be >= 0, got -1e-30");
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

static void softshrink_infinite_lambda_zeroes_all_but_nan(void **state)
{
    (void)state;
    const int64_t d8[] = {8};
    float x[8] = {INFINITY, -INFINITY, FLT_MAX, 1.0f, 0.0f, opsnn_bits_f32(0x7FC00000u),
                  opsnn_bits_f32(0xFFC00001u), -FLT_MAX};
    float g[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    float o[8];
    memset(o, 0xAB, sizeof o);
    aclTensor *tg = tu_tensor(d8, 1, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(d8, 1, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(d8, 1, ACL_FLOAT, o);
    aclScalar *l = tu_scalar_f32(INFINITY);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    const float want[8] = {0, 0, 0, 0, 0, 6, 7, 0};
    tu_assert_bits_equal(o, want, 8, 4, "lambda +inf");
    aclDestroyScalar(l);
    double dinf = INFINITY;
    l = aclCreateScalar(&dinf, ACL_DOUBLE);
    memset(o, 0xAB, sizeof o);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    tu_assert_bits_equal(o, want, 8, 4, "lambda +inf (double)");
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

static void softshrink_zero_and_negative_zero_lambda_pass_every_nonzero(void **state)
{
    (void)state;
    const int64_t d6[] = {6};
    float x[6] = {0.0f, -0.0f, opsnn_bits_f32(1u), opsnn_bits_f32(0x80000001u), -1.0f, 2.0f};
    float g[6] = {1, 2, 3, 4, 5, 6};
    float o[6];
    const float want[6] = {0, 0, 3, 4, 5, 6};
    const float lambdas[2] = {0.0f, -0.0f};
    for (int k = 0; k < 2; k++) {
        aclTensor *tg = tu_tensor(d6, 1, ACL_FLOAT, g);
        aclTensor *tx = tu_tensor(d6, 1, ACL_FLOAT, x);
        aclTensor *to = tu_tensor(d6, 1, ACL_FLOAT, o);
        aclScalar *l = tu_scalar_f32(lambdas[k]);
        memset(o, 0xAB, sizeof o);
        assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
        tu_assert_bits_equal(o, want, 6, 4, "lambda 0 / -0");
        aclDestroyScalar(l);
        aclDestroyTensor(tg);
        aclDestroyTensor(tx);
        aclDestroyTensor(to);
    }
}

/* lambda of every real scalar dtype; x probes |x| == lambda and either side. */
static void softshrink_lambda_of_every_real_scalar_dtype_is_converted_to_float(void **state)
{
    (void)state;
    const int64_t d8[] = {8};
    float x[8] = {0.5f, 1.0f, -1.0f, 1.25f, 1.5f, -1.5f, 1.75f, -2.0f};
    float g[8] = {10, 20, 30, 40, 50, 60, 70, 80};
    const float want_one[8] = {0, 0, 0, 40, 50, 60, 70, 80};  /* lambda 1 */
    const float want_1p5[8] = {0, 0, 0, 0, 0, 0, 70, 80};      /* lambda 1.5 */
    uint16_t h15 = 0x3E00u;  /* fp16 1.5 */
    uint16_t b15 = 0x3FC0u;  /* bf16 1.5 */
    double d15 = 1.5;
    int8_t i8 = 1;
    int16_t i16 = 1;
    int32_t i32 = 1;
    int64_t i64 = 1;
    uint8_t u8 = 1;
    bool bl = true;
    struct {
        void *v;
        aclDataType dt;
        const float *want;
    } cases[] = {
        {&h15, ACL_FLOAT16, want_1p5}, {&b15, ACL_BF16, want_1p5}, {&d15, ACL_DOUBLE, want_1p5},
        {&i8, ACL_INT8, want_one},     {&i16, ACL_INT16, want_one}, {&i32, ACL_INT32, want_one},
        {&i64, ACL_INT64, want_one},   {&u8, ACL_UINT8, want_one},  {&bl, ACL_BOOL, want_one},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        float o[8];
        memset(o, 0xAB, sizeof o);
        aclTensor *tg = tu_tensor(d8, 1, ACL_FLOAT, g);
        aclTensor *tx = tu_tensor(d8, 1, ACL_FLOAT, x);
        aclTensor *to = tu_tensor(d8, 1, ACL_FLOAT, o);
        aclScalar *l = aclCreateScalar(cases[k].v, cases[k].dt);
        assert_non_null(l);
        assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
        tu_assert_bits_equal(o, cases[k].want, 8, 4, "lambda dtype");
        aclDestroyScalar(l);
        aclDestroyTensor(tg);
        aclDestroyTensor(tx);
        aclDestroyTensor(to);
    }
}

/* A double lambda is rounded to float: 1.2 -> 1.2f (> 1.2), so x = 1.2f is not
 * above it, while the next float up is. */
static void softshrink_double_lambda_is_rounded_to_float_before_comparing(void **state)
{
    (void)state;
    const int64_t d4[] = {4};
    float x[4] = {1.2f, -1.2f, 0.0f, 0.0f};
    x[2] = nextafterf(1.2f, 2.0f);
    x[3] = nextafterf(1.2f, 0.0f);
    float g[4] = {1, 2, 3, 4};
    float o[4];
    double d = 1.2;
    aclTensor *tg = tu_tensor(d4, 1, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(d4, 1, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(d4, 1, ACL_FLOAT, o);
    aclScalar *l = aclCreateScalar(&d, ACL_DOUBLE);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    const float want[4] = {0, 0, 3, 0};
    tu_assert_bits_equal(o, want, 4, 4, "double lambda 1.2");
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

/* ---- internal overlap of gradInput -------------------------------------- */

static void softshrink_grad_input_with_internal_overlap_is_param_invalid(void **state)
{
    (void)state;
    float gd[6] = {0};
    float xd[6] = {0};
    float od[8] = {0};
    aclTensor *g = tu_tensor(D23, 2, ACL_FLOAT, gd);
    aclTensor *x = tu_tensor(D23, 2, ACL_FLOAT, xd);
    aclScalar *l = tu_scalar_f32(0.5f);
    const int64_t s01[] = {0, 1};
    const int64_t s11[] = {1, 1};
    const int64_t s10[] = {3, 0};
    const int64_t *bad[] = {s01, s11, s10};
    for (int i = 0; i < 3; i++) {
        aclTensor *o = tu_view(D23, 2, ACL_FLOAT, bad[i], 0, 8, od);
        assert_non_null(o);
        expect_fail(g, x, l, o, ACLNN_ERR_PARAM_INVALID, NULL);
        aclDestroyTensor(o);
    }
    aclDestroyScalar(l);
    aclDestroyTensor(g);
    aclDestroyTensor(x);
}

static void softshrink_zero_stride_on_size_one_output_dim_is_accepted(void **state)
{
    (void)state;
    const int64_t d13[] = {1, 3};
    const int64_t s01[] = {0, 1};
    float g[3] = {1, 2, 3};
    float x[3] = {0.1f, -2.0f, 3.0f};
    float o[3];
    memset(o, 0xAB, sizeof o);
    aclTensor *tg = tu_tensor(d13, 2, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(d13, 2, ACL_FLOAT, x);
    aclTensor *to = tu_view(d13, 2, ACL_FLOAT, s01, 0, 3, o);
    aclScalar *l = tu_scalar_f32(0.5f);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    const float want[3] = {0, 2, 3};
    tu_assert_bits_equal(o, want, 3, 4, "size-1 dim zero stride");
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

static void softshrink_zero_stride_input_is_read_as_broadcast(void **state)
{
    (void)state;
    const int64_t s01[] = {0, 1};
    float g[3] = {1, 2, 3};
    float x[6] = {1, 0, 1, 0, 1, 0};
    float o[6];
    aclTensor *tg = tu_view(D23, 2, ACL_FLOAT, s01, 0, 3, g);
    aclTensor *tx = tu_tensor(D23, 2, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(D23, 2, ACL_FLOAT, o);
    assert_non_null(tg);
    aclScalar *l = tu_scalar_f32(0.5f);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    const float want[6] = {1, 0, 3, 0, 2, 0};
    tu_assert_bits_equal(o, want, 6, 4, "zero-stride gradOutput");
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

/* ---- phase 2 errors ------------------------------------------------------ */

static void softshrink_phase2_null_executor_is_nullptr(void **state)
{
    (void)state;
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, NULL, NULL), ACLNN_ERR_PARAM_NULLPTR);
    char buf[64];
    assert_int_equal(aclnnSoftshrinkBackward(buf, sizeof buf, NULL, NULL), ACLNN_ERR_PARAM_NULLPTR);
}

static void softshrink_phase2_null_workspace_with_size_is_param_invalid_and_keeps_executor(void **state)
{
    (void)state;
    float g[6] = {1, 2, 3, 4, 5, 6};
    float x[6] = {0, 1, 2, -3, -0.5f, 0.75f};
    float o[6];
    memset(o, 0xAB, sizeof o);
    aclTensor *tg = tu_tensor(D23, 2, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(D23, 2, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(D23, 2, ACL_FLOAT, o);
    aclScalar *l = tu_scalar_f32(0.6f);
    uint64_t ws = 99;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, l, to, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_non_null(ex);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 16, ex, NULL), ACLNN_ERR_PARAM_INVALID);
    char msg[MSG_SIZE];
    tu_last_msg(msg, sizeof msg);
    assert_int_equal(strncmp(msg, PREFIX, strlen(PREFIX)), 0);
    /* nothing written, and the executor is still there */
    uint32_t ab;
    memset(&ab, 0xAB, sizeof ab);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(opsnn_f32_bits(o[i]), ab);
    }
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    const float want[6] = {0, 2, 3, 4, 0, 6};
    tu_assert_bits_equal(o, want, 6, 4, "after failed phase 2");
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

static void softshrink_phase2_workspace_too_small_is_param_invalid_and_keeps_executor(void **state)
{
    (void)state;
    /* gradInput = gradOutput's buffer shifted by one element: a partial overlap
     * that needs workspace. */
    float buf[7] = {1, 2, 3, 4, 5, 6, 7};
    const int64_t d6[] = {6};
    float x[6] = {3, 0, -3, 0.25f, 9, -9};
    aclTensor *tg = tu_view(d6, 1, ACL_FLOAT, NULL, 0, 7, buf);
    aclTensor *to = tu_view(d6, 1, ACL_FLOAT, NULL, 1, 7, buf);
    aclTensor *tx = tu_tensor(d6, 1, ACL_FLOAT, x);
    assert_non_null(tg);
    assert_non_null(to);
    aclScalar *l = tu_scalar_f32(1.0f);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, l, to, &ws, &ex), ACLNN_SUCCESS);
    assert_true(ws > 0);
    unsigned char *w = malloc((size_t)ws);
    assert_non_null(w);
    assert_int_equal(aclnnSoftshrinkBackward(w, ws - 1, ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, ws, ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, ex, NULL), ACLNN_ERR_PARAM_INVALID);
    const float untouched[7] = {1, 2, 3, 4, 5, 6, 7};
    tu_assert_bits_equal(buf, untouched, 7, 4, "failed phase 2 wrote nothing");
    assert_int_equal(aclnnSoftshrinkBackward(w, ws, ex, NULL), ACLNN_SUCCESS);
    const float want[7] = {1, 1, 0, 3, 0, 5, 6};
    tu_assert_bits_equal(buf, want, 7, 4, "overlap result");
    free(w);
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

static void softshrink_phase2_larger_workspace_is_accepted(void **state)
{
    (void)state;
    float g[6] = {1, 2, 3, 4, 5, 6};
    float x[6] = {0, 1, 2, -3, -0.5f, 0.75f};
    float o[6];
    aclTensor *tg = tu_tensor(D23, 2, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(D23, 2, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(D23, 2, ACL_FLOAT, o);
    aclScalar *l = tu_scalar_f32(0.6f);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, l, to, &ws, &ex), ACLNN_SUCCESS);
    unsigned char w[256];
    assert_int_equal(aclnnSoftshrinkBackward(w, sizeof w, ex, NULL), ACLNN_SUCCESS);
    const float want[6] = {0, 2, 3, 4, 0, 6};
    tu_assert_bits_equal(o, want, 6, 4, "bigger workspace");
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

/* ---- the seed example ------------------------------------------ */

static void softshrink_seed_example_gives_exact_result(void **state)
{
    (void)state;
    const int64_t d42[] = {4, 2};
    float g[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    float x[8] = {1, 1, 1, 2, 1, 2, 3, 3};
    float o[8];
    memset(o, 0xAB, sizeof o);
    aclTensor *tg = tu_tensor(d42, 2, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(d42, 2, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(d42, 2, ACL_FLOAT, o);
    aclScalar *l = tu_scalar_f32(1.2f);
    uint64_t ws = 77;
    assert_int_equal(tu_softshrink(tg, tx, l, to, &ws), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    const float want[8] = {0, 0, 0, 3, 0, 5, 6, 7};
    tu_assert_bits_equal(o, want, 8, 4, "seed example");
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(softshrink_each_null_argument_is_nullptr_and_executor_untouched,
                                        operands_setup, operands_teardown),
        cmocka_unit_test(softshrink_null_beats_unsupported_dtype),
        cmocka_unit_test(softshrink_unsupported_dtype_beats_rank_above_8),
        cmocka_unit_test(softshrink_rank_above_8_beats_not_broadcastable),
        cmocka_unit_test(softshrink_not_broadcastable_beats_wrong_grad_input_shape),
        cmocka_unit_test(softshrink_wrong_grad_input_shape_beats_negative_lambda),
        cmocka_unit_test(softshrink_negative_lambda_beats_grad_input_internal_overlap),
        cmocka_unit_test(softshrink_unsupported_dtype_of_each_tensor_is_param_invalid),
        cmocka_unit_test(softshrink_all_float_dtypes_and_mixes_are_accepted),
        cmocka_unit_test(softshrink_self_rank_9_is_param_invalid),
        cmocka_unit_test(softshrink_rank_8_with_broadcast_is_computed),
        cmocka_unit_test(softshrink_not_broadcastable_and_wrong_grad_input_shape_are_param_invalid),
        cmocka_unit_test(softshrink_negative_lambda_message_is_exact),
        cmocka_unit_test(softshrink_nan_lambda_passes_only_nan_self),
        cmocka_unit_test(softshrink_tiny_negative_double_lambda_is_checked_as_float),
        cmocka_unit_test(softshrink_infinite_lambda_zeroes_all_but_nan),
        cmocka_unit_test(softshrink_zero_and_negative_zero_lambda_pass_every_nonzero),
        cmocka_unit_test(softshrink_lambda_of_every_real_scalar_dtype_is_converted_to_float),
        cmocka_unit_test(softshrink_double_lambda_is_rounded_to_float_before_comparing),
        cmocka_unit_test(softshrink_grad_input_with_internal_overlap_is_param_invalid),
        cmocka_unit_test(softshrink_zero_stride_on_size_one_output_dim_is_accepted),
        cmocka_unit_test(softshrink_zero_stride_input_is_read_as_broadcast),
        cmocka_unit_test(softshrink_phase2_null_executor_is_nullptr),
        cmocka_unit_test(softshrink_phase2_null_workspace_with_size_is_param_invalid_and_keeps_executor),
        cmocka_unit_test(softshrink_phase2_workspace_too_small_is_param_invalid_and_keeps_executor),
        cmocka_unit_test(softshrink_phase2_larger_workspace_is_accepted),
        cmocka_unit_test(softshrink_seed_example_gives_exact_result),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
