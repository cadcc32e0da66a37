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
 * cosine (TTK's CosineSimilarityComparison.compare_impl): dot(a, g) /
 * (|a| |g|) over the flattened arrays, pass <=> 1 - cosine <= rtol (default
 * 0.01, a case file's rtol replaces it). TTK computes fp16, bf16 and fp32
 * in float32: here each product is a float32 product (so it underflows or
 * overflows as TTK's does) and the sums run in double (NumPy's BLAS sums in
 * its own order); a sum past float32's range is the overflow it is in TTK. An undefined
 * cosine -- a NaN or infinity anywhere, an all-zero array, an overflowing
 * sum -- is NaN in TTK, and NaN fails its `(1 - cos) <= rtol` test: it fails
 * here too, with the reason named. */
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

void golden_cmp_cosine(const golden_array *g, const golden_array *a, const golden_cmp_tols *t,
                       golden_verdict *v)
{
    double rtol = t->has_rtol ? t->rtol : 0.01;
    double dot = 0.0, na = 0.0, ng = 0.0;
    int64_t nonfinite = 0;
    for (int64_t i = 0; i < a->numel; i++) {
        float x = golden_cmp_f32(a, i), y = golden_cmp_f32(g, i);
        float xy = x * y, xx = x * x, yy = y * y; /* float32 products, as TTK's */
        nonfinite += !isfinite(x) || !isfinite(y);
        dot += (double)xy;
        na += (double)xx;
        ng += (double)yy;
    }
    /* TTK's float32 sums overflow where these pass FLT_MAX */
    int overflow = na > 3.4028234663852886e38 || ng > 3.4028234663852886e38 || fabs(dot) > 3.4028234663852886e38;
    double cosv = nonfinite > 0 || overflow || na == 0.0 || ng == 0.0 ? NAN : dot / (sqrt(na) * sqrt(ng));
    v->metric = cosv;
    v->pass = (1.0 - cosv) <= rtol;
    if (isnan(cosv)) {
        snprintf(v->detail, sizeof v->detail, "cosine undefined (%s): fails, as in TTK",
                 nonfinite > 0 ? "NaN or infinity in the data" : overflow ? "a float32 sum overflows"
                 : "an all-zero array");
        return;
    }
    snprintf(v->detail, sizeof v->detail, "cosine %.9g: 1 - cosine %s rtol %g", cosv, v->pass ? "<=" : ">", rtol);
}
