#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "compare_method.h"
#include "valfmt.h"

void golden_default_tol(const golden_dtype *dt, golden_tol *t)
{
    double v = 0.0; /* integers: exact */
    switch (dt->acl) {
    case ACL_FLOAT: v = 1e-4; break;
    case ACL_FLOAT16: v = 1e-3; break;
    case ACL_BF16: v = 4e-3; break;
    default: break;
    }
    t->rtol = t->atol = t->ratio = v;
}

int golden_is_error(double g, double a, const golden_tol *t)
{
    if (isnan(g) || isnan(a)) {
        return !(isnan(g) && isnan(a));
    }
    if (isinf(g) || isinf(a)) {
        return g != a;
    }
    return fabs(a - g) > t->atol + t->rtol * fabs(g);
}

int golden_compare(const golden_array *golden, const golden_array *actual, const golden_tol *t,
                   int max_show, golden_cmp_result *r, golden_err *e)
{
    memset(r, 0, sizeof *r);
    if (golden->numel != actual->numel) {
        return golden_fail(e, "golden has %lld elements, actual has %lld", (long long)golden->numel,
                           (long long)actual->numel);
    }
    r->first = calloc(max_show > 0 ? (size_t)max_show : 1, sizeof *r->first);
    if (r->first == NULL) {
        return golden_fail(e, "out of memory");
    }
    double sum_abs = 0.0, sum_rel = 0.0;
    r->total = golden->numel;
    for (int64_t i = 0; i < r->total; i++) {
        double g = golden_get(golden->dtype, golden->data, i);
        double a = golden_get(actual->dtype, actual->data, i);
        if (golden_is_error(g, a, t)) {
            if (r->nfirst < max_show) {
                r->first[r->nfirst].index = i;
                r->first[r->nfirst].golden = g;
                r->first[r->nfirst].actual = a;
                r->nfirst++;
            }
            r->errors++;
        }
        if (!isfinite(g) || !isfinite(a)) {
            r->special_matched += (isnan(g) && isnan(a)) || (isinf(g) && g == a);
            continue;
        }
        double d = fabs(a - g);
        if (r->finite == 0 || d > r->max_abs) {
            r->max_abs = d;
            r->max_abs_index = i;
        }
        sum_abs += d;
        r->finite++;
        if (g != 0.0) {
            double rel = d / fabs(g);
            if (r->rel_count == 0 || rel > r->max_rel) {
                r->max_rel = rel;
                r->max_rel_index = i;
            }
            sum_rel += rel;
            r->rel_count++;
        }
    }
    r->mean_abs = r->finite > 0 ? sum_abs / (double)r->finite : 0.0;
    r->mean_rel = r->rel_count > 0 ? sum_rel / (double)r->rel_count : 0.0;
    r->error_ratio = r->total > 0 ? (double)r->errors / (double)r->total : 0.0;
    r->pass = r->error_ratio <= t->ratio;
    return 0;
}

int golden_worst_element(const golden_array *golden, const golden_array *actual, golden_mismatch *w,
                         double *error)
{
    int found = 0;
    *error = 0.0;
    for (int64_t i = 0; i < golden->numel && i < actual->numel; i++) {
        double g = golden_get(golden->dtype, golden->data, i);
        double a = golden_get(actual->dtype, actual->data, i);
        double d;
        if (isnan(g) || isnan(a) || isinf(g) || isinf(a)) {
            if ((isnan(g) && isnan(a)) || g == a) {
                continue;
            }
            d = INFINITY;
        } else {
            d = fabs(a - g);
        }
        if (d > *error || (!found && d > 0.0)) {
            *error = d;
            w->index = i;
            w->golden = g;
            w->actual = a;
            found = 1;
            if (isinf(d)) {
                break; /* the first special mismatch */
            }
        }
    }
    return found;
}

void golden_cmp_result_free(golden_cmp_result *r)
{
    free(r->first);
    r->first = NULL;
}

static const golden_optspec COMPARE_OPTS[] = {
    {"golden", 1, 0}, {"actual", 1, 0}, {"dtype", 1, 0}, {"golden-dtype", 1, 0},
    {"shape", 1, 0}, {"rtol", 1, 0}, {"atol", 1, 0}, {"ratio", 1, 0}, {"show", 1, 0},
    {"method", 1, 0}, {"ptol", 1, 0}, {NULL, 0, 0},
};

