/* fork() safety (internal): one pthread_atfork registration takes every
 * global lock of the library before the process is copied, so that no lock
 * is copied while another thread holds it, and puts each back afterwards
 * (docs/runtime.md, "Fork").
 *
 * Each module that owns a global lock implements one hook that does, for
 * its phase: PREPARE lock; PARENT unlock; CHILD unlock and reset whatever
 * described threads the child does not have. fork.c calls the PREPARE hooks
 * in a fixed order, the others in the reverse order. */
#ifndef OPSNN_COMMON_FORK_H_
#define OPSNN_COMMON_FORK_H_

enum { OPSNN_FORK_PREPARE, OPSNN_FORK_PARENT, OPSNN_FORK_CHILD };

#include <pthread.h>

/* The hook of one plain mutex: lock (PREPARE) or unlock (PARENT, CHILD). */
void opsnn_fork_mutex(pthread_mutex_t *m, int phase);

/* Register the handlers (once; also done when the library is loaded). */
void opsnn_fork_register(void);

/* The hooks, in the order PREPARE takes their locks: outer locks first, a
 * lock that is taken while another is held after it.
 *   pool job    (pool.c `busy`: held while a phase 2 runs, kernels log)
 *   executors   (handle.c table: holds streams and log while checking)
 *   streams, memory blocks, aclInit state (leaves: only the log under them)
 *   panels      (panel.c: the list of per-thread panels)
 *   pool state  (pool.c `lock` and condition variables: logs under it)
 *   OpenMP      (threads_omp.c: no lock; the child notes libgomp's state)
 *   log         (log.c: innermost, nothing is taken under it) */
void opsnn_pool_fork_job(int phase);
void opsnn_executor_fork(int phase);
void opsnn_stream_fork(int phase);
void opsnn_memory_fork(int phase);
void opsnn_init_fork(int phase);
void opsnn_panel_fork(int phase);
void opsnn_pool_fork_state(int phase);
void opsnn_omp_fork(int phase);
void opsnn_log_fork(int phase);

#endif /* OPSNN_COMMON_FORK_H_ */
