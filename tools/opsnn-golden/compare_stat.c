/* TTK `stat_rel_err` (stat_rel_err.py) and ATK `single_bm`, the community
 * standard of the ops-nn STs (MERE < Threshold and MARE < 10 * Threshold):
 *   rel_err = |a - g| / (|g| + 1e-7)      (float32, as TTK computes it)
 *   mere = mean(rel_err), mare = max(rel_err) over pairs with both finite
 *   pass <=> no NaN/inf position differs and mere < th and mare < 10 * th
 * th: fp16 2^-10, bf16 2^-7, fp32 2^-13. The mean is NumPy's float32 mean,
 * to the bit: blocks of 8192 values (its buffer size) summed pairwise (8-way
 * unrolled below 128 values, halves above), the block sums added in order
 * from 0, then one float32 division by the count. */
#include <math.h>
#include <stdio.h>

#include "compare_method.h"

/* NumPy's pairwise float32 summation of one block. */
static float pairwise(const float *a, size_t n)
{
    if (n < 8) {
        float r = 0.0f;
        for (size_t i = 0; i < n; i++) {
            r += a[i];
        }
        return r;
    }
    if (n <= 128) {
        float r[8];
        size_t i;
        for (int j = 0; j < 8; j++) {
            r[j] = a[j];
        }
        for (i = 8; i < n - n % 8; i += 8) {
            for (int j = 0; j < 8; j++) {
                r[j] += a[i + (size_t)j];
            }
        }
        float res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; i++) {
            res += a[i];
        }
        return res;
    }
    size_t n2 = n / 2;
    n2 -= n2 % 8;
    return pairwise(a, n2) + pairwise(a + n2, n - n2);
}

#define STAT_BLOCK 8192

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
    float sum = 0.0f, mare = 0.0f;
    float block[STAT_BLOCK];
    size_t nblock = 0;
    for (int64_t i = 0; i < a->numel; i++) {
        float x = golden_cmp_f32(a, i), y = golden_cmp_f32(g, i);
        if (!isfinite(x) || !isfinite(y)) {
            int same = (isnan(x) && isnan(y)) || (isinf(x) && isinf(y) && signbit(x) == signbit(y));
            mismatch += !same;
            continue;
        }
        float rel = fabsf(x - y) / (fabsf(y) + 1e-7f);
        block[nblock++] = rel;
        if (nblock == STAT_BLOCK) {
            sum += pairwise(block, nblock);
            nblock = 0;
        }
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
    sum += pairwise(block, nblock);
    double mere = sum / (float)finite;
    v->metric = mere;
    v->metric2 = mare;
    v->pass = mere < th && (double)mare < 10 * th;
    snprintf(v->detail, sizeof v->detail, "%s: mere %.9g %s %g, mare %.9g %s %g", name, mere,
             mere < th ? "<" : ">=", th, (double)mare, (double)mare < 10 * th ? "<" : ">=", 10 * th);
}
