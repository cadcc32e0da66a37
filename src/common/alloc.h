/* Library-internal heap allocation with a failure-injection hook for tests. */
#ifndef OPSNN_COMMON_ALLOC_H_
#define OPSNN_COMMON_ALLOC_H_

#include <stddef.h>

void *opsnn_malloc(size_t size);
void *opsnn_calloc(size_t count, size_t size);
/* Aligned block (alignment a power of two >= sizeof(void *)); free with opsnn_free. */
void *opsnn_aligned_alloc(size_t alignment, size_t size);
void opsnn_free(void *p);
/* A block handed to the caller, who releases it with free() (aclGetViewShape
 * and friends): subject to the failure hook, not counted as live. */
void *opsnn_malloc_for_caller(size_t size);

/* Tests: make the n-th allocation from now (1-based) fail; 0 disables. */
void opsnn_test_fail_alloc_at(long n);
/* Tests: number of allocations made since the last opsnn_test_fail_alloc_at. */
long opsnn_test_alloc_count(void);
/* Tests: blocks from opsnn_malloc / calloc / aligned_alloc not yet freed. */
long opsnn_test_alloc_live(void);

#endif /* OPSNN_COMMON_ALLOC_H_ */
