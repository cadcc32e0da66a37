#include "shape.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int golden_shape_parse(const char *text, golden_shape *s, golden_err *e)
{
    memset(s, 0, sizeof *s);
    const char *p = text;
    while (isspace((unsigned char)*p)) {
        p++;
    }
    if (strcmp(p, "scalar") == 0) {
        return 0;
    }
    char close = 0;
    if (*p == '[' || *p == '(') {
        close = *p == '[' ? ']' : ')';
        p++;
    }
    for (;;) {
        while (isspace((unsigned char)*p)) {
            p++;
        }
        if (*p == '\0' || *p == close) {
            break;
        }
        if (!isdigit((unsigned char)*p)) {
            return golden_fail(e, "bad shape \"%s\": dims must be non-negative integers separated by commas",
                               text);
        }
        if (s->ndim == GOLDEN_MAX_RANK) {
            return golden_fail(e, "bad shape \"%s\": more than %d dims", text, GOLDEN_MAX_RANK);
        }
        char *end;
        errno = 0;
        long long v = strtoll(p, &end, 10);
        if (errno == ERANGE) {
            return golden_fail(e, "bad shape \"%s\": a dim does not fit int64", text);
        }
        s->dims[s->ndim++] = (int64_t)v;
        p = end;
        while (isspace((unsigned char)*p)) {
            p++;
        }
        if (*p == ',' || *p == 'x') {
            p++;
            continue;
        }
        if (*p != '\0' && *p != close) {
            return golden_fail(e, "bad shape \"%s\": unexpected '%c'", text, *p);
        }
    }
    if (close != 0) {
        if (*p != close) {
            return golden_fail(e, "bad shape \"%s\": missing '%c'", text, close);
        }
        p++;
        while (isspace((unsigned char)*p)) {
            p++;
        }
    }
    if (*p != '\0') {
        return golden_fail(e, "bad shape \"%s\": text after the shape", text);
    }
    int64_t n;
    return golden_shape_numel(s, &n, e);
}

int golden_shape_numel(const golden_shape *s, int64_t *numel, golden_err *e)
{
    int64_t n = 1;
    int zero = 0;
    for (int d = 0; d < s->ndim; d++) {
        if (s->dims[d] < 0) {
            return golden_fail(e, "shape dim %d is negative (%" PRId64 ")", d, s->dims[d]);
        }
        if (s->dims[d] == 0) {
            zero = 1;
            continue;
        }
        if (n > INT64_MAX / s->dims[d]) {
            return golden_fail(e, "shape has more elements than fit int64");
        }
        n *= s->dims[d];
    }
    *numel = zero ? 0 : n;
    return 0;
}

void golden_shape_format(const golden_shape *s, char *buf, size_t size)
{
    size_t used = 0;
    int n = snprintf(buf, size, "[");
    used = n > 0 ? (size_t)n : 0;
    for (int d = 0; d < s->ndim && used < size; d++) {
        n = snprintf(buf + used, size - used, "%s%" PRId64, d ? ", " : "", s->dims[d]);
        used += n > 0 ? (size_t)n : 0;
    }
    if (used < size) {
        snprintf(buf + used, size - used, "]");
    }
}

int golden_shape_equal(const golden_shape *a, const golden_shape *b)
{
    if (a->ndim != b->ndim) {
        return 0;
    }
    for (int d = 0; d < a->ndim; d++) {
        if (a->dims[d] != b->dims[d]) {
            return 0;
        }
    }
    return 1;
}

int golden_shape_broadcast(const golden_shape *a, const golden_shape *b, golden_shape *out,
                           golden_err *e)
{
    golden_shape r;
    memset(&r, 0, sizeof r);
    r.ndim = a->ndim > b->ndim ? a->ndim : b->ndim;
    for (int i = 0; i < r.ndim; i++) {
        int da = a->ndim - 1 - i, db = b->ndim - 1 - i;
        int64_t x = da >= 0 ? a->dims[da] : 1;
        int64_t y = db >= 0 ? b->dims[db] : 1;
        if (x != y && x != 1 && y != 1) {
            char sa[256], sb[256];
            golden_shape_format(a, sa, sizeof sa);
            golden_shape_format(b, sb, sizeof sb);
            return golden_fail(e, "shapes %s and %s do not broadcast (%" PRId64 " vs %" PRId64
                               " in the %d-th dim from the right)", sa, sb, x, y, i + 1);
        }
        r.dims[r.ndim - 1 - i] = x == 1 ? y : x;
    }
    *out = r;
    return 0;
}

void golden_shape_unravel(const golden_shape *s, int64_t flat, char *buf, size_t size)
{
    golden_shape idx = *s;
    for (int d = s->ndim - 1; d >= 0; d--) {
        int64_t dim = s->dims[d] > 0 ? s->dims[d] : 1;
        idx.dims[d] = flat % dim;
        flat /= dim;
    }
    golden_shape_format(&idx, buf, size);
}
