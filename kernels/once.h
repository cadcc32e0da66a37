/*
 * opsnn_once: pthread_once behind one acquire load (internal). Every call's
 * phase 1 asks whether the kernel table and the configuration are ready;
 * pthread_once is a call through the PLT each time, opsnn_once a load and a
 * predicted branch once fn has run.
 */
#ifndef OPSNN_KERNELS_ONCE_H_
#define OPSNN_KERNELS_ONCE_H_

#include <pthread.h>
#include <stdatomic.h>

typedef struct {
    pthread_once_t once;
    atomic_int done; /* set after fn has run: its effects are visible to whoever reads 1 */
} opsnn_once_flag;

#define OPSNN_ONCE_INIT {PTHREAD_ONCE_INIT, 0}

/* Runs fn exactly once in the process, as pthread_once(&f->once, fn); on
 * return fn has run and its writes are visible. */
static inline void opsnn_once(opsnn_once_flag *f, void (*fn)(void))
{
    if (!atomic_load_explicit(&f->done, memory_order_acquire)) {
        pthread_once(&f->once, fn);
        atomic_store_explicit(&f->done, 1, memory_order_release);
    }
}

#endif /* OPSNN_KERNELS_ONCE_H_ */
