/*
 * unload.c - unloading libopsnn (docs/runtime.md, "Unloading"): a host
 * dlopen()s the library, runs contiguous, transposed and broadcast calls from
 * its main thread (on the pool) and from an extra thread that stays alive,
 * dlclose()s it, and only then lets the extra thread exit. Before the fix the
 * thread's exit ran the library's per-thread panel destructor in unmapped
 * code (SIGSEGV). Checked each cycle: the library is really gone, no pool
 * thread is left behind, and the extra thread's exit is clean. On the OpenMP
 * backend the runtime's own threads stay, waiting in the runtime, which the
 * library pins: the first cycle may leave them, later cycles reuse them and
 * leave no more, and 200 ms after each dlclose they have not crashed the
 * process (they did when the runtime was unloaded with the library). Runs
 * plain, under ASan and under valgrind (the 'valgrind' label).
 * usage: unload PATH_TO_LIBOPSNN_SO [CYCLES]
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"

typedef aclTensor *(*create_tensor_fn)(const int64_t *, uint64_t, aclDataType, const int64_t *,
                                       int64_t, aclFormat, const int64_t *, uint64_t, void *);
typedef aclnnStatus (*destroy_tensor_fn)(const aclTensor *);
typedef aclScalar *(*create_scalar_fn)(void *, aclDataType);
typedef aclnnStatus (*destroy_scalar_fn)(const aclScalar *);
typedef aclnnStatus (*phase1_fn)(const aclTensor *, const aclTensor *, const aclScalar *,
                                 aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*phase2_fn)(void *, uint64_t, aclOpExecutor *, aclrtStream);
typedef int (*set_threads_fn)(int);
typedef const char *(*threading_fn)(void);

static struct {
    create_tensor_fn create_tensor;
    destroy_tensor_fn destroy_tensor;
    create_scalar_fn create_scalar;
    destroy_scalar_fn destroy_scalar;
    phase1_fn phase1;
    phase2_fn phase2;
    set_threads_fn set_threads;
    threading_fn threading;
} lib;

static int failures;

#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            fprintf(stderr, "FAIL: " __VA_ARGS__);                                            \
            fprintf(stderr, "\n");                                                            \
            failures++;                                                                       \
        }                                                                                     \
    } while (0)

#define R 512 /* 512 x 512: large enough for the pool */
#define C 512

/* SoftshrinkBackward (lambda 0.5) on g [R, C] and x, where x is [R, C]
 * contiguous, its transpose (a [C, R] buffer read with strides {1, R}: the
 * panel walk), or one row [C] (broadcast); checked element by element. */
enum { CONTIGUOUS, TRANSPOSED, BROADCAST };

