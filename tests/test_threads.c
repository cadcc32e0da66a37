/*
 * test_threads.c - phase 2's threads (src/common/threads.c, pool.c, docs/dev/testing.md):
 * the thread count read strictly from the environment and clamped to the CPUs
 * the process may use; the worker pool degrading to fewer threads (down to
 * the caller alone) when threads cannot be created, instead of ending the
 * process as an OpenMP runtime does; results identical in every case; idle
 * workers that spin for a bounded window (OPSNN_POOL_SPIN_US) before they
 * sleep, and still sleep, wake and shut down as before. Under the OpenMP
 * backend: the same results and the same fallback to fewer threads, from what
 * the backend checks before it asks the runtime for a team (its test limit,
 * RLIMIT_NPROC, RLIMIT_AS, a fork); the pool's own tests drive the pool
 * directly, which exists in both builds.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdatomic.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "common/sysinfo.h"
#include "common/threads.h"
#include "opsnn/opsnn.h"
#include "thread_count.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif

extern char **environ;

/* This binary (argv[0]; /proc/self/exe would be valgrind's tool under valgrind). */
static const char *self_path;

/* Under qemu-user (a cross build's ctest sets OPSNN_TEST_EMULATOR) this
 * binary cannot execve itself (the host kernel cannot run it), and an
 * address-space limit would bind the emulator, not the library: the tests
 * that re-execute it skip there. */
static void skip_under_emulator(void)
{
    const char *emu = getenv("OPSNN_TEST_EMULATOR");
    if (emu != NULL && emu[0] != '\0') {
        print_message("skipped under the emulator (%s)\n", emu);
        skip();
    }
}

static int backend_is(const char *name)
{
    return strcmp(opsnn_get_threading(), name) == 0;
}

static void skip_unless_backend(const char *name)
{
    if (!backend_is(name)) {
        print_message("skipped: this build's threads are %s, not %s\n", opsnn_get_threading(),
                      name);
        skip();
    }
}


/* ---- OPSNN_NUM_THREADS ---------------------------------------------------- */

static void thread_counts_parse_strictly(void **state)
{
    (void)state;
    int n = -7;
    assert_int_equal(opsnn_parse_thread_count("4", &n), 0);
    assert_int_equal(n, 4);
    assert_int_equal(opsnn_parse_thread_count(" 12 ", &n), 0);
    assert_int_equal(n, 12);
    assert_int_equal(opsnn_parse_thread_count("2147483647", &n), 0);
    assert_int_equal(n, 2147483647);
    n = -7;
    static const char *const bad[] = {"3abc", "4294967297", "2147483648", "0", "-2", "+3",
                                      "", " ", "1e3", "0x10", "4,2", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (opsnn_parse_thread_count(bad[i], &n) != -1 || n != -7) {
            fail_msg("\"%s\" was accepted as %d", bad[i], n);
        }
    }
    assert_int_equal(opsnn_parse_thread_count(NULL, &n), -1);
}

static void cgroup_cpu_max_is_rounded_up_and_max_means_no_limit(void **state)
{
    (void)state;
    assert_int_equal(opsnn_cgroup_cpu_max_cpus("max 100000\n"), 0);
    assert_int_equal(opsnn_cgroup_cpu_max_cpus("200000 100000\n"), 2);
    assert_int_equal(opsnn_cgroup_cpu_max_cpus("150000 100000"), 2);
    assert_int_equal(opsnn_cgroup_cpu_max_cpus("50000 100000"), 1);
    assert_int_equal(opsnn_cgroup_cpu_max_cpus("-1 100000"), 0); /* cgroup v1 "no quota" */
    assert_int_equal(opsnn_cgroup_cpu_max_cpus("garbage"), 0);
    assert_int_equal(opsnn_cgroup_cpu_max_cpus("100000 0"), 0);
    assert_int_equal(opsnn_cgroup_cpu_max_cpus(""), 0);
}

static void usable_cpus_lie_between_one_and_the_online_cpus(void **state)
{
    (void)state;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    int n = opsnn_usable_cpus();
    assert_true(n >= 1);
    if (online > 0) {
        assert_true(n <= online);
    }
}

/* This test binary run with `mode` (--print-threads, --print-spin) and the
 * given environment variable set: the number it prints in a fresh process. */
