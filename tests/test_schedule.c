/*
 * test_schedule.c - phase 2 plans nothing: the schedule of an executor
 * (coalesced walk, blocks, work items, kernel; executor/plan.h) is made in
 * phase 1, and a repeatable executor's runs only bind addresses and run. A run
 * plans again only when what the schedule was made for changed — the thread
 * setting, or whether a rebound output now needs the temporary — and keeps
 * the new schedule for the runs after it. Results stay the bits of a fresh
 * single-use call.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "executor/plan.h"
#include "opsnn/opsnn.h"
#include "test_util.h"

#define N 4096 /* 48 KiB of fp32 traffic */

typedef struct {
    float g[2 * N], x[2 * N], y[2 * N];
    aclTensor *tg, *tx, *ty;
    aclScalar *lambda;
    aclOpExecutor *ex;
    uint64_t ws;
} fixture;

static void fill(fixture *f)
{
    for (int i = 0; i < 2 * N; i++) {
        f->g[i] = (float)((i * 37) % 101 - 50) / 16.0f;
        f->x[i] = (float)((i * 53) % 97 - 48) / 32.0f;
    }
}

/* A repeatable SoftshrinkBackward executor over [64, 64] views of the buffers. */
static void make(fixture *f, const int64_t *y_strides)
{
    static const int64_t shape[2] = {64, 64};
    fill(f);
    memset(f->y, 0, sizeof f->y);
    f->tg = tu_view(shape, 2, ACL_FLOAT, NULL, 0, 2 * N, f->g);
    f->tx = tu_view(shape, 2, ACL_FLOAT, NULL, 0, 2 * N, f->x);
    f->ty = tu_view(shape, 2, ACL_FLOAT, y_strides, 0, 2 * N, f->y);
    f->lambda = tu_scalar_f32(0.5f);
    assert_true(f->tg != NULL && f->tx != NULL && f->ty != NULL && f->lambda != NULL);
    aclnnStatus rc =
        aclnnSoftshrinkBackwardGetWorkspaceSize(f->tg, f->tx, f->lambda, f->ty, &f->ws, &f->ex);
    assert_int_equal(rc, ACLNN_SUCCESS);
    assert_int_equal(aclSetAclOpExecutorRepeatable(f->ex), ACLNN_SUCCESS);
}

static void release(fixture *f)
{
    assert_int_equal(aclDestroyAclOpExecutor(f->ex), ACLNN_SUCCESS);
    aclDestroyTensor(f->tg);
    aclDestroyTensor(f->tx);
    aclDestroyTensor(f->ty);
    aclDestroyScalar(f->lambda);
}

static void run(fixture *f, void *ws, uint64_t ws_size)
{
    assert_int_equal(aclnnSoftshrinkBackward(ws, ws_size, f->ex, NULL), ACLNN_SUCCESS);
}

/* What SoftshrinkBackward must give at element i (lambda 0.5). */
static float expect(const fixture *f, int i)
{
    float x = f->x[i];
    return x > 0.5f || x < -0.5f ? f->g[i] : 0.0f;
}

static void schedule_repeatable_runs_plan_nothing(void **state)
{
    (void)state;
    opsnn_set_num_threads(2);
    static fixture f;
    long long before_phase1 = opsnn_test_schedules_made();
    make(&f, NULL);
    long long after_phase1 = opsnn_test_schedules_made();
    assert_int_equal(after_phase1 - before_phase1, 1); /* phase 1 made the one schedule */
    for (int k = 0; k < 10; k++) {
        run(&f, NULL, 0);
    }
    assert_int_equal(opsnn_test_schedules_made(), after_phase1);
    for (int i = 0; i < N; i++) {
        assert_true(f.y[i] == expect(&f, i));
    }
    /* new addresses that need no temporary: still nothing planned */
    assert_int_equal(aclSetInputTensorAddr(f.ex, 0, f.tg, f.g + N), ACLNN_SUCCESS);
    assert_int_equal(aclSetInputTensorAddr(f.ex, 1, f.tx, f.x + N), ACLNN_SUCCESS);
    assert_int_equal(aclSetOutputTensorAddr(f.ex, 0, f.ty, f.y + N), ACLNN_SUCCESS);
    run(&f, NULL, 0);
    assert_int_equal(opsnn_test_schedules_made(), after_phase1);
    for (int i = N; i < 2 * N; i++) {
        assert_true(f.y[i] == expect(&f, i));
    }
    release(&f);
    opsnn_set_num_threads(0);
}

static void schedule_changed_thread_setting_plans_once_then_keeps_it(void **state)
{
    (void)state;
    opsnn_set_num_threads(1);
    static fixture f;
    make(&f, NULL);
    run(&f, NULL, 0);
    long long made = opsnn_test_schedules_made();
    opsnn_set_num_threads(2);
    run(&f, NULL, 0);
    assert_int_equal(opsnn_test_schedules_made(), made + 1);
    for (int k = 0; k < 5; k++) {
        run(&f, NULL, 0);
    }
    assert_int_equal(opsnn_test_schedules_made(), made + 1); /* kept for the runs after */
    for (int i = 0; i < N; i++) {
        assert_true(f.y[i] == expect(&f, i));
    }
    release(&f);
    opsnn_set_num_threads(0);
}

/* An output rebound over gradOutput, transposed, needs the temporary: that run
 * plans the kernel pass into the workspace and the ViewCopy. */
static void schedule_rebind_into_overlap_plans_the_temporary(void **state)
{
    (void)state;
    static fixture f;
    static const int64_t transposed[2] = {1, 64};
    make(&f, transposed);
    assert_int_equal(f.ws, 0);
    float g0[N];
    memcpy(g0, f.g, sizeof g0);
    float x0[N];
    memcpy(x0, f.x, sizeof x0);
    long long made = opsnn_test_schedules_made();
    assert_int_equal(aclSetOutputTensorAddr(f.ex, 0, f.ty, f.g), ACLNN_SUCCESS);
    static float ws[N];
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    run(&f, ws, sizeof ws);
    assert_int_equal(opsnn_test_schedules_made(), made + 1);
    /* gradInput[r][c] lives at g[c * 64 + r] and is computed from the old values */
    for (int r = 0; r < 64; r++) {
        for (int c = 0; c < 64; c++) {
            float x = x0[r * 64 + c];
            float want = x > 0.5f || x < -0.5f ? g0[r * 64 + c] : 0.0f;
            assert_true(f.g[c * 64 + r] == want);
        }
    }
    release(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(schedule_repeatable_runs_plan_nothing),
        cmocka_unit_test(schedule_changed_thread_setting_plans_once_then_keeps_it),
        cmocka_unit_test(schedule_rebind_into_overlap_plans_the_temporary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
