/* Every heap allocation of the library goes through here so that tests can
 * make the N-th one fail and prove each failure path is clean, and can count
 * the blocks still live to prove nothing leaks.
 *
 * The counting starts at the first call of a test hook (common/alloc.h):
 * before it no allocation or free pays an atomic read-modify-write. Each
 * one is a locked instruction that waits for the core's pending stores, and
 * an 8-element call (one executor allocated and freed) paid four of them:
 * about 20 ns of its 160 on the 2-vCPU EPYC (Zen 5) guest. */
#include "common/alloc.h"

#include <stdatomic.h>
#include <stdlib.h>

static atomic_int armed; /* a test hook was called: count from now on */
static atomic_long fail_at;
static atomic_long count;
static atomic_long live;

static int counting(void)
{
    return atomic_load_explicit(&armed, memory_order_relaxed);
}

static void arm(void)
{
    if (!counting()) {
        atomic_store(&armed, 1);
    }
}

static int should_fail(void)
{
    if (!counting()) {
        return 0;
    }
    long n = atomic_fetch_add(&count, 1) + 1;
    long target = atomic_load(&fail_at);
    return target > 0 && n == target;
}

static void *track(void *p)
{
    if (p != NULL && counting()) {
        atomic_fetch_add(&live, 1);
    }
    return p;
}

void *opsnn_malloc(size_t size)
{
    return should_fail() ? NULL : track(malloc(size));
}

void *opsnn_calloc(size_t n, size_t size)
{
    return should_fail() ? NULL : track(calloc(n, size));
}

void *opsnn_malloc_for_caller(size_t size)
{
    return should_fail() ? NULL : malloc(size);
}

static void untrack(void)
{
    if (counting()) {
        atomic_fetch_sub(&live, 1);
    }
}

void opsnn_free(void *p)
{
    if (p != NULL) {
        untrack();
        free(p);
    }
}

void opsnn_test_fail_alloc_at(long n)
{
    arm();
    atomic_store(&count, 0);
    atomic_store(&fail_at, n);
}

long opsnn_test_alloc_count(void)
{
    arm();
    return atomic_load(&count);
}

long opsnn_test_alloc_live(void)
{
    arm();
    return atomic_load(&live);
}

void *opsnn_aligned_alloc(size_t alignment, size_t size)
{
    void *p = NULL;
    if (should_fail() || posix_memalign(&p, alignment, size) != 0) {
        return NULL;
    }
    return track(p);
}

void *opsnn_malloc_cached(opsnn_block_cache *cache, size_t size)
{
    if (should_fail()) {
        return NULL;
    }
    void *p = OPSNN_ALLOC_CACHES_BLOCKS ? atomic_exchange(&cache->spare, NULL) : NULL;
    return track(p != NULL ? p : malloc(size));
}

void opsnn_free_cached(opsnn_block_cache *cache, void *p)
{
    if (p == NULL) {
        return;
    }
    void *empty = NULL;
    if (OPSNN_ALLOC_CACHES_BLOCKS && atomic_compare_exchange_strong(&cache->spare, &empty, p)) {
        untrack();
        return;
    }
    opsnn_free(p);
}

void opsnn_block_cache_drain(opsnn_block_cache *cache)
{
    free(atomic_exchange(&cache->spare, NULL)); /* not live: counted as freed when cached */
}
