/* Logging the way CANN's host log does it (common/log.h, docs/runtime.md):
 *
 * - levels from ASCEND_MODULE_LOG_LEVEL (entry OP=<0..4>) or else
 *   ASCEND_GLOBAL_LOG_LEVEL (0 debug, 1 info, 2 warning, 3 error = default,
 *   4 none), read once, at the first record;
 * - records appended to <ASCEND_PROCESS_LOG_PATH or $HOME/ascend/log>/debug/plog/
 *   plog-<pid>_<yyyymmddhhmmssmmm>.log, created at the first record that
 *   passes the filter; ASCEND_SLOG_PRINT_TO_STDOUT=1 prints them on stdout
 *   instead; opsnn_set_log_callback() hands them to the application instead;
 * - a file holds at most 20 MB (CANN's fixed plog size; a smaller
 *   RLIMIT_FSIZE lowers it): the next record starts a new file, and of this
 *   process's files only the newest ASCEND_HOST_LOG_FILE_NUM (1..1000,
 *   default 10) are kept, the oldest deleted;
 * - nothing ever goes to stderr, and a log that cannot be written is dropped
 *   silently: logging never changes an API call's result, and never raises
 *   a signal (SIGXFSZ is blocked on the thread around the write).
 *
 * A record filtered out costs one relaxed atomic load. Emitting one takes a
 * mutex (file handle, callback). */
#include "common/log.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl_base.h"
#include "common/fork.h"
#include "kernels/kernels.h"
#include "opsnn/opsnn.h"

/* The module name CANN's operator libraries log under (OP = 63 in CANN's
 * include/toolchain/log_types.h); ASCEND_MODULE_LOG_LEVEL=OP=0 selects it. */
static const char module_name[] = "OP";

/* ---- configuration -------------------------------------------------------------- */

enum { LEVEL_NULL = 4, LEVEL_UNREAD = -1 };
enum { SINK_FILE = 0, SINK_STDOUT = 1 };

static atomic_int min_level = LEVEL_UNREAD; /* records below it are dropped */
static atomic_int sink = SINK_FILE;
static pthread_mutex_t log_mutex = PTHREAD_MUTEX_INITIALIZER;
static char log_dir[4096];   /* directory of the log file (under log_mutex) */
static char log_path[4096];  /* "" until the file is created */
static int log_fd = -1;
static pid_t log_pid;        /* the process that opened log_fd (a fork starts its own file) */
static int log_failed;       /* creating the file failed: stop trying */
static uint64_t log_size;    /* bytes in log_fd */
static int64_t log_stamp_ms; /* the name's time of the newest file (names never repeat) */
/* Rotation (under log_mutex): this process's files, oldest first, as names
 * in log_dir; at most log_file_num of them are kept. */
#define LOG_FILE_NUM_DEFAULT 10
#define LOG_FILE_NUM_MAX 1000
#define LOG_FILE_MAX_DEFAULT ((uint64_t)20 << 20)
#define LOG_NAME_MAX 64
static char log_names[LOG_FILE_NUM_MAX][LOG_NAME_MAX];
static int log_first, log_count;
static int log_file_num = LOG_FILE_NUM_DEFAULT;
static uint64_t log_file_max = LOG_FILE_MAX_DEFAULT;
static opsnn_log_callback user_cb;
static void *user_data;

void opsnn_log_fork(int phase)
{
    opsnn_fork_mutex(&log_mutex, phase);
}

/* "0".."4" -> the level; anything else -> -1. */
static int parse_level(const char *s)
{
    if (s == NULL || s[0] < '0' || s[0] > '4' || s[1] != '\0') {
        return -1;
    }
    return s[0] - '0';
}

/* ASCEND_MODULE_LOG_LEVEL is NAME=LEVEL[:NAME=LEVEL...] with no spaces. Like
 * CANN, one malformed entry voids the whole variable. Returns OP's level, or
 * -1 when the variable is absent, malformed or does not name OP. */
