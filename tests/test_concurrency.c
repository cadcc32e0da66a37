/*
 * test_concurrency.c - the API from many threads at once (docs/dev/testing.md).
 *
 * 8 threads x 1000 mixed calls: both operators, every dtype each accepts,
 * broadcast / strided / in-place / overlapping layouts, repeatable executors
 * rebound with aclSetInputTensorAddr, runtime calls (streams, aclrtMalloc,
 * aclrtMemcpy), and calls that fail on purpose with a value unique to the
 * thread, whose message must be that thread's own. Each thread uses its own
 * tensors, executors and buffers; the stream of the process is shared. Every
 * result is compared with the independent model of tests/fuzz/model.h.
 *
 * Last, four threads race their first forward Selu fp16/bf16 calls, which
 * fill the operator's lookup table (kernels/lut16.h), against the scalar
 * sequence over every bit pattern.
 *
 * The CI builds this suite with -DOPSNN_TSAN=ON as well (ThreadSanitizer,
 * worker pool on). OPSNN_CONCURRENCY_CALLS overrides the calls per thread (the
 * valgrind run uses fewer).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "common/alloc.h"
#include "fuzz/model.h"
#include "kernels/cvt.h"
#include "ops/selu/op_kernel/selu-fwd.h"
#include "ops/selu_grad/op_kernel/params.h"

#define THREADS 8
#define DEFAULT_CALLS 1000
#define MAX_ELEMS 4096

typedef struct {
    int id;
    int calls;
    aclrtStream shared_stream;
    uint32_t rng;
    /* what the thread saw; checked by the main thread after the join */
    int ok_calls, failed_on_purpose, errors;
    char first_error[512];
} worker;

static void fail_worker(worker *w, const char *fmt, ...)
{
    va_list ap;
    w->errors++;
    if (w->errors == 1) {
        va_start(ap, fmt);
        vsnprintf(w->first_error, sizeof w->first_error, fmt, ap);
        va_end(ap);
    }
}

#define EXPECT(w, cond, ...)                                                                       \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fail_worker((w), __VA_ARGS__);                                                         \
            return;                                                                                \
        }                                                                                          \
    } while (0)

static uint32_t next(worker *w)
{
    w->rng ^= w->rng << 13;
    w->rng ^= w->rng >> 17;
    w->rng ^= w->rng << 5;
    return w->rng;
}

static const aclDataType float_dtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
static const aclDataType selu_dtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8};

/* A value the operators find interesting, as bits of dtype dt. */
static uint64_t random_value(worker *w, aclDataType dt)
{
    uint32_t r = next(w);
    if (dt == ACL_INT8 || dt == ACL_INT32) {
        return dt == ACL_INT8 ? (uint8_t)r : (r % 4 == 0 ? r : (uint32_t)((int32_t)(r % 2001) - 1000));
    }
    static const float specials[] = {NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 0.5f, -0.5f, 1e-40f};
    float v = r % 8 == 0 ? specials[(r >> 3) % 8] : (float)((int)(r % 65) - 32) * 0.125f;
    return model_from_f32(v, dt);
}

static aclTensor *make_tensor(const int64_t *dims, int ndim, aclDataType dt,
                              const int64_t *strides, int64_t offset, void *data)
{
    return aclCreateTensor(dims, (uint64_t)ndim, dt, strides, offset, ACL_FORMAT_ND, NULL, 0, data);
}

typedef struct {
    int64_t dims[3];
    int ndim;
    int64_t numel;
} shape;

static shape random_shape(worker *w)
{
    shape s;
    s.ndim = (int)(next(w) % 4);
    s.numel = 1;
    for (int d = 0; d < s.ndim; d++) {
        s.dims[d] = 1 + next(w) % 12;
        s.numel *= s.dims[d];
    }
    return s;
}

/* Run phase 2 on the thread's own or the shared stream. */
static aclrtStream pick_stream(worker *w)
{
    return next(w) % 2 ? w->shared_stream : NULL;
}

