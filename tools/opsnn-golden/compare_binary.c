/* TTK `binary` (binary_equal.py): every element bit for bit, except that a
 * NaN against a NaN (any payload) counts as equal. The automatic method for
 * integer outputs. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare_method.h"

void golden_cmp_binary(const golden_array *g, const golden_array *a, golden_verdict *v)
{
    int64_t bad = 0;
    int same_dtype = g->dtype == a->dtype;
    for (int64_t i = 0; i < a->numel; i++) {
        if (same_dtype) {
            size_t sz = a->dtype->size;
            if (memcmp((const char *)a->data + (size_t)i * sz, (const char *)g->data + (size_t)i * sz, sz) == 0) {
                continue;
            }
        }
        double x = golden_get(a->dtype, a->data, i), y = golden_get(g->dtype, g->data, i);
        /* integers of different widths compare by value (TTK promotes them) */
        if ((!same_dtype && a->dtype->is_int && x == y) || (isnan(x) && isnan(y))) {
            continue;
        }
        bad++;
    }
    v->bad = bad;
    v->metric = 1.0 - (double)bad / (double)a->numel;
    v->pass = bad == 0;
    snprintf(v->detail, sizeof v->detail, "binary: %lld of %lld elements differ", (long long)bad,
             (long long)a->numel);
}
