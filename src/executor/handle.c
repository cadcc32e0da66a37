/* The executor registry (executor/handle.h, docs/design.md).
 *
 * An aclOpExecutor pointer handed to the user is a handle, not an address:
 * (generation << (SLOT_BITS + 1)) | (slot << 1) | 1. The table maps the slot
 * to the executor while its generation matches; freeing an executor bumps the
 * slot's generation under the table's lock, in the same step that claims it.
 * So of two threads racing to run (or destroy) one single-use executor exactly
 * one gets it, and a stale handle is refused even after malloc has put a new
 * executor at the old address. Every call resolves the handle and reads or
 * writes the executor under the lock; a run copies what it needs (a
 * repeatable executor) or takes the executor out of the table (a single-use
 * one) before it computes, so rebinding or destroying it meanwhile cannot
 * touch a run in progress. Generations have 39 bits (64-bit builds): a stale
 * handle could only alias after 2^39 executors have used its slot. */
#include "executor/handle.h"

#include <pthread.h>
#include <string.h>

#include "common/alloc.h"
#include "common/error.h"
#include "common/fork.h"

#define SLOT_BITS (UINTPTR_MAX > UINT32_MAX ? 24u : 12u)
#define MAX_SLOTS ((size_t)1 << SLOT_BITS)
#define GEN_MASK ((uint64_t)(UINTPTR_MAX >> (SLOT_BITS + 1u)))

typedef struct {
    opsnn_executor *ex; /* NULL: free */
    uint64_t gen; /* in 1..GEN_MASK */
} exec_slot;

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static exec_slot *slots;
static uint32_t *free_slots; /* stack of free slot indices */
static size_t nslots, cap, nfree;

void opsnn_executor_fork(int phase)
{
    opsnn_fork_mutex(&table_lock, phase);
}

#if defined(__GNUC__)
/* Unloading: an empty table leaves no memory behind after dlclose (one with
 * live executors is left as it is: the host still holds them). */
__attribute__((destructor)) static void table_at_unload(void)
{
    pthread_mutex_lock(&table_lock);
    if (nslots == nfree) {
        opsnn_free(slots);
        opsnn_free(free_slots);
        slots = NULL;
        free_slots = NULL;
        nslots = cap = nfree = 0;
    }
    pthread_mutex_unlock(&table_lock);
}
#endif

static aclOpExecutor *encode(size_t index, uint64_t gen)
{
    uintptr_t h = ((uintptr_t)gen << (SLOT_BITS + 1u)) | ((uintptr_t)index << 1) | 1u;
    return (aclOpExecutor *)h;
}

/* Index of the live executor the handle names, or -1 (lock held). */
static long resolve_locked(const aclOpExecutor *handle)
{
    uintptr_t h = (uintptr_t)handle;
    size_t index = (size_t)(h >> 1) & (MAX_SLOTS - 1);
    uint64_t gen = (uint64_t)(h >> (SLOT_BITS + 1u));
    if ((h & 1u) == 0 || index >= nslots || slots[index].ex == NULL || slots[index].gen != gen) {
        return -1;
    }
    return (long)index;
}

/* Take the executor out of the table (lock held): the handle dies here. */
static opsnn_executor *claim_locked(long index)
{
    exec_slot *s = &slots[index];
    opsnn_executor *ex = s->ex;
    s->ex = NULL;
    s->gen = s->gen == GEN_MASK ? 1 : s->gen + 1;
    free_slots[nfree++] = (uint32_t)index;
    return ex;
}

aclOpExecutor *opsnn_handle_register(opsnn_executor *ex)
{
    aclOpExecutor *handle = NULL;
    pthread_mutex_lock(&table_lock);
    if (nfree == 0 && nslots == cap && cap < MAX_SLOTS) {
        size_t ncap = cap ? cap * 2 : 64;
        exec_slot *s = opsnn_malloc(ncap * sizeof *s);
        uint32_t *f = opsnn_malloc(ncap * sizeof *f);
        if (s != NULL && f != NULL) {
            if (nslots > 0) {
                memcpy(s, slots, nslots * sizeof *s);
            }
            opsnn_free(slots);
            opsnn_free(free_slots);
            slots = s;
            free_slots = f;
            cap = ncap;
        } else {
            opsnn_free(s);
            opsnn_free(f);
        }
    }
    size_t index = SIZE_MAX;
    if (nfree > 0) {
        index = free_slots[--nfree];
    } else if (nslots < cap) {
        index = nslots++;
        slots[index].gen = 1;
    }
    if (index != SIZE_MAX) {
        slots[index].ex = ex;
        handle = encode(index, slots[index].gen);
    }
    pthread_mutex_unlock(&table_lock);
    return handle;
}