static void call(int kind, const char *who)
{
    float *g = malloc(R * C * sizeof *g), *x = malloc(R * C * sizeof *x);
    float *y = malloc(R * C * sizeof *y);
    if (g == NULL || x == NULL || y == NULL) {
        CHECK(0, "%s: out of memory", who);
        free(g);
        free(x);
        free(y);
        return;
    }
    for (int i = 0; i < R * C; i++) {
        g[i] = (float)(i % 1000);
        x[i] = (float)(i % 5) - 2.0f; /* -2 .. 2: |x| > 0.5 except 0 */
        y[i] = -1.0f;
    }
    int64_t dims[2] = {R, C}, row[1] = {C}, tstrides[2] = {1, R};
    aclTensor *tg = lib.create_tensor(dims, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, g);
    aclTensor *ty = lib.create_tensor(dims, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, y);
    int64_t storage[1] = {R * C};
    aclTensor *tx = kind == BROADCAST
                        ? lib.create_tensor(row, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, x)
                    : kind == TRANSPOSED
                        ? lib.create_tensor(dims, 2, ACL_FLOAT, tstrides, 0, ACL_FORMAT_ND, storage,
                                            1, x)
                        : lib.create_tensor(dims, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, x);
    float lambd = 0.5f;
    aclScalar *lambda = lib.create_scalar(&lambd, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = lib.phase1(tg, tx, lambda, ty, &ws, &ex);
    CHECK(st == 0 && ws == 0, "%s: phase 1 of call %d returned %d (workspace %llu)", who, kind,
          (int)st, (unsigned long long)ws);
    if (st == 0) {
        st = lib.phase2(NULL, 0, ex, NULL);
        CHECK(st == 0, "%s: phase 2 of call %d returned %d", who, kind, (int)st);
    }
    for (int r = 0; st == 0 && r < R; r++) {
        for (int c = 0; c < C; c++) {
            float xv = kind == BROADCAST ? x[c] : kind == TRANSPOSED ? x[c * R + r] : x[r * C + c];
            float want = xv > 0.5f || xv < -0.5f ? g[r * C + c] : 0.0f;
            if (memcmp(&y[r * C + c], &want, sizeof want) != 0) {
                CHECK(0, "%s: call %d: y[%d][%d] = %g, want %g", who, kind, r, c,
                      (double)y[r * C + c], (double)want);
                r = R;
                break;
            }
        }
    }
    lib.destroy_tensor(tg);
    lib.destroy_tensor(tx);
    lib.destroy_tensor(ty);
    lib.destroy_scalar(lambda);
    free(g);
    free(x);
    free(y);
}

/* The extra thread: its calls, then it waits for the library to be gone. */
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int calls_done, unloaded;

static void *extra_thread(void *unused)
{
    (void)unused;
    call(CONTIGUOUS, "extra thread");
    call(TRANSPOSED, "extra thread");
    call(BROADCAST, "extra thread");
    pthread_mutex_lock(&m);
    calls_done = 1;
    pthread_cond_broadcast(&cv);
    while (!unloaded) {
        pthread_cond_wait(&cv, &m);
    }
    pthread_mutex_unlock(&m);
    return NULL; /* the thread's exit: no library destructor may run now */
}

/* Threads of this process (/proc/self/status), or -1. */
static int thread_count(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    int n = -1;
    char line[256];
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        if (sscanf(line, "Threads: %d", &n) == 1) {
            break;
        }
    }
    if (f != NULL) {
        fclose(f);
    }
    return n;
}

/* 0 under an emulator: qemu-user counts threads of its own, started when it
 * likes, so thread counts are not checked there. */
static int threads_counted(void)
{
    const char *emu = getenv("OPSNN_TEST_EMULATOR");
    return emu == NULL || emu[0] == '\0';
}

/* A thread that pthread_join() has reaped still counts in /proc until the
 * kernel finishes its exit (the join returns at the exit's futex wake, the
 * count drops a little later), so a count taken right after a join may be
 * one high. settle() waits, up to 5 s, for the count to come down to at most
 * WANT and returns the count then; a thread that really stayed keeps it high. */
static int settle(int want)
{
    struct timespec tick = {0, 5 * 1000000L};
    int n = thread_count();
    for (int i = 0; i < 1000 && n > want; i++) {
        nanosleep(&tick, NULL);
        n = thread_count();
    }
    return n;
}

/* The threads of the process at rest: the main thread and whatever a
 * sanitizer's runtime keeps. Read after the warm-up thread's join: the
 * lowest count, once 20 readings 5 ms apart agree (2 s at most). */
static int resting_count(void)
{
    struct timespec tick = {0, 5 * 1000000L};
    int low = thread_count(), same = 0;
    for (int i = 0; i < 400 && same < 20; i++) {
        nanosleep(&tick, NULL);
        int n = thread_count();
        same = n == low ? same + 1 : 0;
        low = n < low ? n : low;
    }
    return low;
}

/* 1 when an OpenMP runtime (libgomp, LLVM's libomp) is mapped. */
static int runtime_mapped(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[4096];
    int found = 0;
    while (f != NULL && !found && fgets(line, sizeof line, f) != NULL) {
        found = strstr(line, "libgomp") != NULL || strstr(line, "libomp") != NULL;
    }
    if (f != NULL) {
        fclose(f);
    }
    return found;
}

static void *noop(void *unused)
{
    return unused;
}

/* A function of the library into *fn (POSIX guarantees dlsym's object
 * pointer converts to a function pointer; memcpy does it without a cast). */
static void load(void *h, const char *name, void *fn, size_t size)
{
    void *p = dlsym(h, name);
    CHECK(p != NULL && size == sizeof p, "dlsym %s: %s", name, dlerror());
    memcpy(fn, &p, sizeof p);
}

