/* Open addressing with linear probing; key 0 marks an empty slot and key 1 a
 * removed one (neither is ever a valid object address). */
#include "common/ptrset.h"

#include "common/alloc.h"
#include "common/fork.h"

#define EMPTY ((uintptr_t)0)
#define TOMB ((uintptr_t)1)

static size_t slot_of(uintptr_t key, size_t cap)
{
    uint64_t h = (uint64_t)(key >> 4) * UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(h >> 17) & (cap - 1);
}

/* Index of key's slot, or of the first free slot on its probe path when absent. */
static size_t probe(const opsnn_ptrset *set, uintptr_t key, int *found)
{
    size_t i = slot_of(key, set->cap);
    size_t first_free = SIZE_MAX;
    for (;;) {
        uintptr_t k = set->slots[i].key;
        if (k == key) {
            *found = 1;
            return i;
        }
        if (k == TOMB && first_free == SIZE_MAX) {
            first_free = i;
        }
        if (k == EMPTY) {
            *found = 0;
            return first_free != SIZE_MAX ? first_free : i;
        }
        i = (i + 1) & (set->cap - 1);
    }
}

static int grow(opsnn_ptrset *set)
{
    size_t cap = set->cap ? set->cap : 32;
    while ((set->live + 1) * 2 > cap) {
        cap *= 2;
    }
    opsnn_ptrset_slot *slots = opsnn_calloc(cap, sizeof *slots);
    if (slots == NULL) {
        return -1;
    }
    opsnn_ptrset_slot *old = set->slots;
    size_t old_cap = set->cap;
    set->slots = slots;
    set->cap = cap;
    set->used = set->live;
    for (size_t i = 0; i < old_cap; i++) {
        if (old[i].key > TOMB) {
            int found;
            slots[probe(set, old[i].key, &found)] = old[i];
        }
    }
    opsnn_free(old);
    return 0;
}

int opsnn_ptrset_insert(opsnn_ptrset *set, const void *p, uint64_t value)
{
    uintptr_t key = (uintptr_t)p;
    int rc = 0;
    pthread_mutex_lock(&set->lock);
    if ((set->used + 1) * 4 > set->cap * 3 && grow(set) != 0) {
        rc = -1;
    } else {
        int found;
        size_t i = probe(set, key, &found);
        if (!found) {
            set->live++;
            if (set->slots[i].key == EMPTY) {
                set->used++;
            }
        }
        set->slots[i].key = key;
        set->slots[i].value = value;
    }
    pthread_mutex_unlock(&set->lock);
    return rc;
}

enum { FIND, REMOVE, REMOVE_IF };

static int lookup(opsnn_ptrset *set, const void *p, uint64_t *value, int mode)
{
    uintptr_t key = (uintptr_t)p;
    int found = 0;
    if (key <= TOMB) {
        return 0;
    }
    pthread_mutex_lock(&set->lock);
    if (set->cap != 0) {
        size_t i = probe(set, key, &found);
        if (found && mode == REMOVE_IF && set->slots[i].value != *value) {
            found = 0;
        }
        if (found) {
            if (value != NULL) {
                *value = set->slots[i].value;
            }
            if (mode != FIND) {
                set->slots[i].key = TOMB;
                set->live--;
            }
        }
    }
    pthread_mutex_unlock(&set->lock);
    return found;
}

int opsnn_ptrset_remove(opsnn_ptrset *set, const void *p, uint64_t *value)
{
    return lookup(set, p, value, REMOVE);
}

int opsnn_ptrset_remove_if(opsnn_ptrset *set, const void *p, uint64_t value)
{
    return lookup(set, p, &value, REMOVE_IF);
}

int opsnn_ptrset_find(opsnn_ptrset *set, const void *p, uint64_t *value)
{
    return lookup(set, p, value, FIND);
}

void opsnn_ptrset_fork(opsnn_ptrset *set, int phase)
{
    opsnn_fork_mutex(&set->lock, phase);
}

void opsnn_ptrset_release_if_empty(opsnn_ptrset *set)
{
    pthread_mutex_lock(&set->lock);
    if (set->live == 0) {
        opsnn_free(set->slots);
        set->slots = NULL;
        set->cap = set->used = 0;
    }
    pthread_mutex_unlock(&set->lock);
}
