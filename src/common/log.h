/* CANN-style logging (internal; log.c, docs/runtime.md). */
#ifndef OPSNN_COMMON_LOG_H_
#define OPSNN_COMMON_LOG_H_

#include <stdint.h>

#if defined(__GNUC__)
#define OPSNN_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define OPSNN_PRINTF(f, a)
#endif

enum { OPSNN_LOG_DEBUG = 0, OPSNN_LOG_INFO = 1, OPSNN_LOG_WARNING = 2, OPSNN_LOG_ERROR = 3 };

/* Bytes of a record's message (longer ones are cut). */
#define OPSNN_LOG_MSG_MAX 512

/* Log a record when the level of module OP allows `level`. The check is one
 * relaxed atomic load: a filtered-out record costs no lock, and its arguments
 * are not even evaluated. */
#define opsnn_log(level, ...)                                                                 \
    do {                                                                                      \
        if (opsnn_log_enabled(level)) {                                                       \
            opsnn_log_at((level), __FILE__, __LINE__, __VA_ARGS__);                           \
        }                                                                                     \
    } while (0)
void opsnn_log_at(int level, const char *file, int line, const char *fmt, ...) OPSNN_PRINTF(4, 5);

/* Emit a record whose message is already formatted, as it is (the caller
 * checked opsnn_log_enabled). */
void opsnn_log_record(int level, const char *file, int line, const char *msg);

/* Whether a record of `level` would be emitted (for callers that have to
 * compute something only to log it). */
int opsnn_log_enabled(int level);

/* Read ASCEND_GLOBAL_LOG_LEVEL, ASCEND_MODULE_LOG_LEVEL,
 * ASCEND_SLOG_PRINT_TO_STDOUT and ASCEND_PROCESS_LOG_PATH again and start a
 * new log file on the next record (the library reads them once, at its first
 * record; the tests change them). Not thread-safe against concurrent logging. */
void opsnn_log_reconfigure(void);

/* Tests: the size a log file may reach before the next record starts a new
 * one (0: back to the default, 20 MB). */
void opsnn_test_set_log_file_max(uint64_t bytes);

/* The log file records go to ("" before the first file record). */
const char *opsnn_log_file_path(void);

#endif /* OPSNN_COMMON_LOG_H_ */
