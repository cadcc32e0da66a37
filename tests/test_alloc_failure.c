/*
 * test_alloc_failure.c - every allocation of the library can fail cleanly
 * (docs/dev/testing.md, "Allocation failure").
 *
 * The hook of src/common/alloc.h makes the N-th allocation fail. A walk runs
 * a scenario that touches every allocating call (runtime memory and streams,
 * descriptors, arrays, view queries, both operators' phase 1 and phase 2 with
 * contiguous, overlapping and unprovable layouts, repeatable executors) once
 * for every N until the scenario no longer reaches the N-th allocation.
 *
 * For each call of the scenario: if the failing allocation happened inside it,
 * it must fail with its out-of-memory status (ACL_ERROR_RT_MEMORY_ALLOCATION,
 * ACLNN_ERR_INNER*, or NULL with an "out of memory" message) and leave its
 * outputs untouched; otherwise it must succeed with exact results. After each
 * scenario no library block may be live (opsnn_test_alloc_live), and a clean
 * run must still give exact results: the library is intact.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "common/alloc.h"
#include "common/ptrset.h"
#include "fuzz/model.h"

/* ---- bookkeeping of one walk step ---- */

typedef struct {
    long target; /* the allocation made to fail (0: none) */
    long mark; /* allocation count before the call under test */
    int hits; /* calls that got the failing allocation */
    int line;
} walk;

static walk W;

static void before_call(int line)
{
    W.mark = opsnn_test_alloc_count();
    W.line = line;
}

/* Did the call since before_call() get the failing allocation? */
static bool call_failed_alloc(void)
{
    long now = opsnn_test_alloc_count();
    bool hit = W.target > 0 && W.mark < W.target && W.target <= now;
    W.hits += hit;
    return hit;
}

static void assert_oom_message(const char *api)
{
    const char *msg = aclGetRecentErrMsg();
    if (msg == NULL || strncmp(msg, api, strlen(api)) != 0 ||
        (strstr(msg, "out of memory") == NULL && strstr(msg, "cannot allocate") == NULL)) {
        fail_msg("line %d, allocation %ld: message \"%s\" should start with \"%s\" and say out "
                 "of memory", W.line, W.target, msg, api);
    }
}

/* Status-returning call: success, or its out-of-memory code iff it hit. */
#define CHECK_STATUS(api, call, oom1, oom2)                                                        \
    check_status_at((api), (before_call(__LINE__), (int)(call)), (oom1), (oom2))

/* Phase 2 may also absorb the failure: its only allocation (the transposed-
 * input panel) is an optimisation with a row-by-row fallback. Success is then
 * as good as any, and the caller checks the output values either way. */
#define CHECK_STATUS_OR_FALLBACK(api, call, oom1, oom2)                                            \
    check_status_or_fallback((api), (before_call(__LINE__), (int)(call)), (oom1), (oom2))

static int check_status_at(const char *api, int status, int oom1, int oom2);

static int check_status_or_fallback(const char *api, int status, int oom1, int oom2)
{
    if (status == 0 && call_failed_alloc()) {
        return 1;
    }
    return check_status_at(api, status, oom1, oom2);
}

static int check_status_at(const char *api, int status, int oom1, int oom2)
{
    if (call_failed_alloc()) {
        if (status != oom1 && status != oom2) {
            fail_msg("line %d: %s got the failing allocation %ld but returned %d", W.line, api,
                     W.target, status);
        }
        assert_oom_message(api);
        return 0;
    }
    if (status != 0) {
        fail_msg("line %d: %s failed (%d) without an allocation failure: %s", W.line, api, status,
                 aclGetRecentErrMsg());
    }
    return 1;
}

/* Pointer-returning call: non-NULL, or NULL iff it hit. */
#define CHECK_PTR(api, call) check_ptr_at((api), (before_call(__LINE__), (void *)(call)))

static void *check_ptr_at(const char *api, void *p)
{
    if (call_failed_alloc()) {
        if (p != NULL) {
            fail_msg("line %d: %s got the failing allocation %ld but returned an object", W.line,
                     api, W.target);
        }
        assert_oom_message(api);
        return NULL;
    }
    if (p == NULL) {
        fail_msg("line %d: %s returned NULL without an allocation failure: %s", W.line, api,
                 aclGetRecentErrMsg());
    }
    return p;
}