static int child_prints(const char *mode, const char *var, const char *value)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], 1);
        unsetenv("OPSNN_NUM_THREADS");
        unsetenv("OMP_NUM_THREADS");
        unsetenv("OPSNN_POOL_SPIN_US");
        if (var != NULL) {
            setenv(var, value, 1);
        }
        char *argv[] = {"test_threads", (char *)mode, NULL};
        execve(self_path, argv, environ);
        _exit(127);
    }
    close(fds[1]);
    char buf[64] = {0};
    ssize_t got = read(fds[0], buf, sizeof buf - 1);
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_true(got > 0);
    return atoi(buf);
}

static int threads_in_child(const char *var, const char *value)
{
    return child_prints("--print-threads", var, value);
}

static void malformed_or_huge_thread_counts_fall_back_to_the_usable_cpus(void **state)
{
    (void)state;
    skip_under_emulator();
    int cpus = opsnn_usable_cpus();
    assert_int_equal(threads_in_child("OPSNN_NUM_THREADS", "1"), 1);
    assert_int_equal(threads_in_child("OPSNN_NUM_THREADS", "3abc"), cpus);
    assert_int_equal(threads_in_child("OPSNN_NUM_THREADS", "4294967297"), cpus);
    assert_int_equal(threads_in_child("OPSNN_NUM_THREADS", "-4"), cpus);
    assert_int_equal(threads_in_child("OPSNN_NUM_THREADS", "100000"), cpus);
    assert_int_equal(threads_in_child("OMP_NUM_THREADS", "1"), 1);
    assert_int_equal(threads_in_child("OMP_NUM_THREADS", "100000"), cpus);
}

/* ---- The pool --------------------------------------------------------------- */

#define BIG (1 << 18) /* ~3 MB of traffic: phase 2 wants 4 threads */

typedef struct {
    float *g, *x, *y;
    aclTensor *tg, *tx, *ty;
    aclScalar *lambda;
} big_op;

static void big_make(big_op *o)
{
    o->g = malloc(BIG * sizeof(float));
    o->x = malloc(BIG * sizeof(float));
    o->y = malloc(BIG * sizeof(float));
    assert_non_null(o->g);
    assert_non_null(o->x);
    assert_non_null(o->y);
    for (int i = 0; i < BIG; i++) {
        o->g[i] = (float)i;
        o->x[i] = (float)(i % 7) - 3.0f;
        o->y[i] = -1.0f;
    }
    int64_t dims[1] = {BIG};
    float lambd = 1.5f;
    o->tg = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, o->g);
    o->tx = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, o->x);
    o->ty = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, o->y);
    o->lambda = aclCreateScalar(&lambd, ACL_FLOAT);
}

/* Phase 1 + 2; returns the status of phase 2, and -1 for a wrong element. */
static int big_run(big_op *o)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    if (aclnnSoftshrinkBackwardGetWorkspaceSize(o->tg, o->tx, o->lambda, o->ty, &ws, &ex) !=
        ACLNN_SUCCESS) {
        return -2;
    }
    int rc = aclnnSoftshrinkBackward(NULL, 0, ex, NULL);
    for (int i = 0; rc == 0 && i < BIG; i++) {
        float want = (o->x[i] > 1.5f || o->x[i] < -1.5f) ? o->g[i] : 0.0f;
        if (memcmp(&o->y[i], &want, sizeof want) != 0) {
            rc = -1;
        }
    }
    return rc;
}

static void big_free(big_op *o)
{
    aclDestroyTensor(o->tg);
    aclDestroyTensor(o->tx);
    aclDestroyTensor(o->ty);
    aclDestroyScalar(o->lambda);
    free(o->g);
    free(o->x);
    free(o->y);
}

static int expected_workers(int want)
{
    int cap = opsnn_usable_cpus() - 1;
    return want < cap ? want : cap;
}

static void failing_thread_creation_runs_on_the_threads_there_are(void **state)
{
    (void)state;
    skip_unless_backend("pool");
    big_op o;
    big_make(&o);
    opsnn_set_num_threads(4);
    opsnn_pool_shutdown();
    opsnn_test_fail_thread_create_after(0); /* no worker can start */
    assert_int_equal(big_run(&o), ACLNN_SUCCESS);
    assert_int_equal(opsnn_pool_workers(), 0);
    opsnn_test_fail_thread_create_after(1); /* one more starts, then none */
    assert_int_equal(big_run(&o), ACLNN_SUCCESS);
    assert_int_equal(opsnn_pool_workers(), expected_workers(1));
    opsnn_test_fail_thread_create_after(-1);
    assert_int_equal(big_run(&o), ACLNN_SUCCESS);
    assert_int_equal(opsnn_pool_workers(), expected_workers(3));
    /* the pool stops and starts again */
    opsnn_pool_shutdown();
    assert_int_equal(opsnn_pool_workers(), 0);
    assert_int_equal(big_run(&o), ACLNN_SUCCESS);
    opsnn_set_num_threads(0);
    big_free(&o);
}

