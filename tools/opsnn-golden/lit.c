#include "lit.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Every allocation of a document is recorded here and freed together. */
struct golden_lit_doc {
    void **blocks;
    size_t n, cap;
    size_t nodes;
};

typedef struct {
    const char *start, *p, *end;
    golden_lit_doc *d;
    golden_err *e;
} parser;

static int fail_at(parser *ps, const char *what)
{
    return golden_fail(ps->e, "%s at offset %zu", what, (size_t)(ps->p - ps->start));
}

static void *alloc(parser *ps, size_t size)
{
    golden_lit_doc *d = ps->d;
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 64;
        void **nb = realloc(d->blocks, cap * sizeof *nb);
        if (nb == NULL) {
            golden_fail(ps->e, "out of memory");
            return NULL;
        }
        d->blocks = nb;
        d->cap = cap;
    }
    void *b = calloc(1, size ? size : 1);
    if (b == NULL) {
        golden_fail(ps->e, "out of memory");
        return NULL;
    }
    d->blocks[d->n++] = b;
    return b;
}

static golden_lit *node(parser *ps, golden_lit_kind k)
{
    if (ps->d->nodes >= GOLDEN_LIT_MAX_NODES) {
        golden_fail(ps->e, "more than %u values", GOLDEN_LIT_MAX_NODES);
        return NULL;
    }
    golden_lit *v = alloc(ps, sizeof *v);
    if (v != NULL) {
        v->kind = k;
        ps->d->nodes++;
    }
    return v;
}

static void skip_ws(parser *ps)
{
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')) {
        ps->p++;
    }
}

static int word(parser *ps, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, w, n) != 0) {
        return 0;
    }
    const char *after = ps->p + n;
    if (after < ps->end && (((*after | 32) >= 'a' && (*after | 32) <= 'z') || *after == '_' ||
                            (*after >= '0' && *after <= '9'))) {
        return 0;
    }
    ps->p = after;
    return 1;
}

static const golden_lit *parse_value(parser *ps, int depth);

static const golden_lit *parse_string(parser *ps)
{
    char q = *ps->p++;
    const char *s = ps->p;
    size_t n = 0;
    for (const char *c = s; c < ps->end && *c != q; c++, n++) {
        if (*c == '\\') {
            c++;
            if (c >= ps->end) {
                break;
            }
        }
    }
    golden_lit *v = node(ps, LIT_STR);
    char *out = v != NULL ? alloc(ps, n + 1) : NULL;
    if (out == NULL) {
        return NULL;
    }
    size_t k = 0;
    while (ps->p < ps->end && *ps->p != q) {
        char c = *ps->p++;
        if (c == '\\') {
            if (ps->p >= ps->end) {
                break;
            }
            c = *ps->p++;
            c = c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c;
        }
        out[k++] = c;
    }
    if (ps->p >= ps->end) {
        fail_at(ps, "unterminated string");
        return NULL;
    }
    ps->p++;
    v->str = out;
    return v;
}

static const golden_lit *parse_number(parser *ps)
{
    char buf[64];
    size_t n = 0;
    int sign = 0;
    if (*ps->p == '-' || *ps->p == '+') {
        sign = *ps->p == '-' ? -1 : 1;
        buf[n++] = *ps->p++;
    }
    golden_lit *v = node(ps, LIT_NUM);
    if (v == NULL) {
        return NULL;
    }
    if (word(ps, "inf") || word(ps, "Infinity")) {
        v->num = sign < 0 ? -INFINITY : INFINITY;
        return v;
    }
    if (word(ps, "nan") || word(ps, "NaN")) {
        v->num = NAN;
        return v;
    }
    int integral = 1;
    while (ps->p < ps->end && n < sizeof buf - 1 &&
           ((*ps->p >= '0' && *ps->p <= '9') || *ps->p == '.' || *ps->p == 'e' || *ps->p == 'E' ||
            ((*ps->p == '-' || *ps->p == '+') && (ps->p[-1] == 'e' || ps->p[-1] == 'E')))) {
        integral &= (*ps->p >= '0' && *ps->p <= '9') || *ps->p == '-' || *ps->p == '+';
        buf[n++] = *ps->p++;
    }
    buf[n] = '\0';
    if (n == 0 || (n == 1 && sign != 0) || n == sizeof buf - 1) {
        fail_at(ps, "bad number");
        return NULL;
    }
    char *endp;
    errno = 0;
    v->num = strtod(buf, &endp);
    if (*endp != '\0') {
        fail_at(ps, "bad number");
        return NULL;
    }
    if (integral) {
        errno = 0;
        long long ll = strtoll(buf, &endp, 10);
        if (errno == 0 && *endp == '\0') {
            v->is_int = 1;
            v->ival = ll;
        }
    }
    return v;
}

