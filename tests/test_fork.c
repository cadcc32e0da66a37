/*
 * test_fork.c - fork() safety (docs/runtime.md, "Fork"): a child may use the
 * library after fork() from any state of the parent: the pool started, asleep
 * or stopped, and other threads logging, allocating and running phase 1 and
 * phase 2 (single- and multi-threaded) while the parent forks. Every scenario
 * runs in a child with a deadline: a child that hangs is killed and the test
 * fails, so a regression cannot hang the CI.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "common/error.h"
#include "common/sysinfo.h"
#include "common/threads.h"
#include "opsnn/opsnn.h"
#include "test_util.h"

#if defined(__SANITIZE_THREAD__)
#define OPSNN_TSAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define OPSNN_TSAN_BUILD 1
#endif
#endif
#ifdef OPSNN_TSAN_BUILD
/* ThreadSanitizer refuses new threads in a child of a multi-threaded process
 * unless told otherwise; the children here start the pool. */
const char *__tsan_default_options(void);
const char *__tsan_default_options(void)
{
    return "die_after_fork=0";
}
#endif

/* Seconds a child may take; generous for valgrind and sanitizers. */
#ifndef CHILD_DEADLINE_S
#define CHILD_DEADLINE_S 60
#endif

static void sleep_ms(int ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Run fn in a forked child; fn's return (0..255), or -1 when the child did
 * not end by the deadline (it is killed), died of a signal or did not say.
 * The child reports through a pipe, not its exit status: under valgrind a
 * child's exit status is valgrind's verdict on the child's memory, and a
 * child cannot free the stacks of the parent's threads it inherited. */
static int in_child(int (*fn)(void), int deadline_s)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        alarm((unsigned)deadline_s * 2 + 5); /* the child ends even if the parent dies */
        unsigned char rc = (unsigned char)fn();
        ssize_t w = write(fds[1], &rc, 1);
        _exit(w == 1 ? rc : 255);
    }
    close(fds[1]);
    int status = 0;
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid) {
            break;
        }
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - start.tv_sec >= deadline_s) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            close(fds[0]);
            print_error("child %ld did not finish within %d s: killed\n", (long)pid, deadline_s);
            return -1;
        }
        sleep_ms(10);
    }
    unsigned char rc = 0;
    ssize_t got = read(fds[0], &rc, 1);
    close(fds[0]);
    if (WIFSIGNALED(status)) {
        print_error("child died of signal %d\n", WTERMSIG(status));
        return -1;
    }
    return got == 1 ? rc : -1;
}

/* ---- a call large enough for several threads ---------------------------- */

#define BIG (1 << 18) /* ~3 MB of traffic: phase 2 wants the pool */

/* SoftshrinkBackward over BIG elements with lambda 1.5, on `threads`
 * threads; 0 when every element is right, else a nonzero code. */
static int big_call(int threads)
{
    opsnn_set_num_threads(threads);
    return tu_softshrink_check(BIG, 0);
}

/* 1 when phase 2 runs on the library's own pool (-DOPSNN_THREADING=pool):
 * then the pool's states can be checked. On the OpenMP backend the same
 * scenarios run; its children compute on the calling thread once the
 * parent had teams (libgomp's state is not usable after fork). */
static int pool_backend(void)
{
    return strcmp(opsnn_get_threading(), "pool") == 0;
}

/* What every child does: a failing call (the log and the error message), a
 * block of "device" memory and a stream, and a call on two threads, which
 * must have started a worker where the process may use two CPUs (on the
 * pool backend), and another once that worker has gone to sleep. */
static int child_uses_the_library(void)
{
    if (aclrtSetDevice(7) == ACL_SUCCESS || aclGetRecentErrMsg() == NULL) {
        return 20;
    }
    void *p = NULL;
    if (aclrtMalloc(&p, 4096, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
        aclrtFree(p) != ACL_SUCCESS) {
        return 21;
    }
    aclrtStream s = NULL;
    if (aclrtCreateStream(&s) != ACL_SUCCESS || aclrtDestroyStream(s) != ACL_SUCCESS) {
        return 22;
    }
    int rc = big_call(2);
    if (rc != 0) {
        return rc;
    }
    if (pool_backend() && opsnn_usable_cpus() >= 2) {
        if (opsnn_pool_workers() < 1) {
            return 23;
        }
        /* the child's own worker asleep, then woken, a few times: the
         * condition variable (glibc's has two groups of waiters) */
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 500 && opsnn_pool_sleepers() == 0; i++) {
                sleep_ms(2);
            }
            if (opsnn_pool_sleepers() == 0) {
                return 24;
            }
            rc = big_call(2);
            if (rc != 0) {
                return rc;
            }
        }
    }
    return big_call(1);
}

