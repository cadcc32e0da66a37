/* What the machine is like, read once where the C library does not say
 * (internal): the last-level cache size, the transparent-huge-page size and
 * the CPUs the process may use (its affinity and cgroup). */
#ifndef OPSNN_COMMON_SYSINFO_H_
#define OPSNN_COMMON_SYSINFO_H_

#include <stddef.h>
#include <stdint.h>

/* Bytes of the last-level cache CPU 0 sees: the highest-level data or
 * unified entry of /sys/devices/system/cpu/cpu0/cache (the kernel's view,
 * which inside a VM is what the hypervisor presents; glibc's sysconf reads
 * CPUID leaves that on this AMD guest answer 256 MiB for the host package
 * against the 32 MiB the guest's cores share), else sysconf's L3, else its
 * L2 (glibc on arm64 answers 0 to both); 0 if nothing says. *sharers (when
 * not NULL) gets the number of CPUs the entry's shared_cpu_list names, and
 * where nothing names them (sysconf never does; a guest may have no cache
 * entries in sysfs at all) the online CPUs (opsnn_llc_sharers). */
int64_t opsnn_llc_bytes(int *sharers);
/* The sharers of an LLC: `listed` (shared_cpu_list's count) when > 0, else
 * `online` (sysconf's online CPUs), else 0 (unknown). A cache that no
 * topology describes is taken as shared by every online CPU: a 2-vCPU AMD
 * EPYC (Zen 5) guest has no cache entries in sysfs, and sysconf reports
 * its host's 508 MiB L3, which uncapped kept every call under 254 MiB of
 * traffic on plain stores (docs/dev/design-notes.md). On a machine with
 * many CPUs the per-CPU cap below does not bind. */
int opsnn_llc_sharers(int listed, long online);
/* The sysfs rule alone, from a directory laid out like .../cpu0/cache
 * (index<k>/level, type, size, shared_cpu_list): the size of the
 * highest-level data or unified entry (the larger one if a level has two);
 * 0 when there is none. For tests. */
int64_t opsnn_llc_bytes_in(const char *cache_dir, int *sharers);
/* CPUs in a kernel CPU list ("0-1", "0,2-5,8"); -1 when it is not one. */
int opsnn_parse_cpu_list_count(const char *text);

/* The most last-level cache one CPU of a sharing set is taken to have.
 * Real processors give a core far less (Intel server parts 1.25-5 MiB,
 * AMD Zen 4/5 4 MiB, their X3D parts 12 MiB), so this binds only where a
 * guest is shown its host's package cache: a 2-vCPU Xeon guest reports
 * 480 MiB shared by "0-1". How much of that such a guest gets depends on
 * its neighbours; measured there (docs/dev/design-notes.md), plain stores
 * won up to 64 MiB of traffic and streaming from 72 MiB, which is half of
 * 2 x 72 MiB. */
#define OPSNN_LLC_MAX_BYTES_PER_CPU ((int64_t)72 << 20)
/* The share of an LLC of `llc` bytes shared by `sharers` CPUs (0: unknown)
 * the process can count on: llc, at most OPSNN_LLC_MAX_BYTES_PER_CPU per
 * sharer. */
int64_t opsnn_llc_usable_bytes(int64_t llc, int sharers);
/* "1024K", "2M", "512" -> bytes; -1 when it is not such a size. */
int64_t opsnn_parse_cache_size(const char *text);

/* Size of a transparent huge page: the kernel's hpage_pmd_size, else the
 * PMD size of the base page size (page_size^2 / 8: 2 MiB for 4 KiB pages,
 * 32 MiB for 16 KiB, 512 MiB for 64 KiB), else 2 MiB. Cached. */
size_t opsnn_huge_page_bytes(void);
/* The fallback rule alone: the PMD size for a base page of page_size bytes
 * (0 when page_size is not a power of two >= 4096). For tests. */
size_t opsnn_huge_page_for_page_size(size_t page_size);

/* CPUs the process may run on: the affinity mask, bounded by a cgroup CPU
 * quota (cgroup v2 cpu.max, v1 cpu.cfs_quota_us / cpu.cfs_period_us). >= 1.
 * Read once. */
int opsnn_usable_cpus(void);

/* CLOCK_MONOTONIC in nanoseconds. */
int64_t opsnn_now_ns(void);

/* The first line of `file` in the process's cgroup directory, without its
 * newline, into buf: the cgroup v2 one /proc/self/cgroup names, or the v1
 * one of `controller` ("pids"), else /sys/fs/cgroup/<file>. 0 on success,
 * -1 when there is no such file. */
int opsnn_cgroup_read(const char *controller, const char *file, char *buf, size_t size);

/* CPUs allowed by a cgroup v2 cpu.max text ("max 100000", "200000 100000"):
 * ceil(quota / period), or 0 when there is no limit or the text is not
 * understood. */
int opsnn_cgroup_cpu_max_cpus(const char *text);

#endif /* OPSNN_COMMON_SYSINFO_H_ */
