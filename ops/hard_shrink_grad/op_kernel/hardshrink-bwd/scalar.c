/* HardshrinkBackward, portable C: the rule of rule.h per element (the
 * reference every other path matches bit for bit). */
#include "rule.h"

/* 16-bit gradOutput and gradInput, float32 self: the generic path's steps
 * per element (g widened as the gather does, the float32 rule, y rounded as
 * the scatter does; cvt.h). */
static uint16_t mixed(uint16_t g, uint32_t x, const opsnn_hardshrink_bwd_xlanes *r, int bf16)
{
    float v = bf16 ? opsnn_bf16_to_f32(g) : opsnn_f16_to_f32(g);
    float f = opsnn_bits_f32(opsnn_hardshrink_bwd_y32(opsnn_f32_bits(v), x, &r->k));
    return bf16 ? opsnn_f32_to_bf16(f) : opsnn_f32_to_f16(f);
}

static void run(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p,
                const void *params, opsnn_hardshrink_bwd_run how)
{
    (void)p;
    const opsnn_hardshrink_bwd_lanes *r = params;
    const uint32_t *a32 = a, *b32 = b;
    const uint16_t *a16 = a, *b16 = b;
    uint32_t *y32 = y;
    uint16_t *y16 = y;
    int keep = r->keep != 0, bf16 = how == OPSNN_HARDSHRINK_RUN_X_BF16;
    for (size_t i = 0; i < n; i++) {
        switch (how) {
        case OPSNN_HARDSHRINK_RUN_F32: y32[i] = opsnn_hardshrink_bwd_y32(a32[i], b32[i], r); break;
        case OPSNN_HARDSHRINK_RUN_H16: y16[i] = opsnn_hardshrink_bwd_y16(a16[i], b16[i], r); break;
        /* one self value: keep decided once (r->keep) */
        case OPSNN_HARDSHRINK_RUN_C32: y32[i] = opsnn_hardshrink_bwd_apply32(a32[i], keep, r); break;
        case OPSNN_HARDSHRINK_RUN_C16: y16[i] = opsnn_hardshrink_bwd_apply16(a16[i], keep, r); break;
        default: y16[i] = mixed(a16[i], b32[i], params, bf16); break;
        }
    }
}

OPSNN_HARDSHRINK_BWD_KERNELS(scalar)

opsnn_hardshrink_bwd_params opsnn_hardshrink_bwd_params_make(float lambd, int32_t rule)
{
    static const aclDataType DT[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    opsnn_hardshrink_bwd_params hp = {lambd, rule, {0, 0, 0}};
    for (int k = 0; k < 3; k++) {
        hp.t[k] = opsnn_hardshrink_bwd_threshold(lambd, rule, DT[k], opsnn_hardshrink_bwd_inf(DT[k]));
    }
    return hp;
}
