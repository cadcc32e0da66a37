/* Thread-local last-error message and CANN-style logging (internal). */
#ifndef OPSNN_COMMON_ERROR_H_
#define OPSNN_COMMON_ERROR_H_

#if defined(__GNUC__)
#define OPSNN_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define OPSNN_PRINTF(f, a)
#endif

enum { OPSNN_LOG_DEBUG = 0, OPSNN_LOG_INFO = 1, OPSNN_LOG_WARNING = 2, OPSNN_LOG_ERROR = 3 };

/* Record the calling thread's last error message and log it at error level. */
void opsnn_error(const char *fmt, ...) OPSNN_PRINTF(1, 2);

/* Log a line when ASCEND_GLOBAL_LOG_LEVEL allows `level`. */
void opsnn_log(int level, const char *fmt, ...) OPSNN_PRINTF(2, 3);

#endif /* OPSNN_COMMON_ERROR_H_ */
