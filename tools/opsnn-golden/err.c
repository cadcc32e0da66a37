#include "err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int golden_fail(golden_err *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    return -1;
}

int golden_prefix(golden_err *e, const char *prefix)
{
    /* Shift the message right and put "prefix: " in front; a message that
     * no longer fits is cut at the end. */
    size_t cap = sizeof e->msg - 1;
    size_t np = strlen(prefix), nm = strlen(e->msg);
    size_t head = np + 2 < cap ? np + 2 : cap;
    size_t keep = nm < cap - head ? nm : cap - head;
    memmove(e->msg + head, e->msg, keep);
    e->msg[head + keep] = '\0';
    memcpy(e->msg, prefix, head < np ? head : np);
    if (head == np + 2) {
        e->msg[np] = ':';
        e->msg[np + 1] = ' ';
    }
    return -1;
}