/* qemu-user (a cross build's ctest sets OPSNN_TEST_EMULATOR) aborts in a
 * child of a multi-threaded process that starts a thread (its own
 * "cpu == current_cpu" assertion): the suite is skipped there. */
static void skip_under_emulator(void)
{
    const char *emu = getenv("OPSNN_TEST_EMULATOR");
    if (emu != NULL && emu[0] != '\0') {
        print_message("skipped under the emulator (%s): it cannot run threads in a child of a "
                      "multi-threaded process\n", emu);
        skip();
    }
}

/* AddressSanitizer's allocator (clang 14's) keeps its own locks through a
 * fork: a child forked while another thread is inside malloc or free can
 * wait forever on a lock of the sanitizer's, not of the library's (seen as
 * a child hung in __asan::Allocator under free, about one run in six). */
#if defined(__SANITIZE_ADDRESS__)
#define TEST_FORK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_FORK_ASAN 1
#endif
#endif

static void skip_under_asan(void)
{
#ifdef TEST_FORK_ASAN
    print_message("skipped under AddressSanitizer: its allocator is not fork-safe while other "
                  "threads allocate\n");
    skip();
#endif
}

/* ---- the pool's states ------------------------------------------------------ */

/* Defect: the child kept the condition variable that counted the parent's
 * sleeping worker, and its first broadcast waited for it forever. */
static void child_runs_threads_after_the_pool_slept_in_the_parent(void **state)
{
    (void)state;
    skip_under_emulator();
    assert_int_equal(big_call(2), 0);
    if (pool_backend() && opsnn_usable_cpus() >= 2) {
        for (int i = 0; i < 500 && opsnn_pool_sleepers() == 0; i++) {
            sleep_ms(2); /* past the spin window: the worker sleeps */
        }
        assert_true(opsnn_pool_sleepers() > 0);
    }
    assert_int_equal(in_child(child_uses_the_library, CHILD_DEADLINE_S), 0);
    /* the parent's pool is as it was */
    assert_int_equal(big_call(2), 0);
}

static void child_runs_threads_after_the_pool_spun_in_the_parent(void **state)
{
    (void)state;
    skip_under_emulator();
    opsnn_test_set_pool_spin_us(OPSNN_POOL_SPIN_US_MAX); /* the worker spins through the fork */
    assert_int_equal(big_call(2), 0);
    assert_int_equal(in_child(child_uses_the_library, CHILD_DEADLINE_S), 0);
    opsnn_test_set_pool_spin_us(-1);
    assert_int_equal(big_call(2), 0);
}

static void child_runs_threads_after_the_pool_stopped_in_the_parent(void **state)
{
    (void)state;
    skip_under_emulator();
    opsnn_pool_shutdown();
    assert_int_equal(opsnn_pool_workers(), 0);
    assert_int_equal(in_child(child_uses_the_library, CHILD_DEADLINE_S), 0);
}

/* ---- forking while other threads use the library ---------------------------- */

enum { LOGGER, ALLOCATOR, SMALL_CALLS, BIG_CALLS, NKINDS };

static atomic_int stop_busy;
static atomic_long busy_rounds[NKINDS];

/* One kind of work in a loop: failing calls (the log mutex, with the log
 * written to a file), aclrtMalloc/aclrtFree and streams (the registries),
 * small two-phase calls (the executor table), calls on the pool. */
static void *busy_thread(void *arg)
{
    int kind = (int)(intptr_t)arg;
    float g[4] = {1, 2, 3, 4}, x[4] = {0.1f, 2, -3, 0.4f}, y[4];
    int64_t dims[1] = {4};
    float lambd = 0.5f;
    while (!atomic_load(&stop_busy)) {
        if (kind == LOGGER) {
            (void)aclrtSetDevice(3);
            (void)aclGetRecentErrMsg();
        } else if (kind == ALLOCATOR) {
            void *p = NULL;
            if (aclrtMalloc(&p, 256, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS) {
                (void)aclrtFree(p);
            }
            aclrtStream s = NULL;
            if (aclrtCreateStream(&s) == ACL_SUCCESS) {
                (void)aclrtDestroyStream(s);
            }
        } else if (kind == SMALL_CALLS) {
            aclTensor *tg = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, g);
            aclTensor *tx = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, x);
            aclTensor *ty = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, y);
            aclScalar *lambda = aclCreateScalar(&lambd, ACL_FLOAT);
            uint64_t ws = 0;
            aclOpExecutor *ex = NULL;
            if (aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, lambda, ty, &ws, &ex) == 0) {
                (void)aclnnSoftshrinkBackward(NULL, 0, ex, NULL);
            }
            aclDestroyTensor(tg);
            aclDestroyTensor(tx);
            aclDestroyTensor(ty);
            aclDestroyScalar(lambda);
        } else {
            (void)big_call(2);
        }
        atomic_fetch_add(&busy_rounds[kind], 1);
    }
    return NULL;
}