/* The shape used to print indices: --shape, else a .npy header's, else flat. */
static const golden_shape *index_shape(const golden_shape *given, const char *gpath,
                                       const golden_array *g, const char *apath,
                                       const golden_array *a)
{
    if (given != NULL) {
        return given;
    }
    if (golden_is_npy_path(gpath)) {
        return &g->shape;
    }
    return golden_is_npy_path(apath) ? &a->shape : &g->shape;
}

static void print_report(const golden_cmp_result *r, const golden_tol *t, const golden_shape *s,
                         int tol_default)
{
    char idx[512], v1[64], v2[64];
    printf("tolerance: rtol %g, atol %g, error ratio %g%s\n", t->rtol, t->atol, t->ratio,
           tol_default ? " (dtype defaults)" : "");
    printf("elements: %lld (%lld finite pairs, %lld matching NaN/inf pairs)\n", (long long)r->total,
           (long long)r->finite, (long long)r->special_matched);
    golden_shape_unravel(s, r->max_abs_index, idx, sizeof idx);
    printf("max abs error: %.9g%s%s\n", r->max_abs, r->finite ? " at " : "", r->finite ? idx : "");
    printf("mean abs error: %.9g\n", r->mean_abs);
    golden_shape_unravel(s, r->max_rel_index, idx, sizeof idx);
    printf("max rel error: %.9g%s%s (over %lld elements with golden != 0)\n", r->max_rel,
           r->rel_count ? " at " : "", r->rel_count ? idx : "", (long long)r->rel_count);
    printf("mean rel error: %.9g\n", r->mean_rel);
    printf("errors: %lld of %lld (error ratio %.9g)\n", (long long)r->errors, (long long)r->total,
           r->error_ratio);
    if (r->nfirst > 0) {
        printf("first %d mismatches:\n", r->nfirst);
    }
    for (int i = 0; i < r->nfirst; i++) {
        const golden_mismatch *m = &r->first[i];
        golden_shape_unravel(s, m->index, idx, sizeof idx);
        printf("  %s (flat %lld): golden %s, actual %s", idx, (long long)m->index,
               golden_fmt_value(m->golden, v1, sizeof v1), golden_fmt_value(m->actual, v2, sizeof v2));
        if (isfinite(m->golden) && isfinite(m->actual)) {
            double d = fabs(m->actual - m->golden);
            printf(", abs err %.9g, allowed %.9g", d, t->atol + t->rtol * fabs(m->golden));
            if (m->golden != 0.0) {
                printf(", rel err %.9g", d / fabs(m->golden));
            }
        }
        printf("\n");
    }
    printf("%s: error ratio %.9g %s %g\n", r->pass ? "PASS" : "FAIL", r->error_ratio,
           r->pass ? "<=" : ">", t->ratio);
}

