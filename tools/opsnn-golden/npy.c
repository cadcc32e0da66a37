#include "npy.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char MAGIC[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};

int npy_has_magic(const unsigned char *buf, size_t len)
{
    return len >= sizeof MAGIC && memcmp(buf, MAGIC, sizeof MAGIC) == 0;
}

/* A cursor over the header text. */
typedef struct {
    const char *p, *end;
} cursor;

static void skip_ws(cursor *c)
{
    while (c->p < c->end && isspace((unsigned char)*c->p)) {
        c->p++;
    }
}

static int eat(cursor *c, char ch)
{
    skip_ws(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return 1;
    }
    return 0;
}

/* A Python string literal in single or double quotes (no escapes: none of
 * the values NumPy writes here need them). */
static int read_string(cursor *c, char *out, size_t size)
{
    skip_ws(c);
    if (c->p >= c->end || (*c->p != '\'' && *c->p != '"')) {
        return -1;
    }
    char q = *c->p++;
    size_t n = 0;
    while (c->p < c->end && *c->p != q) {
        if (*c->p == '\\' || n + 1 >= size) {
            return -1;
        }
        out[n++] = *c->p++;
    }
    if (c->p >= c->end) {
        return -1;
    }
    c->p++;
    out[n] = '\0';
    return 0;
}

static int read_word(cursor *c, const char *word)
{
    skip_ws(c);
    size_t n = strlen(word);
    if ((size_t)(c->end - c->p) >= n && memcmp(c->p, word, n) == 0) {
        c->p += n;
        return 1;
    }
    return 0;
}

static int read_shape(cursor *c, golden_shape *s, golden_err *e)
{
    memset(s, 0, sizeof *s);
    if (!eat(c, '(')) {
        return golden_fail(e, "bad .npy header: 'shape' must be a tuple");
    }
    for (;;) {
        if (eat(c, ')')) {
            return 0;
        }
        skip_ws(c);
        if (c->p >= c->end || !isdigit((unsigned char)*c->p)) {
            return golden_fail(e, "bad .npy header: 'shape' must hold non-negative integers");
        }
        if (s->ndim == GOLDEN_MAX_RANK) {
            return golden_fail(e, "bad .npy header: more than %d dims", GOLDEN_MAX_RANK);
        }
        int64_t v = 0;
        while (c->p < c->end && isdigit((unsigned char)*c->p)) {
            int digit = *c->p++ - '0';
            if (v > (INT64_MAX - digit) / 10) {
                return golden_fail(e, "bad .npy header: a dim does not fit int64");
            }
            v = v * 10 + digit;
        }
        (void)read_word(c, "L"); /* Python 2 long suffix, written by old NumPy */
        s->dims[s->ndim++] = v;
        if (eat(c, ',')) {
            continue;
        }
        if (s->ndim > 1 && eat(c, ')')) {
            return 0; /* "(4)" is not a tuple in Python: a 1-dim shape needs "(4,)" */
        }
        return golden_fail(e, "bad .npy header: 'shape' tuple is malformed");
    }
}

static int parse_dict(cursor *c, npy_header *h, golden_err *e)
{
    int seen_descr = 0, seen_fortran = 0, seen_shape = 0;
    if (!eat(c, '{')) {
        return golden_fail(e, "bad .npy header: expected a dict literal starting with '{'");
    }
    for (;;) {
        if (eat(c, '}')) {
            break;
        }
        char key[32];
        if (read_string(c, key, sizeof key) != 0) {
            return golden_fail(e, "bad .npy header: expected a quoted key");
        }
        if (!eat(c, ':')) {
            return golden_fail(e, "bad .npy header: expected ':' after '%s'", key);
        }
        if (strcmp(key, "descr") == 0 && !seen_descr) {
            seen_descr = 1;
            skip_ws(c);
            if (c->p < c->end && *c->p == '[') {
                return golden_fail(e, "structured arrays are not supported (descr is a list)");
            }
            if (read_string(c, h->descr, sizeof h->descr) != 0) {
                return golden_fail(e, "bad .npy header: 'descr' must be a short quoted string");
            }
        } else if (strcmp(key, "fortran_order") == 0 && !seen_fortran) {
            seen_fortran = 1;
            if (read_word(c, "True")) {
                h->fortran_order = 1;
            } else if (read_word(c, "False")) {
                h->fortran_order = 0;
            } else {
                return golden_fail(e, "bad .npy header: 'fortran_order' must be True or False");
            }
        } else if (strcmp(key, "shape") == 0 && !seen_shape) {
            seen_shape = 1;
            if (read_shape(c, &h->shape, e) != 0) {
                return -1;
            }
        } else {
            return golden_fail(e, "bad .npy header: unexpected or repeated key '%s'", key);
        }
        if (!eat(c, ',')) {
            if (!eat(c, '}')) {
                return golden_fail(e, "bad .npy header: expected ',' or '}' after '%s'", key);
            }
            break;
        }
    }
    skip_ws(c);
    if (c->p != c->end) {
        return golden_fail(e, "bad .npy header: text after the dict");
    }
    if (!seen_descr || !seen_fortran || !seen_shape) {
        return golden_fail(e, "bad .npy header: missing key '%s'",
                           !seen_descr ? "descr" : !seen_fortran ? "fortran_order" : "shape");
    }
    return 0;
}

