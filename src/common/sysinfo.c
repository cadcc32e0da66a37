/* What the machine is like (sysinfo.h): cache and page sizes the C library
 * does not always report, and the CPUs the process may use. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#endif
#include "common/sysinfo.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef __linux__
#include <sched.h>
#endif

/* The first line of a small text file, without its newline; 0 on success. */
static int read_line(const char *path, char *buf, size_t size)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return -1;
    }
    char *ok = fgets(buf, (int)size, f);
    fclose(f);
    if (ok == NULL) {
        return -1;
    }
    buf[strcspn(buf, "\n")] = '\0';
    return 0;
}

int64_t opsnn_parse_cache_size(const char *text)
{
    char *end = NULL;
    unsigned long long v = strtoull(text, &end, 10);
    if (end == text || text[0] == '-') {
        return -1;
    }
    unsigned shift = 0;
    if (*end == 'K' || *end == 'k') {
        shift = 10, end++;
    } else if (*end == 'M' || *end == 'm') {
        shift = 20, end++;
    } else if (*end == 'G' || *end == 'g') {
        shift = 30, end++;
    }
    if (*end != '\0' || v > (unsigned long long)(INT64_MAX >> shift)) {
        return -1;
    }
    return (int64_t)(v << shift);
}

int opsnn_parse_cpu_list_count(const char *text)
{
    long long count = 0;
    const char *p = text;
    for (;;) {
        char *end;
        if (*p < '0' || *p > '9') {
            return -1;
        }
        long long lo = strtoll(p, &end, 10), hi = lo;
        if (*end == '-') {
            p = end + 1;
            if (*p < '0' || *p > '9') {
                return -1;
            }
            hi = strtoll(p, &end, 10);
        }
        if (hi < lo || hi - lo >= INT_MAX - count) {
            return -1;
        }
        count += hi - lo + 1;
        if (*end == '\0') {
            return (int)count;
        }
        if (*end != ',') {
            return -1;
        }
        p = end + 1;
    }
}

int64_t opsnn_llc_bytes_in(const char *cache_dir, int *sharers)
{
    char path[512], line[512];
    int64_t best = 0;
    long best_level = 0;
    int best_sharers = 0;
    for (int k = 0; k < 16; k++) {
        snprintf(path, sizeof path, "%s/index%d/level", cache_dir, k);
        if (read_line(path, line, sizeof line) != 0) {
            continue; /* indices need not be dense */
        }
        char *end;
        long level = strtol(line, &end, 10);
        if (end == line || *end != '\0' || level < best_level) {
            continue;
        }
        snprintf(path, sizeof path, "%s/index%d/type", cache_dir, k);
        if (read_line(path, line, sizeof line) != 0 || strcmp(line, "Instruction") == 0) {
            continue;
        }
        snprintf(path, sizeof path, "%s/index%d/size", cache_dir, k);
        int64_t v = read_line(path, line, sizeof line) == 0 ? opsnn_parse_cache_size(line) : -1;
        if (v > 0 && (level > best_level || v > best)) {
            best = v;
            best_level = level;
            snprintf(path, sizeof path, "%s/index%d/shared_cpu_list", cache_dir, k);
            int n = read_line(path, line, sizeof line) == 0 ? opsnn_parse_cpu_list_count(line) : -1;
            best_sharers = n > 0 ? n : 0;
        }
    }
    if (sharers != NULL) {
        *sharers = best_sharers;
    }
    return best;
}

int opsnn_llc_sharers(int listed, long online)
{
    if (listed > 0) {
        return listed;
    }
    return online > 0 && online <= INT_MAX ? (int)online : 0;
}

int64_t opsnn_llc_bytes(int *sharers)
{
    int listed = 0;
    int64_t v = opsnn_llc_bytes_in("/sys/devices/system/cpu/cpu0/cache", &listed);
    if (sharers != NULL) {
        *sharers = opsnn_llc_sharers(listed, sysconf(_SC_NPROCESSORS_ONLN));
    }
    if (v > 0) {
        return v;
    }
    long n = -1;
#ifdef _SC_LEVEL3_CACHE_SIZE
    n = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
#ifdef _SC_LEVEL2_CACHE_SIZE
    if (n <= 0) {
        n = sysconf(_SC_LEVEL2_CACHE_SIZE);
    }
#endif
    return n > 0 ? (int64_t)n : 0;
}

int64_t opsnn_llc_usable_bytes(int64_t llc, int sharers)
{
    const int64_t per_cpu = OPSNN_LLC_MAX_BYTES_PER_CPU;
    if (sharers > 0 && llc / sharers > per_cpu) {
        return per_cpu * sharers;
    }
    return llc;
}