#define RT_OOM ACL_ERROR_RT_MEMORY_ALLOCATION
#define INNER ACLNN_ERR_INNER
#define INNER_EXEC ACLNN_ERR_INNER_CREATE_EXECUTOR

/* ---- the scenario ---- */

#define N 12

static aclTensor *tensor(const int64_t *dims, int ndim, aclDataType dt, const int64_t *strides,
                         int64_t offset, const int64_t *sdims, int sndim, void *data)
{
    return CHECK_PTR("aclCreateTensor",
                     aclCreateTensor(dims, (uint64_t)ndim, dt, strides, offset, ACL_FORMAT_ND,
                                     sdims, (uint64_t)sndim, data));
}

static void destroy_tensor(aclTensor *t)
{
    if (t != NULL) {
        assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
    }
}

/* Phase 1 + phase 2 of softshrink into y (a view of `ybase`), checked. The
 * workspace, when needed, comes from aclrtMalloc. */
static void softshrink_step(const aclTensor *tg, const aclTensor *tx, const aclScalar *lam,
                            aclTensor *ty, aclrtStream stream, const float *g, const float *x,
                            const float *ybase, const int64_t *yoffs, int repeat)
{
    aclOpExecutor *const sentinel = (aclOpExecutor *)(uintptr_t)0x77;
    aclOpExecutor *ex = sentinel;
    uint64_t ws = 12345;
    before_call(__LINE__);
    int st = (int)aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, lam, ty, &ws, &ex);
    if (!check_status_at("aclnnSoftshrinkBackward", st, INNER, INNER_EXEC)) {
        assert_ptr_equal(ex, sentinel);
        assert_int_equal(ws, 12345);
        return;
    }
    void *wsp = NULL;
    if (ws > 0 && !CHECK_STATUS("aclrtMalloc", aclrtMalloc(&wsp, ws, ACL_MEM_MALLOC_HUGE_FIRST),
                                RT_OOM, RT_OOM)) {
        assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
        return;
    }
    if (repeat > 1 && !CHECK_STATUS("aclSetAclOpExecutorRepeatable",
                                    aclSetAclOpExecutorRepeatable(ex), INNER, INNER)) {
        fail_msg("aclSetAclOpExecutorRepeatable cannot fail for lack of memory");
    }
    for (int r = 0; r < repeat; r++) {
        CHECK_STATUS_OR_FALLBACK("aclnnSoftshrinkBackward",
                                 aclnnSoftshrinkBackward(wsp, ws, ex, stream), INNER, INNER_EXEC);
        for (int i = 0; i < N; i++) {
            float want = fabsf(x[i]) > 0.5f || x[i] != x[i] ? g[i] : 0.0f;
            assert_memory_equal(&ybase[yoffs[i]], &want, sizeof want);
        }
    }
    if (repeat > 1) {
        assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    }
    if (wsp != NULL) {
        assert_int_equal(aclrtFree(wsp), ACL_SUCCESS);
    }
}

static void selu_step(const aclTensor *tg, const aclTensor *tr, aclTensor *ty, const float *g,
                      const float *r, const float *ybase, const int64_t *yoffs)
{
    aclOpExecutor *const sentinel = (aclOpExecutor *)(uintptr_t)0x77;
    aclOpExecutor *ex = sentinel;
    uint64_t ws = 12345;
    before_call(__LINE__);
    int st = (int)aclnnSeluBackwardGetWorkspaceSize(tg, tr, ty, &ws, &ex);
    if (!check_status_at("aclnnSeluBackward", st, INNER, INNER_EXEC)) {
        assert_ptr_equal(ex, sentinel);
        assert_int_equal(ws, 12345);
        return;
    }
    assert_int_equal(ws, 0);
    CHECK_STATUS_OR_FALLBACK("aclnnSeluBackward", aclnnSeluBackward(NULL, 0, ex, NULL), INNER,
                             INNER_EXEC);
    for (int i = 0; i < N; i++) {
        float want = tu_selu_f32(g[i], r[i]);
        assert_memory_equal(&ybase[yoffs[i]], &want, sizeof want);
    }
}

