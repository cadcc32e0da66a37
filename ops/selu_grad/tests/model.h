/*
 * ops/selu_grad/tests/model.h - aclnnSeluBackward's reference model
 * (tests/ref_model.h says what a model.h holds); included from the manifest
 * under OPSNN_DEF_MODELS.
 */
#ifndef OPSNN_OPS_SELU_GRAD_MODEL_H_
#define OPSNN_OPS_SELU_GRAD_MODEL_H_

/* The SeluGrad constants as float32 (ops-nn selu_grad.h). */
#define TU_SELU_SCALE OPSNN_SELU_SCALE
#define TU_SELU_SCALE_ALPHA OPSNN_SELU_SCALE_ALPHA

/* SeluBackward on one float32 element, the ops-nn arch35 kernel's sequence
 * (activation/selu_grad/op_kernel/arch35/selu_grad.h:69-79): result <= 0
 * (+-0 included, NaN not) gives fl(g * fl(r + SCALE_ALPHA)), otherwise
 * fl(g * SCALE). Volatile stores keep each operation separately rounded. A
 * NaN made from non-NaN operands (0 * inf) is the positive quiet NaN
 * 0x7fc00000; a NaN g propagates. */
static inline float tu_selu_f32(float g, float r)
{
    volatile float y;
    if (r <= 0.0f) {
        volatile float t = r + TU_SELU_SCALE_ALPHA;
        y = g * t;
    } else {
        y = g * TU_SELU_SCALE;
    }
    return isnan(y) && !isnan(g) ? opsnn_bits_f32(0x7fc00000u) : y;
}

/* An integer input through fp16, as the SeluGrad kernel casts int8 / int32
 * (selu_grad.h:88-109): |v| >= 65520 becomes +-inf (tu_int_through_f16 and
 * tu_f16_to_int are in tests/ref_model.h). */
/* SeluBackward, one element; all three dtypes are dt. INT8 / INT32 pass
 * through fp16 both ways (selu_grad.h:88-109). */
static inline uint64_t model_selu(uint64_t g, uint64_t r, aclDataType dt)
{
    if (dt == ACL_INT8) {
        float v = tu_selu_f32(tu_int_through_f16((int8_t)(uint8_t)g),
                              tu_int_through_f16((int8_t)(uint8_t)r));
        return (uint8_t)(int8_t)tu_f16_to_int(v, INT8_MIN, INT8_MAX);
    }
    if (dt == ACL_INT32) {
        float v = tu_selu_f32(tu_int_through_f16((int32_t)(uint32_t)g),
                              tu_int_through_f16((int32_t)(uint32_t)r));
        return (uint32_t)(int32_t)tu_f16_to_int(v, INT32_MIN, INT32_MAX);
    }
    return model_from_f32(tu_selu_f32(model_to_f32(g, dt), model_to_f32(r, dt)), dt);
}

static inline uint64_t model_selu_backward(const uint64_t *in, const aclDataType *in_dt, aclDataType out_dt,
                                           const float *scalars)
{
    (void)in_dt;
    (void)scalars;
    return model_selu(in[0], in[1], out_dt);
}

/* One dtype for gradOutput, result and gradInput: fp32, fp16, bf16, int8, int32. */
static inline int model_selu_backward_dtypes_ok(const aclDataType *dt)
{
    aclDataType d = dt[0];
    return (d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16 || d == ACL_INT8 || d == ACL_INT32) &&
           dt[1] == d && dt[2] == d;
}

static inline int model_selu_backward_max_rank(void)
{
    return 0;
}

static inline aclnnStatus model_selu_backward_scalars_ok(const float *scalars)
{
    (void)scalars;
    return ACLNN_SUCCESS;
}

#endif /* OPSNN_OPS_SELU_GRAD_MODEL_H_ */

OPSNN_MODEL(selu_backward)