static void cycle(const char *path, int i, int resting)
{
    static int first_count = -1; /* threads before the first cycle */
    static int runtime_stays;    /* an OpenMP runtime's threads may be left */
    int counted = threads_counted();
    /* the last cycle's threads were joined: the process is at rest again */
    int threads_before = counted && !runtime_stays ? settle(resting) : thread_count();
    if (counted && !runtime_stays) {
        CHECK(threads_before == resting, "cycle %d: %d threads before dlopen, want %d", i,
              threads_before, resting);
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        CHECK(0, "dlopen %s: %s", path, dlerror());
        return;
    }
    load(h, "aclCreateTensor", &lib.create_tensor, sizeof lib.create_tensor);
    load(h, "aclDestroyTensor", &lib.destroy_tensor, sizeof lib.destroy_tensor);
    load(h, "aclCreateScalar", &lib.create_scalar, sizeof lib.create_scalar);
    load(h, "aclDestroyScalar", &lib.destroy_scalar, sizeof lib.destroy_scalar);
    load(h, "aclnnSoftshrinkBackwardGetWorkspaceSize", &lib.phase1, sizeof lib.phase1);
    load(h, "aclnnSoftshrinkBackward", &lib.phase2, sizeof lib.phase2);
    load(h, "opsnn_set_num_threads", &lib.set_threads, sizeof lib.set_threads);
    load(h, "opsnn_get_threading", &lib.threading, sizeof lib.threading);
    if (failures > 0) {
        return;
    }
    int openmp = strcmp(lib.threading(), "openmp") == 0;
    runtime_stays = openmp;
    lib.set_threads(2);
    calls_done = 0;
    unloaded = 0;
    pthread_t t;
    CHECK(pthread_create(&t, NULL, extra_thread, NULL) == 0, "pthread_create");
    pthread_mutex_lock(&m);
    while (!calls_done) {
        pthread_cond_wait(&cv, &m);
    }
    pthread_mutex_unlock(&m);
    call(CONTIGUOUS, "main thread");
    call(TRANSPOSED, "main thread");
    call(BROADCAST, "main thread");
    CHECK(dlclose(h) == 0, "dlclose: %s", dlerror());
    void *still = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    CHECK(still == NULL, "cycle %d: the library is still loaded after dlclose", i);
    if (still != NULL) {
        dlclose(still);
    }
    /* the pool's workers were joined: only the extra thread is left */
    struct timespec pause = {0, 200 * 1000000L}; /* an unmapped runtime's threads crash by now */
    nanosleep(&pause, NULL);
    if (counted && !openmp) {
        int n = settle(threads_before + 1);
        CHECK(n == threads_before + 1, "cycle %d: %d threads after dlclose, want %d", i, n,
              threads_before + 1);
    }
    pthread_mutex_lock(&m);
    unloaded = 1;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    if (counted && openmp) {
        /* the runtime keeps its idle threads (libgomp one team per host
         * thread that started regions, the extra thread's ending with it;
         * LLVM's libomp one pool for all): no more than two teams of 2 may
         * stay, whatever the cycle, and while any stays the runtime they
         * wait in must still be mapped */
        nanosleep(&pause, NULL);
        if (first_count < 0) {
            first_count = threads_before;
        }
        int n = thread_count();
        CHECK(n <= first_count + 2, "cycle %d: %d threads once the extra thread ended, want at "
              "most %d", i, n, first_count + 2);
        CHECK(n == first_count || runtime_mapped(), "cycle %d: %d threads of the OpenMP runtime "
              "outlive it: the runtime was unloaded with the library", i, n - first_count);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: unload PATH_TO_LIBOPSNN_SO [CYCLES]\n");
        return 2;
    }
    int cycles = argc > 2 ? atoi(argv[2]) : 3;
    /* a first thread before counting: a sanitizer's runtime starts its own
     * helper thread with the process's first one */
    pthread_t warm;
    if (pthread_create(&warm, NULL, noop, NULL) == 0) {
        pthread_join(warm, NULL);
    }
    int resting = threads_counted() ? resting_count() : thread_count();
    for (int i = 0; i < cycles && failures == 0; i++) {
        cycle(argv[1], i, resting);
    }
    printf("%d dlopen/dlclose cycles with a live thread: %s\n", cycles,
           failures == 0 ? "ok" : "FAILED");
    return failures == 0 ? 0 : 1;
}
