/* The calling thread's error message (aclGetRecentErrMsg: obtain and clear)
 * and logging the way CANN's host log does it (docs/runtime.md):
 *
 * - levels from ASCEND_MODULE_LOG_LEVEL (entry OP=<0..4>) or else
 *   ASCEND_GLOBAL_LOG_LEVEL (0 debug, 1 info, 2 warning, 3 error = default,
 *   4 none), read once, at the first record;
 * - records appended to <ASCEND_PROCESS_LOG_PATH or $HOME/ascend/log>/debug/plog/
 *   plog-<pid>_<yyyymmddhhmmssmmm>.log, created at the first record that
 *   passes the filter; ASCEND_SLOG_PRINT_TO_STDOUT=1 prints them on stdout
 *   instead; opsnn_set_log_callback() hands them to the application instead;
 * - nothing ever goes to stderr, and a log that cannot be written is dropped
 *   silently: logging never changes an API call's result.
 *
 * A record filtered out costs one relaxed atomic load. Emitting one takes a
 * mutex (file handle, callback). */
#include "common/error.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl_base.h"
#include "common/fork.h"
#include "kernels/kernels.h"
#include "opsnn/opsnn.h"

#define MSG_MAX 512

/* The module name CANN's operator libraries log under (OP = 63 in CANN's
 * include/toolchain/log_types.h); ASCEND_MODULE_LOG_LEVEL=OP=0 selects it. */
static const char module_name[] = "OP";

/* ---- the thread's error message ----------------------------------------------- */

/* pending: the last failure's message, not yet obtained. handed: what the last
 * aclGetRecentErrMsg returned, valid until this thread's next call to it. */
static _Thread_local char pending[MSG_MAX];
static _Thread_local int has_pending;
static _Thread_local char handed[MSG_MAX];

const char *aclGetRecentErrMsg(void)
{
    if (!has_pending) {
        return NULL;
    }
    memcpy(handed, pending, sizeof handed);
    has_pending = 0;
    pending[0] = '\0';
    return handed;
}

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
    opsnn_fork_register(); /* the first record: a fork from here on is covered */
    pthread_mutex_lock(&log_mutex);
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
    pthread_mutex_unlock(&log_mutex);
    read_config();
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

/* Open this process's plog file (log_mutex held). */
static void open_log_file(void)
{
    pid_t pid = getpid();
    if (log_fd >= 0 && log_pid == pid) {
        return;
    }
    if (log_fd >= 0) { /* inherited through fork(): the child starts its own file */
        close(log_fd);
        log_fd = -1;
        log_failed = 0;
    }
    if (log_failed || log_dir[0] == '\0') {
        log_failed = 1;
        return;
    }
    char dir[sizeof log_dir];
    memcpy(dir, log_dir, sizeof dir);
    struct timeval tv;
    gettimeofday(&tv, NULL);
    time_t sec = tv.tv_sec;
    struct tm tm;
    localtime_r(&sec, &tm);
    char path[sizeof log_path];
    int n = snprintf(path, sizeof path, "%s/plog-%ld_%04d%02d%02d%02d%02d%02d%03ld.log", dir,
                     (long)pid, tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                     tm.tm_min, tm.tm_sec, (long)(tv.tv_usec / 1000));
    if (n < 0 || (size_t)n >= sizeof path || make_dirs(dir) != 0) {
        log_failed = 1;
        return;
    }
    log_fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
    if (log_fd < 0) {
        log_failed = 1;
        return;
    }
    log_pid = pid;
    memcpy(log_path, path, sizeof log_path);
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
        cb(level, msg, user);
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
    char rec[MSG_MAX + 256];
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
    if (atomic_load(&sink) == SINK_STDOUT) {
        fwrite(rec, 1, len, stdout);
        fflush(stdout);
    } else {
        open_log_file();
        if (log_fd >= 0) {
            /* A short or failed write loses the record, never the call. */
            ssize_t w = write(log_fd, rec, len);
            (void)w;
        }
    }
    pthread_mutex_unlock(&log_mutex);
}

static void vlog_at(int level, const char *file, int line, const char *fmt, va_list ap)
{
    if (level < OPSNN_LOG_DEBUG || level > OPSNN_LOG_ERROR || !opsnn_log_enabled(level)) {
        return;
    }
    char buf[MSG_MAX];
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

void opsnn_error_at(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pending, sizeof pending, fmt, ap);
    va_end(ap);
    has_pending = 1;
    if (opsnn_log_enabled(OPSNN_LOG_ERROR)) {
        emit(OPSNN_LOG_ERROR, file, line, pending);
    }
}

_Static_assert((int)OPSNN_KLOG_INFO == (int)OPSNN_LOG_INFO &&
               (int)OPSNN_KLOG_WARNING == (int)OPSNN_LOG_WARNING,
               "kernels.h's log levels are opsnn_log's");
