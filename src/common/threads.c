/* Thread-count control of opsnn/opsnn.h and phase 2's worker pool
 * (common/threads.h). Results never depend on the thread count: every element
 * is computed by the same instructions whatever block it falls in, and
 * whichever thread runs the block. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#endif
#include "common/threads.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef __linux__
#include <sched.h>
#endif

#include "common/error.h"
#include "common/fork.h"
#include "common/fpenv.h"
#include "opsnn/opsnn.h"

/* ---- How many threads --------------------------------------------------- */

/* The whole string a decimal integer in [lo, hi], blanks around it allowed;
 * 0 and *v on success, -1 otherwise (*v untouched). */
static int parse_decimal(const char *s, long lo, long hi, long *v)
{
    if (s == NULL) {
        return -1;
    }
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    if (*s < '0' || *s > '9') {
        return -1; /* no sign, no empty string */
    }
    char *end;
    errno = 0;
    long x = strtol(s, &end, 10);
    while (*end == ' ' || *end == '\t') {
        end++;
    }
    if (errno != 0 || *end != '\0' || x < lo || x > hi) {
        return -1;
    }
    *v = x;
    return 0;
}

int opsnn_parse_thread_count(const char *s, int *n)
{
    long v;
    if (parse_decimal(s, 1, INT_MAX, &v) != 0) {
        return -1;
    }
    *n = (int)v;
    return 0;
}

int opsnn_parse_spin_us(const char *s, int *us)
{
    long v;
    if (parse_decimal(s, 0, OPSNN_POOL_SPIN_US_MAX, &v) != 0) {
        return -1;
    }
    *us = (int)v;
    return 0;
}

int opsnn_cgroup_cpu_max_cpus(const char *text)
{
    long long quota, period;
    char word[16];
    if (sscanf(text, "%15s %lld", word, &period) != 2 || strcmp(word, "max") == 0 ||
        sscanf(word, "%lld", &quota) != 1 || quota <= 0 || period <= 0) {
        return 0;
    }
    long long cpus = (quota + period - 1) / period;
    return cpus > INT_MAX ? INT_MAX : (int)cpus;
}

/* First line of a small text file into buf; 0 on success. */
static int read_line(const char *path, char *buf, size_t size)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return -1;
    }
    int rc = fgets(buf, (int)size, f) != NULL ? 0 : -1;
    fclose(f);
    return rc;
}

int opsnn_cgroup_read(const char *controller, const char *file, char *buf, size_t size)
{
    char line[512], path[700];
    /* cgroup v2: "0::/some/path" in /proc/self/cgroup names our cgroup, in
     * the one hierarchy under /sys/fs/cgroup; v1: "N:pids:/some/path", under
     * /sys/fs/cgroup/pids. */
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (f != NULL) {
        while (fgets(line, sizeof line, f) != NULL) {
            line[strcspn(line, "\n")] = '\0';
            char *names = strchr(line, ':');
            char *where = names != NULL ? strchr(names + 1, ':') : NULL;
            if (where == NULL) {
                continue;
            }
            *where++ = '\0';
            names++;
            const char *dir = strcmp(where, "/") == 0 ? "" : where;
            if (names[0] == '\0') {
                snprintf(path, sizeof path, "/sys/fs/cgroup%s/%s", dir, file);
            } else if (strcmp(names, controller) == 0) {
                snprintf(path, sizeof path, "/sys/fs/cgroup/%s%s/%s", controller, dir, file);
            } else {
                continue;
            }
            if (read_line(path, buf, size) == 0) {
                fclose(f);
                return 0;
            }
        }
        fclose(f);
    }
    snprintf(path, sizeof path, "/sys/fs/cgroup/%s", file);
    return read_line(path, buf, size);
}

/* The CPU quota of the process's cgroup, or 0 when none is set or known. */
static int cgroup_cpus(void)
{
    char path[600];
    char text[128];
    if (opsnn_cgroup_read("cpu", "cpu.max", text, sizeof text) == 0) {
        return opsnn_cgroup_cpu_max_cpus(text);
    }
    /* cgroup v1: quota and period in two files (quota -1: no limit). */
    static const char *const dirs[] = {"/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char q[64], p[64], both[160];
        snprintf(path, sizeof path, "%s/cpu.cfs_quota_us", dirs[i]);
        if (read_line(path, q, sizeof q) != 0) {
            continue;
        }
        snprintf(path, sizeof path, "%s/cpu.cfs_period_us", dirs[i]);
        if (read_line(path, p, sizeof p) != 0) {
            continue;
        }
        q[strcspn(q, "\n")] = '\0';
        snprintf(both, sizeof both, "%s %s", q, p);
        return opsnn_cgroup_cpu_max_cpus(both);
    }
    return 0;
}