/* What a run or an inspection needs: everything, views up to their rank. */
static void copy_executor(opsnn_executor *dst, const opsnn_executor *src)
{
    dst->desc = src->desc;
    dst->repeatable = src->repeatable;
    opsnn_tensor_copy_view(&dst->out, &src->out);
    dst->ndim = src->ndim;
    memcpy(dst->shape, src->shape, (size_t)src->ndim * sizeof *src->shape);
    for (int k = 0; k < src->desc.op->ninputs; k++) {
        opsnn_tensor_copy_view(&dst->in[k], &src->in[k]);
        memcpy(dst->in_strides[k], src->in_strides[k], (size_t)src->ndim * sizeof **src->in_strides);
    }
    dst->workspace_size = src->workspace_size;
    dst->addr_changed = src->addr_changed;
    opsnn_schedule_copy(&dst->schedule, &src->schedule);
}

aclnnStatus opsnn_handle_not_live(const char *fn, const aclOpExecutor *executor)
{
    opsnn_error("%s: executor %p is not live (already run, destroyed, or never created)", fn,
                (const void *)executor);
    return ACLNN_ERR_PARAM_INVALID;
}

aclnnStatus opsnn_handle_null(const char *fn)
{
    opsnn_error("%s: executor must not be NULL, got NULL", fn);
    return ACLNN_ERR_PARAM_NULLPTR;
}

aclnnStatus opsnn_handle_snapshot(const char *fn, const aclOpExecutor *executor,
                                  opsnn_executor *copy)
{
    if (executor == NULL) {
        return fn != NULL ? opsnn_handle_null(fn) : ACLNN_ERR_PARAM_NULLPTR;
    }
    pthread_mutex_lock(&table_lock);
    long index = resolve_locked(executor);
    if (index >= 0) {
        copy_executor(copy, slots[index].ex);
    }
    pthread_mutex_unlock(&table_lock);
    if (index < 0) {
        return fn != NULL ? opsnn_handle_not_live(fn, executor) : ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* A schedule says what it was made for, so one that a rebind meanwhile
 * outdated is only made again. */
void opsnn_handle_keep_schedule(const aclOpExecutor *executor, const opsnn_schedule *s)
{
    pthread_mutex_lock(&table_lock);
    long index = resolve_locked(executor);
    if (index >= 0) {
        slots[index].ex->schedule = *s;
    }
    pthread_mutex_unlock(&table_lock);
}

aclnnStatus opsnn_handle_update(const char *api, aclOpExecutor *executor,
                                aclnnStatus (*fn)(opsnn_executor *ex, void *arg), void *arg)
{
    if (executor == NULL) {
        return opsnn_handle_null(api);
    }
    pthread_mutex_lock(&table_lock);
    long index = resolve_locked(executor);
    aclnnStatus rc = index >= 0 ? fn(slots[index].ex, arg) : opsnn_handle_not_live(api, executor);
    pthread_mutex_unlock(&table_lock);
    return rc;
}

opsnn_executor *opsnn_handle_take(const char *api, aclOpExecutor *executor,
                                  aclnnStatus (*check)(const opsnn_executor *ex, void *arg),
                                  void *arg, opsnn_executor *copy, aclnnStatus *rc)
{
    if (executor == NULL) {
        *rc = opsnn_handle_null(api);
        return NULL;
    }
    opsnn_executor *ex = NULL;
    pthread_mutex_lock(&table_lock);
    long index = resolve_locked(executor);
    *rc = index < 0 ? ACLNN_ERR_PARAM_INVALID : check(slots[index].ex, arg);
    if (*rc == ACLNN_SUCCESS) {
        if (slots[index].ex->repeatable) {
            copy_executor(copy, slots[index].ex);
            ex = copy;
        } else {
            ex = claim_locked(index);
        }
    }
    pthread_mutex_unlock(&table_lock);
    if (index < 0) {
        *rc = opsnn_handle_not_live(api, executor);
    }
    return ex;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor)
{
    static const char fn[] = "aclDestroyAclOpExecutor";
    if (executor == NULL) {
        return opsnn_handle_null(fn);
    }
    pthread_mutex_lock(&table_lock);
    long index = resolve_locked(executor);
    opsnn_executor *ex = index >= 0 ? claim_locked(index) : NULL;
    pthread_mutex_unlock(&table_lock);
    if (ex == NULL) {
        return opsnn_handle_not_live(fn, executor);
    }
    opsnn_executor_free(ex);
    return ACLNN_SUCCESS;
}