int npy_parse(const unsigned char *buf, size_t len, npy_header *h, golden_err *e)
{
    memset(h, 0, sizeof *h);
    if (!npy_has_magic(buf, len)) {
        return golden_fail(e, "not a .npy file (no \\x93NUMPY magic string)");
    }
    if (len < 8) {
        return golden_fail(e, "truncated .npy header (%zu bytes)", len);
    }
    h->major = buf[6];
    h->minor = buf[7];
    size_t prefix, hlen;
    if (h->major == 1 && h->minor == 0) {
        prefix = 10;
        if (len < prefix) {
            return golden_fail(e, "truncated .npy header (%zu bytes)", len);
        }
        hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
    } else if (h->major == 2 && h->minor == 0) {
        prefix = 12;
        if (len < prefix) {
            return golden_fail(e, "truncated .npy header (%zu bytes)", len);
        }
        hlen = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
    } else {
        return golden_fail(e, "unsupported .npy format version %d.%d (1.0 and 2.0 are supported)",
                           h->major, h->minor);
    }
    if (hlen > len - prefix) {
        return golden_fail(e, "truncated .npy header: it says %zu bytes, the file has %zu after the prefix",
                           hlen, len - prefix);
    }
    cursor c = {(const char *)buf + prefix, (const char *)buf + prefix + hlen};
    if (parse_dict(&c, h, e) != 0) {
        return -1;
    }
    h->data_offset = prefix + hlen;
    return 0;
}

int npy_build(const char *descr, const golden_shape *shape, unsigned char **out, size_t *len,
              golden_err *e)
{
    char dict[1024];
    size_t n = (size_t)snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (",
                                descr);
    for (int d = 0; d < shape->ndim && n < sizeof dict; d++) {
        n += (size_t)snprintf(dict + n, sizeof dict - n, "%" PRId64 "%s", shape->dims[d],
                              shape->ndim == 1 || d + 1 < shape->ndim ? "," : "");
        if (d + 1 < shape->ndim && n < sizeof dict) {
            n += (size_t)snprintf(dict + n, sizeof dict - n, " ");
        }
    }
    if (n < sizeof dict) {
        n += (size_t)snprintf(dict + n, sizeof dict - n, "), }");
    }
    if (n >= sizeof dict) {
        return golden_fail(e, "internal: .npy header too long");
    }
    /* Version 1.0 stores the header length in 2 bytes; pad the whole preamble
     * (prefix + dict + spaces + '\n') to a multiple of 64 as NumPy does. */
    size_t prefix = 10;
    size_t total = (prefix + n + 1 + 63) / 64 * 64;
    if (total - prefix > 65535) {
        prefix = 12;
        total = (prefix + n + 1 + 63) / 64 * 64;
    }
    unsigned char *b = malloc(total);
    if (b == NULL) {
        return golden_fail(e, "out of memory");
    }
    size_t hlen = total - prefix;
    memcpy(b, MAGIC, sizeof MAGIC);
    b[6] = prefix == 10 ? 1 : 2;
    b[7] = 0;
    for (size_t i = 0; i < prefix - 8; i++) {
        b[8 + i] = (unsigned char)(hlen >> (8 * i));
    }
    memcpy(b + prefix, dict, n);
    memset(b + prefix + n, ' ', hlen - n - 1);
    b[total - 1] = '\n';
    *out = b;
    *len = total;
    return 0;
}