static void huge_thread_request_starts_no_more_workers_than_cpus(void **state)
{
    (void)state;
    big_op o;
    big_make(&o);
    opsnn_pool_shutdown();
    int before = tc_process_threads();
    assert_int_equal(opsnn_set_num_threads(100000), 100000);
    assert_int_equal(big_run(&o), ACLNN_SUCCESS);
    assert_true(opsnn_pool_workers() <= opsnn_usable_cpus() - 1);
    /* the OpenMP team is capped by the usable CPUs too (the caller included) */
    assert_true(tc_process_threads() - before <= opsnn_usable_cpus() - 1 + TC_TSAN_THREADS);
    opsnn_set_num_threads(0);
    big_free(&o);
}

/* The OpenMP backend asks the runtime, which ends the process when a thread
 * cannot be created, for no more new threads than its checks leave room for:
 * here the tests' limit (no room, then room for one). */
static void omp_team_asks_for_no_more_threads_than_there_is_room_for(void **state)
{
    (void)state;
    skip_unless_backend("openmp");
    big_op o;
    big_make(&o);
    opsnn_set_num_threads(4);
    int before = tc_process_threads();
    opsnn_test_fail_thread_create_after(0);
    assert_int_equal(big_run(&o), ACLNN_SUCCESS);
    if (tc_process_threads() > before + TC_TSAN_THREADS) {
        fail_msg("a team started %d thread(s) with no room for any", tc_process_threads() - before);
    }
    opsnn_test_fail_thread_create_after(1);
    assert_int_equal(big_run(&o), ACLNN_SUCCESS);
    assert_true(tc_process_threads() - before <= 1 + TC_TSAN_THREADS);
    opsnn_test_fail_thread_create_after(-1);
    assert_int_equal(big_run(&o), ACLNN_SUCCESS);
    opsnn_set_num_threads(0);
    big_free(&o);
}

/* A fresh process whose RLIMIT_NPROC leaves no room for another thread: the
 * OpenMP backend runs phase 2 on the caller (the runtime would have ended
 * the process), the pool tries, fails and does the same; either way the
 * result is right and the process has one thread. (As root the kernel does
 * not apply the limit, but the backend still honours it.) */
static int nproc_limit_child(void)
{
    big_op o;
    big_make(&o);
    opsnn_set_num_threads(4);
    struct rlimit rl;
    if (getrlimit(RLIMIT_NPROC, &rl) != 0) {
        return 77;
    }
    struct rlimit was = rl;
    rl.rlim_cur = (rlim_t)tc_process_threads();
    if (setrlimit(RLIMIT_NPROC, &rl) != 0) {
        big_free(&o);
        return 77;
    }
    int rc = big_run(&o) != ACLNN_SUCCESS ? 3 : 0;
    int kernel_ignores_limit = backend_is("pool") && geteuid() == 0;
    if (rc == 0 && tc_process_threads() > 1 + TC_TSAN_THREADS && !kernel_ignores_limit) {
        rc = 4; /* a thread beyond the limit */
    }
    (void)setrlimit(RLIMIT_NPROC, &was); /* LeakSanitizer's exit check starts a thread */
    big_free(&o);
    return rc;
}

/* Runs this binary with `mode` in a fresh process; its exit status (77: skip). */
static void run_child_mode(const char *mode)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char *argv[] = {"test_threads", (char *)mode, NULL};
        execve(self_path, argv, environ);
        _exit(127);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 77) {
        skip();
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fail_msg("%s: the child ended with %s %d", mode,
                 WIFEXITED(status) ? "exit status" : "signal",
                 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    }
}

static void process_thread_limit_runs_on_the_caller(void **state)
{
    (void)state;
    skip_under_emulator();
    run_child_mode("--nproc-limit-child");
}

