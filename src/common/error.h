/* The thread-local last-error message (internal; errmsg.c). Every failure
 * is also logged, so this header brings the logger (common/log.h) along. */
#ifndef OPSNN_COMMON_ERROR_H_
#define OPSNN_COMMON_ERROR_H_

#include "common/log.h"

/* Record the calling thread's error message (what aclGetRecentErrMsg hands
 * out next) and log it at error level. */
#define opsnn_error(...) opsnn_error_at(__FILE__, __LINE__, __VA_ARGS__)
void opsnn_error_at(const char *file, int line, const char *fmt, ...) OPSNN_PRINTF(3, 4);

#endif /* OPSNN_COMMON_ERROR_H_ */
