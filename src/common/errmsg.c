/* The calling thread's error message (common/error.h): aclGetRecentErrMsg
 * obtains and clears it; recording one also logs it at error level. */
#include "common/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "acl/acl_base.h"

/* pending: the last failure's message, not yet obtained. handed: what the last
 * aclGetRecentErrMsg returned, valid until this thread's next call to it. */
static _Thread_local char pending[OPSNN_LOG_MSG_MAX];
static _Thread_local int has_pending;
static _Thread_local char handed[OPSNN_LOG_MSG_MAX];

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

void opsnn_error_at(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pending, sizeof pending, fmt, ap);
    va_end(ap);
    has_pending = 1;
    if (opsnn_log_enabled(OPSNN_LOG_ERROR)) {
        opsnn_log_record(OPSNN_LOG_ERROR, file, line, pending);
    }
}
