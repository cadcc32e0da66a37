/* A thread-safe set of live pointers, each with a 64-bit value. It lets the
 * library recognise the blocks, streams and executors it handed out, so a
 * foreign or stale pointer yields a status code instead of undefined behaviour. */
#ifndef OPSNN_COMMON_PTRSET_H_
#define OPSNN_COMMON_PTRSET_H_

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uintptr_t key;
    uint64_t value;
} opsnn_ptrset_slot;

typedef struct {
    pthread_mutex_t lock;
    opsnn_ptrset_slot *slots;
    size_t cap; /* power of two, or 0 */
    size_t used; /* live keys + tombstones */
    size_t live;
} opsnn_ptrset;

#define OPSNN_PTRSET_INIT {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, 0}

/* 0 on success, -1 when the table could not grow (allocation failure). */
int opsnn_ptrset_insert(opsnn_ptrset *set, const void *p, uint64_t value);
/* 1 and *value (may be NULL) when p was live and is now removed; else 0. */
int opsnn_ptrset_remove(opsnn_ptrset *set, const void *p, uint64_t *value);
/* 1 when p was live with exactly `value` and is now removed; else 0. As the
 * one atomic step that ends an object's life, it lets exactly one of several
 * racing callers free it. */
int opsnn_ptrset_remove_if(opsnn_ptrset *set, const void *p, uint64_t value);
/* 1 and *value (may be NULL) when p is live; else 0. */
int opsnn_ptrset_find(opsnn_ptrset *set, const void *p, uint64_t *value);

/* Unloading the library: free the table of a set with no live key (the
 * set stays usable: it grows again). A set that still has keys is left as
 * it is: the host still holds those objects. */
void opsnn_ptrset_release_if_empty(opsnn_ptrset *set);
/* common/fork.h's hook for one set: lock (PREPARE) or unlock (PARENT, CHILD). */
void opsnn_ptrset_fork(opsnn_ptrset *set, int phase);

#endif /* OPSNN_COMMON_PTRSET_H_ */