static int module_level(const char *s)
{
    if (s == NULL || s[0] == '\0') {
        return -1;
    }
    int found = -1;
    while (*s != '\0') {
        const char *name = s;
        while ((*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_') {
            s++;
        }
        size_t len = (size_t)(s - name);
        if (len == 0 || s[0] != '=' || s[1] < '0' || s[1] > '4' || (s[2] != ':' && s[2] != '\0')) {
            return -1;
        }
        if (len == sizeof module_name - 1 && memcmp(name, module_name, len) == 0) {
            found = s[1] - '0';
        }
        s += s[2] == ':' ? 3 : 2;
        if (s[-1] == ':' && *s == '\0') {
            return -1; /* trailing ':' */
        }
    }
    return found;
}

static void read_config(void)
{
    int level = module_level(getenv("ASCEND_MODULE_LOG_LEVEL"));
    if (level < 0) {
        level = parse_level(getenv("ASCEND_GLOBAL_LOG_LEVEL"));
    }
    if (level < 0) {
        level = OPSNN_LOG_ERROR;
    }
    const char *out = getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    atomic_store(&sink, out != NULL && strcmp(out, "1") == 0 ? SINK_STDOUT : SINK_FILE);

    const char *dir = getenv("ASCEND_PROCESS_LOG_PATH");
    const char *home = getenv("HOME");
    /* CANN: unset, empty or outside [1, 1000] means the default */
    const char *num = getenv("ASCEND_HOST_LOG_FILE_NUM");
    int files = LOG_FILE_NUM_DEFAULT;
    if (num != NULL && num[0] >= '0' && num[0] <= '9') {
        char *end;
        long v = strtol(num, &end, 10);
        if (*end == '\0' && v >= 1 && v <= LOG_FILE_NUM_MAX) {
            files = (int)v;
        }
    }
    opsnn_fork_register(); /* the first record: a fork from here on is covered */
    pthread_mutex_lock(&log_mutex);
    log_file_num = files;
    if (dir != NULL && dir[0] != '\0') {
        snprintf(log_dir, sizeof log_dir, "%s/debug/plog", dir);
    } else if (home != NULL && home[0] != '\0') {
        snprintf(log_dir, sizeof log_dir, "%s/ascend/log/debug/plog", home);
    } else {
        log_dir[0] = '\0';
    }
    pthread_mutex_unlock(&log_mutex);
    atomic_store(&min_level, level);
}

static pthread_once_t config_once = PTHREAD_ONCE_INIT;

int opsnn_log_enabled(int level)
{
    int min = atomic_load_explicit(&min_level, memory_order_relaxed);
    if (min == LEVEL_UNREAD) {
        pthread_once(&config_once, read_config);
        min = atomic_load(&min_level);
    }
    return level >= min && min != LEVEL_NULL;
}

void opsnn_log_reconfigure(void)
{
    pthread_once(&config_once, read_config);
    pthread_mutex_lock(&log_mutex);
    if (log_fd >= 0) {
        close(log_fd);
    }
    log_fd = -1;
    log_path[0] = '\0';
    log_failed = 0;
    log_count = 0;
    pthread_mutex_unlock(&log_mutex);
    read_config();
}

void opsnn_test_set_log_file_max(uint64_t bytes)
{
    pthread_mutex_lock(&log_mutex);
    log_file_max = bytes > 0 ? bytes : LOG_FILE_MAX_DEFAULT;
    pthread_mutex_unlock(&log_mutex);
}

const char *opsnn_log_file_path(void)
{
    return log_path;
}

void opsnn_set_log_callback(opsnn_log_callback callback, void *user)
{
    pthread_mutex_lock(&log_mutex);
    user_cb = callback;
    user_data = user;
    pthread_mutex_unlock(&log_mutex);
}

/* ---- writing a record ----------------------------------------------------------- */

/* mkdir -p with mode 0750; 0 when the directory exists afterwards. */
static int make_dirs(char *path)
{
    for (char *p = path + 1; *p != '\0'; p++) {
        if (*p == '/') {
            *p = '\0';
            int rc = mkdir(path, 0750);
            *p = '/';
            if (rc != 0 && errno != EEXIST) {
                return -1;
            }
        }
    }
    return mkdir(path, 0750) == 0 || errno == EEXIST ? 0 : -1;
}

/* Forget the oldest file of the rotation and delete it. */
static void drop_oldest(const char *dir)
{
    char path[sizeof log_path];
    int n = snprintf(path, sizeof path, "%s/%s", dir, log_names[log_first]);
    if (n > 0 && (size_t)n < sizeof path) {
        (void)unlink(path);
    }
    log_first = (log_first + 1) % LOG_FILE_NUM_MAX;
    log_count--;
}

/* Start a new plog file of this process (log_mutex held): the name's time is
 * now, or 1 ms after the previous file's when that is later, so names sort
 * by age and never repeat. */
static void new_log_file(pid_t pid)
{
    if (log_failed || log_dir[0] == '\0') {
        log_failed = 1;
        return;
    }
    char dir[sizeof log_dir];
    memcpy(dir, log_dir, sizeof dir);
    struct timeval tv;
    gettimeofday(&tv, NULL);
    int64_t ms = (int64_t)tv.tv_sec * 1000 + tv.tv_usec / 1000;
    ms = ms > log_stamp_ms ? ms : log_stamp_ms + 1;
    time_t sec = (time_t)(ms / 1000);
    struct tm tm;
    localtime_r(&sec, &tm);
    char name[LOG_NAME_MAX];
    char path[sizeof log_path];
    int m = snprintf(name, sizeof name, "plog-%ld_%04d%02d%02d%02d%02d%02d%03ld.log", (long)pid,
                     tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
                     tm.tm_sec, (long)(ms % 1000));
    int n = snprintf(path, sizeof path, "%s/%s", dir, name);
    if (m < 0 || (size_t)m >= sizeof name || n < 0 || (size_t)n >= sizeof path ||
        make_dirs(dir) != 0) {
        log_failed = 1;
        return;
    }
    log_fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
    if (log_fd < 0) {
        log_failed = 1;
        return;
    }
    struct stat st;
    log_size = fstat(log_fd, &st) == 0 && st.st_size > 0 ? (uint64_t)st.st_size : 0;
    log_pid = pid;
    log_stamp_ms = ms;
    memcpy(log_path, path, sizeof log_path);
    if (log_count == LOG_FILE_NUM_MAX) {
        log_first = (log_first + 1) % LOG_FILE_NUM_MAX; /* forgotten, not deleted */
        log_count--;
    }
    memcpy(log_names[(log_first + log_count) % LOG_FILE_NUM_MAX], name, sizeof name);
    log_count++;
    while (log_count > log_file_num) {
        drop_oldest(dir);
    }
}

/* This process's plog file, with room for `len` more bytes (log_mutex held):
 * the current one, or a new one when the current one is full. -1: drop the
 * record (no file, or a record larger than a file may be). */
static int log_file_for(size_t len)
{
    pid_t pid = getpid();
    if (log_fd >= 0 && log_pid != pid) { /* inherited through fork(): the child starts its own file */
        close(log_fd);
        log_fd = -1;
        log_failed = 0;
        log_count = 0;
        log_stamp_ms = 0;
    }
    uint64_t cap = log_file_max;
    struct rlimit rl;
    if (getrlimit(RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < cap) {
        cap = (uint64_t)rl.rlim_cur; /* past it a write fails (EFBIG) */
    }
    if (len > cap) {
        return -1;
    }
    if (log_fd >= 0 && log_size + len > cap) {
        close(log_fd);
        log_fd = -1;
    }
    if (log_fd < 0) {
        new_log_file(pid);
    }
    return log_fd >= 0 ? 0 : -1;
}

/* SIGXFSZ blocked on this thread around a write: past a file size limit the
 * write fails with EFBIG instead of ending the process. A SIGXFSZ the write
 * raised is taken back before the mask is restored; one pending before is
 * left alone. */
typedef struct {
    sigset_t old;
    int was_pending;
} xfsz_guard;

static void xfsz_block(xfsz_guard *g)
{
    sigset_t set, pend;
    sigemptyset(&set);
    sigaddset(&set, SIGXFSZ);
    (void)pthread_sigmask(SIG_BLOCK, &set, &g->old);
    g->was_pending = sigpending(&pend) == 0 && sigismember(&pend, SIGXFSZ) == 1;
}

static void xfsz_restore(const xfsz_guard *g)
{
    sigset_t set, pend;
    sigemptyset(&set);
    sigaddset(&set, SIGXFSZ);
    if (!g->was_pending && sigpending(&pend) == 0 && sigismember(&pend, SIGXFSZ) == 1) {
        struct timespec none = {0, 0};
        (void)sigtimedwait(&set, NULL, &none);
    }
    (void)pthread_sigmask(SIG_SETMASK, &g->old, NULL);
}

static char comm_name[32];

static void read_comm(void)
{
    FILE *f = fopen("/proc/self/comm", "re");
    if (f == NULL) {
        return;
    }
    if (fgets(comm_name, sizeof comm_name, f) != NULL) {
        comm_name[strcspn(comm_name, "\n")] = '\0';
    }
    fclose(f);
}

/* The process name as CANN prints it (the kernel's comm, read once). */
static const char *process_name(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, read_comm);
    return comm_name[0] != '\0' ? comm_name : "unknown";
}

static const char *const level_names[] = {"DEBUG", "INFO", "WARNING", "ERROR"};

/* Format one record as CANN does,
 *   [LEVEL] OP(pid,process):yyyy-mm-dd-hh:mm:ss.mmm.uuu [file.c:line]message
 * and hand it to the sink. */
static void emit(int level, const char *file, int line, const char *msg)
{
    opsnn_log_callback cb;
    void *user;
    pthread_mutex_lock(&log_mutex);
    cb = user_cb;
    user = user_data;
    pthread_mutex_unlock(&log_mutex);
    if (cb != NULL) {
        /* its own copy: msg may be the thread's error message, which the
         * callback can change (aclGetRecentErrMsg, a failing call) */
        char copy[OPSNN_LOG_MSG_MAX];
        snprintf(copy, sizeof copy, "%s", msg);
        cb(level, copy, user);
        return;
    }
    /* localtime_r under the log mutex too: it takes the C library's time
     * zone lock, which a fork() while another thread holds it would leave
     * locked in the child forever (fork's prepare takes the log mutex) */
    pthread_mutex_lock(&log_mutex);
    struct timeval tv;
    gettimeofday(&tv, NULL);
    time_t sec = tv.tv_sec;
    struct tm tm;
    localtime_r(&sec, &tm);
    const char *base = strrchr(file, '/');
    base = base != NULL ? base + 1 : file;
    char rec[OPSNN_LOG_MSG_MAX + 256];
    int n = snprintf(rec, sizeof rec,
                     "[%s] %s(%ld,%s):%04d-%02d-%02d-%02d:%02d:%02d.%03ld.%03ld [%s:%d]%s\n",
                     level_names[level], module_name, (long)getpid(), process_name(),
                     tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
                     tm.tm_sec, (long)(tv.tv_usec / 1000), (long)(tv.tv_usec % 1000), base, line, msg);
    if (n < 0) {
        pthread_mutex_unlock(&log_mutex);
        return;
    }
    size_t len = (size_t)n < sizeof rec ? (size_t)n : sizeof rec - 1;
    if (len > 0 && rec[len - 1] != '\n') {
        rec[len - 1] = '\n';
    }
    xfsz_guard g;
    xfsz_block(&g);
    if (atomic_load(&sink) == SINK_STDOUT) {
        fwrite(rec, 1, len, stdout);
        fflush(stdout);
    } else if (log_file_for(len) == 0) {
        /* A short or failed write loses the record, never the call. */
        ssize_t w = write(log_fd, rec, len);
        log_size += w > 0 ? (uint64_t)w : 0;
    }
    xfsz_restore(&g);
    pthread_mutex_unlock(&log_mutex);
}

void opsnn_log_record(int level, const char *file, int line, const char *msg)
{
    emit(level, file, line, msg);
}

static void vlog_at(int level, const char *file, int line, const char *fmt, va_list ap)
{
    if (level < OPSNN_LOG_DEBUG || level > OPSNN_LOG_ERROR || !opsnn_log_enabled(level)) {
        return;
    }
    char buf[OPSNN_LOG_MSG_MAX];
    vsnprintf(buf, sizeof buf, fmt, ap);
    /* one record, one line */
    for (char *p = strchr(buf, '\n'); p != NULL; p = strchr(p, '\n')) {
        *p = ' ';
    }
    emit(level, file, line, buf);
}

void opsnn_log_at(int level, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vlog_at(level, file, line, fmt, ap);
    va_end(ap);
}

/* kernels.h's upward call: the kernel layer's reports (its OPSNN_KLOG_*
 * levels are the same numbers as OPSNN_LOG_INFO / WARNING). */
void opsnn_kernels_log(int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vlog_at(level, "kernels/config.c", 0, fmt, ap);
    va_end(ap);
}

_Static_assert((int)OPSNN_KLOG_INFO == (int)OPSNN_LOG_INFO &&
               (int)OPSNN_KLOG_WARNING == (int)OPSNN_LOG_WARNING,
               "kernels.h's log levels are opsnn_log's");
