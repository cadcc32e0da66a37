/*
 * test_soc.c - the SoC setting of opsnn/opsnn.h (opsnn_set_soc, opsnn_get_soc,
 * OPSNN_SOC) and the internal name table the tiling and the op_api read.
 *
 * The first test must run before anything asks for the current SoC: OPSNN_SOC
 * is read once per process. It forks a child for the unknown-value case.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "acl/acl_base.h"
#include "aclnn/aclnn_base.h"
#include "common/soc.h"
#include "opsnn/opsnn.h"

/* Child: with OPSNN_SOC (or OPSNN_OPP) unknown, every use is an error that
 * names the value, an ERROR record is logged, and a setter clears it. */
static int child_bad_env(const char *log_path, const char *var, const char *value)
{
    if (freopen(log_path, "w", stdout) == NULL) {
        return 10;
    }
    setenv(var, value, 1);
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "2", 1);
    setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "1", 1);
    if (opsnn_check_config() != ACLNN_ERR_PARAM_INVALID) {
        return 11;
    }
    if (strstr(aclGetRecentErrMsg(), value) == NULL) {
        return 12;
    }
    opsnn_platform p;
    if (opsnn_platform_get(NULL, &p) != ACLNN_ERR_PARAM_INVALID) {
        return 13;
    }
    int soc = strcmp(var, "OPSNN_SOC") == 0;
    if ((soc ? opsnn_set_soc("Ascend950") : opsnn_set_opp("builtin")) != ACLNN_SUCCESS ||
        opsnn_check_config() != ACLNN_SUCCESS) {
        return 14;
    }
    fflush(stdout);
    return 0;
}

static void bad_env_in_child(const char *var, const char *value, const char *expect)
{
    char log_path[] = "/tmp/opsnn_test_soc_XXXXXX";
    int fd = mkstemp(log_path);
    assert_true(fd >= 0);
    close(fd);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        _exit(child_bad_env(log_path, var, value));
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    char text[4096] = {0};
    FILE *f = fopen(log_path, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    unlink(log_path);
    text[n] = '\0';
    assert_non_null(strstr(text, "[ERROR]"));
    assert_non_null(strstr(text, expect));
}

/* Child: both values unknown: each is reported until its own setter runs. */
static int child_both_bad(void)
{
    setenv("OPSNN_SOC", "Ascend9000", 1);
    setenv("OPSNN_OPP", "tbe", 1);
    if (opsnn_check_config() != ACLNN_ERR_PARAM_INVALID || strstr(aclGetRecentErrMsg(), "OPSNN_SOC") == NULL) {
        return 21;
    }
    if (opsnn_set_soc("Ascend950") != ACLNN_SUCCESS || opsnn_check_config() != ACLNN_ERR_PARAM_INVALID ||
        strstr(aclGetRecentErrMsg(), "OPSNN_OPP=tbe") == NULL) {
        return 22;
    }
    if (opsnn_set_opp("ops-nn") != ACLNN_SUCCESS || opsnn_check_config() != ACLNN_SUCCESS) {
        return 23;
    }
    return 0;
}

static void env_is_read_once_and_bad_value_warns(void **state)
{
    (void)state;
    bad_env_in_child("OPSNN_SOC", "Ascend9000", "OPSNN_SOC=Ascend9000 is not a known SoC");
    bad_env_in_child("OPSNN_OPP", "tbe", "OPSNN_OPP=tbe is not a known operator package");
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        _exit(child_both_bad());
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);

    /* This process: a known value in any case, read on first use only. */
    setenv("OPSNN_SOC", "ascend910b3", 1);
    setenv("OPSNN_OPP", "OPS-NN", 1);
    assert_string_equal(opsnn_get_soc(), "Ascend910B3");
    assert_string_equal(opsnn_get_opp(), "ops-nn");
    assert_string_equal(opsnn_get_kernel_generation(), "experimental");
    assert_int_equal(opsnn_check_config(), ACLNN_SUCCESS);
    assert_int_equal(opsnn_soc_current()->vector_core_num, 40);
    setenv("OPSNN_SOC", "Ascend950", 1);
    setenv("OPSNN_OPP", "builtin", 1);
    assert_string_equal(opsnn_get_soc(), "Ascend910B3");
    assert_string_equal(opsnn_get_opp(), "ops-nn");
    unsetenv("OPSNN_SOC");
    unsetenv("OPSNN_OPP");
}

