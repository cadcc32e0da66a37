/* Cache and page sizes the C library does not always report (sysinfo.h). */
#include "common/sysinfo.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

int64_t opsnn_llc_bytes_in(const char *cache_dir)
{
    char path[512], line[64];
    int64_t best = 0;
    long best_level = 0;
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
        }
    }
    return best;
}

int64_t opsnn_llc_bytes(void)
{
    int64_t v = opsnn_llc_bytes_in("/sys/devices/system/cpu/cpu0/cache");
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