static int run_compare(const golden_opts *o, golden_err *e)
{
    const char *gpath, *apath;
    const golden_dtype *dt, *gdt;
    golden_shape shape;
    int has_shape;
    if (golden_opt_required(o, "golden", &gpath, e) != 0 ||
        golden_opt_required(o, "actual", &apath, e) != 0 ||
        golden_opt_dtype(o, "dtype", &dt, e) != 0 || golden_opt_dtype(o, "golden-dtype", &gdt, e) != 0 ||
        (has_shape = golden_opt_shape(o, "shape", &shape, e)) < 0) {
        return -1;
    }
    int64_t show = 10;
    if (golden_opt(o, "show") != NULL &&
        golden_parse_i64("--show", golden_opt(o, "show"), 0, 100000, &show, e) != 0) {
        return -1;
    }
    const golden_shape *sp = has_shape ? &shape : NULL;
    golden_array a, g;
    memset(&a, 0, sizeof a);
    memset(&g, 0, sizeof g);
    /* Read a self-describing .npy first: a raw file without a dtype option
     * then takes the other file's dtype. */
    int golden_first = golden_is_npy_path(gpath) && !golden_is_npy_path(apath);
    const char *gopt = gdt != NULL ? "--golden-dtype" : "--dtype";
    if (golden_first) {
        if (golden_load(gpath, gdt != NULL ? gdt : dt, gopt, sp, &g, e) != 0 ||
            golden_load(apath, dt != NULL ? dt : g.dtype, "--dtype", sp, &a, e) != 0) {
            golden_array_free(&g);
            return -1;
        }
    } else {
        if (golden_load(apath, dt, "--dtype", sp, &a, e) != 0) {
            return -1;
        }
        const golden_dtype *ghint = gdt != NULL ? gdt : dt != NULL ? dt
                                  : golden_is_npy_path(gpath) ? NULL : a.dtype;
        if (golden_load(gpath, ghint, gopt, sp, &g, e) != 0) {
            golden_array_free(&a);
            return -1;
        }
    }
    int rc = -1;
    if (!has_shape && golden_is_npy_path(gpath) && golden_is_npy_path(apath) &&
        !golden_shape_equal(&g.shape, &a.shape)) {
        char s1[512], s2[512];
        golden_shape_format(&g.shape, s1, sizeof s1);
        golden_shape_format(&a.shape, s2, sizeof s2);
        golden_fail(e, "shapes differ: golden %s is %s, actual %s is %s", gpath, s1, apath, s2);
        goto out;
    }
    /* The kit methods (compare_method.h); mixed is the default, like TTK's.
     * --rtol/--atol/--ratio without --method keep the original rule. */
    const char *mname = golden_opt(o, "method");
    golden_cmp_method method = GOLDEN_CMP_MIXED;
    if (mname == NULL && (golden_opt_has(o, "rtol") || golden_opt_has(o, "atol") || golden_opt_has(o, "ratio"))) {
        method = GOLDEN_CMP_RATIO;
    } else if (mname != NULL && golden_cmp_method_by_name(mname, &method) != 0) {
        golden_fail(e, "--method: unknown method \"%s\" (mixed, stat_rel_err, single_bm, close, cosine, "
                       "binary, ratio)", mname);
        goto out;
    }
    if (method != GOLDEN_CMP_RATIO) {
        golden_cmp_tols tols;
        memset(&tols, 0, sizeof tols);
        tols.has_rtol = golden_opt_has(o, "rtol");
        tols.has_atol = golden_opt_has(o, "atol");
        tols.has_ptol = golden_opt_has(o, "ptol");
        if (golden_opt_nonneg(o, "rtol", &tols.rtol, e) != 0 || golden_opt_nonneg(o, "atol", &tols.atol, e) != 0 ||
            golden_opt_nonneg(o, "ptol", &tols.ptol, e) != 0) {
            goto out;
        }
        golden_verdict v;
        if (golden_cmp_judge(method, &g, &a, &tols, &v, e) != 0) {
            goto out;
        }
        const golden_shape *is = index_shape(sp, gpath, &g, apath, &a);
        char s[512];
        golden_shape_format(is, s, sizeof s);
        printf("golden: %s (%s)\nactual: %s (%s)\nshape: %s\nmethod: %s%s\n", gpath, g.dtype->name, apath,
               a.dtype->name, s, golden_cmp_method_name(v.method),
               v.method != method ? " (integer output: compared bit for bit)" : "");
        printf("elements: %lld, outside the element rule: %lld\n", (long long)v.total, (long long)v.bad);
        printf("%s: %s\n", v.pass ? "PASS" : "FAIL", v.detail);
        rc = v.pass ? 0 : 1;
        goto out;
    }
    golden_tol t;
    golden_default_tol(a.dtype, &t);
    int tol_default = !golden_opt_has(o, "rtol") && !golden_opt_has(o, "atol") &&
                      !golden_opt_has(o, "ratio");
    if (golden_opt_nonneg(o, "rtol", &t.rtol, e) != 0 || golden_opt_nonneg(o, "atol", &t.atol, e) != 0 ||
        golden_opt_nonneg(o, "ratio", &t.ratio, e) != 0) {
        goto out;
    }
    golden_cmp_result r;
    if (golden_compare(&g, &a, &t, (int)show, &r, e) != 0) {
        golden_cmp_result_free(&r);
        goto out;
    }
    const golden_shape *is = index_shape(sp, gpath, &g, apath, &a);
    char s[512];
    golden_shape_format(is, s, sizeof s);
    printf("golden: %s (%s)\nactual: %s (%s)\nshape: %s\n", gpath, g.dtype->name, apath, a.dtype->name, s);
    print_report(&r, &t, is, tol_default);
    rc = r.pass ? 0 : 1;
    golden_cmp_result_free(&r);
out:
    golden_array_free(&a);
    golden_array_free(&g);
    return rc;
}

int golden_cmd_compare(int argc, char **argv)
{
    golden_err e;
    golden_opts o;
    if (golden_opts_parse(argc, argv, COMPARE_OPTS, &o, &e) != 0) {
        fprintf(stderr, "opsnn-golden compare: %s\n", e.msg);
        return 2;
    }
    if (o.npos > 0) {
        fprintf(stderr, "opsnn-golden compare: unexpected argument \"%s\"\n", o.pos[0]);
        return 2;
    }
    int rc = run_compare(&o, &e);
    if (rc < 0) {
        fprintf(stderr, "opsnn-golden compare: %s\n", e.msg);
        return 2;
    }
    return rc;
}
