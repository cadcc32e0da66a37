/* TTK `stat_rel_err` (stat_rel_err.py) and ATK `single_bm`, the community
 * standard of the ops-nn STs (MERE < Threshold and MARE < 10 * Threshold):
 *   rel_err = |a - g| / (|g| + 1e-7)      (float32, as TTK computes it)
 *   mere = mean(rel_err), mare = max(rel_err) over pairs with both finite
 *   pass <=> no NaN/inf position differs and mere < th and mare < 10 * th
 * th: fp16 2^-10, bf16 2^-7, fp32 2^-13. The mean is summed in double:
 * NumPy sums float32 pairwise, which can differ in the last bits, so only a
 * mere within a few ULP of th could be judged differently. */
#include <math.h>
#include <stdio.h>

#include "compare_method.h"

void golden_cmp_stat(const golden_array *g, const golden_array *a, int single_bm, golden_verdict *v)
{
    double th = 0x1p-13;
    if (a->dtype->acl == ACL_FLOAT16) {
        th = 0x1p-10;
    } else if (a->dtype->acl == ACL_BF16) {
        th = 0x1p-7;
    }
    const char *name = single_bm ? "single_bm" : "stat_rel_err";
    int64_t finite = 0, mismatch = 0, over = 0;
    double sum = 0.0;
    float mare = 0.0f;
    for (int64_t i = 0; i < a->numel; i++) {
        float x = golden_cmp_f32(a, i), y = golden_cmp_f32(g, i);
        if (!isfinite(x) || !isfinite(y)) {
            int same = (isnan(x) && isnan(y)) || (isinf(x) && isinf(y) && signbit(x) == signbit(y));
            mismatch += !same;
            continue;
        }
        float rel = fabsf(x - y) / (fabsf(y) + 1e-7f);
        sum += rel;
        if (finite == 0 || rel > mare || isnan(rel)) {
            mare = rel;
        }
        over += !(rel < 10 * th);
        finite++;
    }
    v->bad = mismatch + over;
    if (mismatch > 0) {
        v->pass = 0;
        snprintf(v->detail, sizeof v->detail, "%s: %lld NaN/inf positions differ", name, (long long)mismatch);
        return;
    }
    if (finite == 0) {
        v->pass = 1;
        snprintf(v->detail, sizeof v->detail, "%s: no finite pairs (NaN/inf all match)", name);
        return;
    }
    double mere = sum / (double)finite;
    v->metric = mere;
    v->metric2 = mare;
    v->pass = mere < th && (double)mare < 10 * th;
    snprintf(v->detail, sizeof v->detail, "%s: mere %.6g %s %g, mare %.6g %s %g", name, mere,
             mere < th ? "<" : ">=", th, (double)mare, (double)mare < 10 * th ? "<" : ">=", 10 * th);
}
