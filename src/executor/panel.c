/* The thread's panel of the walks (executor/walks.h): the transposed walk's
 * strips (walk_panel.c) and the rows walk's converted [cols] rows
 * (walk_rows.c), kept per thread between calls. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "common/alloc.h"
#include "common/fork.h"
#include "common/threads.h"
#include "executor/walks.h"

/* The calling thread's panel, at least `bytes` long and 64-byte aligned:
 * allocated on its first use, replaced by a larger one when a call needs
 * more (what it held is then gone), freed when the thread ends or, on a
 * pool worker, when the worker has been idle for OPSNN_POOL_IDLE_RELEASE_MS
 * (common/threads.h); NULL without memory (the row path then runs, with the
 * same results). The block starts with a header, and every thread's panel
 * is on one list, so that unloading the library frees them all and deletes
 * the key: no destructor of the library is left to run at the exit of a
 * thread that outlives it (docs/runtime.md, "Unloading"). */
typedef struct panel_hdr {
    size_t bytes; /* usable */
    struct panel_hdr *prev, *next;
} panel_hdr;

static pthread_key_t panel_key;
static int panel_key_ok;
static pthread_once_t panel_once = PTHREAD_ONCE_INIT;
static atomic_llong panel_bytes_live; /* every thread's panels, for tests */
static pthread_mutex_t panels_lock = PTHREAD_MUTEX_INITIALIZER;
static panel_hdr *panels;              /* every thread's (under panels_lock) */
/* Unloading: threads inside a walk now, and whether panels are gone for good
 * (then every walk takes the row path, same bits). */
static atomic_int panel_users, panels_closed;

void opsnn_panel_fork(int phase)
{
    if (phase == OPSNN_FORK_CHILD) {
        atomic_store(&panel_users, 0); /* the other threads' walks are not in the child */
    }
    opsnn_fork_mutex(&panels_lock, phase);
}

static void free_panel(void *raw)
{
    panel_hdr *h = raw;
    if (h == NULL) {
        return;
    }
    pthread_mutex_lock(&panels_lock);
    if (h->prev != NULL) {
        h->prev->next = h->next;
    } else {
        panels = h->next;
    }
    if (h->next != NULL) {
        h->next->prev = h->prev;
    }
    pthread_mutex_unlock(&panels_lock);
    atomic_fetch_sub(&panel_bytes_live, (long long)h->bytes);
    free(h);
}

/* The pool's idle hook: an idle worker gives its panel back. */
static void release_thread_panel(void)
{
    if (atomic_load(&panels_closed)) {
        return;
    }
    void *raw = pthread_getspecific(panel_key);
    if (raw != NULL && pthread_setspecific(panel_key, NULL) == 0) {
        free_panel(raw);
    }
}

static void make_panel_key(void)
{
    panel_key_ok = pthread_key_create(&panel_key, free_panel) == 0;
    if (panel_key_ok) {
        opsnn_pool_set_idle_hook(release_thread_panel);
    }
}

long long opsnn_test_panel_bytes(void)
{
    return atomic_load(&panel_bytes_live);
}

unsigned char *opsnn_thread_panel(size_t bytes)
{
    if (atomic_load(&panels_closed)) {
        return NULL;
    }
    pthread_once(&panel_once, make_panel_key);
    if (!panel_key_ok) {
        return NULL;
    }
    panel_hdr *h = pthread_getspecific(panel_key);
    if (h == NULL || h->bytes < bytes) {
        free_panel(h);
        (void)pthread_setspecific(panel_key, NULL);
        /* uncounted by the tests' live-block check (it outlives the call)
         * but subject to their failure hook */
        h = bytes > SIZE_MAX - 128 - sizeof *h ? NULL
                                               : opsnn_malloc_for_caller(sizeof *h + bytes + 64);
        if (h == NULL) {
            return NULL;
        }
        h->bytes = bytes;
        h->prev = NULL;
        pthread_mutex_lock(&panels_lock);
        h->next = panels;
        if (panels != NULL) {
            panels->prev = h;
        }
        panels = h;
        pthread_mutex_unlock(&panels_lock);
        atomic_fetch_add(&panel_bytes_live, (long long)bytes);
        if (pthread_setspecific(panel_key, h) != 0) {
            free_panel(h);
            return NULL;
        }
    }
    unsigned char *p = (unsigned char *)(h + 1);
    return p + (64 - (uintptr_t)p % 64) % 64;
}

#if defined(__GNUC__)
/* Unloading (dlclose, or the exit of the process): the workers are joined
 * (their panels go with them), then, once no thread is inside a walk, the
 * key is deleted and every other thread's panel freed. A thread still in a
 * walk after 100 ms (only at exit: a host that unloads the library under a
 * running call has a bug of its own) keeps everything as it is. */
__attribute__((destructor)) static void panels_at_unload(void)
{
    opsnn_pool_shutdown();
    opsnn_pool_set_idle_hook(NULL);
    atomic_store(&panels_closed, 1);
    for (int i = 0; i < 100 && atomic_load(&panel_users) > 0; i++) {
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    if (atomic_load(&panel_users) > 0) {
        return;
    }
    if (panel_key_ok) {
        (void)pthread_key_delete(panel_key);
        panel_key_ok = 0;
    }
    pthread_mutex_lock(&panels_lock);
    panel_hdr *h = panels;
    panels = NULL;
    pthread_mutex_unlock(&panels_lock);
    while (h != NULL) {
        panel_hdr *next = h->next;
        atomic_fetch_sub(&panel_bytes_live, (long long)h->bytes);
        free(h);
        h = next;
    }
}
#endif

void opsnn_panel_enter(void)
{
    atomic_fetch_add(&panel_users, 1); /* unloading waits for it (panels_at_unload) */
}

void opsnn_panel_leave(void)
{
    atomic_fetch_sub(&panel_users, 1);
}