static void query_step(const aclTensor *t)
{
    int64_t *arr = (int64_t *)(uintptr_t)0x99;
    uint64_t n = 77;
    if (CHECK_STATUS("aclGetViewShape", aclGetViewShape(t, &arr, &n), INNER, INNER)) {
        assert_int_equal(n, 2);
        assert_int_equal(arr[0], 3);
        free(arr);
    } else {
        assert_ptr_equal(arr, (int64_t *)(uintptr_t)0x99);
        assert_int_equal(n, 77);
    }
    if (CHECK_STATUS("aclGetViewStrides", aclGetViewStrides(t, &arr, &n), INNER, INNER)) {
        free(arr);
    }
    arr = NULL;
    if (CHECK_STATUS("aclGetStorageShape", aclGetStorageShape(t, &arr, &n), INNER, INNER)) {
        free(arr);
    }
}

static void arrays_step(void)
{
    int64_t iv[3] = {1, 2, 3};
    float fv[2] = {0.5f, 1.5f};
    bool bv[2] = {true, false};
    aclIntArray *ia = CHECK_PTR("aclCreateIntArray", aclCreateIntArray(iv, 3));
    aclFloatArray *fa = CHECK_PTR("aclCreateFloatArray", aclCreateFloatArray(fv, 2));
    aclBoolArray *ba = CHECK_PTR("aclCreateBoolArray", aclCreateBoolArray(bv, 2));
    if (ia != NULL) {
        assert_int_equal(aclDestroyIntArray(ia), ACLNN_SUCCESS);
    }
    if (fa != NULL) {
        assert_int_equal(aclDestroyFloatArray(fa), ACLNN_SUCCESS);
    }
    if (ba != NULL) {
        assert_int_equal(aclDestroyBoolArray(ba), ACLNN_SUCCESS);
    }
}

/* One pass over every allocating call. Objects that failed to be created are
 * NULL and the steps needing them are skipped; every other call must work. */
