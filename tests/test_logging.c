/* Logging as CANN's host log does it (docs/runtime.md): levels, the plog file
 * under ASCEND_PROCESS_LOG_PATH created at the first record, module levels,
 * the callback, and that logging never changes a call's result. The suite
 * changes the variables with setenv and re-reads them with
 * opsnn_log_reconfigure(); the library itself reads them once. */
#include <dirent.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "common/error.h"
#include "opsnn/opsnn.h"
#include "seed_softshrink.h"

static char root[256]; /* ASCEND_PROCESS_LOG_PATH for this suite */

static void rm_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d != NULL) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) {
                continue;
            }
            char sub[1024];
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            rm_tree(sub);
        }
        closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

/* Fresh configuration: the given level variables, logs under `root`. */
static void configure(const char *global, const char *module, const char *to_stdout)
{
    rm_tree(root);
    setenv("ASCEND_PROCESS_LOG_PATH", root, 1);
    if (global != NULL) {
        setenv("ASCEND_GLOBAL_LOG_LEVEL", global, 1);
    } else {
        unsetenv("ASCEND_GLOBAL_LOG_LEVEL");
    }
    if (module != NULL) {
        setenv("ASCEND_MODULE_LOG_LEVEL", module, 1);
    } else {
        unsetenv("ASCEND_MODULE_LOG_LEVEL");
    }
    if (to_stdout != NULL) {
        setenv("ASCEND_SLOG_PRINT_TO_STDOUT", to_stdout, 1);
    } else {
        unsetenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    }
    opsnn_log_reconfigure();
}

/* The whole log file, or "" when there is none; exactly one file may exist. */
static char *read_log(void)
{
    static char text[1 << 20];
    text[0] = '\0';
    char dir[512];
    snprintf(dir, sizeof dir, "%s/debug/plog", root);
    DIR *d = opendir(dir);
    if (d == NULL) {
        return text;
    }
    int files = 0;
    struct dirent *e;
    char want[64];
    snprintf(want, sizeof want, "plog-%ld_", (long)getpid());
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') {
            continue;
        }
        files++;
        /* plog-<pid>_<yyyymmddhhmmssmmm>.log */
        assert_int_equal(strncmp(e->d_name, want, strlen(want)), 0);
        assert_int_equal(strlen(e->d_name), strlen(want) + 17 + 4);
        assert_string_equal(e->d_name + strlen(want) + 17, ".log");
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        assert_string_equal(path, opsnn_log_file_path());
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        size_t n = fread(text, 1, sizeof text - 1, f);
        assert_true(n < sizeof text - 1); /* the whole file */
        text[n] = '\0';
        fclose(f);
    }
    closedir(d);
    assert_true(files <= 1);
    return text;
}

static int log_dir_exists(void)
{
    char dir[512];
    struct stat st;
    snprintf(dir, sizeof dir, "%s/debug", root);
    return stat(dir, &st) == 0;
}

/* A successful softshrink call (phase 1 and 2) on the seed example. */
static void good_call(void)
{
    assert_true(seed_softshrink_call());
}

static const char bad_device_msg[] =
    "aclrtSetDevice: deviceId must be 0 (the CPU is the only device), got 9";

static void default_level_writes_errors_to_the_plog_file_lazily(void **state)
{
    (void)state;
    configure(NULL, NULL, NULL);
    good_call();
    assert_false(log_dir_exists()); /* nothing logged yet: no directory, no file */
    assert_int_equal(aclrtSetDevice(9), ACL_ERROR_RT_INVALID_DEVICEID);
    const char *text = read_log();
    /* [ERROR] OP(<pid>,<process>):yyyy-mm-dd-hh:mm:ss.mmm.uuu [file.c:line]message */
    char head[64];
    snprintf(head, sizeof head, "[ERROR] OP(%ld,", (long)getpid());
    assert_int_equal(strncmp(text, head, strlen(head)), 0);
    const char *colon = strstr(text, "):");
    assert_non_null(colon);
    int y, mo, d, h, mi, s, ms, us;
    assert_int_equal(sscanf(colon + 2, "%4d-%2d-%2d-%2d:%2d:%2d.%3d.%3d", &y, &mo, &d, &h, &mi, &s,
                            &ms, &us), 8);
    assert_non_null(strstr(text, " [device.c:"));
    assert_non_null(strstr(text, bad_device_msg));
    assert_null(strstr(text, "[DEBUG]"));
    assert_null(strstr(text, "[INFO]"));
    assert_int_equal(text[strlen(text) - 1], '\n');
    assert_non_null(aclGetRecentErrMsg());
}