static void set_soc_accepts_ops_nn_spellings(void **state)
{
    (void)state;
    static const struct {
        const char *in;
        const char *canonical;
        opsnn_soc_family family;
        int cores;
        int64_t ub;
    } cases[] = {
        {"ascend950", "Ascend950", OPSNN_SOC_FAMILY_ASCEND950, 64, 245760},
        {"Ascend950PR", "Ascend950PR", OPSNN_SOC_FAMILY_ASCEND950, 64, 245760},
        {"ascend950pr_9599", "Ascend950PR_9599", OPSNN_SOC_FAMILY_ASCEND950, 64, 245760},
        {"ascend910b", "Ascend910B", OPSNN_SOC_FAMILY_ASCEND910B, 48, 196608},
        {"Ascend910B1", "Ascend910B1", OPSNN_SOC_FAMILY_ASCEND910B, 48, 196608},
        {"ASCEND910B2", "Ascend910B2", OPSNN_SOC_FAMILY_ASCEND910B, 48, 196608},
        {"Ascend910B3", "Ascend910B3", OPSNN_SOC_FAMILY_ASCEND910B, 40, 196608},
        {"ascend910B4", "Ascend910B4", OPSNN_SOC_FAMILY_ASCEND910B, 40, 196608},
        {"ascend910_93", "Ascend910_93", OPSNN_SOC_FAMILY_ASCEND910_93, 48, 196608},
        {"Ascend910", "Ascend910", OPSNN_SOC_FAMILY_ASCEND910, 32, 262144},
        {"ascend310p", "Ascend310P", OPSNN_SOC_FAMILY_ASCEND310P, 8, 262144},
        {"Ascend310P3", "Ascend310P3", OPSNN_SOC_FAMILY_ASCEND310P, 8, 262144},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(opsnn_set_soc(cases[i].in), ACLNN_SUCCESS);
        assert_string_equal(opsnn_get_soc(), cases[i].canonical);
        const opsnn_soc_info *soc = opsnn_soc_current();
        assert_int_equal(soc->family, cases[i].family);
        assert_int_equal(soc->vector_core_num, cases[i].cores);
        assert_int_equal(soc->ub_size, cases[i].ub);
    }
    assert_int_equal(opsnn_set_soc(NULL), ACLNN_SUCCESS);
    assert_string_equal(opsnn_get_soc(), "Ascend910B3"); /* back to what OPSNN_SOC said */
}

static void set_soc_unknown_name_is_invalid_and_keeps_setting(void **state)
{
    (void)state;
    assert_int_equal(opsnn_set_soc("Ascend310P"), ACLNN_SUCCESS);
    static const char *const bad[] = {"", "Ascend910B5", "ascend", "Ascend910B ", "cpu"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(opsnn_set_soc(bad[i]), ACLNN_ERR_PARAM_INVALID);
        const char *msg = aclGetRecentErrMsg();
        assert_non_null(msg);
        char got[64];
        snprintf(got, sizeof got, "got \"%s\"", bad[i]);
        assert_non_null(strstr(msg, "opsnn_set_soc: name must be one of Ascend910, "));
        assert_non_null(strstr(msg, "Ascend910B1, Ascend910B2, Ascend910B2C, Ascend910B3, Ascend910B4"));
        assert_non_null(strstr(msg, got));
        assert_string_equal(opsnn_get_soc(), "Ascend310P");
    }
    assert_int_equal(opsnn_set_soc(NULL), ACLNN_SUCCESS);
}

static void lookup_rejects_null_and_unknown_without_writing(void **state)
{
    (void)state;
    const opsnn_soc_info *sentinel = (const opsnn_soc_info *)&sentinel;
    const opsnn_soc_info *out = sentinel;
    assert_int_equal(opsnn_soc_lookup(NULL, &out), -1);
    assert_int_equal(opsnn_soc_lookup("Ascend9000", &out), -1);
    assert_ptr_equal(out, sentinel);
    assert_int_equal(opsnn_soc_lookup("ascend910b", NULL), -1);
    assert_int_equal(opsnn_soc_lookup("ASCEND910_9391", &out), 0);
    assert_string_equal(out->name, "Ascend910_9391");
    assert_int_equal(out->family, OPSNN_SOC_FAMILY_ASCEND910_93);
}

