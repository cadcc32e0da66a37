/* What the machine is like, read once where the C library does not say
 * (internal): the private L2 cache size and the transparent-huge-page size. */
#ifndef OPSNN_COMMON_SYSINFO_H_
#define OPSNN_COMMON_SYSINFO_H_

#include <stddef.h>
#include <stdint.h>

/* Bytes of the L2 cache of CPU 0: sysconf(_SC_LEVEL2_CACHE_SIZE) when it
 * knows (x86 glibc), else the level-2 data or unified entry of
 * /sys/devices/system/cpu/cpu0/cache (arm64 glibc answers 0); 0 if neither. */
int64_t opsnn_l2_cache_bytes(void);
/* The same from a directory laid out like .../cpu0/cache (index<k>/level,
 * type, size); 0 when no level-2 data/unified entry is there. For tests. */
int64_t opsnn_l2_cache_bytes_in(const char *cache_dir);
/* "1024K", "2M", "512" -> bytes; -1 when it is not such a size. */
int64_t opsnn_parse_cache_size(const char *text);

/* Size of a transparent huge page: the kernel's hpage_pmd_size, else the
 * PMD size of the base page size (page_size^2 / 8: 2 MiB for 4 KiB pages,
 * 32 MiB for 16 KiB, 512 MiB for 64 KiB), else 2 MiB. Cached. */
size_t opsnn_huge_page_bytes(void);
/* The fallback rule alone: the PMD size for a base page of page_size bytes
 * (0 when page_size is not a power of two >= 4096). For tests. */
size_t opsnn_huge_page_for_page_size(size_t page_size);

#endif /* OPSNN_COMMON_SYSINFO_H_ */