static void scenario(void)
{
    static const float g0[N] = {0, 1, 2, 3, 4, 5, 6, 7, -1, -2, NAN, 0.25f};
    static const float x0[N] = {1, 0.25f, -1, 0.5f, -0.75f, NAN, 0, 2, 1, -3, 0.1f, INFINITY};
    aclrtStream stream = NULL;
    if (!CHECK_STATUS("aclrtCreateStream", aclrtCreateStream(&stream), RT_OOM, RT_OOM)) {
        stream = NULL;
    }
    /* device blocks, filled from a host block */
    void *dg = NULL, *dx = NULL, *dy = NULL, *host = NULL;
    size_t bytes = (2 * N + 8) * sizeof(float);
    int have_g = CHECK_STATUS("aclrtMalloc", aclrtMalloc(&dg, bytes, ACL_MEM_MALLOC_HUGE_FIRST),
                              RT_OOM, RT_OOM);
    int have_x = CHECK_STATUS("aclrtMalloc", aclrtMalloc(&dx, bytes, ACL_MEM_MALLOC_NORMAL_ONLY),
                              RT_OOM, RT_OOM);
    int have_y = CHECK_STATUS("aclrtMalloc", aclrtMalloc(&dy, bytes, ACL_MEM_MALLOC_HUGE_ONLY),
                              RT_OOM, RT_OOM);
    int have_host = CHECK_STATUS("aclrtMallocHost", aclrtMallocHost(&host, bytes), RT_OOM, RT_OOM);
    if (have_host && have_g && have_x && have_y) {
        memcpy(host, g0, sizeof g0);
        assert_int_equal(aclrtMemcpy(dg, bytes, host, sizeof g0, ACL_MEMCPY_HOST_TO_DEVICE), 0);
        memcpy(host, x0, sizeof x0);
        assert_int_equal(aclrtMemcpy(dx, bytes, host, sizeof x0, ACL_MEMCPY_HOST_TO_DEVICE), 0);
        int64_t dims[1] = {N}, two[2] = {3, 4}, stor[1] = {2 * N + 8};
        int64_t unprovable_strides[2] = {2, 3}; /* offsets 0,3,6,9,2,5,...: no overlap */
        aclTensor *tg = tensor(dims, 1, ACL_FLOAT, NULL, 0, stor, 1, dg);
        aclTensor *tx = tensor(dims, 1, ACL_FLOAT, NULL, 0, NULL, 0, dx);
        aclTensor *ty = tensor(dims, 1, ACL_FLOAT, NULL, 0, NULL, 0, dy);
        aclTensor *t2 = tensor(two, 2, ACL_FLOAT, NULL, 0, NULL, 0, dx);
        aclTensor *tov = tensor(dims, 1, ACL_FLOAT, NULL, 3, stor, 1, dg); /* on gradOutput, shifted */
        aclTensor *tun = tensor(two, 2, ACL_FLOAT, unprovable_strides, 0, stor, 1, dy);
        aclTensor *tg2 = tensor(two, 2, ACL_FLOAT, NULL, 0, NULL, 0, dg);
        float lambd = 0.5f;
        aclScalar *lam = CHECK_PTR("aclCreateScalar", aclCreateScalar(&lambd, ACL_FLOAT));
        const float *G = dg, *X = dx, *Y = dy;
        int64_t flat[N], uo[N];
        for (int i = 0; i < N; i++) {
            flat[i] = i;
            uo[i] = (i / 4) * 2 + (i % 4) * 3;
        }
        if (t2 != NULL) {
            query_step(t2);
        }
        if (tg && tx && ty && lam) {
            softshrink_step(tg, tx, lam, ty, stream, G, X, Y, flat, 1);
            softshrink_step(tg, tx, lam, ty, NULL, G, X, Y, flat, 3);
        }
        if (tg2 && t2 && tun) {
            selu_step(tg2, t2, tun, G, X, Y, uo);
        }
        if (tg && tx && tov && lam) { /* partial overlap: workspace + ViewCopy */
            float gsave[N];
            memcpy(gsave, G, sizeof gsave);
            int64_t shifted[N];
            for (int i = 0; i < N; i++) {
                shifted[i] = i + 3;
            }
            softshrink_step(tg, tx, lam, tov, stream, gsave, X, G, shifted, 1);
            memcpy((float *)dg, g0, sizeof g0); /* restore gradOutput */
        }
        destroy_tensor(tg);
        destroy_tensor(tx);
        destroy_tensor(ty);
        destroy_tensor(t2);
        destroy_tensor(tov);
        destroy_tensor(tun);
        destroy_tensor(tg2);
        if (lam != NULL) {
            assert_int_equal(aclDestroyScalar(lam), ACLNN_SUCCESS);
        }
    }
    arrays_step();
    if (have_g) {
        assert_int_equal(aclrtFree(dg), ACL_SUCCESS);
    }
    if (have_x) {
        assert_int_equal(aclrtFree(dx), ACL_SUCCESS);
    }
    if (have_y) {
        assert_int_equal(aclrtFree(dy), ACL_SUCCESS);
    }
    if (have_host) {
        assert_int_equal(aclrtFreeHost(host), ACL_SUCCESS);
    }
    if (stream != NULL) {
        assert_int_equal(aclrtSynchronizeStream(stream), ACL_SUCCESS);
        assert_int_equal(aclrtDestroyStream(stream), ACL_SUCCESS);
    }
}

static long live_at_setup;

static int setup(void **state)
{
    (void)state;
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0);
    W.target = 0;
    opsnn_test_fail_alloc_at(0);
    scenario(); /* gives every registry its first table */
    live_at_setup = opsnn_test_alloc_live();
    return 0;
}

static void every_allocation_of_the_scenario_fails_cleanly(void **state)
{
    (void)state;
    long n;
    int failing_steps = 0;
    for (n = 1;; n++) {
        W.target = n;
        W.hits = 0;
        opsnn_test_fail_alloc_at(n);
        scenario();
        long reached = opsnn_test_alloc_count();
        opsnn_test_fail_alloc_at(0);
        if (opsnn_test_alloc_live() != live_at_setup) {
            fail_msg("allocation %ld failing leaked %ld library blocks", n,
                     opsnn_test_alloc_live() - live_at_setup);
        }
        if (reached < n) {
            assert_int_equal(W.hits, 0);
            break; /* the scenario no longer reaches the n-th allocation */
        }
        if (W.hits != 1) {
            fail_msg("allocation %ld failed but %d calls saw it", n, W.hits);
        }
        failing_steps++;
        W.target = 0; /* the library is intact: a clean scenario is exact */
        scenario();
    }
    print_message("walked %d allocations of the scenario; each failure was clean\n",
                  failing_steps);
    assert_true(failing_steps >= 20);
}