static void level_0_adds_debug_records_for_plan_and_phase_2(void **state)
{
    (void)state;
    configure("0", NULL, NULL);
    good_call();
    const char *text = read_log();
    assert_non_null(strstr(text, "[DEBUG] OP("));
    assert_non_null(strstr(text, "aclnnSoftshrinkBackward: phase 1 built executor"));
    assert_non_null(strstr(text, "plan: "));
    assert_non_null(strstr(text, "aclnnSoftshrinkBackward: phase 2: 8 elements in 1 blocks"));
    assert_non_null(strstr(text, "thread(s), kernel path "));
}

static void level_4_logs_nothing_but_keeps_the_message(void **state)
{
    (void)state;
    configure("4", NULL, NULL);
    assert_int_equal(aclrtSetDevice(9), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_false(log_dir_exists());
    assert_string_equal(aclGetRecentErrMsg(), bad_device_msg);
}

static void level_2_drops_debug_keeps_errors(void **state)
{
    (void)state;
    configure("2", NULL, NULL);
    good_call();
    assert_false(log_dir_exists());
    assert_int_equal(aclrtSetDevice(9), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_non_null(strstr(read_log(), bad_device_msg));
    (void)aclGetRecentErrMsg();
}

static void invalid_global_level_means_error(void **state)
{
    (void)state;
    const char *bad[] = {"", "5", "x", "00", "-1"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        configure(bad[i], NULL, NULL);
        good_call();
        assert_false(log_dir_exists());
        assert_int_equal(aclrtSetDevice(9), ACL_ERROR_RT_INVALID_DEVICEID);
        assert_non_null(strstr(read_log(), "[ERROR] OP("));
        (void)aclGetRecentErrMsg();
    }
}

static void module_level_for_op_overrides_the_global_level(void **state)
{
    (void)state;
    configure("3", "OP=0", NULL);
    good_call();
    assert_non_null(strstr(read_log(), "[DEBUG] OP("));

    configure("0", "GE=1:OP=4:RUNTIME=0", NULL);
    good_call();
    assert_int_equal(aclrtSetDevice(9), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_false(log_dir_exists());
    (void)aclGetRecentErrMsg();

    /* another module only: the global level applies */
    configure("0", "GE=3", NULL);
    good_call();
    assert_non_null(strstr(read_log(), "[DEBUG] OP("));
}

static void malformed_module_level_is_ignored_as_a_whole(void **state)
{
    (void)state;
    const char *bad[] = {"OP=0:GE", "OP=0 ", "OP=9", "OP=0:", "op=0", "OP=0;GE=1", "=0"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        configure("3", bad[i], NULL);
        good_call();
        assert_false(log_dir_exists());
    }
}

typedef struct {
    int calls;
    int last_level;
    char last[512];
} sink;

static void collect(int level, const char *message, void *user)
{
    sink *s = user;
    s->calls++;
    s->last_level = level;
    snprintf(s->last, sizeof s->last, "%s", message);
}

static void callback_receives_records_instead_of_the_file(void **state)
{
    (void)state;
    configure("1", NULL, NULL);
    sink s = {0};
    opsnn_set_log_callback(collect, &s);
    good_call(); /* debug records: filtered before the callback */
    assert_int_equal(s.calls, 0);
    assert_int_equal(aclrtSetDevice(9), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_int_equal(s.calls, 1);
    assert_int_equal(s.last_level, 3);
    assert_string_equal(s.last, bad_device_msg);
    assert_false(log_dir_exists());
    opsnn_set_log_callback(NULL, NULL);
    assert_int_equal(aclrtSetDevice(9), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_int_equal(s.calls, 1);
    assert_non_null(strstr(read_log(), bad_device_msg));
    (void)aclGetRecentErrMsg();
}

static void unwritable_log_path_never_fails_a_call(void **state)
{
    (void)state;
    /* a regular file where the directory should be */
    configure(NULL, NULL, NULL);
    FILE *f = fopen(root, "w");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(aclrtSetDevice(9), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_string_equal(aclGetRecentErrMsg(), bad_device_msg);
    good_call();
    assert_int_equal(aclrtSetDevice(0), ACL_SUCCESS);
    assert_string_equal(opsnn_log_file_path(), "");
    unlink(root);
}

enum { LOG_THREADS = 4, LOG_ROUNDS = 100 };

static void *log_worker(void *arg)
{
    long id = (long)arg;
    for (int i = 0; i < LOG_ROUNDS; i++) {
        if (aclrtSetDevice((int32_t)(100 + id)) != ACL_ERROR_RT_INVALID_DEVICEID) {
            return (void *)1;
        }
        const char *m = aclGetRecentErrMsg();
        char want[32];
        snprintf(want, sizeof want, "got %ld", 100 + id);
        if (m == NULL || strstr(m, want) == NULL) {
            return (void *)1;
        }
        good_call();
    }
    return NULL;
}

/* Threads logging at once: every record is one whole line of its own. */
static void concurrent_records_are_whole_lines(void **state)
{
    (void)state;
    configure("0", NULL, NULL);
    pthread_t th[LOG_THREADS];
    for (long t = 0; t < LOG_THREADS; t++) {
        assert_int_equal(pthread_create(&th[t], NULL, log_worker, (void *)t), 0);
    }
    for (int t = 0; t < LOG_THREADS; t++) {
        void *rc;
        assert_int_equal(pthread_join(th[t], &rc), 0);
        assert_null(rc);
    }
    const char *text = read_log();
    int errors[LOG_THREADS] = {0}, debug = 0;
    for (const char *line = text; *line != '\0';) {
        const char *end = strchr(line, '\n');
        assert_non_null(end);
        assert_true(strncmp(line, "[ERROR] OP(", 11) == 0 || strncmp(line, "[DEBUG] OP(", 11) == 0 ||
                    strncmp(line, "[INFO] OP(", 10) == 0);
        if (line[1] == 'E') {
            long dev = strtol(end - 3, NULL, 10);
            assert_true(dev >= 100 && dev < 100 + LOG_THREADS);
            errors[dev - 100]++;
        } else if (line[1] == 'D') {
            debug++;
        }
        line = end + 1;
    }
    for (int t = 0; t < LOG_THREADS; t++) {
        assert_int_equal(errors[t], LOG_ROUNDS);
    }
    assert_int_equal(debug, 2 * LOG_THREADS * LOG_ROUNDS); /* phase 1 and phase 2 of each call */
}

int main(void)
{
    snprintf(root, sizeof root, "/tmp/opsnn-test-logging.%ld", (long)getpid());
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(default_level_writes_errors_to_the_plog_file_lazily),
        cmocka_unit_test(level_0_adds_debug_records_for_plan_and_phase_2),
        cmocka_unit_test(level_4_logs_nothing_but_keeps_the_message),
        cmocka_unit_test(level_2_drops_debug_keeps_errors),
        cmocka_unit_test(invalid_global_level_means_error),
        cmocka_unit_test(module_level_for_op_overrides_the_global_level),
        cmocka_unit_test(malformed_module_level_is_ignored_as_a_whole),
        cmocka_unit_test(callback_receives_records_instead_of_the_file),
        cmocka_unit_test(unwritable_log_path_never_fails_a_call),
        cmocka_unit_test(concurrent_records_are_whole_lines),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    rm_tree(root);
    return rc;
}
