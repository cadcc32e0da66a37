/* Phase 2's worker pool (common/threads.h): one `struct pool`, created
 * lazily, growing up to the CPUs the process may use, never ending the
 * process. Results never depend on the thread count: every element is
 * computed by the same instructions whatever block it falls in, and whichever
 * thread runs the block. */
#include "common/threads.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/error.h"
#include "common/fork.h"
#include "common/fpenv.h"
#include "common/sysinfo.h"

/* One job at a time (`busy`). The caller publishes the job under `lock`,
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

struct pool {
    pthread_mutex_t busy; /* held by the caller whose job runs */
    pthread_mutex_t lock;
    pthread_cond_t wake, finished;
    worker *workers; /* capacity: usable CPUs - 1, allocated on first use */
    int nworkers, workers_cap, sleepers;
    /* Written under `lock`; atomic because spinning threads read them without it. */
    _Atomic uint64_t job_seq;
    atomic_int stopping, job_pending;
    /* The job being run (under `lock`). */
    int job_helpers, job_open;
    void (*job_fn)(void *, int64_t);
    void *job_arg;
    int64_t job_n;
    atomic_llong job_next;
    /* Settings and counters. */
    atomic_int fail_creates_after; /* tests: -1, or pthread_create successes left */
    atomic_int spin_us_set; /* tests: overrides the environment when >= 0 */
    atomic_int spin_us_env; /* OPSNN_POOL_SPIN_US, read once */
    atomic_long spin_hits;  /* jobs a worker found while spinning */
    void (*_Atomic idle_hook)(void);
    atomic_int idle_ms_set; /* tests: overrides OPSNN_POOL_IDLE_RELEASE_MS */
};

static struct pool pool = {
    .busy = PTHREAD_MUTEX_INITIALIZER,
    .lock = PTHREAD_MUTEX_INITIALIZER,
    .wake = PTHREAD_COND_INITIALIZER,
    .finished = PTHREAD_COND_INITIALIZER,
    .fail_creates_after = -1,
    .spin_us_set = -1,
    .spin_us_env = -1,
    .idle_ms_set = -1,
};

void opsnn_test_fail_thread_create_after(int successes)
{
    atomic_store(&pool.fail_creates_after, successes);
}

int opsnn_test_thread_creates_left(void)
{
    return atomic_load(&pool.fail_creates_after);
}

void opsnn_test_set_pool_spin_us(int us)
{
    atomic_store(&pool.spin_us_set, us > OPSNN_POOL_SPIN_US_MAX ? OPSNN_POOL_SPIN_US_MAX : us);
}

int opsnn_pool_spin_us(void)
{
    int us = atomic_load(&pool.spin_us_set);
    if (us >= 0) {
        return us;
    }
    us = atomic_load(&pool.spin_us_env);
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
    atomic_store(&pool.spin_us_env, us);
    return us;
}

long opsnn_pool_spin_hits(void)
{
    return atomic_load(&pool.spin_hits);
}

void opsnn_pool_set_idle_hook(void (*fn)(void))
{
    atomic_store(&pool.idle_hook, fn);
}

void opsnn_test_set_pool_idle_ms(int ms)
{
    atomic_store(&pool.idle_ms_set, ms);
}

/* Sleep on `wake` (lock held) until woken or, unless it is NULL, until
 * `deadline` (CLOCK_REALTIME, the condition variable's clock); 1 when the
 * deadline passed. */
static int sleep_until(const struct timespec *deadline)
{
    pool.sleepers++;
    int rc = deadline != NULL ? pthread_cond_timedwait(&pool.wake, &pool.lock, deadline)
                              : pthread_cond_wait(&pool.wake, &pool.lock);
    pool.sleepers--;
    return rc == ETIMEDOUT;
}

int opsnn_pool_sleepers(void)
{
    pthread_mutex_lock(&pool.lock);
    int n = pool.sleepers;
    pthread_mutex_unlock(&pool.lock);
    return n;
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
    int64_t deadline = opsnn_now_ns() + (int64_t)us * 1000;
    for (unsigned i = 1;; i++) {
        if (done(arg)) {
            return 1;
        }
        cpu_relax();
        if ((i & 63) == 0 && opsnn_now_ns() >= deadline) {
            return done(arg);
        }
    }
}