/* fork() after phase 2 ran on several threads: the child's phase 2 must
 * finish with the right result (libgomp's next team in such a child waits
 * forever for the parent's threads; the pool starts afresh). */
static void a_forked_child_runs_phase_2(void **state)
{
    (void)state;
#ifdef TC_TSAN
    print_message("skipped: ThreadSanitizer ends a child of a multi-threaded fork that starts "
                  "threads\n");
    skip();
#endif
    /* qemu-user 7.2 (Debian 12's) aborts in a forked child that starts a
     * thread while the parent had another alive at the fork ("cpu_exec:
     * assertion failed: (cpu == current_cpu)"; a 15-line C program with no
     * library in it does the same), and the pool's workers are alive at the
     * fork: only the OpenMP build, whose child runs on the caller, gets
     * through there. */
    if (backend_is("pool")) {
        skip_under_emulator();
    }
    big_op o;
    big_make(&o);
    opsnn_set_num_threads(2);
    assert_int_equal(big_run(&o), ACLNN_SUCCESS);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(60); /* a hang ends as SIGALRM, not as a stuck suite */
        int rc = big_run(&o) == ACLNN_SUCCESS ? 0 : 3;
        big_free(&o);
        opsnn_pool_shutdown(); /* _exit skips the exit handler that joins the child's pool */
        _exit(rc);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fail_msg("the child ended with %s %d", WIFEXITED(status) ? "exit status" : "signal",
                 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    }
    opsnn_set_num_threads(0);
    big_free(&o);
}

static void stack_sizes_parse_as_omp_stacksize_is_written(void **state)
{
    (void)state;
    long long b = -7;
    assert_int_equal(opsnn_parse_stack_size("512", &b), 0);
    assert_true(b == 512LL << 10); /* no unit: KiB */
    assert_int_equal(opsnn_parse_stack_size(" 4M ", &b), 0);
    assert_true(b == 4LL << 20);
    assert_int_equal(opsnn_parse_stack_size("100b", &b), 0);
    assert_true(b == 100);
    assert_int_equal(opsnn_parse_stack_size("2 G", &b), 0);
    assert_true(b == 2LL << 30);
    assert_int_equal(opsnn_parse_stack_size("8k", &b), 0);
    assert_true(b == 8LL << 10);
    b = -7;
    static const char *const bad[] = {"", " ", "-1", "4T", "4MB", "M", "0x10",
                                      "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (opsnn_parse_stack_size(bad[i], &b) != -1 || b != -7) {
            fail_msg("\"%s\" was accepted as %lld", bad[i], b);
        }
    }
    assert_int_equal(opsnn_parse_stack_size(NULL, &b), -1);
}

static void cgroup_pids_room_is_max_minus_current(void **state)
{
    (void)state;
    assert_int_equal(opsnn_cgroup_pids_room("max\n", "12\n"), INT_MAX);
    assert_int_equal(opsnn_cgroup_pids_room("100\n", "12\n"), 88);
    assert_int_equal(opsnn_cgroup_pids_room("12", "12"), 0);
    assert_int_equal(opsnn_cgroup_pids_room("10", "12"), 0); /* over: lowered after the fact */
    assert_int_equal(opsnn_cgroup_pids_room("garbage", "1"), INT_MAX);
    assert_int_equal(opsnn_cgroup_pids_room("100", "x"), INT_MAX);
    assert_int_equal(opsnn_cgroup_pids_room(NULL, "1"), INT_MAX);
    assert_int_equal(opsnn_cgroup_pids_room("99999999999", "1"), INT_MAX);
}

/* The real thing: a fresh process (no cached thread stacks) whose address
 * space cannot hold another thread stack runs phase 2 with 4 threads; it
 * must return SUCCESS with the right result (libgomp printed "Thread creation
 * failed" and called exit(1) here). Not under the sanitizers, whose shadow
 * memory needs a huge address space. */
static int as_limit_child(void)
{
    big_op o;
    big_make(&o);
    opsnn_set_num_threads(4);
    long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL || fscanf(f, "%ld", &pages) != 1) {
        return 77;
    }
    fclose(f);
    rlim_t limit = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + ((rlim_t)256 << 10);
    struct rlimit rl = {limit, limit};
    if (setrlimit(RLIMIT_AS, &rl) != 0) {
        return 77;
    }
    return big_run(&o) == ACLNN_SUCCESS ? 0 : 3;
}

