#include "cases.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *golden_cases_kind_name(golden_cases_kind k)
{
    switch (k) {
    case GOLDEN_CASES_ATK: return "ATK json";
    case GOLDEN_CASES_TTK_KERNEL: return "TTK kernel CSV";
    case GOLDEN_CASES_TTK_ACLNN: return "TTK aclnn CSV";
    }
    return "?";
}

const char *golden_numpy_name(const golden_dtype *dt)
{
    switch (dt->acl) {
    case ACL_FLOAT: return "float32";
    case ACL_FLOAT16: return "float16";
    case ACL_BF16: return "bfloat16";
    case ACL_INT8: return "int8";
    case ACL_INT32: return "int32";
    case ACL_UINT8: return "uint8";
    default: return "none";
    }
}

int golden_cases_parse(const char *buf, size_t len, golden_caseset *s, golden_err *e)
{
    size_t i = 0;
    /* skip a byte-order mark and white space */
    if (len >= 3 && (unsigned char)buf[0] == 0xef && (unsigned char)buf[1] == 0xbb &&
        (unsigned char)buf[2] == 0xbf) {
        i = 3;
    }
    while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n')) {
        i++;
    }
    if (i < len && (buf[i] == '[' || buf[i] == '{')) {
        return golden_cases_parse_atk(buf, len, s, e);
    }
    return golden_cases_parse_ttk(buf, len, s, e);
}

golden_case *golden_cases_add(golden_caseset *s, golden_err *e)
{
    if (s->n >= 1000000) {
        golden_fail(e, "more than 1000000 cases");
        return NULL;
    }
    if (s->n == 0 || (s->n >= 16 && (s->n & (s->n - 1)) == 0)) { /* 16, then doubling */
        size_t cap = s->n ? (size_t)s->n * 2 : 16;
        golden_case *nc = realloc(s->cases, cap * sizeof *nc);
        if (nc == NULL) {
            golden_fail(e, "out of memory");
            return NULL;
        }
        s->cases = nc;
    }
    golden_case *c = &s->cases[s->n++];
    memset(c, 0, sizeof *c);
    c->lambd = 0.5;
    return c;
}

int golden_case_set_op(golden_case *c, const opsnn_op_meta *m)
{
    golden_err e;
    if (golden_opinfo_of(m, &c->info, &e) != 0) {
        golden_case_error(c, "%s", e.msg);
        return -1;
    }
    c->op = m;
    if (c->info.scalar_arg >= 0) {
        c->lambd = m->args[c->info.scalar_arg].scalar_default;
    }
    return 0;
}

int golden_case_find_op(golden_case *c, const char *name, int kernel, const char *column, char quote,
                        const char *shown)
{
    const char *(*field)(const opsnn_op_meta *) = kernel ? golden_op_field_kernel : golden_op_field_api;
    const opsnn_op_meta *m = golden_op_find(name);
    if (m == NULL || strcmp(field(m), name) != 0) {
        char all[1024];
        golden_op_list(all, sizeof all, field);
        golden_case_error(c, "%s %c%s%c is not %s", column, quote, shown, quote, all);
        return -1;
    }
    return golden_case_set_op(c, m);
}

void golden_case_error(golden_case *c, const char *fmt, ...)
{
    if (c->error != NULL) { /* the first problem is the one reported */
        return;
    }
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    c->error = malloc(strlen(msg) + 1);
    if (c->error != NULL) {
        strcpy(c->error, msg);
    }
}

int golden_case_set_name(golden_case *c, const char *name)
{
    free(c->name);
    c->name = malloc(strlen(name) + 1);
    if (c->name == NULL) {
        return -1;
    }
    strcpy(c->name, name);
    return 0;
}

const golden_dtype *golden_case_dtype(const char *name)
{
    return golden_dtype_by_name(name);
}

int golden_case_shape(const golden_lit *v, golden_shape *s, golden_err *e)
{
    memset(s, 0, sizeof *s);
    if (v == NULL || v->kind != LIT_LIST) {
        return golden_fail(e, "a shape must be a list of dims");
    }
    if (v->n > GOLDEN_MAX_RANK) {
        return golden_fail(e, "rank %zu is above %d", v->n, GOLDEN_MAX_RANK);
    }
    for (size_t i = 0; i < v->n; i++) {
        int64_t d;
        if (!golden_lit_int(v->items[i], &d) || d < 0) {
            return golden_fail(e, "dim %zu of a shape is not a non-negative integer", i);
        }
        s->dims[i] = d;
    }
    s->ndim = (int)v->n;
    int64_t numel;
    return golden_shape_numel(s, &numel, e);
}

static int lit_double(const golden_lit *v, double *out)
{
    if (v->kind == LIT_NUM) {
        *out = v->num;
        return 1;
    }
    if (v->kind == LIT_STR) { /* ATK writes infinities as "inf" / "-inf" */
        if (strcmp(v->str, "inf") == 0 || strcmp(v->str, "+inf") == 0) {
            *out = INFINITY;
            return 1;
        }
        if (strcmp(v->str, "-inf") == 0) {
            *out = -INFINITY;
            return 1;
        }
        if (strcmp(v->str, "nan") == 0) {
            *out = NAN;
            return 1;
        }
    }
    return 0;
}

