/* HardshrinkBackward, portable C: the rule of rule.h per element (the
 * reference every other path matches bit for bit). */
#include "rule.h"

void opsnn_hardshrink_bwd_ukernel__scalar_f32(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    opsnn_hardshrink_bwd_lanes r = opsnn_hardshrink_bwd_lanes_of(p, ACL_FLOAT);
    const uint32_t *g = a, *x = b;
    uint32_t *out = y;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_hardshrink_bwd_y32(g[i], x[i], &r);
    }
}

static void run16(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p,
                  aclDataType dt)
{
    opsnn_hardshrink_bwd_lanes r = opsnn_hardshrink_bwd_lanes_of(p, dt);
    const uint16_t *g = a, *x = b;
    uint16_t *out = y;
    for (size_t i = 0; i < n; i++) {
        out[i] = opsnn_hardshrink_bwd_y16(g[i], x[i], &r);
    }
}

void opsnn_hardshrink_bwd_ukernel__scalar_f16(size_t n, const void *a, const void *b, void *y,
                                              const opsnn_kparams *p)
{
    run16(n, a, b, y, p, ACL_FLOAT16);
}

void opsnn_hardshrink_bwd_ukernel__scalar_bf16(size_t n, const void *a, const void *b, void *y,
                                               const opsnn_kparams *p)
{
    run16(n, a, b, y, p, ACL_BF16);
}
