/*
 * ops/soft_shrink_grad/tests/model.h - aclnnSoftshrinkBackward's reference
 * model (tests/ref_model.h says what a model.h holds); included from the
 * manifest under OPSNN_DEF_MODELS.
 */
#ifndef OPSNN_OPS_SOFT_SHRINK_GRAD_MODEL_H_
#define OPSNN_OPS_SOFT_SHRINK_GRAD_MODEL_H_

/* SoftshrinkBackward's test on one element: |x| > lambda or x is NaN. */
static inline int tu_softshrink_passes(float x, float lambda)
{
    return fabsf(x) > lambda || isnan(x);
}

/* SoftshrinkBackward, one element: equal dtypes copy gradOutput's
 * bits or +0; mixed dtypes compare in float32 and round the result once. */
static inline uint64_t model_softshrink(uint64_t g, aclDataType dg, uint64_t x, aclDataType dx,
                                        aclDataType dy, float lambda)
{
    float xf = model_to_f32(x, dx);
    int pass = tu_softshrink_passes(xf, lambda);
    if (dg == dx && dx == dy) {
        return pass ? g : 0;
    }
    return model_from_f32(pass ? model_to_f32(g, dg) : 0.0f, dy);
}

static inline uint64_t model_softshrink_backward(const uint64_t *in, const aclDataType *in_dt, aclDataType out_dt,
                                                 const float *scalars)
{
    return model_softshrink(in[0], in_dt[0], in[1], in_dt[1], out_dt, scalars[2]);
}

/* gradOutput, self and gradInput each fp32, fp16 or bf16 (mixed allowed). */
static inline int model_softshrink_backward_dtypes_ok(const aclDataType *dt)
{
    for (int k = 0; k < 3; k++) {
        if (dt[k] != ACL_FLOAT && dt[k] != ACL_FLOAT16 && dt[k] != ACL_BF16) {
            return 0;
        }
    }
    return 1;
}

static inline int model_softshrink_backward_max_rank(void)
{
    return 8;
}

/* The op_api's ToFloat() < 0.0f: NaN and -1e-300 pass. */
static inline aclnnStatus model_softshrink_backward_scalars_ok(const float *scalars)
{
    return scalars[2] < 0.0f ? ACLNN_ERR_PARAM_INVALID : ACLNN_SUCCESS;
}

#endif /* OPSNN_OPS_SOFT_SHRINK_GRAD_MODEL_H_ */

OPSNN_MODEL(softshrink_backward)