static void address_space_limit_does_not_end_the_process(void **state)
{
    (void)state;
    skip_under_emulator();
#ifdef SANITIZED
    skip();
#else
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char *argv[] = {"test_threads", "--as-limit-child", NULL};
        execve(self_path, argv, environ);
        _exit(127);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 77) {
        skip();
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fail_msg("the child ended with %s %d", WIFEXITED(status) ? "exit status" : "signal",
                 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    }
#endif
}


/* ---- Spinning workers (OPSNN_POOL_SPIN_US) ------------------------------------ */

static void spin_times_parse_strictly(void **state)
{
    (void)state;
    int us = -7;
    assert_int_equal(opsnn_parse_spin_us("0", &us), 0);
    assert_int_equal(us, 0);
    assert_int_equal(opsnn_parse_spin_us(" 250\t", &us), 0);
    assert_int_equal(us, 250);
    assert_int_equal(opsnn_parse_spin_us("1000000", &us), 0);
    assert_int_equal(us, OPSNN_POOL_SPIN_US_MAX);
    us = -7;
    static const char *const bad[] = {"1000001", "-1", "+3", "", " ", "1e3", "0x10", "50us",
                                      "4,2", "99999999999999999999", "abc"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (opsnn_parse_spin_us(bad[i], &us) != -1 || us != -7) {
            fail_msg("\"%s\" was accepted as %d", bad[i], us);
        }
    }
    assert_int_equal(opsnn_parse_spin_us(NULL, &us), -1);
}