int opsnn_usable_cpus(void)
{
    static atomic_int cached;
    int n = atomic_load(&cached);
    if (n > 0) {
        return n;
    }
    n = 0;
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        n = CPU_COUNT(&set);
    }
#endif
    if (n <= 0) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        n = online > 0 && online < INT_MAX ? (int)online : 1;
    }
    int quota = cgroup_cpus();
    if (quota > 0 && quota < n) {
        n = quota;
    }
    atomic_store(&cached, n);
    return n;
}

static atomic_int requested;
static atomic_int default_count; /* 0 until first read; -1: ask the OpenMP runtime */

static int runtime_threads(void)
{
#if OPSNN_THREADING_OPENMP
    return opsnn_omp_default_threads();
#else
    return opsnn_usable_cpus(); /* not reached: the pool's default is read once */
#endif
}

/* OPSNN_NUM_THREADS, else the backend's default: under the pool
 * OMP_NUM_THREADS, else the usable CPUs; under OpenMP the runtime's own count
 * (opsnn_omp_default_threads, asked on every call). A value above the usable
 * CPUs is lowered to them, a malformed one is ignored with a warning. The
 * environment is read once: phase 2 asks on every call. */
static int default_threads(void)
{
    int n = atomic_load(&default_count);
    if (n != 0) {
        return n > 0 ? n : runtime_threads();
    }
    int cpus = opsnn_usable_cpus();
    const char *name = "OPSNN_NUM_THREADS";
    const char *s = getenv(name);
#if OPSNN_THREADING_OPENMP
    const char *fallback = "the OpenMP runtime's thread count";
    n = -1;
#else
    const char *fallback = "the CPUs this process may use";
    if (s == NULL || s[0] == '\0') {
        name = "OMP_NUM_THREADS";
        s = getenv(name);
    }
    n = cpus;
#endif
    int v;
    if (s != NULL && s[0] != '\0') {
        if (opsnn_parse_thread_count(s, &v) != 0) {
            opsnn_log(OPSNN_LOG_WARNING, "%s must be a positive integer, got \"%s\": using %s",
                      name, s, fallback);
        } else if (v > cpus) {
            opsnn_log(OPSNN_LOG_WARNING, "%s=%d is more than the %d CPUs this process may use: "
                      "using %d", name, v, cpus, cpus);
            n = cpus;
        } else {
            n = v;
        }
    }
    atomic_store(&default_count, n);
    return n > 0 ? n : runtime_threads();
}

int opsnn_set_num_threads(int n)
{
    atomic_store(&requested, n > 0 ? n : 0);
    return opsnn_get_num_threads();
}

int opsnn_get_num_threads(void)
{
    int n = atomic_load(&requested);
    return n > 0 ? n : default_threads();
}

/* ---- The pool ------------------------------------------------------------
 * One job at a time (`busy`). The caller publishes the job under `lock`,
 * bumps job_seq and wakes the workers; workers 0..helpers-1 may take part.
 * Every participant, the caller included, takes blocks from an atomic
 * counter until none is left. The caller then closes the job and waits only
 * for the helpers that joined it: a helper that comes after the close skips
 * the job, so a small call never waits for a wake-up it did not use.
 *
 * Waking a thread asleep on a condition variable takes microseconds (tens on
 * a busy VM), longer than a mid-size call. So after each job a worker first
 * spins for a bounded window (OPSNN_POOL_SPIN_US, default
 * OPSNN_POOL_SPIN_US_DEFAULT), watching job_seq without the lock, and only
 * then sleeps; back-to-back calls find it awake, as an OpenMP team is after a
 * parallel region. The caller likewise spins within the same window for the
 * helpers it waits on before it sleeps on `finished`. Every spin ends at its
 * deadline, at a new job, or at shutdown: nothing busy-waits for longer. */

typedef struct {
    pthread_t thread;
    uint64_t seen; /* last job_seq this worker looked at */
} worker;

