/* A command's error message: every helper that can fail fills one and returns
 * -1, so main can print it once, prefixed with the program name. */
#ifndef OPSNN_GOLDEN_ERR_H_
#define OPSNN_GOLDEN_ERR_H_

#include <stddef.h>

typedef struct {
    char msg[1024];
} golden_err;

#if defined(__GNUC__) || defined(__clang__)
#define GOLDEN_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define GOLDEN_PRINTF(f, a)
#endif

/** Set the message (printf-style) and return -1. */
int golden_fail(golden_err *e, const char *fmt, ...) GOLDEN_PRINTF(2, 3);

/** Put "prefix: " in front of the message already in e; returns -1. */
int golden_prefix(golden_err *e, const char *prefix);

#endif