static void spin_time_comes_from_the_environment_or_the_default(void **state)
{
    (void)state;
    skip_under_emulator();
    assert_int_equal(child_prints("--print-spin", NULL, NULL), OPSNN_POOL_SPIN_US_DEFAULT);
    assert_int_equal(child_prints("--print-spin", "OPSNN_POOL_SPIN_US", "0"), 0);
    assert_int_equal(child_prints("--print-spin", "OPSNN_POOL_SPIN_US", "250"), 250);
    assert_int_equal(child_prints("--print-spin", "OPSNN_POOL_SPIN_US", ""),
                     OPSNN_POOL_SPIN_US_DEFAULT);
    assert_int_equal(child_prints("--print-spin", "OPSNN_POOL_SPIN_US", "lots"),
                     OPSNN_POOL_SPIN_US_DEFAULT);
    assert_int_equal(child_prints("--print-spin", "OPSNN_POOL_SPIN_US", "2000000"),
                     OPSNN_POOL_SPIN_US_DEFAULT);
    /* the test override wins, and -1 goes back to the environment's value */
    opsnn_test_set_pool_spin_us(7);
    assert_int_equal(opsnn_pool_spin_us(), 7);
    opsnn_test_set_pool_spin_us(-1);
    assert_true(opsnn_pool_spin_us() >= 0);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void nap_ms(int ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* A two-block job whose blocks wait (up to 5 s) for each other: it finishes
 * quickly only when a worker takes the second block while the caller holds
 * the first. `met` says whether both met; `other` whether a thread other
 * than the caller ran a block. */
typedef struct {
    atomic_int arrived, met, other;
    pthread_t caller;
} rendezvous;

static void meet(void *arg, int64_t i)
{
    (void)i;
    rendezvous *r = arg;
    if (!pthread_equal(pthread_self(), r->caller)) {
        atomic_store(&r->other, 1);
    }
    atomic_fetch_add(&r->arrived, 1);
    double until = now_s() + 5.0;
    while (atomic_load(&r->arrived) < 2 && now_s() < until) {
        nap_ms(0);
    }
    if (atomic_load(&r->arrived) >= 2) {
        atomic_store(&r->met, 1);
    }
}

/* Runs the rendezvous job; 1 when a worker took part. */
static int run_rendezvous(void)
{
    rendezvous r;
    atomic_init(&r.arrived, 0);
    atomic_init(&r.met, 0);
    atomic_init(&r.other, 0);
    r.caller = pthread_self();
    opsnn_pool_parallel_for(2, 2, meet, &r);
    return atomic_load(&r.met) && atomic_load(&r.other);
}

static void skip_without_a_worker(void)
{
    if (opsnn_usable_cpus() < 2) {
        print_message("skipped: this process may use one CPU, so the pool has no worker\n");
        skip();
    }
}

/* Polls (up to 5 s) until every worker sleeps; the seconds it took, or -1. */
static double until_all_sleep(void)
{
    double t0 = now_s();
    while (now_s() - t0 < 5.0) {
        if (opsnn_pool_workers() > 0 && opsnn_pool_sleepers() == opsnn_pool_workers()) {
            return now_s() - t0;
        }
        nap_ms(1);
    }
    return -1;
}

static void a_job_goes_to_a_spinning_worker_without_a_wake_up(void **state)
{
    (void)state;
    skip_without_a_worker();
    opsnn_pool_shutdown();
    opsnn_test_set_pool_spin_us(OPSNN_POOL_SPIN_US_MAX); /* 1 s */
    assert_true(run_rendezvous()); /* starts the worker */
    nap_ms(20);                    /* well inside the window: it spins, awake */
    assert_int_equal(opsnn_pool_sleepers(), 0);
    long hits = opsnn_pool_spin_hits();
    assert_true(run_rendezvous());
    assert_true(opsnn_pool_spin_hits() > hits); /* found while spinning, not woken */
    opsnn_pool_shutdown();
    opsnn_test_set_pool_spin_us(-1);
}

static void workers_sleep_after_the_spin_window_and_still_wake(void **state)
{
    (void)state;
    skip_without_a_worker();
    opsnn_pool_shutdown();
    opsnn_test_set_pool_spin_us(2000); /* 2 ms */
    assert_true(run_rendezvous());
    double slept = until_all_sleep();
    assert_true(slept >= 0); /* the spin ended: the worker is asleep */
    long hits = opsnn_pool_spin_hits();
    assert_true(run_rendezvous()); /* a sleeping worker is woken for a job */
    assert_int_equal(opsnn_pool_spin_hits(), hits);
    /* 0: no spinning at all */
    opsnn_test_set_pool_spin_us(0);
    assert_true(until_all_sleep() >= 0);
    assert_true(run_rendezvous());
    assert_true(until_all_sleep() >= 0);
    opsnn_pool_shutdown();
    opsnn_test_set_pool_spin_us(-1);
}

static void shutdown_does_not_wait_out_the_spin(void **state)
{
    (void)state;
    skip_without_a_worker();
    opsnn_pool_shutdown();
    opsnn_test_set_pool_spin_us(OPSNN_POOL_SPIN_US_MAX); /* 1 s */
    assert_true(run_rendezvous());
    assert_int_equal(opsnn_pool_sleepers(), 0); /* spinning */
    double t0 = now_s();
    opsnn_pool_shutdown();
    double took = now_s() - t0;
    assert_int_equal(opsnn_pool_workers(), 0);
    if (took > 0.5) {
        fail_msg("shutdown took %.3f s: it waited for the 1 s spin to end", took);
    }
    /* the pool starts again, and results stay right after a spinning shutdown */
    assert_true(run_rendezvous());
    opsnn_pool_shutdown();
    opsnn_test_set_pool_spin_us(-1);
}

/* A two-item job whose second item, on a helper, holds it for `hold_ms`
 * (asleep) and `spin_us` (running) after the caller has finished the first: the caller then waits at the
 * region's end far longer than it worked. `foreign` counts the items run by
 * a thread other than the caller. */
typedef struct {
    atomic_int started, foreign;
    int hold_ms, spin_us; /* the helper's item naps, then spins */
    pthread_t caller;
    double caller_begin, caller_done; /* now_s() when the caller's item began, ended */
} late_job;

static void late_item(void *arg, int64_t i)
{
    (void)i;
    late_job *j = arg;
    atomic_fetch_add(&j->started, 1);
    if (!pthread_equal(pthread_self(), j->caller)) {
        atomic_fetch_add(&j->foreign, 1);
        nap_ms(j->hold_ms);
        double spin_until = now_s() + j->spin_us * 1e-6;
        while (now_s() < spin_until) {
        }
        return;
    }
    j->caller_begin = now_s();
    double until = j->caller_begin + 5.0; /* the caller's item waits until the helper has one */
    while (atomic_load(&j->started) < 2 && now_s() < until) {
        nap_ms(0);
    }
    j->caller_done = now_s();
}

/* The items run by a thread other than the caller; *waited (unless NULL):
 * the seconds of the call outside the caller's item, at least what the team
 * lost. */
static int run_late_job_waited(int hold_ms, int spin_us, double *waited)
{
    late_job j;
    atomic_init(&j.started, 0);
    atomic_init(&j.foreign, 0);
    j.hold_ms = hold_ms;
    j.spin_us = spin_us;
    j.caller = pthread_self();
    j.caller_begin = j.caller_done = 0;
    double t0 = now_s();
    opsnn_parallel_for(2, 2, late_item, &j);
    if (waited != NULL) {
        *waited = now_s() - t0 - (j.caller_done - j.caller_begin);
    }
    return atomic_load(&j.foreign);
}

static int run_late_job(int hold_ms)
{
    return run_late_job_waited(hold_ms, 0, NULL);
}

/* A late team only counts as late when back-offs could help: not when it
 * came more than 1 ms after the team before (its threads may have gone to
 * sleep), its helpers took none of the items and the machine's load average
 * is under its CPUs. Then the wait was the wake-up, which the next team
 * after a back-off pays again. */
static void a_late_team_after_a_pause_on_an_idle_machine_is_a_wakeup(void **state)
{
    (void)state;
    const int64_t ms = 1000 * 1000;
    static const struct {
        int64_t idle_ns;
        int helpers_took;
        double load;
        int cpus;
        int wakeup;
    } cases[] = {
        {2 * ms, 0, 1.0, 2, 1},     /* the opsnn_bench round after a 20 ms pause */
        {INT64_MAX, 0, 0.0, 1, 1},  /* no team before */
        {ms, 0, 1.0, 2, 0},         /* 1 ms: still spinning */
        {ms / 2, 0, 0.1, 16, 0},
        {2 * ms, 1, 1.0, 2, 0},     /* a helper ran an item: it was awake */
        {2 * ms, 0, 2.0, 2, 0},     /* as many runnable as CPUs */
        {2 * ms, 0, 13.0, 2, 0},
        {2 * ms, 0, -1.0, 2, 0},    /* load unknown */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = opsnn_omp_late_is_wakeup(cases[i].idle_ns, cases[i].helpers_took,
                                           cases[i].load, cases[i].cpus);
        if (got != cases[i].wakeup) {
            fail_msg("case %zu: %d, want %d", i, got, cases[i].wakeup);
        }
    }
}

/* An OpenMP region waits for its whole team, so a team whose helper comes
 * late (on an oversubscribed machine: a spinning runtime thread waiting for
 * its CPU share) makes the calls after it run on the caller for a back-off,
 * as the pool's caller never waits for a helper that has not joined. */
static void after_a_late_team_calls_run_on_the_caller_for_a_while(void **state)
{
    (void)state;
    skip_unless_backend("openmp");
    skip_without_a_worker();
    while (opsnn_omp_backoff_left_ns() > 0) { /* an earlier test's team came late */
        nap_ms(5);
    }
    (void)run_late_job(0); /* the runtime's threads started: the next team is judged */
    while (opsnn_omp_backoff_left_ns() > 0) { /* that team came late (a busy machine) */
        nap_ms(5);
    }
    double t0 = now_s();
    if (run_late_job(200) != 1) {
        print_message("skipped: no helper took an item\n");
        skip();
    }
    if (now_s() - t0 > 0.4) {
        print_message("skipped: the helper started too late to tell (a busy machine)\n");
        skip();
    }
    assert_true(opsnn_omp_backoff_left_ns() > 0);
    assert_int_equal(run_late_job(0), 0); /* on the caller alone */
    while (opsnn_omp_backoff_left_ns() > 0) {
        nap_ms(5);
    }
    /* after the back-off a team is tried again (the caller's item waits for
     * the helper to take the other; on a busy machine the helper may take
     * both before the caller claims one: qemu beside a benchmark, 2 vCPUs) */
    assert_true(run_late_job(0) >= 1);
}

static void nap_item(void *arg, int64_t i)
{
    (void)i;
    const long *ns = arg;
    struct timespec t = {0, *ns};
    nanosleep(&t, NULL);
}

/* The back-off after a late team lasts until the calls run on the caller
 * alone have given up about what the team lost, each charged half its time
 * (what a second thread would have saved it): a helper 1 ms late costs a few
 * calls, not a fixed stretch of time (10 ms, before). */
static void a_late_team_backs_off_until_calls_have_given_up_its_loss(void **state)
{
    (void)state;
    skip_unless_backend("openmp");
    skip_without_a_worker();
    while (opsnn_omp_backoff_left_ns() > 0) { /* an earlier test's team came late */
        nap_ms(5);
    }
    if (run_late_job(0) != 1) { /* on time: the next back-off does not double this one */
        print_message("skipped: no helper took an item\n");
        skip();
    }
    if (opsnn_omp_backoff_left_ns() > 0) {
        print_message("skipped: a team with nothing to wait for came late (a busy machine)\n");
        skip();
    }
    double lost_at_most;
    if (run_late_job_waited(0, 1000, &lost_at_most) != 1) {
        print_message("skipped: no helper took an item\n");
        skip();
    }
    if (opsnn_omp_backoff_left_ns() == 0) {
        print_message("skipped: the helper started so late that the team was not late\n");
        skip();
    }
    long item_ns = 200000;
    double alone = 0, longest = 0;
    for (int k = 0; k < 10000 && opsnn_omp_backoff_left_ns() > 0; k++) {
        double t = now_s();
        opsnn_parallel_for(2, 2, nap_item, &item_ns);
        t = now_s() - t;
        alone += t;
        longest = t > longest ? t : longest;
    }
    assert_int_equal(opsnn_omp_backoff_left_ns(), 0);
    if (alone > 2 * lost_at_most + longest + 1e-3) {
        fail_msg("after a team %.3f ms late the calls ran on the caller for %.3f ms",
                 lost_at_most * 1e3, alone * 1e3);
    }
}

/* The first team of a width has the runtime start its threads, which may
 * wait long for a CPU once: no back-off follows it. */
static int first_team_child(void)
{
    if (opsnn_usable_cpus() < 2 || run_late_job(50) != 1) {
        return 77;
    }
    return opsnn_omp_backoff_left_ns() == 0 ? 0 : 3;
}

static void the_team_that_starts_the_runtime_threads_is_not_judged_late(void **state)
{
    (void)state;
    skip_unless_backend("openmp");
    skip_under_emulator();
    run_child_mode("--first-team-child");
}

int main(int argc, char **argv)
{
    self_path = argv[0];
    if (argc == 2 && strcmp(argv[1], "--print-threads") == 0) {
        printf("%d\n", opsnn_get_num_threads());
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--as-limit-child") == 0) {
        return as_limit_child();
    }
    if (argc == 2 && strcmp(argv[1], "--nproc-limit-child") == 0) {
        return nproc_limit_child();
    }
    if (argc == 2 && strcmp(argv[1], "--first-team-child") == 0) {
        return first_team_child();
    }
    if (argc == 2 && strcmp(argv[1], "--print-spin") == 0) {
        printf("%d\n", opsnn_pool_spin_us());
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(thread_counts_parse_strictly),
        cmocka_unit_test(cgroup_cpu_max_is_rounded_up_and_max_means_no_limit),
        cmocka_unit_test(usable_cpus_lie_between_one_and_the_online_cpus),
        cmocka_unit_test(malformed_or_huge_thread_counts_fall_back_to_the_usable_cpus),
        cmocka_unit_test(failing_thread_creation_runs_on_the_threads_there_are),
        cmocka_unit_test(huge_thread_request_starts_no_more_workers_than_cpus),
        cmocka_unit_test(address_space_limit_does_not_end_the_process),
        cmocka_unit_test(omp_team_asks_for_no_more_threads_than_there_is_room_for),
        cmocka_unit_test(process_thread_limit_runs_on_the_caller),
        cmocka_unit_test(a_forked_child_runs_phase_2),
        cmocka_unit_test(a_late_team_after_a_pause_on_an_idle_machine_is_a_wakeup),
        cmocka_unit_test(after_a_late_team_calls_run_on_the_caller_for_a_while),
        cmocka_unit_test(a_late_team_backs_off_until_calls_have_given_up_its_loss),
        cmocka_unit_test(the_team_that_starts_the_runtime_threads_is_not_judged_late),
        cmocka_unit_test(stack_sizes_parse_as_omp_stacksize_is_written),
        cmocka_unit_test(cgroup_pids_room_is_max_minus_current),
        cmocka_unit_test(spin_times_parse_strictly),
        cmocka_unit_test(spin_time_comes_from_the_environment_or_the_default),
        cmocka_unit_test(a_job_goes_to_a_spinning_worker_without_a_wake_up),
        cmocka_unit_test(workers_sleep_after_the_spin_window_and_still_wake),
        cmocka_unit_test(shutdown_does_not_wait_out_the_spin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
