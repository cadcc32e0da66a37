/* Library-internal heap allocation with a failure-injection hook for tests. */
#ifndef OPSNN_COMMON_ALLOC_H_
#define OPSNN_COMMON_ALLOC_H_

#include <stdatomic.h>
#include <stddef.h>

void *opsnn_malloc(size_t size);
void *opsnn_calloc(size_t count, size_t size);
/* Aligned block (alignment a power of two >= sizeof(void *)); free with opsnn_free. */
void *opsnn_aligned_alloc(size_t alignment, size_t size);
void opsnn_free(void *p);
/* A block handed to the caller, who releases it with free() (aclGetViewShape
 * and friends): subject to the failure hook, not counted as live. */
void *opsnn_malloc_for_caller(size_t size);

/* A one-block cache for one hot allocation of a fixed size (the executor,
 * made and freed once per call): opsnn_free_cached puts the block into the
 * cache when it is empty, and the next opsnn_malloc_cached takes it from
 * there instead of calling malloc. For the tests they are an allocation and
 * a free like any other (the failure hook applies, and a cached block is not
 * live). Every block given to one cache has the same size; drain it when the
 * library is unloaded. Under AddressSanitizer nothing is cached, so that a
 * use after free stays visible. */
#if defined(__SANITIZE_ADDRESS__)
#define OPSNN_ALLOC_CACHES_BLOCKS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define OPSNN_ALLOC_CACHES_BLOCKS 0
#endif
#endif
#ifndef OPSNN_ALLOC_CACHES_BLOCKS
#define OPSNN_ALLOC_CACHES_BLOCKS 1
#endif
typedef struct {
    void *_Atomic spare;
} opsnn_block_cache;
void *opsnn_malloc_cached(opsnn_block_cache *cache, size_t size);
void opsnn_free_cached(opsnn_block_cache *cache, void *p);
void opsnn_block_cache_drain(opsnn_block_cache *cache);

/* The test hooks. The library counts allocations and live blocks from the
 * first call of any of them on (before it, allocating pays no atomic), so a
 * test calls one before the allocations it watches: a block allocated
 * before the first call and freed after it would read as one live block
 * less. */

/* Tests: make the n-th allocation from now (1-based) fail; 0 disables. */
void opsnn_test_fail_alloc_at(long n);
/* Tests: number of allocations made since the last opsnn_test_fail_alloc_at. */
long opsnn_test_alloc_count(void);
/* Tests: blocks from opsnn_malloc / calloc / aligned_alloc not yet freed. */
long opsnn_test_alloc_live(void);

#endif /* OPSNN_COMMON_ALLOC_H_ */