static int new_job_or_stop(const void *seen)
{
    return atomic_load_explicit(&pool.job_seq, memory_order_acquire) != *(const uint64_t *)seen ||
           atomic_load_explicit(&pool.stopping, memory_order_relaxed);
}

static int helpers_done(const void *unused)
{
    (void)unused;
    return atomic_load_explicit(&pool.job_pending, memory_order_acquire) == 0;
}

static int create_thread(pthread_t *t, void *(*fn)(void *), void *arg)
{
    int left = atomic_load(&pool.fail_creates_after);
    if (left == 0) {
        return EAGAIN;
    }
    if (left > 0) {
        atomic_store(&pool.fail_creates_after, left - 1);
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
        int64_t i = (int64_t)atomic_fetch_add(&pool.job_next, 1);
        if (i >= n) {
            return;
        }
        fn(arg, i);
    }
}

static void *worker_main(void *p)
{
    int id = (int)(intptr_t)p;
    pthread_mutex_lock(&pool.lock);
    for (;;) {
        uint64_t seen = pool.workers[id].seen;
        if (!atomic_load(&pool.stopping) && seen == atomic_load(&pool.job_seq)) {
            pthread_mutex_unlock(&pool.lock);
            int found = spin_until(new_job_or_stop, &seen);
            pthread_mutex_lock(&pool.lock);
            if (found && !atomic_load(&pool.stopping)) {
                atomic_fetch_add(&pool.spin_hits, 1);
            }
            /* a first sleep up to the idle delay; if it passes with no job,
             * the idle hook runs once and the worker sleeps on untimed */
            int ms = atomic_load(&pool.idle_ms_set);
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
            while (!atomic_load(&pool.stopping) &&
                   pool.workers[id].seen == atomic_load(&pool.job_seq)) {
                if (sleep_until(idle_done ? NULL : &deadline) && !atomic_load(&pool.stopping) &&
                    pool.workers[id].seen == atomic_load(&pool.job_seq)) {
                    idle_done = 1;
                    void (*hook)(void) = atomic_load(&pool.idle_hook);
                    if (hook != NULL) {
                        pthread_mutex_unlock(&pool.lock);
                        hook();
                        pthread_mutex_lock(&pool.lock);
                    }
                }
            }
        }
        if (atomic_load(&pool.stopping)) {
            break;
        }
        pool.workers[id].seen = atomic_load(&pool.job_seq);
        if (id >= pool.job_helpers || !pool.job_open) {
            continue;
        }
        atomic_fetch_add(&pool.job_pending, 1);
        void (*fn)(void *, int64_t) = pool.job_fn;
        void *arg = pool.job_arg;
        int64_t n = pool.job_n;
        pthread_mutex_unlock(&pool.lock);
        opsnn_fpenv saved; /* the caller's environment is not the worker's */
        opsnn_fpenv_enter(&saved);
        take_blocks(fn, arg, n);
        opsnn_fpenv_leave(&saved);
        pthread_mutex_lock(&pool.lock);
        if (atomic_fetch_sub(&pool.job_pending, 1) == 1) {
            pthread_cond_signal(&pool.finished);
        }
    }
    pthread_mutex_unlock(&pool.lock);
    return NULL;
}

/* fork (common/fork.c takes the locks in its order): `busy` first, so no job
 * is under way when the process is copied; `lock` later. The child has none
 * of the workers: it starts with an empty pool, and its condition variables
 * are new ones, since the parent's still count the workers asleep on them (a
 * broadcast in the child would wait for them forever). */
void opsnn_pool_fork_job(int phase)
{
    opsnn_fork_mutex(&pool.busy, phase);
}

