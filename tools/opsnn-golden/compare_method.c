#include "compare_method.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"

static const struct {
    const char *name;
    golden_cmp_method m;
} METHODS[] = {
    {"mixed", GOLDEN_CMP_MIXED},       {"mix_tolerance", GOLDEN_CMP_MIXED},
    {"stat_rel_err", GOLDEN_CMP_STAT_REL_ERR}, {"single_bm", GOLDEN_CMP_SINGLE_BM},
    {"close", GOLDEN_CMP_CLOSE},       {"cosine", GOLDEN_CMP_COSINE},
    {"binary", GOLDEN_CMP_BINARY},     {"bin", GOLDEN_CMP_BINARY},
    {"binary_equal", GOLDEN_CMP_BINARY}, {"ratio", GOLDEN_CMP_RATIO},
};

int golden_cmp_method_by_name(const char *name, golden_cmp_method *m)
{
    for (size_t i = 0; i < sizeof METHODS / sizeof METHODS[0]; i++) {
        if (strcmp(name, METHODS[i].name) == 0) {
            *m = METHODS[i].m;
            return 0;
        }
    }
    return -1;
}

const char *golden_cmp_method_name(golden_cmp_method m)
{
    switch (m) {
    case GOLDEN_CMP_MIXED: return "mixed";
    case GOLDEN_CMP_STAT_REL_ERR: return "stat_rel_err";
    case GOLDEN_CMP_SINGLE_BM: return "single_bm";
    case GOLDEN_CMP_CLOSE: return "close";
    case GOLDEN_CMP_COSINE: return "cosine";
    case GOLDEN_CMP_BINARY: return "binary";
    case GOLDEN_CMP_RATIO: return "ratio";
    }
    return "?";
}

golden_cmp_method golden_cmp_effective(golden_cmp_method asked, const golden_dtype *out)
{
    /* TTK resolve.py: integer and bool outputs go to binary_equal before the
     * --compare choice is looked at. The tool's own rule keeps its own
     * integer handling (exact, tolerance 0). */
    if (out->is_int && asked != GOLDEN_CMP_RATIO) {
        return GOLDEN_CMP_BINARY;
    }
    return asked;
}

float golden_cmp_f32(const golden_array *x, int64_t i)
{
    return (float)golden_get(x->dtype, x->data, i);
}

static void judge_ratio(const golden_array *g, const golden_array *a, golden_verdict *v, golden_err *e,
                        int *rc)
{
    golden_tol t;
    golden_cmp_result r;
    golden_default_tol(a->dtype, &t);
    *rc = golden_compare(g, a, &t, 0, &r, e);
    if (*rc == 0) {
        v->bad = r.errors;
        v->metric = r.total > 0 ? 1.0 - r.error_ratio : 1.0;
        v->metric2 = r.max_abs;
        v->pass = r.pass;
        snprintf(v->detail, sizeof v->detail, "error ratio %.6g %s %g (rtol %g, atol %g)", r.error_ratio,
                 r.pass ? "<=" : ">", t.ratio, t.rtol, t.atol);
    }
    golden_cmp_result_free(&r);
}

int golden_cmp_judge(golden_cmp_method m, const golden_array *golden, const golden_array *actual,
                     const golden_cmp_tols *tols, golden_verdict *v, golden_err *e)
{
    static const golden_cmp_tols none;
    memset(v, 0, sizeof *v);
    if (golden->numel != actual->numel) {
        return golden_fail(e, "golden has %lld elements, actual has %lld", (long long)golden->numel,
                           (long long)actual->numel);
    }
    if (golden->dtype->is_int != actual->dtype->is_int) {
        return golden_fail(e, "cannot compare %s with %s: one is an integer dtype, the other is not",
                           golden->dtype->name, actual->dtype->name);
    }
    v->method = golden_cmp_effective(m, actual->dtype);
    v->total = actual->numel;
    if (v->total == 0) { /* TTK short-circuits empty outputs as a pass */
        v->pass = 1;
        v->metric = 1.0;
        snprintf(v->detail, sizeof v->detail, "empty output");
        return 0;
    }
    int rc = 0;
    switch (v->method) {
    case GOLDEN_CMP_MIXED: golden_cmp_mixed(golden, actual, v); break;
    case GOLDEN_CMP_STAT_REL_ERR: golden_cmp_stat(golden, actual, 0, v); break;
    case GOLDEN_CMP_SINGLE_BM: golden_cmp_stat(golden, actual, 1, v); break;
    case GOLDEN_CMP_CLOSE: golden_cmp_close(golden, actual, tols != NULL ? tols : &none, v); break;
    case GOLDEN_CMP_COSINE: golden_cmp_cosine(golden, actual, tols != NULL ? tols : &none, v); break;
    case GOLDEN_CMP_BINARY: golden_cmp_binary(golden, actual, v); break;
    case GOLDEN_CMP_RATIO: judge_ratio(golden, actual, v, e, &rc); break;
    }
    return rc;
}