static pthread_mutex_t busy = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t finished = PTHREAD_COND_INITIALIZER;
static worker *workers; /* capacity: usable CPUs - 1, allocated on first use */
static int nworkers, workers_cap, sleepers;
/* Written under `lock`; atomic because spinning threads read them without it. */
static _Atomic uint64_t job_seq;
static atomic_int stopping, job_pending;
static int job_helpers, job_open;
static void (*job_fn)(void *, int64_t);
static void *job_arg;
static int64_t job_n;
static atomic_llong job_next;
static atomic_int fail_creates_after = -1;
static atomic_int spin_us_set = -1; /* tests: overrides the environment when >= 0 */
static atomic_int spin_us_env = -1; /* OPSNN_POOL_SPIN_US, read once */
static atomic_long spin_hits;       /* jobs a worker found while spinning */
static void (*_Atomic idle_hook)(void);
static atomic_int idle_ms_set = -1; /* tests: overrides OPSNN_POOL_IDLE_RELEASE_MS */

void opsnn_test_fail_thread_create_after(int successes)
{
    atomic_store(&fail_creates_after, successes);
}

int opsnn_test_thread_creates_left(void)
{
    return atomic_load(&fail_creates_after);
}

void opsnn_test_set_pool_spin_us(int us)
{
    atomic_store(&spin_us_set, us > OPSNN_POOL_SPIN_US_MAX ? OPSNN_POOL_SPIN_US_MAX : us);
}

int opsnn_pool_spin_us(void)
{
    int us = atomic_load(&spin_us_set);
    if (us >= 0) {
        return us;
    }
    us = atomic_load(&spin_us_env);
    if (us >= 0) {
        return us;
    }
    us = OPSNN_POOL_SPIN_US_DEFAULT;
    const char *s = getenv("OPSNN_POOL_SPIN_US");
    if (s != NULL && s[0] != '\0' && opsnn_parse_spin_us(s, &us) != 0) {
        us = OPSNN_POOL_SPIN_US_DEFAULT;
        opsnn_log(OPSNN_LOG_WARNING, "OPSNN_POOL_SPIN_US must be an integer from 0 to %d "
                  "(microseconds), got \"%s\": using %d", OPSNN_POOL_SPIN_US_MAX, s, us);
    }
    atomic_store(&spin_us_env, us);
    return us;
}

long opsnn_pool_spin_hits(void)
{
    return atomic_load(&spin_hits);
}

void opsnn_pool_set_idle_hook(void (*fn)(void))
{
    atomic_store(&idle_hook, fn);
}

void opsnn_test_set_pool_idle_ms(int ms)
{
    atomic_store(&idle_ms_set, ms);
}

/* Sleep on `wake` (lock held) until woken or, unless it is NULL, until
 * `deadline` (CLOCK_REALTIME, the condition variable's clock); 1 when the
 * deadline passed. */
static int sleep_until(const struct timespec *deadline)
{
    sleepers++;
    int rc = deadline != NULL ? pthread_cond_timedwait(&wake, &lock, deadline)
                              : pthread_cond_wait(&wake, &lock);
    sleepers--;
    return rc == ETIMEDOUT;
}

int opsnn_pool_sleepers(void)
{
    pthread_mutex_lock(&lock);
    int n = sleepers;
    pthread_mutex_unlock(&lock);
    return n;
}

static int64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* A hint to the core that this thread is spinning (lets an SMT sibling run). */
static inline void cpu_relax(void)
{
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) && defined(__GNUC__)
    __asm__ __volatile__("yield" ::: "memory");
#endif
}

/* Spin until done(arg) or the spin window has passed; 1 if done. The clock is
 * read every 64 checks (tens of nanoseconds each). */
static int spin_until(int (*done)(const void *), const void *arg)
{
    int us = opsnn_pool_spin_us();
    if (us <= 0) {
        return done(arg);
    }
    int64_t deadline = now_ns() + (int64_t)us * 1000;
    for (unsigned i = 1;; i++) {
        if (done(arg)) {
            return 1;
        }
        cpu_relax();
        if ((i & 63) == 0 && now_ns() >= deadline) {
            return done(arg);
        }
    }
}

static int new_job_or_stop(const void *seen)
{
    return atomic_load_explicit(&job_seq, memory_order_acquire) != *(const uint64_t *)seen ||
           atomic_load_explicit(&stopping, memory_order_relaxed);
}