static void check_softshrink(worker *w)
{
    shape s = random_shape(w);
    aclDataType dg = float_dtypes[next(w) % 3], dx = float_dtypes[next(w) % 3],
                dy = float_dtypes[next(w) % 3];
    int broadcast_self = s.ndim > 0 && next(w) % 3 == 0; /* self is [dims[last]] */
    int strided_out = next(w) % 3 == 0;
    float lambda = (float)(next(w) % 5) * 0.25f;
    _Thread_local static unsigned char tg[MAX_ELEMS * 4], tx[MAX_ELEMS * 4], ty[2 * MAX_ELEMS * 4];
    int64_t xdims[1] = {s.ndim > 0 ? s.dims[s.ndim - 1] : 1};
    int64_t xnumel = broadcast_self ? xdims[0] : s.numel;
    for (int64_t i = 0; i < s.numel; i++) {
        model_store(tg + i * model_dtype_size(dg), dg, random_value(w, dg));
    }
    for (int64_t i = 0; i < xnumel; i++) {
        model_store(tx + i * model_dtype_size(dx), dx, random_value(w, dx));
    }
    size_t es_y = model_dtype_size(dy);
    memset(ty, 0xA5, sizeof ty);
    int64_t ystrides[3];
    int64_t st = strided_out ? 2 : 1;
    for (int d = s.ndim - 1; d >= 0; d--) {
        ystrides[d] = st;
        st *= s.dims[d];
    }
    aclTensor *tgo = make_tensor(s.dims, s.ndim, dg, NULL, 0, tg);
    aclTensor *tse = broadcast_self ? make_tensor(xdims, 1, dx, NULL, 0, tx)
                                    : make_tensor(s.dims, s.ndim, dx, NULL, 0, tx);
    aclTensor *tgi = make_tensor(s.dims, s.ndim, dy, ystrides, 0, ty);
    aclScalar *lam = aclCreateScalar(&lambda, ACL_FLOAT);
    EXPECT(w, tgo && tse && tgi && lam, "thread %d: descriptor creation failed: %s", w->id,
           aclGetRecentErrMsg());
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus rc = aclnnSoftshrinkBackwardGetWorkspaceSize(tgo, tse, lam, tgi, &ws, &ex);
    aclDestroyTensor(tgo);
    aclDestroyTensor(tse);
    aclDestroyTensor(tgi);
    aclDestroyScalar(lam);
    EXPECT(w, rc == ACLNN_SUCCESS && ws == 0, "thread %d: softshrink phase 1: %d %s", w->id,
           (int)rc, aclGetRecentErrMsg());
    rc = aclnnSoftshrinkBackward(NULL, 0, ex, pick_stream(w));
    EXPECT(w, rc == ACLNN_SUCCESS, "thread %d: softshrink phase 2: %d", w->id, (int)rc);
    int64_t last = s.ndim > 0 ? s.dims[s.ndim - 1] : 1;
    for (int64_t i = 0; i < s.numel; i++) {
        uint64_t gv = model_load(tg + i * model_dtype_size(dg), dg);
        int64_t xi = broadcast_self ? i % last : i;
        uint64_t xv = model_load(tx + xi * model_dtype_size(dx), dx);
        uint64_t want = model_softshrink(gv, dg, xv, dx, dy, lambda);
        int64_t yo = strided_out ? 2 * i : i;
        uint64_t got = model_load(ty + yo * es_y, dy);
        EXPECT(w, got == want, "thread %d: softshrink element %" PRId64 ": 0x%" PRIx64 " != 0x%" PRIx64,
               w->id, i, got, want);
        if (strided_out) { /* the gaps keep their canary */
            EXPECT(w, ty[(yo + 1) * es_y] == 0xA5, "thread %d: softshrink wrote a gap", w->id);
        }
    }
    w->ok_calls++;
}

