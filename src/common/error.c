/* The last-error message (thread-local, docs/runtime.md) and CANN's logging variables. */
#include "common/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "acl/acl_base.h"

static _Thread_local char last_error[512];

/* ASCEND_GLOBAL_LOG_LEVEL: 0 debug, 1 info, 2 warning, 3 error (default), 4 off.
 * Read on every log call: logging happens on error paths only, and tests
 * change the variable between calls. */
static int log_level(void)
{
    const char *s = getenv("ASCEND_GLOBAL_LOG_LEVEL");
    if (s == NULL || s[0] < '0' || s[0] > '4' || s[1] != '\0') {
        return OPSNN_LOG_ERROR;
    }
    return s[0] - '0';
}

static void log_line(int level, const char *msg)
{
    static const char *const names[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
    if (level < log_level()) {
        return;
    }
    const char *to_stdout = getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    FILE *f = (to_stdout != NULL && strcmp(to_stdout, "1") == 0) ? stdout : stderr;
    fprintf(f, "[%s] OPSNN(%ld): %s\n", names[level], (long)getpid(), msg);
}

void opsnn_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    log_line(OPSNN_LOG_ERROR, last_error);
}

void opsnn_log(int level, const char *fmt, ...)
{
    if (level < log_level()) {
        return;
    }
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    log_line(level, buf);
}

const char *aclGetRecentErrMsg(void)
{
    return last_error;
}
