/* Phase 2's threads (internal): the thread-count setting of opsnn/opsnn.h and
 * a small persistent pool of worker threads.
 *
 * The pool is created lazily, grows up to the CPUs the process may use, and
 * never ends the process: when pthread_create fails, work runs on the threads
 * that exist (down to the calling thread alone). Results never depend on the
 * number of threads: every block is computed by the same instructions. */
#ifndef OPSNN_COMMON_THREADS_H_
#define OPSNN_COMMON_THREADS_H_

#include <stdint.h>

/* fn(arg, i) for every i in [0, n), on up to `threads` threads (the caller
 * included). Blocks are handed out one at a time; the call returns when all
 * are done. Concurrent callers are served one at a time by the pool; a caller
 * that finds it busy runs its blocks itself. */
void opsnn_parallel_for(int64_t n, int threads, void (*fn)(void *arg, int64_t i), void *arg);

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

/* CPUs the process may run on: the affinity mask, bounded by a cgroup CPU
 * quota (cgroup v2 cpu.max, v1 cpu.cfs_quota_us / cpu.cfs_period_us). >= 1.
 * Read once. */
int opsnn_usable_cpus(void);

/* Parse a thread count the way OPSNN_NUM_THREADS is read: the whole string a
 * decimal integer in [1, INT_MAX] (surrounding blanks allowed). 0 and *n on
 * success, -1 otherwise (*n untouched). */
int opsnn_parse_thread_count(const char *s, int *n);

/* CPUs allowed by a cgroup v2 cpu.max text ("max 100000", "200000 100000"):
 * ceil(quota / period), or 0 when there is no limit or the text is not
 * understood. */
int opsnn_cgroup_cpu_max_cpus(const char *text);

/* Tests: make pthread_create fail after `successes` more successful calls
 * (-1: never fail). */
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
 * it keeps per thread there (a transposed walk's panel, up to ~2 MiB), so a
 * pool idle for a second holds no such memory, while calls that keep coming
 * find it in place. One hook; NULL: none. */
#define OPSNN_POOL_IDLE_RELEASE_MS 1000
void opsnn_pool_set_idle_hook(void (*fn)(void));
/* Tests: the idle delay in milliseconds, -1 to go back to the default. */
void opsnn_test_set_pool_idle_ms(int ms);

#endif /* OPSNN_COMMON_THREADS_H_ */
