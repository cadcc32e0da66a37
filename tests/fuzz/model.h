/*
 * model.h - an independent scalar model of the two operators (docs/api/, docs/precision.md),
 * used by the fuzz harness and the reliability suites to check results.
 *
 * It shares no operator code with the library: the element model is the
 * suites' (tests/ref_model.h), the fp16 / bf16 conversions are the library's
 * (kernels/cvt.h, pinned on their own by test_cvt_isa). Values travel as raw
 * bits (uint64_t) tagged with their aclDataType.
 */
#ifndef OPSNN_TESTS_FUZZ_MODEL_H_
#define OPSNN_TESTS_FUZZ_MODEL_H_

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "acl/acl_base.h"
#include "ref_model.h" /* the element model and the library's conversions */

/* Element bytes of the dtypes the operators accept (0 for the rest). */
static inline size_t model_dtype_size(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: case ACL_INT32: return 4;
    case ACL_FLOAT16: case ACL_BF16: return 2;
    case ACL_INT8: return 1;
    default: return 0;
    }
}

static inline uint64_t model_load(const void *p, aclDataType dt)
{
    uint32_t u32 = 0;
    uint16_t u16 = 0;
    uint8_t u8 = 0;
    switch (model_dtype_size(dt)) {
    case 4: memcpy(&u32, p, 4); return u32;
    case 2: memcpy(&u16, p, 2); return u16;
    case 1: memcpy(&u8, p, 1); return u8;
    default: return 0;
    }
}

static inline void model_store(void *p, aclDataType dt, uint64_t bits)
{
    uint32_t u32 = (uint32_t)bits;
    uint16_t u16 = (uint16_t)bits;
    uint8_t u8 = (uint8_t)bits;
    switch (model_dtype_size(dt)) {
    case 4: memcpy(p, &u32, 4); break;
    case 2: memcpy(p, &u16, 2); break;
    case 1: memcpy(p, &u8, 1); break;
    default: break;
    }
}

/* Floating value of FLOAT / FLOAT16 / BF16 bits. */
static inline float model_to_f32(uint64_t bits, aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT16: return opsnn_f16_to_f32((uint16_t)bits);
    case ACL_BF16: return opsnn_bf16_to_f32((uint16_t)bits);
    default: return opsnn_bits_f32((uint32_t)bits);
    }
}

static inline uint64_t model_from_f32(float v, aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT16: return opsnn_f32_to_f16(v);
    case ACL_BF16: return opsnn_f32_to_bf16(v);
    default: return opsnn_f32_bits(v);
    }
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

/* float32 value of an aclScalar's bytes, rounded once from the exact value
 * (the op checks this float32 value: < 0 is refused); *as_double gets the exact
 * value. Returns 0 for dtypes aclCreateScalar rejects. */
static inline int model_scalar_value(const unsigned char bytes[8], aclDataType dt, float *as_float,
                                     double *as_double)
{
    union {
        float f; double d; int8_t i8; int16_t i16; int32_t i32; int64_t i64;
        uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
    } v;
    memcpy(&v, bytes, sizeof v);
    double d;
    switch (dt) {
    case ACL_FLOAT: d = v.f; break;
    case ACL_DOUBLE: d = v.d; break;
    case ACL_FLOAT16: d = opsnn_f16_to_f32(v.u16); break;
    case ACL_BF16: d = opsnn_bf16_to_f32(v.u16); break;
    case ACL_INT8: d = v.i8; break;
    case ACL_INT16: d = v.i16; break;
    case ACL_INT32: d = v.i32; break;
    case ACL_UINT8: d = v.u8; break;
    case ACL_UINT16: d = v.u16; break;
    case ACL_UINT32: d = v.u32; break;
    case ACL_BOOL: d = v.u8 != 0; break;
    case ACL_INT64: *as_float = (float)v.i64; *as_double = (double)v.i64; return 1;
    case ACL_UINT64: *as_float = (float)v.u64; *as_double = (double)v.u64; return 1;
    default: return 0;
    }
    *as_float = (float)d;
    *as_double = d;
    return 1;
}

#endif /* OPSNN_TESTS_FUZZ_MODEL_H_ */