static void check_selu(worker *w)
{
    shape s = random_shape(w);
    aclDataType dt = selu_dtypes[next(w) % 5];
    size_t es = model_dtype_size(dt);
    int in_place = next(w) % 4 == 0; /* gradInput == gradOutput */
    int overlap = !in_place && next(w) % 4 == 0 && s.numel > 1; /* gradInput one element on */
    _Thread_local static unsigned char tg[(MAX_ELEMS + 1) * 4], tr[MAX_ELEMS * 4],
        ty[MAX_ELEMS * 4];
    _Thread_local static uint64_t gsave[MAX_ELEMS];
    for (int64_t i = 0; i < s.numel + 1; i++) {
        model_store(tg + i * es, dt, random_value(w, dt));
    }
    for (int64_t i = 0; i < s.numel; i++) {
        model_store(tr + i * es, dt, random_value(w, dt));
        gsave[i] = model_load(tg + i * es, dt);
    }
    unsigned char *out = in_place ? tg : overlap ? tg + es : ty;
    aclTensor *tgo = make_tensor(s.dims, s.ndim, dt, NULL, 0, tg);
    aclTensor *tre = make_tensor(s.dims, s.ndim, dt, NULL, 0, tr);
    aclTensor *tgi = make_tensor(s.dims, s.ndim, dt, NULL, 0, out);
    EXPECT(w, tgo && tre && tgi, "thread %d: selu descriptors: %s", w->id, aclGetRecentErrMsg());
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus rc = aclnnSeluBackwardGetWorkspaceSize(tgo, tre, tgi, &ws, &ex);
    aclDestroyTensor(tgo);
    aclDestroyTensor(tre);
    aclDestroyTensor(tgi);
    EXPECT(w, rc == ACLNN_SUCCESS, "thread %d: selu phase 1: %d %s", w->id, (int)rc,
           aclGetRecentErrMsg());
    EXPECT(w, (ws > 0) == overlap, "thread %d: selu workspace %" PRIu64 " (overlap %d)", w->id,
           ws, overlap);
    void *wsp = NULL;
    if (ws > 0) {
        EXPECT(w, aclrtMalloc(&wsp, ws, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS,
               "thread %d: aclrtMalloc workspace", w->id);
    }
    rc = aclnnSeluBackward(wsp, ws, ex, pick_stream(w));
    if (wsp != NULL) {
        EXPECT(w, aclrtFree(wsp) == ACL_SUCCESS, "thread %d: aclrtFree", w->id);
    }
    EXPECT(w, rc == ACLNN_SUCCESS, "thread %d: selu phase 2: %d %s", w->id, (int)rc,
           aclGetRecentErrMsg());
    for (int64_t i = 0; i < s.numel; i++) {
        uint64_t want = model_selu(gsave[i], model_load(tr + i * es, dt), dt);
        uint64_t got = model_load(out + i * es, dt);
        EXPECT(w, got == want, "thread %d: selu %s element %" PRId64 ": 0x%" PRIx64 " != 0x%" PRIx64,
               w->id, dt == ACL_INT8 ? "i8" : "", i, got, want);
    }
    w->ok_calls++;
}

/* A problem large enough for phase 2 to share out over the worker pool:
 * the pool asked for by several threads at once. */
static void check_big(worker *w)
{
    enum { N = 3 * 16384 + 5 };
    float *g = malloc(N * sizeof *g), *r = malloc(N * sizeof *r), *y = malloc(N * sizeof *y);
    EXPECT(w, g && r && y, "thread %d: malloc", w->id);
    for (int i = 0; i < N; i++) {
        g[i] = (float)((int)(next(w) % 9) - 4);
        r[i] = (float)((int)(next(w) % 9) - 4) * 0.25f;
    }
    int64_t flat[1] = {N};
    aclTensor *tg = make_tensor(flat, 1, ACL_FLOAT, NULL, 0, g);
    aclTensor *tr = make_tensor(flat, 1, ACL_FLOAT, NULL, 0, r);
    aclTensor *ty = make_tensor(flat, 1, ACL_FLOAT, NULL, 0, y);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus rc = aclnnSeluBackwardGetWorkspaceSize(tg, tr, ty, &ws, &ex);
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(ty);
    if (rc == ACLNN_SUCCESS) {
        rc = aclnnSeluBackward(NULL, 0, ex, pick_stream(w));
    }
    int bad = -1;
    for (int i = 0; i < N && rc == ACLNN_SUCCESS && bad < 0; i++) {
        float want = tu_selu_f32(g[i], r[i]);
        bad = memcmp(&y[i], &want, sizeof want) != 0 ? i : -1;
    }
    free(g);
    free(r);
    free(y);
    EXPECT(w, rc == ACLNN_SUCCESS && bad < 0, "thread %d: big selu: status %d, element %d", w->id,
           (int)rc, bad);
    w->ok_calls++;
}

/* A repeatable executor run three times over rebound buffers. */
static void check_repeatable(worker *w)
{
    enum { N = 64 };
    float g[3][N], r[3][N], y[3][N];
    int64_t dims[1] = {N};
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < N; i++) {
            g[k][i] = (float)((int)(next(w) % 17) - 8) * 0.5f;
            r[k][i] = (float)((int)(next(w) % 17) - 8) * 0.5f;
        }
    }
    aclTensor *tg = make_tensor(dims, 1, ACL_FLOAT, NULL, 0, g[0]);
    aclTensor *tr = make_tensor(dims, 1, ACL_FLOAT, NULL, 0, r[0]);
    aclTensor *ty = make_tensor(dims, 1, ACL_FLOAT, NULL, 0, y[0]);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus rc = aclnnSeluBackwardGetWorkspaceSize(tg, tr, ty, &ws, &ex);
    EXPECT(w, rc == ACLNN_SUCCESS, "thread %d: repeatable phase 1 %d", w->id, (int)rc);
    EXPECT(w, aclSetAclOpExecutorRepeatable(ex) == ACLNN_SUCCESS, "thread %d: repeatable", w->id);
    for (int k = 0; k < 3; k++) {
        EXPECT(w, aclSetInputTensorAddr(ex, 0, tg, g[k]) == ACLNN_SUCCESS &&
                      aclSetInputTensorAddr(ex, 1, tr, r[k]) == ACLNN_SUCCESS &&
                      aclSetOutputTensorAddr(ex, 0, ty, y[k]) == ACLNN_SUCCESS,
               "thread %d: rebind", w->id);
        EXPECT(w, aclnnSeluBackward(NULL, 0, ex, pick_stream(w)) == ACLNN_SUCCESS,
               "thread %d: repeatable run %d", w->id, k);
    }
    EXPECT(w, aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS, "thread %d: destroy", w->id);
    EXPECT(w, aclnnSeluBackward(NULL, 0, ex, NULL) == ACLNN_ERR_PARAM_INVALID,
           "thread %d: a destroyed executor ran", w->id);
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(ty);
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < N; i++) {
            float want = tu_selu_f32(g[k][i], r[k][i]);
            EXPECT(w, memcmp(&y[k][i], &want, sizeof want) == 0,
                   "thread %d: repeatable run %d element %d", w->id, k, i);
        }
    }
    w->ok_calls++;
}

