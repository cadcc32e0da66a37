#include "args.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const golden_optspec *find(const golden_optspec *spec, const char *name, size_t len)
{
    for (; spec->name != NULL; spec++) {
        if (strlen(spec->name) == len && strncmp(spec->name, name, len) == 0) {
            return spec;
        }
    }
    return NULL;
}

int golden_opts_parse(int argc, char **argv, const golden_optspec *spec, golden_opts *o,
                      golden_err *e)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
            if (o->npos == GOLDEN_MAX_POS) {
                return golden_fail(e, "unexpected argument \"%s\"", arg);
            }
            o->pos[o->npos++] = arg;
            continue;
        }
        const char *name = arg + 2;
        const char *eq = strchr(name, '=');
        size_t len = eq != NULL ? (size_t)(eq - name) : strlen(name);
        const golden_optspec *s = find(spec, name, len);
        if (s == NULL) {
            return golden_fail(e, "unknown option --%.*s", (int)len, name);
        }
        const char *value = NULL;
        if (s->takes_value) {
            if (eq != NULL) {
                value = eq + 1;
            } else if (i + 1 < argc) {
                value = argv[++i]; /* taken as is, so "--lambda -1" and "--range -2,2" work */
            } else {
                return golden_fail(e, "option --%s needs a value", s->name);
            }
        } else if (eq != NULL) {
            return golden_fail(e, "option --%s takes no value", s->name);
        }
        if (!s->repeatable && golden_opt_has(o, s->name)) {
            return golden_fail(e, "option --%s given more than once", s->name);
        }
        if (o->nvals == GOLDEN_MAX_OPTS) {
            return golden_fail(e, "too many options");
        }
        o->vals[o->nvals].name = s->name;
        o->vals[o->nvals].value = value;
        o->nvals++;
    }
    return 0;
}

const char *golden_opt(const golden_opts *o, const char *name)
{
    for (int i = o->nvals - 1; i >= 0; i--) {
        if (strcmp(o->vals[i].name, name) == 0) {
            return o->vals[i].value;
        }
    }
    return NULL;
}

int golden_opt_has(const golden_opts *o, const char *name)
{
    for (int i = 0; i < o->nvals; i++) {
        if (strcmp(o->vals[i].name, name) == 0) {
            return 1;
        }
    }
    return 0;
}

int golden_opt_all(const golden_opts *o, const char *name, const char **vals, int max)
{
    int n = 0;
    for (int i = 0; i < o->nvals && n < max; i++) {
        if (strcmp(o->vals[i].name, name) == 0) {
            vals[n++] = o->vals[i].value;
        }
    }
    return n;
}

int golden_opt_required(const golden_opts *o, const char *name, const char **value, golden_err *e)
{
    *value = golden_opt(o, name);
    if (*value == NULL) {
        return golden_fail(e, "option --%s is required", name);
    }
    return 0;
}

int golden_opt_dtype(const golden_opts *o, const char *name, const golden_dtype **dt, golden_err *e)
{
    const char *v = golden_opt(o, name);
    *dt = NULL;
    if (v == NULL) {
        return 0;
    }
    *dt = golden_dtype_by_name(v);
    if (*dt == NULL) {
        return golden_fail(e, "--%s: unknown dtype \"%s\" (known: %s)", name, v, golden_dtype_names());
    }
    return 0;
}

int golden_opt_shape(const golden_opts *o, const char *name, golden_shape *s, golden_err *e)
{
    const char *v = golden_opt(o, name);
    if (v == NULL) {
        return 0;
    }
    if (golden_shape_parse(v, s, e) != 0) {
        char where[64];
        snprintf(where, sizeof where, "--%s", name);
        return golden_prefix(e, where);
    }
    return 1;
}

int golden_parse_double(const char *opt, const char *text, double *v, golden_err *e)
{
    char *end;
    errno = 0;
    double d = strtod(text, &end);
    if (end == text || *end != '\0') {
        return golden_fail(e, "%s: \"%s\" is not a number", opt, text);
    }
    if (errno == ERANGE && isinf(d)) {
        return golden_fail(e, "%s: \"%s\" is out of range", opt, text);
    }
    *v = d;
    return 0;
}

int golden_parse_float(const char *opt, const char *text, float *v, golden_err *e)
{
    char *end;
    float f = strtof(text, &end);
    if (end == text || *end != '\0') {
        return golden_fail(e, "%s: \"%s\" is not a number", opt, text);
    }
    *v = f;
    return 0;
}

int golden_opt_nonneg(const golden_opts *o, const char *name, double *v, golden_err *e)
{
    const char *text = golden_opt(o, name);
    if (text == NULL) {
        return 0;
    }
    char where[64];
    snprintf(where, sizeof where, "--%s", name);
    double d;
    if (golden_parse_double(where, text, &d, e) != 0) {
        return -1;
    }
    if (!(d >= 0) || isinf(d)) {
        return golden_fail(e, "%s must be a finite number >= 0, got %s", where, text);
    }
    *v = d;
    return 0;
}

int golden_parse_i64(const char *opt, const char *text, int64_t lo, int64_t hi, int64_t *v,
                     golden_err *e)
{
    char *end;
    errno = 0;
    long long x = strtoll(text, &end, 0);
    if (end == text || *end != '\0' || errno == ERANGE || x < lo || x > hi) {
        return golden_fail(e, "%s: \"%s\" must be an integer in [%lld, %lld]", opt, text,
                           (long long)lo, (long long)hi);
    }
    *v = (int64_t)x;
    return 0;
}
