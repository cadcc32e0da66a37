/* Logging as CANN's host log does it (docs/runtime.md): levels, the plog file
 * under ASCEND_PROCESS_LOG_PATH created at the first record, module levels,
 * the callback (and that it gets its own copy of the record), the size cap
 * and rotation of the files (ASCEND_HOST_LOG_FILE_NUM), writes past
 * RLIMIT_FSIZE that raise no signal, and that logging never changes a call's
 * result. The suite
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
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
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

/* ---- the callback's own copy -------------------------------------------------- */

typedef struct {
    int calls;
    int changed;
    char first[512];
} reentrant_sink;

static _Thread_local int in_callback;

/* Reads the message, then does what a callback may do (take the thread's
 * error message, make a failing call) and checks the message is unchanged. */
static void reentrant(int level, const char *message, void *user)
{
    (void)level;
    reentrant_sink *s = user;
    s->calls++;
    if (in_callback) {
        return; /* the nested record of the failing call below */
    }
    in_callback = 1;
    char before[512];
    snprintf(before, sizeof before, "%s", message);
    const char *m = aclGetRecentErrMsg();
    (void)m;
    (void)aclrtSetDevice(77);
    (void)aclGetRecentErrMsg();
    s->changed += strcmp(before, message) != 0;
    snprintf(s->first, sizeof s->first, "%s", message);
    in_callback = 0;
}

/* Defect: msg was the thread's error-message buffer, which
 * aclGetRecentErrMsg() cleared and a failing call overwrote under the callback. */
static void callback_message_is_its_own_copy(void **state)
{
    (void)state;
    configure("3", NULL, NULL);
    reentrant_sink s = {0};
    opsnn_set_log_callback(reentrant, &s);
    assert_int_equal(aclrtSetDevice(9), ACL_ERROR_RT_INVALID_DEVICEID);
    opsnn_set_log_callback(NULL, NULL);
    assert_int_equal(s.calls, 2); /* the record, and the nested call's */
    assert_int_equal(s.changed, 0);
    assert_string_equal(s.first, bad_device_msg);
}

/* ---- the size cap and rotation ----------------------------------------------- */

/* This process's log files: their number, total bytes and the largest. */
static int log_files(long *total, long *largest, char *newest, size_t newest_size)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/debug/plog", root);
    DIR *d = opendir(dir);
    int files = 0;
    *total = *largest = 0;
    newest[0] = '\0';
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') {
            continue;
        }
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        assert_int_equal(stat(path, &st), 0);
        files++;
        *total += (long)st.st_size;
        *largest = (long)st.st_size > *largest ? (long)st.st_size : *largest;
        if (strcmp(e->d_name, newest) > 0) { /* names sort by their time */
            snprintf(newest, newest_size, "%s", e->d_name);
        }
    }
    if (d != NULL) {
        closedir(d);
    }
    return files;
}

static void many_failing_calls(int n)
{
    for (int i = 0; i < n; i++) {
        assert_int_equal(aclrtSetDevice(1000 + i), ACL_ERROR_RT_INVALID_DEVICEID);
    }
}

/* Defect: one file grew without bound (1M failing calls wrote 132 MB). */
static void log_files_are_capped_and_rotated(void **state)
{
    (void)state;
    setenv("ASCEND_HOST_LOG_FILE_NUM", "3", 1);
    configure("3", NULL, NULL);
    opsnn_test_set_log_file_max(4096);
    many_failing_calls(2000); /* ~280 KB of records */
    long total, largest;
    char newest[256];
    int files = log_files(&total, &largest, newest, sizeof newest);
    assert_int_equal(files, 3);
    assert_true(largest <= 4096);
    assert_true(total <= 3 * 4096);
    assert_true(total > 2 * 4096 - 200); /* two full files and the current one */
    /* the current file is the newest, and holds the last record */
    assert_non_null(strstr(opsnn_log_file_path(), newest));
    FILE *f = fopen(opsnn_log_file_path(), "r");
    assert_non_null(f);
    static char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    assert_non_null(strstr(text, "got 2999\n"));
    (void)aclGetRecentErrMsg();

    /* CANN's rule: unset, empty or outside [1, 1000] means 10 files */
    const char *bad[] = {"0", "1001", "abc", "", "3x", "-2"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        setenv("ASCEND_HOST_LOG_FILE_NUM", bad[i], 1);
        configure("3", NULL, NULL);
        many_failing_calls(600); /* ~84 KB: more than 10 files of 4 KiB */
        assert_int_equal(log_files(&total, &largest, newest, sizeof newest), 10);
    }
    unsetenv("ASCEND_HOST_LOG_FILE_NUM");
    configure("3", NULL, NULL);
    many_failing_calls(600);
    assert_int_equal(log_files(&total, &largest, newest, sizeof newest), 10);
    opsnn_test_set_log_file_max(0);
    (void)aclGetRecentErrMsg();
}

/* ---- RLIMIT_FSIZE -------------------------------------------------------------- */

/* In a child under a 1000-byte file size limit: failing calls to the file,
 * then to stdout redirected to a file. 0 when every call returned its code
 * and no file passed the limit; a signal (SIGXFSZ before the fix) kills it. */
static int child_under_a_file_size_limit(void)
{
    struct rlimit rl = {1000, 1000};
    if (setrlimit(RLIMIT_FSIZE, &rl) != 0) {
        return 2;
    }
    for (int i = 0; i < 200; i++) {
        if (aclrtSetDevice(9) != ACL_ERROR_RT_INVALID_DEVICEID) {
            return 3;
        }
    }
    struct stat st;
    if (stat(opsnn_log_file_path(), &st) != 0 || st.st_size > 1000) {
        return 4;
    }
    char out[600];
    snprintf(out, sizeof out, "%s/stdout.txt", root);
    if (freopen(out, "w", stdout) == NULL) {
        return 5;
    }
    setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "1", 1);
    opsnn_log_reconfigure();
    for (int i = 0; i < 200; i++) {
        if (aclrtSetDevice(9) != ACL_ERROR_RT_INVALID_DEVICEID) {
            return 6;
        }
    }
    sigset_t pend;
    if (sigpending(&pend) != 0 || sigismember(&pend, SIGXFSZ)) {
        return 7; /* nothing left pending either */
    }
    return 0;
}

/* Defect: a record written past RLIMIT_FSIZE raised SIGXFSZ and killed the host. */
static void a_file_size_limit_never_raises_a_signal(void **state)
{
    (void)state;
    setenv("ASCEND_HOST_LOG_FILE_NUM", "2", 1);
    configure("3", NULL, NULL);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(60);
        _exit(child_under_a_file_size_limit());
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    unsetenv("ASCEND_HOST_LOG_FILE_NUM");
    if (WIFSIGNALED(status)) {
        print_error("the child died of signal %d\n", WTERMSIG(status));
    }
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
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
        cmocka_unit_test(callback_message_is_its_own_copy),
        cmocka_unit_test(log_files_are_capped_and_rotated),
        cmocka_unit_test(a_file_size_limit_never_raises_a_signal),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    rm_tree(root);
    return rc;
}