static int helpers_done(const void *unused)
{
    (void)unused;
    return atomic_load_explicit(&job_pending, memory_order_acquire) == 0;
}

static int create_thread(pthread_t *t, void *(*fn)(void *), void *arg)
{
    int left = atomic_load(&fail_creates_after);
    if (left == 0) {
        return EAGAIN;
    }
    if (left > 0) {
        atomic_store(&fail_creates_after, left - 1);
    }
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) {
        return EAGAIN;
    }
    /* The blocks need little stack; a small one eases address-space limits. */
    (void)pthread_attr_setstacksize(&attr, (size_t)1 << 20);
    int rc = pthread_create(t, &attr, fn, arg);
    pthread_attr_destroy(&attr);
    return rc;
}

static void take_blocks(void (*fn)(void *, int64_t), void *arg, int64_t n)
{
    for (;;) {
        int64_t i = (int64_t)atomic_fetch_add(&job_next, 1);
        if (i >= n) {
            return;
        }
        fn(arg, i);
    }
}

static void *worker_main(void *p)
{
    int id = (int)(intptr_t)p;
    pthread_mutex_lock(&lock);
    for (;;) {
        uint64_t seen = workers[id].seen;
        if (!atomic_load(&stopping) && seen == atomic_load(&job_seq)) {
            pthread_mutex_unlock(&lock);
            int found = spin_until(new_job_or_stop, &seen);
            pthread_mutex_lock(&lock);
            if (found && !atomic_load(&stopping)) {
                atomic_fetch_add(&spin_hits, 1);
            }
            /* a first sleep up to the idle delay; if it passes with no job,
             * the idle hook runs once and the worker sleeps on untimed */
            int ms = atomic_load(&idle_ms_set);
            ms = ms >= 0 ? ms : OPSNN_POOL_IDLE_RELEASE_MS;
            struct timespec deadline;
            clock_gettime(CLOCK_REALTIME, &deadline);
            deadline.tv_sec += ms / 1000;
            deadline.tv_nsec += (long)(ms % 1000) * 1000000L;
            if (deadline.tv_nsec >= 1000000000L) {
                deadline.tv_sec++;
                deadline.tv_nsec -= 1000000000L;
            }
            int idle_done = 0;
            while (!atomic_load(&stopping) && workers[id].seen == atomic_load(&job_seq)) {
                if (sleep_until(idle_done ? NULL : &deadline) && !atomic_load(&stopping) &&
                    workers[id].seen == atomic_load(&job_seq)) {
                    idle_done = 1;
                    void (*hook)(void) = atomic_load(&idle_hook);
                    if (hook != NULL) {
                        pthread_mutex_unlock(&lock);
                        hook();
                        pthread_mutex_lock(&lock);
                    }
                }
            }
        }
        if (atomic_load(&stopping)) {
            break;
        }
        workers[id].seen = atomic_load(&job_seq);
        if (id >= job_helpers || !job_open) {
            continue;
        }
        atomic_fetch_add(&job_pending, 1);
        void (*fn)(void *, int64_t) = job_fn;
        void *arg = job_arg;
        int64_t n = job_n;
        pthread_mutex_unlock(&lock);
        opsnn_fpenv saved; /* the caller's environment is not the worker's */
        opsnn_fpenv_enter(&saved);
        take_blocks(fn, arg, n);
        opsnn_fpenv_leave(&saved);
        pthread_mutex_lock(&lock);
        if (atomic_fetch_sub(&job_pending, 1) == 1) {
            pthread_cond_signal(&finished);
        }
    }
    pthread_mutex_unlock(&lock);
    return NULL;
}

/* fork (common/fork.c takes the locks in its order): `busy` first, so no job
 * is under way when the process is copied; `lock` later. The child has none
 * of the workers: it starts with an empty pool, and its condition variables
 * are new ones, since the parent's still count the workers asleep on them (a
 * broadcast in the child would wait for them forever). */
void opsnn_pool_fork_job(int phase)
{
    opsnn_fork_mutex(&busy, phase);
}

