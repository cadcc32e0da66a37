/* Phase 2's threads (internal): the thread-count setting of opsnn/opsnn.h
 * (threads.c) and a small persistent pool of worker threads (pool.c); the
 * CPUs the process may use are common/sysinfo.h's.
 *
 * The pool is created lazily, grows up to the CPUs the process may use, and
 * never ends the process: when pthread_create fails, work runs on the threads
 * that exist (down to the calling thread alone). Results never depend on the
 * number of threads: every block is computed by the same instructions. */
#ifndef OPSNN_COMMON_THREADS_H_
#define OPSNN_COMMON_THREADS_H_

#include <stddef.h>
#include <stdint.h>

/* fn(arg, i) for every i in [0, n), on up to `threads` threads (the caller
 * included), on the backend this build was configured with (OPSNN_THREADING:
 * the OpenMP one of threads_omp.c, or the pool below). Items are handed out
 * one at a time from a shared counter; the call returns when all are done.
 * The backend decides only which thread runs which item: the items and what
 * fn does with each are the same on both. */
void opsnn_parallel_for(int64_t n, int threads, void (*fn)(void *arg, int64_t i), void *arg);

/* The same on the pool, whatever the build's backend. Concurrent callers are
 * served one at a time; a caller that finds the pool busy runs its items
 * itself. */
void opsnn_pool_parallel_for(int64_t n, int threads, void (*fn)(void *arg, int64_t i), void *arg);

/* The thread count when neither opsnn_set_num_threads() nor
 * OPSNN_NUM_THREADS sets one, under the OpenMP backend: the runtime's
 * omp_get_max_threads() of the calling thread (OMP_NUM_THREADS,
 * omp_set_num_threads()), lowered to the usable CPUs. Asked on every call. */
int opsnn_omp_default_threads(void);

/* Parse a stack size the way OMP_STACKSIZE is written: a decimal number,
 * optionally followed by B, K, M or G (any case; none: K), blanks around
 * allowed. 0 and *bytes on success, -1 otherwise (*bytes untouched). */
int opsnn_parse_stack_size(const char *s, long long *bytes);

/* New tasks a cgroup's pids.max / pids.current texts leave room for:
 * max - current (0 when none), or INT_MAX when pids.max is "max" or a text is
 * not understood. */
int opsnn_cgroup_pids_room(const char *max_text, const char *current_text);

/* OpenMP backend: whether a team that came late only had to wake its
 * threads, and is not judged late: it started idle_ns after the previous
 * team ended (more than OPSNN_OMP_WAKE_IDLE_NS: the runtime's threads may
 * have stopped spinning and gone to sleep), its helpers took none of the
 * items (the caller ran them all, then waited), and the machine is not
 * oversubscribed (load, the 1-minute load average, under cpus; negative:
 * unknown, judged). A back-off cannot save that wait: the threads sleep
 * again while calls run on the caller, and the next team wakes them. */
#define OPSNN_OMP_WAKE_IDLE_NS ((int64_t)1000 * 1000)
int opsnn_omp_late_is_wakeup(int64_t idle_ns, int helpers_took_items, double load, int cpus);

/* OpenMP backend: nanoseconds before the back-off after a late team lapses
 * (calls run on the caller alone meanwhile, until they have given up what
 * the team lost; threads_omp.c), 0 when there is none. */
int64_t opsnn_omp_backoff_left_ns(void);

/* Tests: what opsnn_test_fail_thread_create_after set (-1: no limit). */
int opsnn_test_thread_creates_left(void);

/* How long an idle worker spins for the next job before it sleeps, and the
 * caller for its helpers before it sleeps: OPSNN_POOL_SPIN_US microseconds
 * (0: never spin), read once; a malformed value is ignored with a warning. */
#define OPSNN_POOL_SPIN_US_DEFAULT 100
#define OPSNN_POOL_SPIN_US_MAX 1000000
int opsnn_pool_spin_us(void);
/* Parse a spin time the way OPSNN_POOL_SPIN_US is read: the whole string a
 * decimal integer in [0, OPSNN_POOL_SPIN_US_MAX] (surrounding blanks
 * allowed). 0 and *us on success, -1 otherwise (*us untouched). */
int opsnn_parse_spin_us(const char *s, int *us);

/* Parse a thread count the way OPSNN_NUM_THREADS is read: the whole string a
 * decimal integer in [1, INT_MAX] (surrounding blanks allowed). 0 and *n on
 * success, -1 otherwise (*n untouched). */
int opsnn_parse_thread_count(const char *s, int *n);

/* Tests: make pthread_create fail after `successes` more successful calls
 * (-1: never fail); under the OpenMP backend, a team may have at most
 * `successes` threads besides the caller. */
void opsnn_test_fail_thread_create_after(int successes);
/* Tests and process exit: stop and join every worker (the pool starts again
 * on the next parallel call). */
void opsnn_pool_shutdown(void);
/* Tests: worker threads alive now (the calling thread not counted). */
int opsnn_pool_workers(void);
/* Tests: set the spin time in microseconds (clamped to the maximum), -1 to go
 * back to OPSNN_POOL_SPIN_US. */
void opsnn_test_set_pool_spin_us(int us);
/* Tests: jobs a worker has found while spinning (never reset). */
long opsnn_pool_spin_hits(void);
/* Tests: workers asleep on the condition variable now. */
int opsnn_pool_sleepers(void);

/* A worker that has had no job for OPSNN_POOL_IDLE_RELEASE_MS calls the idle
 * hook once, outside the pool's lock, and sleeps on: the executor frees what
 * it keeps per thread there (a transposed walk's panel, up to ~1 MiB), so a
 * pool idle for a second holds no such memory, while calls that keep coming
 * find it in place. One hook; NULL: none. */
#define OPSNN_POOL_IDLE_RELEASE_MS 1000
void opsnn_pool_set_idle_hook(void (*fn)(void));
/* Tests: the idle delay in milliseconds, -1 to go back to the default. */
void opsnn_test_set_pool_idle_ms(int ms);

#endif /* OPSNN_COMMON_THREADS_H_ */