/* The registries grow while objects pile up: each growth is an allocation
 * that can fail too. With up to 2000 live objects of each kind (more than any
 * earlier test held, so the tables must grow), the second allocation of every
 * creation is made to fail: a creation that needs a growth then fails cleanly
 * (its first block freed, nothing registered), and succeeds when retried. */
enum { OBJ_EXECUTOR, OBJ_BLOCK, OBJ_STREAM };

static int create_object(int kind, const aclTensor *t, void **out)
{
    uint64_t ws;
    switch (kind) {
    case OBJ_EXECUTOR:
        return (int)aclnnSeluBackwardGetWorkspaceSize(t, t, (aclTensor *)(uintptr_t)t, &ws,
                                                      (aclOpExecutor **)out);
    case OBJ_BLOCK:
        return (int)aclrtMalloc(out, 64, ACL_MEM_MALLOC_NORMAL_ONLY);
    default:
        return (int)aclrtCreateStream((aclrtStream *)out);
    }
}

static void destroy_object(int kind, void *p)
{
    switch (kind) {
    case OBJ_EXECUTOR: assert_int_equal(aclDestroyAclOpExecutor(p), ACLNN_SUCCESS); break;
    case OBJ_BLOCK: assert_int_equal(aclrtFree(p), ACL_SUCCESS); break;
    default: assert_int_equal(aclrtDestroyStream(p), ACL_SUCCESS); break;
    }
}

static void registry_growth_failures_are_clean(void **state)
{
    (void)state;
    enum { K = 2000 };
    static const int oom[] = {ACLNN_ERR_INNER_CREATE_EXECUTOR, ACL_ERROR_RT_MEMORY_ALLOCATION,
                              ACL_ERROR_RT_MEMORY_ALLOCATION};
    static const char *const api[] = {"aclnnSeluBackward", "aclrtMalloc", "aclrtCreateStream"};
    float v[1] = {0.0f};
    int64_t dims[1] = {1};
    aclTensor *t = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, v);
    assert_non_null(t);
    static void *objs[K];
    for (int kind = 0; kind < 3; kind++) {
        int grow_failures = 0;
        for (int i = 0; i < K; i++) {
            long live = opsnn_test_alloc_live();
            void *const sentinel = (void *)(uintptr_t)0x5151;
            objs[i] = sentinel;
            opsnn_test_fail_alloc_at(2);
            int rc = create_object(kind, t, &objs[i]);
            long allocs = opsnn_test_alloc_count();
            opsnn_test_fail_alloc_at(0);
            if (allocs >= 2) { /* the registry had to grow, and could not */
                assert_int_equal(rc, oom[kind]);
                assert_ptr_equal(objs[i], sentinel);
                assert_int_equal(opsnn_test_alloc_live(), live);
                W.target = 0;
                W.line = __LINE__;
                assert_oom_message(api[kind]);
                grow_failures++;
                rc = create_object(kind, t, &objs[i]);
            }
            assert_int_equal(rc, 0);
        }
        for (int i = 0; i < K; i++) {
            destroy_object(kind, objs[i]);
        }
        print_message("%s: %d registry growths were made to fail\n", api[kind], grow_failures);
        assert_true(grow_failures >= 2);
        assert_int_equal(opsnn_test_alloc_live(), live_at_setup + 1); /* + the tensor */
    }
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
}