/* Runtime calls: a private stream, device memory, copies; with_failure adds
 * a double free, which must be refused. */
static void check_runtime(worker *w, int with_failure)
{
    aclrtStream s = NULL;
    EXPECT(w, aclrtCreateStream(&s) == ACL_SUCCESS, "thread %d: create stream", w->id);
    size_t size = 64 + next(w) % 4096;
    void *dev = NULL, *host = NULL;
    EXPECT(w, aclrtMalloc(&dev, size, ACL_MEM_MALLOC_NORMAL_ONLY) == ACL_SUCCESS &&
                  aclrtMallocHost(&host, size) == ACL_SUCCESS,
           "thread %d: malloc", w->id);
    memset(host, w->id, size);
    EXPECT(w, aclrtMemcpy(dev, size, host, size, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS,
           "thread %d: memcpy", w->id);
    EXPECT(w, aclrtMemset(host, size, 0, size) == ACL_SUCCESS, "thread %d: memset", w->id);
    EXPECT(w, aclrtMemcpy(host, size, dev, size, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
           "thread %d: memcpy back", w->id);
    EXPECT(w, ((unsigned char *)host)[size - 1] == (unsigned char)w->id, "thread %d: copy", w->id);
    EXPECT(w, aclrtSynchronizeStream(s) == ACL_SUCCESS && aclrtDestroyStream(s) == ACL_SUCCESS,
           "thread %d: stream", w->id);
    EXPECT(w, aclrtFree(dev) == ACL_SUCCESS && aclrtFreeHost(host) == ACL_SUCCESS,
           "thread %d: free", w->id);
    EXPECT(w, !with_failure || aclrtFree(dev) == ACL_ERROR_RT_PARAM_INVALID,
           "thread %d: double free", w->id);
    w->ok_calls++;
}

/* Calls that fail with a value only this thread uses; the message must be
 * this thread's own, before and after other threads' calls and after this
 * thread's own successful calls. */
static void check_own_errors(worker *w, int call)
{
    char want[256];
    float x[4] = {1, 2, 3, 4};
    int64_t dims[1] = {4};
    aclTensor *t = make_tensor(dims, 1, ACL_FLOAT, NULL, 0, x);
    uint64_t ws = 7;
    aclOpExecutor *const sentinel = (aclOpExecutor *)(uintptr_t)0x1234;
    aclOpExecutor *ex = sentinel;
    if (call % 2 == 0) {
        float lambda = -(float)(w->id * 1000 + call % 1000) - 0.5f;
        aclScalar *lam = aclCreateScalar(&lambda, ACL_FLOAT);
        aclnnStatus rc = aclnnSoftshrinkBackwardGetWorkspaceSize(t, t, lam, t, &ws, &ex);
        aclDestroyScalar(lam);
        EXPECT(w, rc == ACLNN_ERR_PARAM_INVALID, "thread %d: negative lambda gave %d", w->id, (int)rc);
        snprintf(want, sizeof want,
                 "aclnnSoftshrinkBackward: lambda must be >= 0, got %f", (double)lambda);
    } else {
        int64_t other[2] = {w->id + 2, call % 1000 + 1};
        aclTensor *r = make_tensor(other, 2, ACL_FLOAT, NULL, 0, x);
        aclnnStatus rc = aclnnSeluBackwardGetWorkspaceSize(t, r, t, &ws, &ex);
        aclDestroyTensor(r);
        EXPECT(w, rc == ACLNN_ERR_PARAM_INVALID, "thread %d: shape mismatch gave %d", w->id, (int)rc);
        snprintf(want, sizeof want,
                 "aclnnSeluBackward: result shape must equal gradOutput shape [4], got [%d, %d]",
                 w->id + 2, call % 1000 + 1);
    }
    aclDestroyTensor(t);
    EXPECT(w, ex == sentinel && ws == 7, "thread %d: a failed phase 1 wrote its outputs", w->id);
    /* successful calls of this thread do not clear it; others' failures do not reach it */
    check_runtime(w, 0);
    const char *msg = aclGetRecentErrMsg(); /* obtains and clears: read once */
    EXPECT(w, msg != NULL && strcmp(msg, want) == 0, "thread %d: message \"%s\", want \"%s\"",
           w->id, msg != NULL ? msg : "(null)", want);
    msg = aclGetRecentErrMsg();
    EXPECT(w, msg == NULL, "thread %d: message \"%s\" read twice", w->id, msg);
    w->failed_on_purpose++;
}

static void *work(void *arg)
{
    worker *w = arg;
    for (int call = 0; call < w->calls && w->errors == 0; call++) {
        uint32_t pick = next(w);
        if (pick % 64 == 0) {
            check_big(w);
            continue;
        }
        switch (pick % 8) {
        case 0: case 1: case 2: check_softshrink(w); break;
        case 3: case 4: check_selu(w); break;
        case 5: check_repeatable(w); break;
        case 6: check_runtime(w, 1); break;
        default: check_own_errors(w, call); break;
        }
    }
    return NULL;
}

static int calls_per_thread(void)
{
    const char *s = getenv("OPSNN_CONCURRENCY_CALLS");
    int n = s != NULL ? atoi(s) : 0;
    return n > 0 ? n : DEFAULT_CALLS;
}

/* Each registry allocates its first table on first use, once per process:
 * do that before counting live blocks. */
static void warm_up_registries(void)
{
    void *p = NULL;
    assert_int_equal(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    assert_int_equal(aclrtFree(p), ACL_SUCCESS);
    assert_int_equal(aclrtMallocHost(&p, 64), ACL_SUCCESS);
    assert_int_equal(aclrtFreeHost(p), ACL_SUCCESS);
    float v = 1.0f;
    int64_t dims[1] = {1};
    aclTensor *t = make_tensor(dims, 1, ACL_FLOAT, NULL, 0, &v);
    uint64_t ws;
    aclOpExecutor *ex;
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(t, t, t, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    aclDestroyTensor(t);
}

static void eight_threads_mixed_calls_match_the_model(void **state)
{
    (void)state;
    worker w[THREADS];
    pthread_t tid[THREADS];
    aclrtStream shared = NULL;
    assert_int_equal(aclrtCreateStream(&shared), ACL_SUCCESS);
    warm_up_registries();
    long live = opsnn_test_alloc_live();
    for (int i = 0; i < THREADS; i++) {
        memset(&w[i], 0, sizeof w[i]);
        w[i].id = i;
        w[i].calls = calls_per_thread();
        w[i].shared_stream = shared;
        w[i].rng = 0x9E3779B9u * (uint32_t)(i + 1);
        assert_int_equal(pthread_create(&tid[i], NULL, work, &w[i]), 0);
    }
    int total_ok = 0, total_failed = 0;
    for (int i = 0; i < THREADS; i++) {
        assert_int_equal(pthread_join(tid[i], NULL), 0);
        if (w[i].errors != 0) {
            fail_msg("%s", w[i].first_error);
        }
        total_ok += w[i].ok_calls;
        total_failed += w[i].failed_on_purpose;
        assert_true(w[i].failed_on_purpose > 0);
    }
    print_message("%d threads x %d calls: %d checked results, %d failed on purpose with the "
                  "thread's own message\n", THREADS, calls_per_thread(), total_ok, total_failed);
    assert_int_equal(opsnn_test_alloc_live(), live);
    assert_int_equal(aclrtDestroyStream(shared), ACL_SUCCESS);
}

/* Two threads fail at the same moment with different messages, many times. */
typedef struct {
    int id;
    pthread_barrier_t *barrier;
    int mismatches;
} racer;

static void *race(void *arg)
{
    racer *r = arg;
    char want[128];
    snprintf(want, sizeof want, "aclrtSetDevice: deviceId must be 0 (the CPU is the only device), got %d",
             r->id + 100);
    for (int i = 0; i < 2000; i++) {
        pthread_barrier_wait(r->barrier);
        aclrtSetDevice(r->id + 100);
        const char *msg = aclGetRecentErrMsg();
        r->mismatches += msg == NULL || strcmp(msg, want) != 0;
    }
    return NULL;
}

static void simultaneous_failures_keep_their_own_messages(void **state)
{
    (void)state;
    pthread_barrier_t barrier;
    pthread_barrier_init(&barrier, NULL, 2);
    racer r[2] = {{0, &barrier, 0}, {1, &barrier, 0}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++) {
        assert_int_equal(pthread_create(&t[i], NULL, race, &r[i]), 0);
    }
    for (int i = 0; i < 2; i++) {
        pthread_join(t[i], NULL);
        assert_int_equal(r[i].mismatches, 0);
    }
    pthread_barrier_destroy(&barrier);
}

/* ---- Races on one executor (issue: claiming must be atomic) ----
 * Two threads act on the same executor at the same moment, many rounds; a
 * third (bystander) thread meanwhile creates and runs executors of its own,
 * which must never be taken by the racers (a freed executor's address reused
 * by malloc must not make a stale handle live again). Under ASan any read of
 * a freed executor aborts; under TSan any unsynchronised access is reported. */
#define RACE_N 16

typedef struct {
    float g[RACE_N], x[RACE_N], y[RACE_N], y2[RACE_N];
    aclTensor *tg, *tx, *ty;
    aclScalar *lambda;
    aclOpExecutor *ex;
} race_op;

static const float race_sentinel = -777.0f;

static void race_op_make(race_op *o)
{
    int64_t dims[1] = {RACE_N};
    float lambd = 0.5f;
    for (int i = 0; i < RACE_N; i++) {
        o->g[i] = (float)(i + 1);
        o->x[i] = i % 2 ? 1.0f : 0.25f;
        o->y[i] = race_sentinel;
        o->y2[i] = race_sentinel;
    }
    o->tg = make_tensor(dims, 1, ACL_FLOAT, NULL, 0, o->g);
    o->tx = make_tensor(dims, 1, ACL_FLOAT, NULL, 0, o->x);
    o->ty = make_tensor(dims, 1, ACL_FLOAT, NULL, 0, o->y);
    o->lambda = aclCreateScalar(&lambd, ACL_FLOAT);
    uint64_t ws = 1;
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(o->tg, o->tx, o->lambda, o->ty, &ws,
                                                             &o->ex),
                     ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
}

static void race_op_free(race_op *o)
{
    aclDestroyTensor(o->tg);
    aclDestroyTensor(o->tx);
    aclDestroyTensor(o->ty);
    aclDestroyScalar(o->lambda);
}

/* 1 when y holds the softshrink result, 0 when it is untouched, else -1. */
static int race_result(const race_op *o, const float *y)
{
    int untouched = 1, right = 1;
    for (int i = 0; i < RACE_N; i++) {
        float want = i % 2 ? o->g[i] : 0.0f;
        untouched &= memcmp(&y[i], &race_sentinel, sizeof want) == 0;
        right &= memcmp(&y[i], &want, sizeof want) == 0;
    }
    return right ? 1 : untouched ? 0 : -1;
}

typedef enum { ACT_RUN, ACT_REPEATABLE, ACT_DESTROY, ACT_SET_OUT, ACT_NONE } race_act;

typedef struct {
    pthread_barrier_t start, done;
    race_op *op; /* set by the main thread before each round */
    race_act act[2];
    aclnnStatus rc[2];
    int rounds;
} race_ctx;

typedef struct {
    race_ctx *ctx;
    int who;
} race_arg;

static aclnnStatus race_do(race_op *o, race_act act)
{
    switch (act) {
    case ACT_RUN:
        return aclnnSoftshrinkBackward(NULL, 0, o->ex, NULL);
    case ACT_REPEATABLE:
        return aclSetAclOpExecutorRepeatable(o->ex);
    case ACT_DESTROY:
        return aclDestroyAclOpExecutor(o->ex);
    case ACT_SET_OUT:
        return aclSetOutputTensorAddr(o->ex, 0, o->ty, o->y2);
    default:
        return ACLNN_SUCCESS;
    }
}

static void *race_thread(void *arg)
{
    race_arg *a = arg;
    race_ctx *c = a->ctx;
    for (int r = 0; r < c->rounds; r++) {
        pthread_barrier_wait(&c->start);
        c->rc[a->who] = race_do(c->op, c->act[a->who]);
        pthread_barrier_wait(&c->done);
    }
    return NULL;
}

/* A thread that keeps creating and running its own executors while the
 * racers race; counts the runs that were refused or computed wrongly. */
typedef struct {
    _Atomic int stop;
    _Atomic int runs;
    int bad;
} bystander;

static void *bystander_thread(void *arg)
{
    bystander *b = arg;
    while (!atomic_load(&b->stop)) {
        race_op o;
        race_op_make(&o);
        aclnnStatus rc = aclnnSoftshrinkBackward(NULL, 0, o.ex, NULL);
        b->bad += rc != ACLNN_SUCCESS || race_result(&o, o.y) != 1;
        atomic_fetch_add(&b->runs, 1);
        race_op_free(&o);
    }
    return NULL;
}

static int race_rounds(void)
{
    const char *s = getenv("OPSNN_CONCURRENCY_CALLS");
    int n = s != NULL ? atoi(s) : 0;
    return n > 0 ? n : 400;
}

/* check(round's op, statuses) after each round, on the main thread. */
typedef void (*race_check)(race_op *o, const aclnnStatus rc[2]);

static void race_rounds_of(race_act a0, race_act a1, int repeatable, race_check check)
{
    race_ctx c;
    memset(&c, 0, sizeof c);
    c.act[0] = a0;
    c.act[1] = a1;
    c.rounds = race_rounds();
    pthread_barrier_init(&c.start, NULL, 3);
    pthread_barrier_init(&c.done, NULL, 3);
    warm_up_registries();
    long live = opsnn_test_alloc_live();
    race_arg args[2] = {{&c, 0}, {&c, 1}};
    pthread_t t[2], bt;
    bystander b;
    memset(&b, 0, sizeof b);
    atomic_init(&b.stop, 0);
    assert_int_equal(pthread_create(&bt, NULL, bystander_thread, &b), 0);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(pthread_create(&t[i], NULL, race_thread, &args[i]), 0);
    }
    /* the bystander's runs overlap the rounds: its first one has ended before
     * they start (on a loaded 2-CPU machine it could otherwise get no CPU
     * until they were over) */
    while (atomic_load(&b.runs) == 0) {
        sched_yield();
    }
    for (int r = 0; r < c.rounds; r++) {
        race_op o;
        race_op_make(&o);
        if (repeatable) {
            assert_int_equal(aclSetAclOpExecutorRepeatable(o.ex), ACLNN_SUCCESS);
        }
        c.op = &o;
        pthread_barrier_wait(&c.start);
        pthread_barrier_wait(&c.done);
        check(&o, c.rc);
        race_op_free(&o);
    }
    for (int i = 0; i < 2; i++) {
        pthread_join(t[i], NULL);
    }
    atomic_store(&b.stop, 1);
    pthread_join(bt, NULL);
    pthread_barrier_destroy(&c.start);
    pthread_barrier_destroy(&c.done);
    assert_int_equal(b.bad, 0);
    assert_true(atomic_load(&b.runs) > 0);
    assert_int_equal(opsnn_test_alloc_live(), live);
}

static void check_run_run(race_op *o, const aclnnStatus rc[2])
{
    int ok = (rc[0] == ACLNN_SUCCESS) + (rc[1] == ACLNN_SUCCESS);
    int refused = (rc[0] == ACLNN_ERR_PARAM_INVALID) + (rc[1] == ACLNN_ERR_PARAM_INVALID);
    if (ok != 1 || refused != 1) {
        fail_msg("two runs of one single-use executor: statuses %d and %d", (int)rc[0], (int)rc[1]);
    }
    assert_int_equal(race_result(o, o->y), 1);
    assert_int_equal(aclDestroyAclOpExecutor(o->ex), ACLNN_ERR_PARAM_INVALID);
}

static void two_threads_running_one_single_use_executor_exactly_one_succeeds(void **state)
{
    (void)state;
    race_rounds_of(ACT_RUN, ACT_RUN, 0, check_run_run);
}

static void check_run_repeatable(race_op *o, const aclnnStatus rc[2])
{
    assert_int_equal(rc[0], ACLNN_SUCCESS); /* the run always runs */
    assert_int_equal(race_result(o, o->y), 1);
    /* made repeatable first: it survived the run; else the run freed it */
    if (rc[1] == ACLNN_SUCCESS) {
        assert_int_equal(aclDestroyAclOpExecutor(o->ex), ACLNN_SUCCESS);
    } else {
        assert_int_equal(rc[1], ACLNN_ERR_PARAM_INVALID);
        assert_int_equal(aclDestroyAclOpExecutor(o->ex), ACLNN_ERR_PARAM_INVALID);
    }
}

static void run_racing_set_repeatable_is_one_or_the_other(void **state)
{
    (void)state;
    race_rounds_of(ACT_RUN, ACT_REPEATABLE, 0, check_run_repeatable);
}

static void check_run_destroy(race_op *o, const aclnnStatus rc[2])
{
    if ((rc[0] == ACLNN_SUCCESS) == (rc[1] == ACLNN_SUCCESS)) {
        fail_msg("run and destroy of one single-use executor: statuses %d and %d", (int)rc[0],
                 (int)rc[1]);
    }
    assert_int_equal(race_result(o, o->y), rc[0] == ACLNN_SUCCESS ? 1 : 0);
}

static void run_racing_destroy_exactly_one_succeeds(void **state)
{
    (void)state;
    race_rounds_of(ACT_RUN, ACT_DESTROY, 0, check_run_destroy);
}

static void check_repeatable_run_destroy(race_op *o, const aclnnStatus rc[2])
{
    /* the destroy always succeeds; the run either ran whole before or is refused */
    assert_int_equal(rc[1], ACLNN_SUCCESS);
    if (rc[0] == ACLNN_SUCCESS) {
        assert_int_equal(race_result(o, o->y), 1);
    } else {
        assert_int_equal(rc[0], ACLNN_ERR_PARAM_INVALID);
        assert_int_equal(race_result(o, o->y), 0);
    }
}

static void repeatable_run_racing_destroy_runs_whole_or_is_refused(void **state)
{
    (void)state;
    race_rounds_of(ACT_RUN, ACT_DESTROY, 1, check_repeatable_run_destroy);
}

static void check_run_set_out(race_op *o, const aclnnStatus rc[2])
{
    assert_int_equal(rc[0], ACLNN_SUCCESS);
    assert_int_equal(rc[1], ACLNN_SUCCESS);
    int a = race_result(o, o->y), b = race_result(o, o->y2);
    if (!((a == 1 && b == 0) || (a == 0 && b == 1))) {
        fail_msg("a run racing a rebind wrote y %d and y2 %d (1 whole, 0 untouched)", a, b);
    }
    assert_int_equal(aclDestroyAclOpExecutor(o->ex), ACLNN_SUCCESS);
}

static void rebinding_during_a_repeatable_run_leaves_one_buffer_whole(void **state)
{
    (void)state;
    race_rounds_of(ACT_RUN, ACT_SET_OUT, 1, check_run_set_out);
}

/* Forward Selu fp16/bf16 answers from a table that the first long call fills
 * (kernels/lut16.h). Four threads make their first such calls at the same
 * moment, in a process that has made no forward Selu call: one fills the
 * table while the
 * others compute or look up, and every element of every thread's result is
 * the scalar sequence's (ops/selu/op_kernel/selu-fwd.h), over every bit
 * pattern. Under ThreadSanitizer a table read before its fill is ordered
 * before it is a report. */
enum { FILL_THREADS = 4, FILL_N = 65536 };

typedef struct {
    pthread_barrier_t *start;
    aclDataType dt;
    uint16_t x[FILL_N], y[FILL_N];
    aclnnStatus rc;
} fill_racer;

static void *fill_race(void *arg)
{
    fill_racer *r = arg;
    int64_t dims[1] = {FILL_N};
    aclTensor *x = make_tensor(dims, 1, r->dt, NULL, 0, r->x);
    aclTensor *y = make_tensor(dims, 1, r->dt, NULL, 0, r->y);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    pthread_barrier_wait(r->start);
    r->rc = aclnnSeluGetWorkspaceSize(x, y, &ws, &ex);
    if (r->rc == ACLNN_SUCCESS) {
        void *w = ws > 0 ? malloc(ws) : NULL;
        r->rc = ws > 0 && w == NULL ? ACLNN_ERR_INNER : aclnnSelu(w, ws, ex, NULL);
        free(w);
    }
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    return NULL;
}

static void first_selu_16bit_calls_race_to_fill_the_table(void **state)
{
    (void)state;
    static fill_racer racers[FILL_THREADS];
    static const aclDataType dts[] = {ACL_FLOAT16, ACL_BF16};
    const opsnn_selu_params c = {OPSNN_SELU_SCALE, OPSNN_SELU_ALPHA};
    for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++) {
        pthread_barrier_t start;
        pthread_barrier_init(&start, NULL, FILL_THREADS);
        pthread_t tid[FILL_THREADS];
        for (int t = 0; t < FILL_THREADS; t++) {
            racers[t].start = &start;
            racers[t].dt = dts[d];
            for (uint32_t i = 0; i < FILL_N; i++) { /* every pattern, each thread its own order */
                racers[t].x[i] = (uint16_t)(i * (2u * (uint32_t)t + 1u) + 977u * (uint32_t)t);
            }
            assert_int_equal(pthread_create(&tid[t], NULL, fill_race, &racers[t]), 0);
        }
        for (int t = 0; t < FILL_THREADS; t++) {
            pthread_join(tid[t], NULL);
        }
        pthread_barrier_destroy(&start);
        for (int t = 0; t < FILL_THREADS; t++) {
            assert_int_equal(racers[t].rc, ACLNN_SUCCESS);
            for (uint32_t i = 0; i < FILL_N; i++) {
                uint16_t x = racers[t].x[i];
                uint16_t want = dts[d] == ACL_FLOAT16
                                    ? opsnn_f32_to_f16(opsnn_selu_fwd_f32(opsnn_f16_to_f32(x), &c))
                                    : opsnn_f32_to_bf16(opsnn_selu_fwd_f32(opsnn_bf16_to_f32(x), &c));
                if (racers[t].y[i] != want) {
                    fail_msg("thread %d, %s x=0x%04x: 0x%04x, want 0x%04x", t,
                             dts[d] == ACL_FLOAT16 ? "fp16" : "bf16", x, racers[t].y[i], want);
                }
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eight_threads_mixed_calls_match_the_model),
        cmocka_unit_test(simultaneous_failures_keep_their_own_messages),
        cmocka_unit_test(two_threads_running_one_single_use_executor_exactly_one_succeeds),
        cmocka_unit_test(run_racing_set_repeatable_is_one_or_the_other),
        cmocka_unit_test(run_racing_destroy_exactly_one_succeeds),
        cmocka_unit_test(repeatable_run_racing_destroy_runs_whole_or_is_refused),
        cmocka_unit_test(rebinding_during_a_repeatable_run_leaves_one_buffer_whole),
        /* last: nothing above calls forward Selu, so its tables are still
         * empty; and under valgrind the pool workers this starts would slow
         * the barrier rounds above to minutes */
        cmocka_unit_test(first_selu_16bit_calls_race_to_fill_the_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
