#include "gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "binio.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void golden_rng_seed(golden_rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * 0xd1b54a32d192ed03u);
    for (int i = 0; i < 4; i++) {
        r->s[i] = splitmix64(&x);
    }
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t golden_rng_next(golden_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double golden_rng_unit(golden_rng *r)
{
    return (double)(golden_rng_next(r) >> 11) * 0x1.0p-53;
}

typedef struct {
    const golden_dtype *dt;
    double lo, hi; /* value range */
    double p_nan, p_inf; /* injection probabilities per element */
    uint64_t seed;
} gen_params;

static void fill_random(golden_array *a, const gen_params *p, uint64_t stream)
{
    golden_rng r;
    golden_rng_seed(&r, p->seed, stream);
    double ilo = ceil(p->lo), ihi = floor(p->hi);
    for (int64_t i = 0; i < a->numel; i++) {
        if (p->p_nan + p->p_inf > 0) {
            uint64_t w = golden_rng_next(&r);
            double u = (double)(w >> 11) * 0x1.0p-53;
            if (u < p->p_nan) {
                golden_set(a->dtype, a->data, i, NAN);
                continue;
            }
            if (u < p->p_nan + p->p_inf) {
                golden_set(a->dtype, a->data, i, (w & 1) ? -INFINITY : INFINITY);
                continue;
            }
        }
        double u = golden_rng_unit(&r);
        double v;
        if (p->dt->is_int) {
            v = ilo + floor(u * (ihi - ilo + 1));
            v = v > ihi ? ihi : v;
        } else {
            v = p->lo + (p->hi - p->lo) * u;
        }
        golden_set(a->dtype, a->data, i, v);
    }
}

/* "LO,HI" */
static int parse_range(const char *text, const golden_dtype *dt, double *lo, double *hi, golden_err *e)
{
    const char *comma = strchr(text, ',');
    char first[128];
    if (comma == NULL || (size_t)(comma - text) >= sizeof first) {
        return golden_fail(e, "--range: expected LO,HI, got \"%s\"", text);
    }
    memcpy(first, text, (size_t)(comma - text));
    first[comma - text] = '\0';
    if (golden_parse_double("--range", first, lo, e) != 0 ||
        golden_parse_double("--range", comma + 1, hi, e) != 0) {
        return -1;
    }
    if (!isfinite(*lo) || !isfinite(*hi) || *lo > *hi || !isfinite(*hi - *lo)) {
        return golden_fail(e, "--range: need finite LO <= HI, got \"%s\"", text);
    }
    if (dt->is_int && (ceil(*lo) > floor(*hi) || ceil(*lo) < (double)dt->min ||
                       floor(*hi) > (double)dt->max)) {
        return golden_fail(e, "--range: \"%s\" must hold an integer and lie in the %s range [%lld, %lld]",
                           text, dt->name, (long long)dt->min, (long long)dt->max);
    }
    return 0;
}

/* Explicit values "v0,v1,..." into a (shape given or 1-D). */
static int parse_values(const char *text, const golden_dtype *dt, const golden_shape *shape,
                        golden_array *a, golden_err *e)
{
    int64_t count = 1;
    for (const char *p = text; *p != '\0'; p++) {
        count += *p == ',';
    }
    golden_shape s;
    if (shape != NULL) {
        s = *shape;
    } else {
        memset(&s, 0, sizeof s);
        s.ndim = 1;
        s.dims[0] = count;
    }
    int64_t numel;
    if (golden_shape_numel(&s, &numel, e) != 0) {
        return -1;
    }
    if (numel != count) {
        return golden_fail(e, "--values: %lld values, but the shape holds %lld elements",
                           (long long)count, (long long)numel);
    }
    if (golden_array_alloc(a, dt, &s, e) != 0) {
        return -1;
    }
    char *copy = malloc(strlen(text) + 1);
    if (copy == NULL) {
        golden_array_free(a);
        return golden_fail(e, "out of memory");
    }
    strcpy(copy, text);
    char *item = copy;
    for (int64_t i = 0; i < count; i++) {
        char *comma = strchr(item, ',');
        if (comma != NULL) {
            *comma = '\0';
        }
        double v;
        if (golden_parse_double("--values", item, &v, e) != 0 ||
            (dt->is_int && (v != floor(v) || v < (double)dt->min || v > (double)dt->max) &&
             golden_fail(e, "--values: \"%s\" is not an %s value", item, dt->name))) {
            free(copy);
            golden_array_free(a);
            return -1;
        }
        golden_set(dt, a->data, i, v);
        item = comma != NULL ? comma + 1 : item;
    }
    free(copy);
    return 0;
}

static const golden_optspec GEN_OPTS[] = {
    {"out", 1, 1}, {"dtype", 1, 0}, {"shape", 1, 0}, {"seed", 1, 0}, {"range", 1, 0},
    {"nan-ratio", 1, 0}, {"inf-ratio", 1, 0}, {"values", 1, 0}, {NULL, 0, 0},
};

#define GEN_MAX_OUT 16

static int check_gen_params(const golden_opts *o, gen_params *p, golden_err *e)
{
    int64_t seed = 0;
    if (golden_opt(o, "seed") != NULL &&
        golden_parse_i64("--seed", golden_opt(o, "seed"), 0, INT64_MAX, &seed, e) != 0) {
        return -1;
    }
    p->seed = (uint64_t)seed;
    /* Default range -1..1, within the dtype's range (uint8: 0..1). */
    p->lo = p->dt->is_int && (double)p->dt->min > -1.0 ? (double)p->dt->min : -1.0;
    p->hi = 1.0;
    if (golden_opt(o, "range") != NULL && parse_range(golden_opt(o, "range"), p->dt, &p->lo, &p->hi, e) != 0) {
        return -1;
    }
    if (golden_opt_nonneg(o, "nan-ratio", &p->p_nan, e) != 0 ||
        golden_opt_nonneg(o, "inf-ratio", &p->p_inf, e) != 0) {
        return -1;
    }
    if (p->p_nan + p->p_inf > 1.0) {
        return golden_fail(e, "--nan-ratio + --inf-ratio must be <= 1, got %g", p->p_nan + p->p_inf);
    }
    if (p->dt->is_int && p->p_nan + p->p_inf > 0) {
        return golden_fail(e, "%s has no NaN or inf: drop --nan-ratio/--inf-ratio", p->dt->name);
    }
    return 0;
}

static int run_gen(const golden_opts *o, golden_err *e)
{
    const char *outs[GEN_MAX_OUT + 1]; /* one more, to tell "too many" */
    int nout = golden_opt_all(o, "out", outs, GEN_MAX_OUT + 1);
    gen_params p;
    memset(&p, 0, sizeof p);
    golden_shape shape;
    int has_shape;
    if (nout == 0) {
        return golden_fail(e, "option --out is required");
    }
    if (nout > GEN_MAX_OUT) {
        return golden_fail(e, "at most %d --out files", GEN_MAX_OUT);
    }
    if (golden_opt_dtype(o, "dtype", &p.dt, e) != 0 || (has_shape = golden_opt_shape(o, "shape", &shape, e)) < 0) {
        return -1;
    }
    if (p.dt == NULL) {
        return golden_fail(e, "option --dtype is required");
    }
    const char *values = golden_opt(o, "values");
    if (values != NULL && (golden_opt_has(o, "seed") || golden_opt_has(o, "range") ||
                           golden_opt_has(o, "nan-ratio") || golden_opt_has(o, "inf-ratio"))) {
        return golden_fail(e, "--values cannot be combined with --seed, --range, --nan-ratio, --inf-ratio");
    }
    if (values == NULL && !has_shape) {
        return golden_fail(e, "option --shape is required (or --values)");
    }
    if (values == NULL && check_gen_params(o, &p, e) != 0) {
        return -1;
    }
    golden_pending pending[GEN_MAX_OUT];
    int staged = 0, rc = 0;
    golden_array a;
    if (values != NULL && parse_values(values, p.dt, has_shape ? &shape : NULL, &a, e) != 0) {
        return -1;
    }
    if (values == NULL && golden_array_alloc(&a, p.dt, &shape, e) != 0) {
        return -1;
    }
    /* Stage every file first, then commit them together: an error leaves
     * every target as it was. */
    for (; staged < nout && rc == 0; staged++) {
        if (values == NULL) {
            fill_random(&a, &p, (uint64_t)staged);
        }
        rc = golden_stage_array(&pending[staged], outs[staged], &a, e);
    }
    if (rc != 0) {
        for (int i = 0; i < staged; i++) {
            golden_discard(&pending[i]);
        }
    } else {
        rc = golden_commit_all(pending, staged, e);
    }
    char s[512];
    golden_shape_format(&a.shape, s, sizeof s);
    for (int i = 0; rc == 0 && i < nout; i++) {
        if (values != NULL) {
            fprintf(golden_report_stream(), "gen: wrote %s (%s, shape %s, given values)\n", outs[i],
                    a.dtype->name, s);
        } else {
            fprintf(golden_report_stream(), "gen: wrote %s (%s, shape %s, seed %llu, stream %d)\n",
                    outs[i], a.dtype->name, s, (unsigned long long)p.seed, i);
        }
    }
    golden_array_free(&a);
    return rc;
}

int golden_cmd_gen(int argc, char **argv)
{
    golden_err e;
    golden_opts o;
    if (golden_opts_parse(argc, argv, GEN_OPTS, &o, &e) != 0 ||
        (o.npos > 0 && golden_fail(&e, "unexpected argument \"%s\"", o.pos[0])) || run_gen(&o, &e) != 0) {
        fprintf(stderr, "opsnn-golden gen: %s\n", e.msg);
        return 2;
    }
    return 0;
}
