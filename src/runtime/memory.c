/* "Device" memory is host memory (docs/runtime.md): 64-byte aligned blocks recorded in
 * a registry, so that freeing a pointer the library did not hand out is a
 * status code and not undefined behaviour. */
/* MADV_HUGEPAGE is outside POSIX: without this the build's
 * _POSIX_C_SOURCE hides it and the advice below silently vanishes */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "acl/acl_rt.h"
#include "common/alloc.h"
#include "common/error.h"
#include "common/fork.h"
#include "common/ptrset.h"
#include "common/sysinfo.h"

#define BLOCK_ALIGN 64
/* Blocks of a transparent huge page or more (2 MiB with 4 KiB base pages,
 * 512 MiB with the 64 KiB pages of some aarch64 kernels; sysinfo.h) are
 * aligned to it and offered to the kernel as huge-page candidates under the
 * HUGE policies. */

/* Registry value: the low bit tells host (1) from device (0) blocks. */
static opsnn_ptrset live_blocks = OPSNN_PTRSET_INIT;

void opsnn_memory_fork(int phase)
{
    opsnn_ptrset_fork(&live_blocks, phase);
}

#if defined(__GNUC__)
/* Unloading: an empty registry leaves no memory behind after dlclose. */
__attribute__((destructor)) static void blocks_at_unload(void)
{
    opsnn_ptrset_release_if_empty(&live_blocks);
}
#endif

static const char *ptr_name(uint64_t kind)
{
    return kind ? "hostPtr" : "devPtr";
}

static aclError alloc_block(const char *fn, void **out, size_t size, int huge, uint64_t kind)
{
    if (out == NULL) {
        opsnn_error("%s: %s must not be NULL, got NULL", fn, ptr_name(kind));
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    if (size == 0) {
        opsnn_error("%s: size must be > 0, got 0", fn);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    void *p = NULL;
    /* Sizes above PTRDIFF_MAX can never be satisfied; refusing them here keeps
     * sanitizer allocators from aborting the process. */
    size_t huge_page = opsnn_huge_page_bytes();
    if (size <= (size_t)PTRDIFF_MAX - huge_page) {
        int use_huge = huge && size >= huge_page;
        p = opsnn_aligned_alloc(use_huge ? huge_page : BLOCK_ALIGN, size);
#ifdef MADV_HUGEPAGE
        if (p != NULL && use_huge) {
            (void)madvise(p, size, MADV_HUGEPAGE);
        }
#endif
    }
    if (p == NULL) {
        opsnn_error("%s: cannot allocate size %zu bytes", fn, size);
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    if (opsnn_ptrset_insert(&live_blocks, p, kind) != 0) {
        opsnn_free(p);
        opsnn_error("%s: cannot allocate size %zu bytes (registry full)", fn, size);
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    *out = p;
    return ACL_SUCCESS;
}

static aclError free_block(const char *fn, void *p, uint64_t kind)
{
    if (p == NULL) {
        opsnn_error("%s: %s must not be NULL, got NULL", fn, ptr_name(kind));
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    /* Removing is the claim: of two threads freeing one block, one wins. */
    if (!opsnn_ptrset_remove_if(&live_blocks, p, kind)) {
        opsnn_error("%s: %s %p was not allocated by %s or was already freed", fn, ptr_name(kind),
                    p, kind ? "aclrtMallocHost" : "aclrtMalloc");
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    opsnn_free(p);
    return ACL_SUCCESS;
}

aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    if (policy != ACL_MEM_MALLOC_HUGE_FIRST && policy != ACL_MEM_MALLOC_HUGE_ONLY &&
        policy != ACL_MEM_MALLOC_NORMAL_ONLY) {
        opsnn_error("aclrtMalloc: policy must be 0, 1 or 2 (aclrtMemMallocPolicy), got %d",
                    (int)policy);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    return alloc_block("aclrtMalloc", devPtr, size, policy != ACL_MEM_MALLOC_NORMAL_ONLY, 0);
}

aclError aclrtMallocHost(void **hostPtr, size_t size)
{
    return alloc_block("aclrtMallocHost", hostPtr, size, 0, 1);
}

aclError aclrtFree(void *devPtr)
{
    return free_block("aclrtFree", devPtr, 0);
}

aclError aclrtFreeHost(void *hostPtr)
{
    return free_block("aclrtFreeHost", hostPtr, 1);
}

aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind)
{
    if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_DEVICE_TO_DEVICE) {
        opsnn_error("aclrtMemcpy: kind must be 0..3 (aclrtMemcpyKind), got %d", (int)kind);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    if (count > destMax) {
        opsnn_error("aclrtMemcpy: count must be <= destMax (%zu), got %zu", destMax, count);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    if (count == 0) {
        return ACL_SUCCESS;
    }
    if (dst == NULL || src == NULL) {
        opsnn_error("aclrtMemcpy: %s must not be NULL when count > 0, got NULL",
                    dst == NULL ? "dst" : "src");
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    memmove(dst, src, count);
    return ACL_SUCCESS;
}

aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count)
{
    if (count > maxCount) {
        opsnn_error("aclrtMemset: count must be <= maxCount (%zu), got %zu", maxCount, count);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    if (count == 0) {
        return ACL_SUCCESS;
    }
    if (devPtr == NULL) {
        opsnn_error("aclrtMemset: devPtr must not be NULL when count > 0, got NULL");
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    memset(devPtr, (unsigned char)value, count);
    return ACL_SUCCESS;
}
