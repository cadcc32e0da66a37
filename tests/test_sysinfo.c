/*
 * test_sysinfo.c - the machine facts the C library does not always report:
 * the L2 size from a sysfs-style cache directory (arm64 glibc's sysconf
 * answers 0) and the transparent-huge-page size for 4, 16 and 64 KiB base
 * pages, plus what this machine says.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

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
static void l2_comes_from_the_level_2_data_or_unified_entry(void **state)
{
    (void)state;
    char dir[] = "/tmp/opsnn_sysinfo_XXXXXX";
    assert_non_null(mkdtemp(dir));
    assert_int_equal(opsnn_l2_cache_bytes_in(dir), 0); /* empty: unknown */
    cache_entry(dir, 0, "1", "Data", "64K");
    cache_entry(dir, 1, "1", "Instruction", "64K");
    assert_int_equal(opsnn_l2_cache_bytes_in(dir), 0);
    cache_entry(dir, 3, "3", "Unified", "32768K"); /* sparse indices */
    cache_entry(dir, 2, "2", "Unified", "512K");
    assert_int_equal(opsnn_l2_cache_bytes_in(dir), 512 * 1024);
    /* A level-2 instruction cache is not the one. */
    cache_entry(dir, 2, "2", "Instruction", "512K");
    cache_entry(dir, 4, "2", "Data", "1M");
    assert_int_equal(opsnn_l2_cache_bytes_in(dir), 1 << 20);
    /* A size that does not parse is skipped. */
    cache_entry(dir, 4, "2", "Data", "lots");
    assert_int_equal(opsnn_l2_cache_bytes_in(dir), 0);
    remove_tree(dir);
    assert_int_equal(opsnn_l2_cache_bytes_in("/nonexistent/opsnn"), 0);
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
    int64_t l2 = opsnn_l2_cache_bytes();
    assert_true(l2 >= 0);
    print_message("huge page %zu bytes, base page %ld, L2 %lld bytes\n", hp, page, (long long)l2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_cache_size_reads_k_m_g_and_plain_bytes),
        cmocka_unit_test(l2_comes_from_the_level_2_data_or_unified_entry),
        cmocka_unit_test(huge_page_is_the_pmd_size_of_the_base_page),
        cmocka_unit_test(this_machine_reports_sane_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