/* The registry itself: a failed growth keeps every key and adds none. */
static void ptrset_failed_growth_keeps_the_set_intact(void **state)
{
    (void)state;
    opsnn_ptrset set = OPSNN_PTRSET_INIT;
    static char keys[100];
    long live = opsnn_test_alloc_live();
    opsnn_test_fail_alloc_at(1);
    assert_int_equal(opsnn_ptrset_insert(&set, &keys[0], 0), -1); /* the first table */
    opsnn_test_fail_alloc_at(0);
    assert_int_equal(opsnn_ptrset_find(&set, &keys[0], NULL), 0);
    assert_int_equal(opsnn_ptrset_insert(&set, &keys[0], 0), 0);
    int i;
    for (i = 1; i < 100; i++) { /* insert until one needs a larger table; fail that */
        opsnn_test_fail_alloc_at(1);
        int rc = opsnn_ptrset_insert(&set, &keys[i], (uint64_t)i);
        long allocs = opsnn_test_alloc_count();
        opsnn_test_fail_alloc_at(0);
        if (allocs > 0) {
            assert_int_equal(rc, -1);
            break;
        }
        assert_int_equal(rc, 0);
    }
    assert_true(i > 1 && i < 100);
    for (int k = 0; k < i; k++) {
        uint64_t value = 99;
        assert_int_equal(opsnn_ptrset_find(&set, &keys[k], &value), 1);
        assert_int_equal(value, (uint64_t)k);
    }
    assert_int_equal(opsnn_ptrset_find(&set, &keys[i], NULL), 0);
    assert_int_equal(opsnn_ptrset_insert(&set, &keys[i], (uint64_t)i), 0); /* it grows now */
    for (int k = 0; k <= i; k++) {
        assert_int_equal(opsnn_ptrset_remove(&set, &keys[k], NULL), 1);
    }
    opsnn_free(set.slots);
    pthread_mutex_destroy(&set.lock);
    assert_int_equal(opsnn_test_alloc_live(), live);
}

/* The executor's one-block cache (alloc.h): taking the cached block is an
 * allocation for the hook and the live count, and a failing one leaves the
 * block where it is. Under AddressSanitizer nothing is cached. */
static void a_cached_block_is_an_allocation_like_any_other(void **state)
{
    (void)state;
    opsnn_block_cache cache = {NULL};
    long live = opsnn_test_alloc_live();
    void *p = opsnn_malloc_cached(&cache, 256);
    assert_non_null(p);
    assert_int_equal(opsnn_test_alloc_live(), live + 1);
    opsnn_free_cached(&cache, p);
    assert_int_equal(opsnn_test_alloc_live(), live);
#if OPSNN_ALLOC_CACHES_BLOCKS
    assert_ptr_equal(atomic_load(&cache.spare), p);
#else
    assert_null(atomic_load(&cache.spare));
#endif
    opsnn_test_fail_alloc_at(1);
    assert_null(opsnn_malloc_cached(&cache, 256));
    assert_int_equal(opsnn_test_alloc_count(), 1);
    opsnn_test_fail_alloc_at(0);
    assert_int_equal(opsnn_test_alloc_live(), live);
    void *q = opsnn_malloc_cached(&cache, 256);
#if OPSNN_ALLOC_CACHES_BLOCKS
    assert_ptr_equal(q, p); /* the cached block, still there after the failure */
#endif
    void *r = opsnn_malloc_cached(&cache, 256); /* the cache is empty now: malloc */
    assert_non_null(r);
    assert_ptr_not_equal(r, q);
    assert_int_equal(opsnn_test_alloc_live(), live + 2);
    opsnn_free_cached(&cache, q);
    opsnn_free_cached(&cache, r); /* the cache is full: freed */
    assert_int_equal(opsnn_test_alloc_live(), live);
    opsnn_block_cache_drain(&cache);
    assert_null(atomic_load(&cache.spare));
}

/* An allocation failure inside phase 1 must not depend on which thread's
 * allocation it is: after the walk, the hook is off and nothing fails. */
static void hook_off_means_no_failures(void **state)
{
    (void)state;
    opsnn_test_fail_alloc_at(0);
    W.target = 0;
    scenario();
    assert_int_equal(opsnn_test_alloc_live(), live_at_setup);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(every_allocation_of_the_scenario_fails_cleanly, setup),
        cmocka_unit_test_setup(registry_growth_failures_are_clean, setup),
        cmocka_unit_test(ptrset_failed_growth_keeps_the_set_intact),
        cmocka_unit_test(a_cached_block_is_an_allocation_like_any_other),
        cmocka_unit_test_setup(hook_off_means_no_failures, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
