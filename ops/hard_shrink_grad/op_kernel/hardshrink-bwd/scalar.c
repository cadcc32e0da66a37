/* HardshrinkBackward, portable C: the rule of rule.h per element (the
 * reference every other path matches bit for bit). */
#include "rule.h"

static void run(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p,
                const opsnn_hardshrink_bwd_lanes *r, size_t esize)
{
    (void)p;
    if (esize == 4) {
        const uint32_t *g = a, *x = b;
        uint32_t *out = y;
        for (size_t i = 0; i < n; i++) {
            out[i] = opsnn_hardshrink_bwd_y32(g[i], x[i], r);
        }
    } else {
        const uint16_t *g = a, *x = b;
        uint16_t *out = y;
        for (size_t i = 0; i < n; i++) {
            out[i] = opsnn_hardshrink_bwd_y16(g[i], x[i], r);
        }
    }
}

OPSNN_HARDSHRINK_BWD_KERNELS(scalar)
