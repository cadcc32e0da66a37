/* fork() safety: the one pthread_atfork registration (common/fork.h). */
#include "common/fork.h"

#include <pthread.h>
#include <stddef.h>

typedef void (*fork_hook)(int phase);

/* The lock order of common/fork.h. */
static const fork_hook hooks[] = {
    opsnn_pool_fork_job, opsnn_executor_fork, opsnn_stream_fork, opsnn_memory_fork,
    opsnn_init_fork,     opsnn_panel_fork,    opsnn_pool_fork_state, opsnn_omp_fork,
    opsnn_log_fork,
};
#define NHOOKS (sizeof hooks / sizeof hooks[0])

static void prepare(void)
{
    for (size_t i = 0; i < NHOOKS; i++) {
        hooks[i](OPSNN_FORK_PREPARE);
    }
}

static void parent(void)
{
    for (size_t i = NHOOKS; i-- > 0;) {
        hooks[i](OPSNN_FORK_PARENT);
    }
}

static void child(void)
{
    for (size_t i = NHOOKS; i-- > 0;) {
        hooks[i](OPSNN_FORK_CHILD);
    }
}

void opsnn_fork_mutex(pthread_mutex_t *m, int phase)
{
    if (phase == OPSNN_FORK_PREPARE) {
        pthread_mutex_lock(m);
    } else {
        pthread_mutex_unlock(m); /* in the child too: this thread holds it */
    }
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void register_handlers(void)
{
    /* glibc drops the handlers of a shared object that is unloaded */
    (void)pthread_atfork(prepare, parent, child);
}

void opsnn_fork_register(void)
{
    pthread_once(&once, register_handlers);
}

#if defined(__GNUC__)
/* At load: a fork from any state, even before the first call, is covered. */
__attribute__((constructor)) static void register_at_load(void)
{
    opsnn_fork_register();
}
#endif
