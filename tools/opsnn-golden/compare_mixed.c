/* TTK `mixed` (mix_tolerance.py, hicann/ops-test-kit 36750932): both arrays
 * promoted to float32 and every operation done in float32, as NumPy does
 * with Python-float tolerances:
 *   element ok  <=> both NaN, or both inf of one sign, or both finite and
 *                   |a - g| <= atol + rtol * |g|
 *   pass        <=> matched_ratio >= 0.99 and max_abs_error <= limit
 * max_abs_error is the largest |a - g| over finite pairs, +inf as soon as a
 * NaN/inf position differs. Per-dtype table (ttk tests/.../test_resolve_tolerance.py):
 *   fp16 rtol = atol = 2^-9,  limit max(0.1, 32 * 2^-10) = 0.1
 *   bf16 rtol = atol = 2^-6,  limit max(1.0, 32 * 2^-7)  = 1.0
 *   fp32 rtol 2^-10, atol 2^-16, limit max(0.01, 32 * 2^-23) = 0.01 */
#include <math.h>
#include <stdio.h>

#include "compare_method.h"

void golden_cmp_mixed(const golden_array *g, const golden_array *a, golden_verdict *v)
{
    double rtol = 0x1p-10, atol = 0x1p-16, limit = 1e-2;
    if (a->dtype->acl == ACL_FLOAT16) {
        rtol = atol = 0x1p-9;
        limit = fmax(1e-1, 32 * 0x1p-10);
    } else if (a->dtype->acl == ACL_BF16) {
        rtol = atol = 0x1p-6;
        limit = fmax(1.0, 32 * 0x1p-7);
    }
    const float frtol = (float)rtol, fatol = (float)atol;
    int64_t ok = 0;
    int mismatch = 0, any_finite = 0;
    float max_err = 0.0f;
    for (int64_t i = 0; i < a->numel; i++) {
        float x = golden_cmp_f32(a, i), y = golden_cmp_f32(g, i);
        if (isnan(x) || isnan(y) || isinf(x) || isinf(y)) {
            int same = (isnan(x) && isnan(y)) || (isinf(x) && isinf(y) && signbit(x) == signbit(y));
            ok += same;
            mismatch |= !same;
            continue;
        }
        float err = fabsf(x - y);
        float lim = fatol + frtol * fabsf(y);
        ok += err <= lim;
        if (!any_finite || err > max_err || isnan(err)) {
            max_err = err;
        }
        any_finite = 1;
    }
    double max_abs = mismatch ? INFINITY : any_finite ? (double)max_err : 0.0;
    double ratio = (double)ok / (double)a->numel;
    v->bad = a->numel - ok;
    v->metric = ratio;
    v->metric2 = max_abs;
    v->pass = ratio >= 0.99 && max_abs <= limit;
    snprintf(v->detail, sizeof v->detail,
             "matched_ratio %.6g %s 0.99, max_abs_error %.6g %s %g (rtol %g, atol %g)%s", ratio,
             ratio >= 0.99 ? ">=" : "<", max_abs, max_abs <= limit ? "<=" : ">", limit, rtol, atol,
             mismatch ? "; NaN/inf positions differ" : "");
}