size_t opsnn_huge_page_for_page_size(size_t page_size)
{
    if (page_size < 4096 || (page_size & (page_size - 1)) != 0 || page_size > ((size_t)1 << 16)) {
        return 0;
    }
    /* A page-table page holds page_size / 8 entries, each mapping one page. */
    return page_size * (page_size / 8);
}

size_t opsnn_huge_page_bytes(void)
{
    static atomic_size_t cached;
    size_t v = atomic_load_explicit(&cached, memory_order_relaxed);
    if (v != 0) {
        return v;
    }
    char line[64];
    if (read_line("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size", line, sizeof line) == 0) {
        int64_t b = opsnn_parse_cache_size(line);
        if (b >= 4096 && (b & (b - 1)) == 0 && (uint64_t)b <= SIZE_MAX / 4) {
            v = (size_t)b;
        }
    }
    if (v == 0) {
        long page = sysconf(_SC_PAGESIZE);
        v = page > 0 ? opsnn_huge_page_for_page_size((size_t)page) : 0;
    }
    if (v == 0) {
        v = (size_t)2 << 20;
    }
    atomic_store_explicit(&cached, v, memory_order_relaxed);
    return v;
}

/* ---- CPUs the process may use ------------------------------------------- */

int opsnn_cgroup_cpu_max_cpus(const char *text)
{
    long long quota, period;
    char word[16];
    if (sscanf(text, "%15s %lld", word, &period) != 2 || strcmp(word, "max") == 0 ||
        sscanf(word, "%lld", &quota) != 1 || quota <= 0 || period <= 0) {
        return 0;
    }
    long long cpus = (quota + period - 1) / period;
    return cpus > INT_MAX ? INT_MAX : (int)cpus;
}

int opsnn_cgroup_read(const char *controller, const char *file, char *buf, size_t size)
{
    char line[512], path[700];
    /* cgroup v2: "0::/some/path" in /proc/self/cgroup names our cgroup, in
     * the one hierarchy under /sys/fs/cgroup; v1: "N:pids:/some/path", under
     * /sys/fs/cgroup/pids. */
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (f != NULL) {
        while (fgets(line, sizeof line, f) != NULL) {
            line[strcspn(line, "\n")] = '\0';
            char *names = strchr(line, ':');
            char *where = names != NULL ? strchr(names + 1, ':') : NULL;
            if (where == NULL) {
                continue;
            }
            *where++ = '\0';
            names++;
            const char *dir = strcmp(where, "/") == 0 ? "" : where;
            if (names[0] == '\0') {
                snprintf(path, sizeof path, "/sys/fs/cgroup%s/%s", dir, file);
            } else if (strcmp(names, controller) == 0) {
                snprintf(path, sizeof path, "/sys/fs/cgroup/%s%s/%s", controller, dir, file);
            } else {
                continue;
            }
            if (read_line(path, buf, size) == 0) {
                fclose(f);
                return 0;
            }
        }
        fclose(f);
    }
    snprintf(path, sizeof path, "/sys/fs/cgroup/%s", file);
    return read_line(path, buf, size);
}

/* The CPU quota of the process's cgroup, or 0 when none is set or known. */
static int cgroup_cpus(void)
{
    char path[600];
    char text[128];
    if (opsnn_cgroup_read("cpu", "cpu.max", text, sizeof text) == 0) {
        return opsnn_cgroup_cpu_max_cpus(text);
    }
    /* cgroup v1: quota and period in two files (quota -1: no limit). */
    static const char *const dirs[] = {"/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char q[64], p[64], both[160];
        snprintf(path, sizeof path, "%s/cpu.cfs_quota_us", dirs[i]);
        if (read_line(path, q, sizeof q) != 0) {
            continue;
        }
        snprintf(path, sizeof path, "%s/cpu.cfs_period_us", dirs[i]);
        if (read_line(path, p, sizeof p) != 0) {
            continue;
        }
        snprintf(both, sizeof both, "%s %s", q, p);
        return opsnn_cgroup_cpu_max_cpus(both);
    }
    return 0;
}

int opsnn_usable_cpus(void)
{
    static atomic_int cached;
    int n = atomic_load(&cached);
    if (n > 0) {
        return n;
    }
    n = 0;
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        n = CPU_COUNT(&set);
    }
#endif
    if (n <= 0) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        n = online > 0 && online < INT_MAX ? (int)online : 1;
    }
    int quota = cgroup_cpus();
    if (quota > 0 && quota < n) {
        n = quota;
    }
    atomic_store(&cached, n);
    return n;
}

int64_t opsnn_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}