void opsnn_pool_fork_state(int phase)
{
    if (phase == OPSNN_FORK_PREPARE) {
        pthread_mutex_lock(&pool.lock);
        return;
    }
    if (phase == OPSNN_FORK_CHILD) {
        pool.wake = (pthread_cond_t)PTHREAD_COND_INITIALIZER;
        pool.finished = (pthread_cond_t)PTHREAD_COND_INITIALIZER;
        pool.nworkers = 0;
        pool.sleepers = 0;
        pool.job_open = 0;
        pool.job_helpers = 0;
        atomic_store(&pool.job_pending, 0);
        atomic_store(&pool.stopping, 0);
    }
    pthread_mutex_unlock(&pool.lock);
}

/* Grow the pool towards `want` workers (lock held); returns how many exist.
 * A failed pthread_create stops the growth for this call: the job runs on
 * the workers that exist. */
static int ensure_workers(int want)
{
    if (pool.workers == NULL) {
        int cap = opsnn_usable_cpus() - 1;
        /* plain calloc: the pool outlives any test's allocation accounting */
        pool.workers = cap > 0 ? calloc((size_t)cap, sizeof *pool.workers) : NULL;
        pool.workers_cap = pool.workers != NULL ? cap : 0;
    }
    want = want < pool.workers_cap ? want : pool.workers_cap;
    while (pool.nworkers < want) {
        pool.workers[pool.nworkers].seen = atomic_load(&pool.job_seq);
        int rc = create_thread(&pool.workers[pool.nworkers].thread, worker_main,
                               (void *)(intptr_t)pool.nworkers);
        if (rc != 0) {
            opsnn_log(OPSNN_LOG_WARNING, "phase 2: cannot start worker thread %d (%s): running on "
                      "%d thread%s", pool.nworkers + 1, strerror(rc), pool.nworkers + 1,
                      pool.nworkers == 0 ? "" : "s");
            break;
        }
        pool.nworkers++;
    }
    return pool.nworkers < want ? pool.nworkers : want;
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
    if (helpers <= 0 || pthread_mutex_trylock(&pool.busy) != 0) {
        for (int64_t i = 0; i < n; i++) {
            fn(arg, i);
        }
        return;
    }
    pthread_mutex_lock(&pool.lock);
    helpers = ensure_workers(helpers);
    pool.job_fn = fn;
    pool.job_arg = arg;
    pool.job_n = n;
    atomic_store(&pool.job_next, 0);
    pool.job_helpers = helpers;
    pool.job_open = 1;
    atomic_fetch_add_explicit(&pool.job_seq, 1, memory_order_release);
    if (pool.sleepers > 0) {
        pthread_cond_broadcast(&pool.wake);
    }
    pthread_mutex_unlock(&pool.lock);
    take_blocks(fn, arg, n);
    pthread_mutex_lock(&pool.lock);
    pool.job_open = 0; /* every block is taken: late helpers skip the job */
    if (atomic_load(&pool.job_pending) > 0) {
        pthread_mutex_unlock(&pool.lock);
        (void)spin_until(helpers_done, NULL);
        pthread_mutex_lock(&pool.lock);
    }
    while (atomic_load(&pool.job_pending) > 0) {
        pthread_cond_wait(&pool.finished, &pool.lock);
    }
    pthread_mutex_unlock(&pool.lock);
    pthread_mutex_unlock(&pool.busy);
}

void opsnn_pool_shutdown(void)
{
    pthread_mutex_lock(&pool.busy);
    pthread_mutex_lock(&pool.lock);
    atomic_store(&pool.stopping, 1);
    pthread_cond_broadcast(&pool.wake);
    int n = pool.nworkers;
    pthread_mutex_unlock(&pool.lock);
    for (int i = 0; i < n; i++) {
        pthread_join(pool.workers[i].thread, NULL);
    }
    pthread_mutex_lock(&pool.lock);
    pool.nworkers = 0;
    pool.sleepers = 0;
    atomic_store(&pool.stopping, 0);
    free(pool.workers);
    pool.workers = NULL;
    pool.workers_cap = 0;
    pthread_mutex_unlock(&pool.lock);
    pthread_mutex_unlock(&pool.busy);
}

int opsnn_pool_workers(void)
{
    pthread_mutex_lock(&pool.lock);
    int n = pool.nworkers;
    pthread_mutex_unlock(&pool.lock);
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