/* Every row is reachable by its own name and has plausible hardware numbers. */
static void every_listed_name_looks_itself_up(void **state)
{
    (void)state;
    char list[1024];
    snprintf(list, sizeof list, "%s", opsnn_soc_names());
    int rows = 0;
    for (char *save = NULL, *tok = strtok_r(list, ", ", &save); tok != NULL;
         tok = strtok_r(NULL, ", ", &save)) {
        const opsnn_soc_info *soc = NULL;
        assert_int_equal(opsnn_soc_lookup(tok, &soc), 0);
        assert_string_equal(soc->name, tok);
        assert_true(soc->vector_core_num >= 8 && soc->vector_core_num <= 64);
        assert_true(soc->ub_size == 196608 || soc->ub_size == 245760 || soc->ub_size == 262144);
        rows++;
    }
    assert_int_equal(rows, 23);
}

static void *set_and_get(void *arg)
{
    const char *name = arg;
    for (int i = 0; i < 2000; i++) {
        if (opsnn_set_soc(name) != ACLNN_SUCCESS) {
            return arg;
        }
        const char *now = opsnn_get_soc();
        if (strcmp(now, "Ascend950") != 0 && strcmp(now, "Ascend910B2") != 0) {
            return arg;
        }
    }
    return NULL;
}

/* Setting and reading from several threads never shows a torn or foreign value. */
static void set_soc_is_thread_safe(void **state)
{
    (void)state;
    pthread_t t[4];
    static const char *const names[] = {"ascend950", "ascend910b2", "Ascend950", "Ascend910B2"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(pthread_create(&t[i], NULL, set_and_get, (void *)names[i]), 0);
    }
    for (int i = 0; i < 4; i++) {
        void *ret = (void *)1;
        assert_int_equal(pthread_join(t[i], &ret), 0);
        assert_null(ret);
    }
    assert_int_equal(opsnn_set_soc(NULL), ACLNN_SUCCESS);
}

/* Each (SoC, package) pair runs one kernel generation (docs/soc.md). */
static void package_picks_the_kernel_generation(void **state)
{
    (void)state;
    static const struct {
        const char *soc, *opp, *gen;
    } rows[] = {
        {"Ascend950", "builtin", "arch35"},    {"Ascend950", "ops-nn", "arch35"},
        {"Ascend910B3", "builtin", "tbe"},     {"Ascend910B3", "ops-nn", "experimental"},
        {"Ascend910_93", "Builtin", "tbe"},    {"Ascend910_9391", "OPS-NN", "experimental"},
        {"Ascend910", "builtin", "tbe"},       {"Ascend910", "ops-nn", "none"},
        {"Ascend310P3", "builtin", "tbe"},     {"Ascend310P3", "ops-nn", "none"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        assert_int_equal(opsnn_set_soc(rows[i].soc), ACLNN_SUCCESS);
        assert_int_equal(opsnn_set_opp(rows[i].opp), ACLNN_SUCCESS);
        assert_string_equal(opsnn_get_kernel_generation(), rows[i].gen);
    }
    assert_string_equal(opsnn_get_opp(), "ops-nn");
    static const char *const bad[] = {"", "tbe", "ops_nn", "builtin "};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(opsnn_set_opp(bad[i]), ACLNN_ERR_PARAM_INVALID);
        assert_non_null(strstr(aclGetRecentErrMsg(), "opsnn_set_opp: name must be builtin or ops-nn"));
        assert_string_equal(opsnn_get_opp(), "ops-nn");
    }
    assert_int_equal(opsnn_set_opp(NULL), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_soc(NULL), ACLNN_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(env_is_read_once_and_bad_value_warns),
        cmocka_unit_test(set_soc_accepts_ops_nn_spellings),
        cmocka_unit_test(set_soc_unknown_name_is_invalid_and_keeps_setting),
        cmocka_unit_test(lookup_rejects_null_and_unknown_without_writing),
        cmocka_unit_test(every_listed_name_looks_itself_up),
        cmocka_unit_test(set_soc_is_thread_safe),
        cmocka_unit_test(package_picks_the_kernel_generation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
