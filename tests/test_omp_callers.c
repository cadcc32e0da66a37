/*
 * test_omp_callers.c - the library called by OpenMP code (docs/integration.md):
 * operators called from inside `#pragma omp parallel` give the right
 * results and, under the OpenMP backend, start no thread beyond the caller's
 * team (the process's threads are counted in /proc/self/task); the thread
 * count follows OMP_NUM_THREADS and omp_set_num_threads(), and
 * OMP_NUM_THREADS=1 runs the library on the calling thread alone; a nested
 * team starts only when the runtime allows one more active level and
 * OPSNN_OMP_NESTED=1 asks for it (seen through opsnn_parallel_for, the seam
 * phase 2 calls, with two items that wait for each other). Built with the
 * compiler's OpenMP in every build that has one; under the pool backend the
 * thread counts are not asserted (the pool's workers are threads of their
 * own, which is what the OpenMP backend is for).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "common/threads.h"
#include "opsnn/opsnn.h"
#include "test_util.h"
#include "thread_count.h"


extern char **environ;
static const char *self_path;

#define N (1 << 18) /* ~3 MB of traffic: phase 2 wants every thread it may have */
#define CALLS 4


static int is_openmp_backend(void)
{
    return strcmp(opsnn_get_threading(), "openmp") == 0;
}

/* SoftshrinkBackward over N elements (tu_softshrink_check); 0 when every
 * output bit is right. */
static int softshrink_call(int salt)
{
    return tu_softshrink_check(N, salt) != 0;
}

/* Every thread of a team of `team` calls the operator CALLS times; returns
 * the wrong results and, in *most, the most threads the process had. */
static int calls_from_a_team(int team, int *most)
{
    int wrong = 0;
    *most = 0;
#pragma omp parallel num_threads(team) reduction(+ : wrong) reduction(max : most[0])
    {
        for (int k = 0; k < CALLS; k++) {
            wrong += softshrink_call(omp_get_thread_num() * 10 + k);
            int now = tc_process_threads();
            most[0] = now > most[0] ? now : most[0];
        }
    }
    return wrong;
}

static void operators_in_a_parallel_region_use_only_the_callers_team(void **state)
{
    (void)state;
    /* the first test: no team has run yet (under qemu-user the emulator's
     * own thread is there too, hence counts relative to this one) */
    int before = tc_process_threads();
    assert_true(before >= 1);
    int most = 0;
    int team = 2;
    assert_int_equal(calls_from_a_team(team, &most), 0);
    print_message("threads: %d with a team of %d, %d before (%s backend)\n", most, team, before,
                  opsnn_get_threading());
    if (is_openmp_backend()) { /* the team itself, no library threads */
        assert_true(most >= before + team - 1);
        assert_true(most <= before + team - 1 + TC_TSAN_THREADS);
    }
    /* and after the region, a call of the master thread alone reuses the team */
    assert_int_equal(softshrink_call(7), 0);
    if (is_openmp_backend()) {
        assert_true(tc_process_threads() <= before + team - 1 + TC_TSAN_THREADS);
    }
}

static void the_thread_count_follows_omp_set_num_threads(void **state)
{
    (void)state;
    if (!is_openmp_backend()) {
        skip();
    }
    int cpus = opsnn_get_num_threads();
    omp_set_num_threads(1);
    assert_int_equal(opsnn_get_num_threads(), 1);
    omp_set_num_threads(100000); /* capped by the CPUs the process may use */
    assert_true(opsnn_get_num_threads() >= 1);
    assert_true(opsnn_get_num_threads() <= 100000);
    assert_int_equal(opsnn_set_num_threads(1), 1); /* the library's own setting wins */
    assert_int_equal(opsnn_get_num_threads(), 1);
    opsnn_set_num_threads(0);
    omp_set_num_threads(cpus);
    assert_int_equal(opsnn_get_num_threads(), cpus);
}

/* This binary with `mode` and environment variables NAME=VALUE set, in a
 * fresh process: its exit status (77: skipped). */
static int run_child(const char *mode, const char *const *env)
{
    const char *emu = getenv("OPSNN_TEST_EMULATOR");
    if (emu != NULL && emu[0] != '\0') {
        skip(); /* qemu-user: this binary cannot execve itself */
    }
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        unsetenv("OMP_NUM_THREADS");
        unsetenv("OPSNN_NUM_THREADS");
        unsetenv("OPSNN_OMP_NESTED");
        for (int i = 0; env[i] != NULL; i += 2) {
            setenv(env[i], env[i + 1], 1);
        }
        char *argv[] = {"test_omp_callers", (char *)mode, NULL};
        execve(self_path, argv, environ);
        _exit(127);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* Child: a large call outside any region; 0 when it ran on this thread alone. */
static int serial_child(void)
{
    if (opsnn_get_num_threads() != 1) {
        return 2;
    }
    if (softshrink_call(3) != 0) {
        return 3;
    }
    return tc_process_threads() <= 1 + TC_TSAN_THREADS ? 0 : 4;
}

static void omp_num_threads_1_runs_the_library_serially(void **state)
{
    (void)state;
    static const char *const env[] = {"OMP_NUM_THREADS", "1", NULL};
    assert_int_equal(run_child("--serial-child", env), 0);
}

/* Two items for opsnn_parallel_for whose first waits (up to `patience_s`)
 * for the second to start: on a team they meet, on one thread the first
 * gives up. Each records the thread that ran it. */
typedef struct {
    atomic_int started;
    pthread_t ran[2];
    double patience_s;
} meeting;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void meet_item(void *arg, int64_t i)
{
    meeting *m = arg;
    m->ran[i] = pthread_self();
    atomic_fetch_add(&m->started, 1);
    double until = now_s() + m->patience_s;
    while (i == 0 && atomic_load(&m->started) < 2 && now_s() < until) {
        sched_yield();
    }
}

/* Child: thread 0 of a team of 2, with two active levels allowed, runs a
 * two-item phase-2 job; exit status 10 + the threads that ran its items
 * (the library's seam, opsnn_parallel_for, as the operators call it). */
static int nested_child(void)
{
    omp_set_max_active_levels(2);
    meeting m;
    atomic_init(&m.started, 0);
    m.patience_s = 1.0;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
            opsnn_parallel_for(2, 2, meet_item, &m);
        }
    }
    return 10 + (pthread_equal(m.ran[0], m.ran[1]) ? 1 : 2);
}

static void a_nested_team_starts_only_when_allowed_and_asked_for(void **state)
{
    (void)state;
    if (!is_openmp_backend() || opsnn_get_num_threads() < 2) {
        skip(); /* one CPU: no team of 2 for the library to nest */
    }
    static const char *const not_asked[] = {NULL};
    static const char *const asked[] = {"OPSNN_OMP_NESTED", "1", NULL};
    assert_int_equal(run_child("--nested-child", not_asked), 10 + 1);
    assert_int_equal(run_child("--nested-child", asked), 10 + 2);
}

int main(int argc, char **argv)
{
    self_path = argv[0];
    if (argc == 2 && strcmp(argv[1], "--serial-child") == 0) {
        return serial_child();
    }
    if (argc == 2 && strcmp(argv[1], "--nested-child") == 0) {
        return nested_child();
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(operators_in_a_parallel_region_use_only_the_callers_team),
        cmocka_unit_test(the_thread_count_follows_omp_set_num_threads),
        cmocka_unit_test(omp_num_threads_1_runs_the_library_serially),
        cmocka_unit_test(a_nested_team_starts_only_when_allowed_and_asked_for),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
