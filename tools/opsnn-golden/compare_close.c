/* TTK `close` (is_close.py) and `cosine` (cosine_similarity.py).
 *
 * close: numpy.isclose(actual, golden, rtol, atol, equal_nan=True) element by
 * element -- close <=> both NaN, or a == g, or g finite and
 * |a - g| <= atol + rtol * |g| -- evaluated in the arrays' own precision as
 * NumPy does (float16 arithmetic for fp16, float32 for bf16 and fp32);
 * precision = (n - bad) / n; pass <=> 1 - precision <= ptol. Defaults: fp16
 * and bf16 rtol = ptol = 1e-3, fp32 1e-4, atol 1e-8; a case file's
 * precision_tolerances (rtol, ptol) and absolute_precision (atol) replace them.
 *
 * cosine: dot(a, g) / (|a| |g|), pass <=> 1 - cosine <= rtol (default 0.01).
 * fp16 arrays are computed as NumPy computes them, in float16: each dot
 * product summed in float32 from the first element and rounded to half, the
 * square roots, the product of the norms, the quotient and 1 - cosine each
 * rounded to half (so a sum of squares above 65504 is inf and the cosine
 * NaN). Other dtypes are computed in double (NumPy hands float32 to BLAS,
 * whose summation order is its own). A NaN cosine (an all-zero array, a NaN
 * element, the fp16 overflow) passes, exactly as TTK's `(1 - cos) > rtol`
 * test lets it. */
#include <math.h>
#include <stdio.h>

#include "acl/acl_base.h"
#include "compare_method.h"

/* One NumPy float16 operation: computed in float32, rounded to half. */
static float h(float x)
{
    return aclFloat16ToFloat(aclFloatToFloat16(x));
}

void golden_cmp_close(const golden_array *g, const golden_array *a, const golden_cmp_tols *t,
                      golden_verdict *v)
{
    int low = a->dtype->acl == ACL_FLOAT16 || a->dtype->acl == ACL_BF16;
    int half = a->dtype->acl == ACL_FLOAT16 && g->dtype->acl == ACL_FLOAT16;
    double rtol = t->has_rtol ? t->rtol : low ? 1e-3 : 1e-4;
    double ptol = t->has_ptol ? t->ptol : low ? 1e-3 : 1e-4;
    double atol = t->has_atol ? t->atol : 1e-8;
    float frtol = half ? h((float)rtol) : (float)rtol;
    float fatol = half ? h((float)atol) : (float)atol;
    int64_t bad = 0;
    for (int64_t i = 0; i < a->numel; i++) {
        float x = golden_cmp_f32(a, i), y = golden_cmp_f32(g, i);
        if ((isnan(x) && isnan(y)) || x == y) {
            continue;
        }
        int ok;
        if (half) {
            ok = isfinite(y) && h(fabsf(h(x - y))) <= h(fatol + h(frtol * fabsf(y)));
        } else {
            ok = isfinite(y) && fabsf(x - y) <= fatol + frtol * fabsf(y);
        }
        bad += !ok;
    }
    double precision = (double)(a->numel - bad) / (double)a->numel;
    v->bad = bad;
    v->metric = precision;
    v->pass = !((1.0 - precision) > ptol);
    snprintf(v->detail, sizeof v->detail, "close: %lld of %lld outside atol %g + rtol %g * |g|; %.6g %s ptol %g",
             (long long)bad, (long long)a->numel, atol, rtol, 1.0 - precision, v->pass ? "<=" : ">", ptol);
}

/* NumPy's float16 dot: float32 accumulation, rounded to half at the end. */
static float hdot(const golden_array *x, const golden_array *y)
{
    float acc = 0.0f;
    for (int64_t i = 0; i < x->numel; i++) {
        acc += golden_cmp_f32(x, i) * golden_cmp_f32(y, i);
    }
    return h(acc);
}

void golden_cmp_cosine(const golden_array *g, const golden_array *a, const golden_cmp_tols *t,
                       golden_verdict *v)
{
    double rtol = t->has_rtol ? t->rtol : 0.01;
    if (a->dtype->acl == ACL_FLOAT16 && g->dtype->acl == ACL_FLOAT16) {
        float dot = hdot(a, g);
        float den = h(h(sqrtf(hdot(a, a))) * h(sqrtf(hdot(g, g))));
        float cosv = h(dot / den);
        v->metric = cosv;
        v->pass = !(h(1.0f - cosv) > h((float)rtol));
        snprintf(v->detail, sizeof v->detail, "cosine %.9g (float16, as NumPy): 1 - cosine %s rtol %g%s",
                 (double)cosv, v->pass ? "<=" : ">", rtol,
                 isnan(cosv) ? " (undefined cosine: TTK counts it as a pass)" : "");
        return;
    }
    double dot = 0.0, na = 0.0, ng = 0.0;
    for (int64_t i = 0; i < a->numel; i++) {
        double x = golden_get(a->dtype, a->data, i), y = golden_get(g->dtype, g->data, i);
        dot += x * y;
        na += x * x;
        ng += y * y;
    }
    double cosv = dot / (sqrt(na) * sqrt(ng));
    v->metric = cosv;
    v->pass = !((1.0 - cosv) > rtol);
    snprintf(v->detail, sizeof v->detail, "cosine %.9g: 1 - cosine %s rtol %g%s", cosv, v->pass ? "<=" : ">",
             rtol, isnan(cosv) ? " (undefined cosine: TTK counts it as a pass)" : "");
}