/* [..], (..) or {..}; close is the closing bracket. */
static const golden_lit *parse_seq(parser *ps, int depth, char close)
{
    int dict = close == '}';
    golden_lit *v = node(ps, dict ? LIT_DICT : LIT_LIST);
    if (v == NULL) {
        return NULL;
    }
    ps->p++;
    size_t cap = 0;
    for (;;) {
        skip_ws(ps);
        if (ps->p >= ps->end) {
            fail_at(ps, "unterminated list");
            return NULL;
        }
        if (*ps->p == close) {
            ps->p++;
            return v;
        }
        const char *key = NULL;
        if (dict) {
            if (*ps->p != '\'' && *ps->p != '"') {
                fail_at(ps, "dict key must be a string");
                return NULL;
            }
            const golden_lit *k = parse_string(ps);
            if (k == NULL) {
                return NULL;
            }
            key = k->str;
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != ':') {
                fail_at(ps, "expected ':'");
                return NULL;
            }
            ps->p++;
        }
        const golden_lit *item = parse_value(ps, depth + 1);
        if (item == NULL) {
            return NULL;
        }
        ((golden_lit *)item)->key = key;
        if (v->n == cap) {
            cap = cap ? cap * 2 : 4;
            golden_lit **items = alloc(ps, cap * sizeof *items);
            if (items == NULL) {
                return NULL;
            }
            if (v->n > 0) {
                memcpy(items, v->items, v->n * sizeof *items);
            }
            v->items = items; /* the old array stays in the document until freed */
        }
        v->items[v->n++] = (golden_lit *)item;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
        } else if (ps->p < ps->end && *ps->p != close) {
            fail_at(ps, "expected ',' or a closing bracket");
            return NULL;
        }
    }
}

static const golden_lit *parse_value(parser *ps, int depth)
{
    if (depth > GOLDEN_LIT_MAX_DEPTH) {
        fail_at(ps, "nested too deeply");
        return NULL;
    }
    skip_ws(ps);
    if (ps->p >= ps->end) {
        fail_at(ps, "expected a value");
        return NULL;
    }
    char c = *ps->p;
    if (c == '[') {
        return parse_seq(ps, depth, ']');
    }
    if (c == '(') {
        return parse_seq(ps, depth, ')');
    }
    if (c == '{') {
        return parse_seq(ps, depth, '}');
    }
    if (c == '\'' || c == '"') {
        return parse_string(ps);
    }
    if (word(ps, "float")) { /* float('inf'), float("-inf"), float('nan') */
        skip_ws(ps);
        if (ps->p >= ps->end || *ps->p != '(') {
            fail_at(ps, "expected float('...')");
            return NULL;
        }
        ps->p++;
        skip_ws(ps);
        if (ps->p >= ps->end || (*ps->p != '\'' && *ps->p != '"')) {
            fail_at(ps, "expected float('...')");
            return NULL;
        }
        const golden_lit *str = parse_string(ps);
        if (str == NULL) {
            return NULL;
        }
        skip_ws(ps);
        if (ps->p >= ps->end || *ps->p != ')') {
            fail_at(ps, "expected ')' after float('...'");
            return NULL;
        }
        ps->p++;
        golden_lit *v = node(ps, LIT_NUM);
        if (v == NULL) {
            return NULL;
        }
        const char *t = str->str;
        int neg = *t == '-';
        t += *t == '-' || *t == '+';
        if (strcmp(t, "inf") == 0 || strcmp(t, "infinity") == 0) {
            v->num = neg ? -INFINITY : INFINITY;
        } else if (strcmp(t, "nan") == 0) {
            v->num = NAN;
        } else {
            char *endp;
            v->num = strtod(str->str, &endp);
            if (*endp != '\0' || endp == str->str) {
                fail_at(ps, "float('...') holds no number");
                return NULL;
            }
        }
        return v;
    }
    if (word(ps, "None") || word(ps, "null")) {
        return node(ps, LIT_NONE);
    }
    int t = word(ps, "True") || word(ps, "true");
    if (t || word(ps, "False") || word(ps, "false")) {
        golden_lit *v = node(ps, LIT_BOOL);
        if (v != NULL) {
            v->boolean = t;
        }
        return v;
    }
    if (c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9') || c == 'i' || c == 'n' || c == 'I' ||
        c == 'N') {
        return parse_number(ps);
    }
    fail_at(ps, "unexpected character");
    return NULL;
}

void golden_lit_free(golden_lit_doc *doc)
{
    if (doc == NULL) {
        return;
    }
    for (size_t i = 0; i < doc->n; i++) {
        free(doc->blocks[i]);
    }
    free(doc->blocks);
    free(doc);
}

int golden_lit_parse(const char *buf, size_t len, golden_lit_doc **doc, const golden_lit **root,
                     golden_err *e)
{
    parser ps = {buf, buf, buf + len, calloc(1, sizeof(golden_lit_doc)), e};
    if (ps.d == NULL) {
        return golden_fail(e, "out of memory");
    }
    const golden_lit *v = parse_value(&ps, 0);
    if (v != NULL) {
        skip_ws(&ps);
        if (ps.p != ps.end) {
            fail_at(&ps, "trailing characters");
            v = NULL;
        }
    }
    if (v == NULL) {
        golden_lit_free(ps.d);
        return -1;
    }
    *doc = ps.d;
    *root = v;
    return 0;
}

const golden_lit *golden_lit_get(const golden_lit *v, const char *key)
{
    if (v == NULL || v->kind != LIT_DICT) {
        return NULL;
    }
    for (size_t i = 0; i < v->n; i++) {
        if (v->items[i]->key != NULL && strcmp(v->items[i]->key, key) == 0) {
            return v->items[i];
        }
    }
    return NULL;
}

int golden_lit_int(const golden_lit *v, int64_t *out)
{
    if (v == NULL || v->kind != LIT_NUM) {
        return 0;
    }
    if (v->is_int) {
        *out = v->ival;
        return 1;
    }
    if (isfinite(v->num) && v->num == floor(v->num) && fabs(v->num) < 0x1p62) {
        *out = (int64_t)v->num;
        return 1;
    }
    return 0;
}