static char log_root[256];

static void rm_logs(void)
{
    char plog[512];
    snprintf(plog, sizeof plog, "%s/debug/plog", log_root);
    DIR *d = opendir(plog);
    if (d != NULL) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            char f[800];
            snprintf(f, sizeof f, "%s/%s", plog, e->d_name);
            (void)unlink(f);
        }
        closedir(d);
    }
    rmdir(plog);
    snprintf(plog, sizeof plog, "%s/debug", log_root);
    rmdir(plog);
    rmdir(log_root);
}

/* Defect: a child forked while another thread held the log mutex, the
 * memory registry or the executor table deadlocked at its first use. */
static void children_forked_while_every_lock_is_busy_use_the_library(void **state)
{
    (void)state;
    skip_under_emulator();
    skip_under_asan(); /* its busy threads allocate all the time */
    /* errors logged to a file, so that the logger thread holds the log mutex */
    snprintf(log_root, sizeof log_root, "/tmp/opsnn_test_fork_%ld", (long)getpid());
    setenv("ASCEND_PROCESS_LOG_PATH", log_root, 1);
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "3", 1);
    opsnn_log_reconfigure();
    atomic_store(&stop_busy, 0);
    pthread_t t[NKINDS];
    for (int k = 0; k < NKINDS; k++) {
        assert_int_equal(pthread_create(&t[k], NULL, busy_thread, (void *)(intptr_t)k), 0);
    }
    for (int k = 0; k < NKINDS; k++) {
        while (atomic_load(&busy_rounds[k]) == 0) {
            sleep_ms(1);
        }
    }
    int failed = 0;
    for (int i = 0; i < 40 && failed == 0; i++) {
        failed = in_child(child_uses_the_library, CHILD_DEADLINE_S);
        if (failed != 0) {
            print_error("fork %d: child returned %d\n", i, failed);
        }
    }
    atomic_store(&stop_busy, 1);
    for (int k = 0; k < NKINDS; k++) {
        pthread_join(t[k], NULL);
    }
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 1);
    opsnn_log_reconfigure();
    rm_logs();
    assert_int_equal(failed, 0);
}

/* The callback sink too: records handed to a callback while the parent forks. */
static atomic_long callback_records;

static void count_record(int level, const char *message, void *user)
{
    (void)level;
    (void)message;
    (void)user;
    atomic_fetch_add(&callback_records, 1);
}

static int child_logs_through_the_callback(void)
{
    long before = atomic_load(&callback_records);
    (void)aclrtSetDevice(5);
    return atomic_load(&callback_records) == before + 1 ? child_uses_the_library() : 30;
}

static void children_forked_while_a_callback_logs_use_it(void **state)
{
    (void)state;
    skip_under_emulator();
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "3", 1);
    opsnn_log_reconfigure();
    opsnn_set_log_callback(count_record, NULL);
    atomic_store(&stop_busy, 0);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, busy_thread, (void *)(intptr_t)LOGGER), 0);
    int failed = 0;
    for (int i = 0; i < 20 && failed == 0; i++) {
        failed = in_child(child_logs_through_the_callback, CHILD_DEADLINE_S);
    }
    atomic_store(&stop_busy, 1);
    pthread_join(t, NULL);
    opsnn_set_log_callback(NULL, NULL);
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 1);
    opsnn_log_reconfigure();
    assert_int_equal(failed, 0);
}

/* A grandchild: fork works again in a child that forked. */
static int child_forks_again(void)
{
    int rc = child_uses_the_library();
    return rc != 0 ? rc : in_child(child_uses_the_library, CHILD_DEADLINE_S);
}

static void a_child_may_fork_again(void **state)
{
    (void)state;
    skip_under_emulator();
    assert_int_equal(big_call(2), 0);
    assert_int_equal(in_child(child_forks_again, CHILD_DEADLINE_S), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(child_runs_threads_after_the_pool_slept_in_the_parent),
        cmocka_unit_test(child_runs_threads_after_the_pool_spun_in_the_parent),
        cmocka_unit_test(child_runs_threads_after_the_pool_stopped_in_the_parent),
        cmocka_unit_test(children_forked_while_every_lock_is_busy_use_the_library),
        cmocka_unit_test(children_forked_while_a_callback_logs_use_it),
        cmocka_unit_test(a_child_may_fork_again),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