void opsnn_pool_fork_state(int phase)
{
    if (phase == OPSNN_FORK_PREPARE) {
        pthread_mutex_lock(&lock);
        return;
    }
    if (phase == OPSNN_FORK_CHILD) {
        wake = (pthread_cond_t)PTHREAD_COND_INITIALIZER;
        finished = (pthread_cond_t)PTHREAD_COND_INITIALIZER;
        nworkers = 0;
        sleepers = 0;
        job_open = 0;
        job_helpers = 0;
        atomic_store(&job_pending, 0);
        atomic_store(&stopping, 0);
    }
    pthread_mutex_unlock(&lock);
}

/* Grow the pool towards `want` workers (lock held); returns how many exist.
 * A failed pthread_create stops the growth for this call: the job runs on
 * the workers that exist. */
static int ensure_workers(int want)
{
    if (workers == NULL) {
        int cap = opsnn_usable_cpus() - 1;
        /* plain calloc: the pool outlives any test's allocation accounting */
        workers = cap > 0 ? calloc((size_t)cap, sizeof *workers) : NULL;
        workers_cap = workers != NULL ? cap : 0;
    }
    want = want < workers_cap ? want : workers_cap;
    while (nworkers < want) {
        workers[nworkers].seen = atomic_load(&job_seq);
        int rc = create_thread(&workers[nworkers].thread, worker_main, (void *)(intptr_t)nworkers);
        if (rc != 0) {
            opsnn_log(OPSNN_LOG_WARNING, "phase 2: cannot start worker thread %d (%s): running on "
                      "%d thread%s", nworkers + 1, strerror(rc), nworkers + 1,
                      nworkers == 0 ? "" : "s");
            break;
        }
        nworkers++;
    }
    return nworkers < want ? nworkers : want;
}

void opsnn_pool_parallel_for(int64_t n, int threads, void (*fn)(void *arg, int64_t i),
                             void *arg)
{
    int helpers = threads - 1;
    if (n - 1 < helpers) {
        helpers = n > 1 ? (int)(n - 1) : 0;
    }
    if (helpers > 0) {
        opsnn_fork_register();
        (void)opsnn_pool_spin_us(); /* read the environment here, not in a worker */
    }
    if (helpers <= 0 || pthread_mutex_trylock(&busy) != 0) {
        for (int64_t i = 0; i < n; i++) {
            fn(arg, i);
        }
        return;
    }
    pthread_mutex_lock(&lock);
    helpers = ensure_workers(helpers);
    job_fn = fn;
    job_arg = arg;
    job_n = n;
    atomic_store(&job_next, 0);
    job_helpers = helpers;
    job_open = 1;
    atomic_fetch_add_explicit(&job_seq, 1, memory_order_release);
    if (sleepers > 0) {
        pthread_cond_broadcast(&wake);
    }
    pthread_mutex_unlock(&lock);
    take_blocks(fn, arg, n);
    pthread_mutex_lock(&lock);
    job_open = 0; /* every block is taken: late helpers skip the job */
    if (atomic_load(&job_pending) > 0) {
        pthread_mutex_unlock(&lock);
        (void)spin_until(helpers_done, NULL);
        pthread_mutex_lock(&lock);
    }
    while (atomic_load(&job_pending) > 0) {
        pthread_cond_wait(&finished, &lock);
    }
    pthread_mutex_unlock(&lock);
    pthread_mutex_unlock(&busy);
}

void opsnn_pool_shutdown(void)
{
    pthread_mutex_lock(&busy);
    pthread_mutex_lock(&lock);
    atomic_store(&stopping, 1);
    pthread_cond_broadcast(&wake);
    int n = nworkers;
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < n; i++) {
        pthread_join(workers[i].thread, NULL);
    }
    pthread_mutex_lock(&lock);
    nworkers = 0;
    sleepers = 0;
    atomic_store(&stopping, 0);
    free(workers);
    workers = NULL;
    workers_cap = 0;
    pthread_mutex_unlock(&lock);
    pthread_mutex_unlock(&busy);
}

int opsnn_pool_workers(void)
{
    pthread_mutex_lock(&lock);
    int n = nworkers;
    pthread_mutex_unlock(&lock);
    return n;
}

#if defined(__GNUC__)
/* Join the workers when the process exits or the library is unloaded, so
 * that no thread runs library code that is gone (and valgrind sees no
 * thread's memory left behind). */
__attribute__((destructor)) static void pool_at_exit(void)
{
    opsnn_pool_shutdown();
}
#endif