/* A [lo, hi] pair of finite numbers, lo <= hi. */
static int finite_pair(const golden_lit *v, double *lo, double *hi)
{
    return v != NULL && v->kind == LIT_LIST && v->n == 2 && lit_double(v->items[0], lo) &&
           lit_double(v->items[1], hi) && isfinite(*lo) && isfinite(*hi) && *lo <= *hi;
}

/* ATK's normal-distribution range: {"name": "nd", "mean": [a, b], "std": [c, d]}. */
static int normal_range(const golden_lit *v, golden_vrange *r, golden_err *e)
{
    const golden_lit *name = golden_lit_get(v, "name");
    if (name == NULL || name->kind != LIT_STR || strcmp(name->str, "nd") != 0) {
        return golden_fail(e, "a data range object must be {\"name\": \"nd\", \"mean\": [a, b], \"std\": [c, d]}");
    }
    if (!finite_pair(golden_lit_get(v, "mean"), &r->mean_lo, &r->mean_hi) ||
        !finite_pair(golden_lit_get(v, "std"), &r->std_lo, &r->std_hi) || r->std_lo < 0) {
        return golden_fail(e, "\"nd\" range: \"mean\" and \"std\" must be [min, max] of finite numbers "
                              "(std >= 0)");
    }
    r->normal = 1;
    r->lo = r->mean_lo;
    r->hi = r->mean_hi;
    return 0;
}

int golden_case_range(const golden_lit *v, golden_vrange *r, golden_err *e)
{
    memset(r, 0, sizeof *r);
    r->lo = -2.0; /* TTK: None means [-2, 2] */
    r->hi = 2.0;
    if (v == NULL || v->kind == LIT_NONE) {
        return 0;
    }
    double x;
    if (lit_double(v, &x)) {
        r->lo = r->hi = x;
        return 0;
    }
    if (v->kind == LIT_DICT) {
        return normal_range(v, r, e);
    }
    if (v->kind != LIT_LIST || v->n == 0) {
        return golden_fail(e, "a data range must be (min, max), [value] or a number");
    }
    double vals[2 + GOLDEN_CASE_MAX_MUST];
    size_t n = v->n;
    if (n > 2 + GOLDEN_CASE_MAX_MUST) {
        return golden_fail(e, "a data range holds at most %d values", 2 + GOLDEN_CASE_MAX_MUST);
    }
    for (size_t i = 0; i < n; i++) {
        if (v->items[i]->kind == LIT_NONE && i < 2) {
            vals[i] = i == 0 ? -2.0 : 2.0;
        } else if (!lit_double(v->items[i], &vals[i])) {
            return golden_fail(e, "data range value %zu is not a number", i);
        }
    }
    if (n == 1) {
        r->lo = r->hi = vals[0];
        return 0;
    }
    r->lo = vals[0];
    r->hi = vals[1];
    if (isnan(r->lo) || isnan(r->hi) || r->lo > r->hi) {
        return golden_fail(e, "data range (%g, %g) needs min <= max", r->lo, r->hi);
    }
    if (r->lo != r->hi && (!isfinite(r->lo) || !isfinite(r->hi))) {
        return golden_fail(e, "data range (%g, %g): a random range must be finite", r->lo, r->hi);
    }
    for (size_t i = 2; i < n; i++) {
        r->must[r->nmust++] = vals[i];
    }
    return 0;
}

void golden_case_finish(golden_case *c)
{
    int nin = c->info.nin;
    for (int k = 0; k < nin; k++) {
        if (!c->in[k].strided) {
            c->in[k].storage = c->in[k].shape;
        }
    }
    golden_shape want = c->in[0].shape;
    golden_err e;
    for (int k = 1; c->op != NULL && (opsnn_op_flags(c->op) & OPSNN_OP_BROADCAST) && k < nin; k++) {
        golden_shape b;
        if (golden_shape_broadcast(&want, &c->in[k].shape, &b, &e) != 0) {
            golden_case_error(c, "inputs do not broadcast: %s", e.msg);
            return;
        }
        want = b;
    }
    if (c->info.inplace && (c->in[0].strided || c->out.given)) {
        golden_case_error(c, "%s writes over its input: opsnn-golden runs it on a contiguous input only",
                          c->op->api);
        return;
    }
    if (c->out.dtype == NULL) {
        c->out.dtype = c->in[0].dtype;
    }
    if (!c->out.given) {
        c->out.shape = want;
    }
    if (!c->out.strided) {
        c->out.storage = c->out.shape;
    }
    if (!golden_shape_equal(&c->out.shape, &want)) {
        char s1[256], s2[256];
        golden_shape_format(&c->out.shape, s1, sizeof s1);
        golden_shape_format(&want, s2, sizeof s2);
        golden_case_error(c, "output shape %s is not the operator's output shape %s", s1, s2);
    }
}

void golden_caseset_free(golden_caseset *s)
{
    for (int i = 0; i < s->n; i++) {
        free(s->cases[i].name);
        free(s->cases[i].error);
    }
    free(s->cases);
    memset(s, 0, sizeof *s);
}
