/*
 * test_sysinfo.c - the machine facts the C library does not always report:
 * the last-level cache size from a sysfs-style cache directory (arm64
 * glibc's sysconf answers 0; on AMD guests it reports the host package) and the transparent-huge-page size for 4, 16 and 64 KiB base
 * pages, plus what this machine says.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/sysinfo.h"

static void parse_cache_size_reads_k_m_g_and_plain_bytes(void **state)
{
    (void)state;
    assert_int_equal(opsnn_parse_cache_size("1024K"), 1048576);
    assert_int_equal(opsnn_parse_cache_size("512K"), 524288);
    assert_int_equal(opsnn_parse_cache_size("2M"), 2097152);
    assert_int_equal(opsnn_parse_cache_size("1G"), 1073741824);
    assert_int_equal(opsnn_parse_cache_size("65536"), 65536);
    assert_int_equal(opsnn_parse_cache_size("2097152"), 2097152);
    assert_int_equal(opsnn_parse_cache_size(""), -1);
    assert_int_equal(opsnn_parse_cache_size("K"), -1);
    assert_int_equal(opsnn_parse_cache_size("12Q"), -1);
    assert_int_equal(opsnn_parse_cache_size("-4K"), -1);
    assert_int_equal(opsnn_parse_cache_size("99999999999999999999G"), -1);
}

static void put(const char *dir, int index, const char *file, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/index%d", dir, index);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/index%d/%s", dir, index, file);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "%s\n", text);
    fclose(f);
}

static void cache_entry(const char *dir, int index, const char *level, const char *type,
                        const char *size)
{
    put(dir, index, "level", level);
    put(dir, index, "type", type);
    put(dir, index, "size", size);
}

static void remove_tree(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* A Kunpeng 920 core as its kernel lays it out: L1d, L1i, L2 (unified), L3. */
static void llc_is_the_highest_level_data_or_unified_entry(void **state)
{
    (void)state;
    char dir[] = "/tmp/opsnn_sysinfo_XXXXXX";
    assert_non_null(mkdtemp(dir));
    assert_int_equal(opsnn_llc_bytes_in(dir, NULL), 0); /* empty: unknown */
    cache_entry(dir, 0, "1", "Data", "64K");
    cache_entry(dir, 1, "1", "Instruction", "128K");
    assert_int_equal(opsnn_llc_bytes_in(dir, NULL), 64 * 1024); /* L1d is all there is */
    cache_entry(dir, 2, "2", "Unified", "512K");
    assert_int_equal(opsnn_llc_bytes_in(dir, NULL), 512 * 1024);
    cache_entry(dir, 5, "3", "Unified", "32768K"); /* sparse indices */
    assert_int_equal(opsnn_llc_bytes_in(dir, NULL), 32 << 20);
    /* A higher level wins even when smaller (an odd report, but the level says
     * which cache is last); an instruction cache never counts. */
    cache_entry(dir, 6, "4", "Instruction", "256M");
    cache_entry(dir, 7, "4", "Unified", "16M");
    assert_int_equal(opsnn_llc_bytes_in(dir, NULL), 16 << 20);
    /* A size or level that does not parse is skipped. */
    cache_entry(dir, 7, "4", "Unified", "lots");
    assert_int_equal(opsnn_llc_bytes_in(dir, NULL), 32 << 20);
    cache_entry(dir, 7, "x4", "Unified", "64M");
    assert_int_equal(opsnn_llc_bytes_in(dir, NULL), 32 << 20);
    remove_tree(dir);
    assert_int_equal(opsnn_llc_bytes_in("/nonexistent/opsnn", NULL), 0);
}

static void cpu_list_count_reads_ranges_and_singles(void **state)
{
    (void)state;
    assert_int_equal(opsnn_parse_cpu_list_count("0"), 1);
    assert_int_equal(opsnn_parse_cpu_list_count("0-1"), 2);
    assert_int_equal(opsnn_parse_cpu_list_count("0-23"), 24);
    assert_int_equal(opsnn_parse_cpu_list_count("0,2-5,8"), 6);
    assert_int_equal(opsnn_parse_cpu_list_count("64-127,192-255"), 128);
    assert_int_equal(opsnn_parse_cpu_list_count(""), -1);
    assert_int_equal(opsnn_parse_cpu_list_count("3-1"), -1);
    assert_int_equal(opsnn_parse_cpu_list_count("0-"), -1);
    assert_int_equal(opsnn_parse_cpu_list_count("0,,1"), -1);
    assert_int_equal(opsnn_parse_cpu_list_count("0-1 "), -1);
    assert_int_equal(opsnn_parse_cpu_list_count("-1"), -1);
    assert_int_equal(opsnn_parse_cpu_list_count("0-99999999999"), -1);
}

/* The LLC entry's shared_cpu_list says how many CPUs share it; the usable
 * share is capped per sharer, which binds only where a guest is shown its
 * host's package cache. */
static void llc_share_is_capped_per_sharing_cpu(void **state)
{
    (void)state;
    char dir[] = "/tmp/opsnn_sysinfo_XXXXXX";
    assert_non_null(mkdtemp(dir));
    int sharers = -7;
    cache_entry(dir, 0, "1", "Data", "48K");
    cache_entry(dir, 2, "2", "Unified", "2048K");
    put(dir, 2, "shared_cpu_list", "0");
    /* The 2-vCPU Xeon guest: the host package's 480 MiB, shared by "0-1". */
    cache_entry(dir, 3, "3", "Unified", "491520K");
    assert_int_equal(opsnn_llc_bytes_in(dir, &sharers), (int64_t)480 << 20);
    assert_int_equal(sharers, 0); /* no shared_cpu_list: unknown */
    put(dir, 3, "shared_cpu_list", "0-1");
    assert_int_equal(opsnn_llc_bytes_in(dir, &sharers), (int64_t)480 << 20);
    assert_int_equal(sharers, 2);
    assert_int_equal(opsnn_llc_usable_bytes((int64_t)480 << 20, sharers), (int64_t)144 << 20);
    put(dir, 3, "shared_cpu_list", "garbage");
    assert_int_equal(opsnn_llc_bytes_in(dir, &sharers), (int64_t)480 << 20);
    assert_int_equal(sharers, 0);
    remove_tree(dir);
    /* The 2-vCPU EPYC guest (32 MiB CCX L3, "0-1") and real machines keep
     * their whole cache: a Kunpeng 920 die (32 MiB, 24 cores), a Genoa-X
     * CCD (96 MiB, 16 threads), a Xeon 6980P (504 MiB, 256 threads);
     * unknown sharers change nothing. */
    assert_int_equal(opsnn_llc_usable_bytes((int64_t)504 << 20, 256), (int64_t)504 << 20);
    assert_int_equal(opsnn_llc_usable_bytes(32 << 20, 2), 32 << 20);
    assert_int_equal(opsnn_llc_usable_bytes(32 << 20, 24), 32 << 20);
    assert_int_equal(opsnn_llc_usable_bytes(96 << 20, 16), 96 << 20);
    assert_int_equal(opsnn_llc_usable_bytes((int64_t)480 << 20, 0), (int64_t)480 << 20);
    assert_int_equal(opsnn_llc_usable_bytes((int64_t)480 << 20, 1), (int64_t)72 << 20);
    assert_int_equal(opsnn_llc_usable_bytes(0, 2), 0);
    /* No list names the sharers (the 2-vCPU Zen 5 guest: no cache entries in
     * sysfs, sysconf's 508 MiB host L3): the online CPUs share it. */
    assert_int_equal(opsnn_llc_sharers(0, 2), 2);
    assert_int_equal(opsnn_llc_usable_bytes((int64_t)508 << 20, opsnn_llc_sharers(0, 2)),
                     (int64_t)144 << 20);
    assert_int_equal(opsnn_llc_sharers(2, 64), 2); /* a list wins */
    assert_int_equal(opsnn_llc_usable_bytes(32 << 20, opsnn_llc_sharers(0, 128)), 32 << 20);
    assert_int_equal(opsnn_llc_sharers(0, -1), 0); /* sysconf failed: unknown */
    assert_int_equal(opsnn_llc_sharers(0, 0), 0);
    assert_int_equal(opsnn_llc_sharers(0, (long)INT_MAX + 1), 0);
}

static void huge_page_is_the_pmd_size_of_the_base_page(void **state)
{
    (void)state;
    assert_int_equal(opsnn_huge_page_for_page_size(4096), 2u << 20);
    assert_int_equal(opsnn_huge_page_for_page_size(16384), 32u << 20);
    assert_int_equal(opsnn_huge_page_for_page_size(65536), 512u << 20);
    assert_int_equal(opsnn_huge_page_for_page_size(0), 0);
    assert_int_equal(opsnn_huge_page_for_page_size(6000), 0);
    assert_int_equal(opsnn_huge_page_for_page_size(2048), 0);
}

/* This machine: a power of two, at least the base page, the same every call. */
static void this_machine_reports_sane_sizes(void **state)
{
    (void)state;
    size_t hp = opsnn_huge_page_bytes();
    long page = sysconf(_SC_PAGESIZE);
    assert_true(page > 0);
    assert_true(hp >= (size_t)page);
    assert_int_equal(hp & (hp - 1), 0);
    assert_int_equal(opsnn_huge_page_bytes(), hp);
    int sharers = -1;
    int64_t llc = opsnn_llc_bytes(&sharers);
    assert_true(llc >= 0);
    assert_true(sharers >= 0);
    /* a cache entry's list, else the online CPUs: never unknown here */
    assert_true(sharers > 0 || sysconf(_SC_NPROCESSORS_ONLN) <= 0);
    print_message("huge page %zu bytes, base page %ld, LLC %lld bytes shared by %d CPUs (usable %lld)\n",
                  hp, page, (long long)llc, sharers, (long long)opsnn_llc_usable_bytes(llc, sharers));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_cache_size_reads_k_m_g_and_plain_bytes),
        cmocka_unit_test(llc_is_the_highest_level_data_or_unified_entry),
        cmocka_unit_test(cpu_list_count_reads_ranges_and_singles),
        cmocka_unit_test(llc_share_is_capped_per_sharing_cpu),
        cmocka_unit_test(huge_page_is_the_pmd_size_of_the_base_page),
        cmocka_unit_test(this_machine_reports_sane_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
