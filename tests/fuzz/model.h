/*
 * model.h - an independent scalar model of the two operators (docs/api/, docs/precision.md),
 * used by the fuzz harness and the reliability suites to check results.
 *
 * It shares no code with the library: conversions are computed arithmetically
 * (frexp / ldexp / nearbyint in double) instead of with the bit tricks of
 * kernels/cvt.h, so a bug in one is not repeated in the other. Values travel
 * as raw bits (uint64_t) tagged with their aclDataType.
 */
#ifndef OPSNN_TESTS_FUZZ_MODEL_H_
#define OPSNN_TESTS_FUZZ_MODEL_H_

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "acl/acl_base.h"

static inline float model_bits_f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static inline uint32_t model_f32_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static inline float model_f16_to_f32(uint16_t h)
{
    float sign = (h & 0x8000u) ? -1.0f : 1.0f;
    int e = (h >> 10) & 0x1f;
    int m = h & 0x3ff;
    if (e == 0x1f) {
        if (m == 0) {
            return sign * INFINITY;
        }
        /* quiet NaN, sign and payload kept (payload in the top mantissa bits) */
        return model_bits_f32((uint32_t)(h & 0x8000u) << 16 | 0x7fc00000u | (uint32_t)m << 13);
    }
    if (e == 0) {
        return sign * ldexpf((float)m, -24);
    }
    return sign * ldexpf((float)(m + 1024), e - 25);
}

static inline float model_bf16_to_f32(uint16_t h)
{
    uint32_t b = (uint32_t)h << 16;
    if ((b & 0x7f800000u) == 0x7f800000u && (b & 0x7fffffu) != 0) {
        b |= 0x400000u;
    }
    return model_bits_f32(b);
}

/* Round |x| (finite, > 0) to a multiple of the quantum 2^qexp of a format with
 * `digits` significant bits and smallest quantum 2^min_q; ties to even. */
static inline double model_round(double ax, int digits, int min_q)
{
    int e;
    (void)frexp(ax, &e); /* ax = f * 2^e, f in [0.5, 1) */
    int q = e - digits;
    q = q < min_q ? min_q : q;
    return ldexp(nearbyint(ldexp(ax, -q)), q);
}

static inline uint16_t model_f32_to_f16(float x)
{
    uint32_t b = model_f32_bits(x);
    uint16_t sign = (uint16_t)((b >> 16) & 0x8000u);
    if (isnan(x)) {
        return (uint16_t)(sign | 0x7e00u | ((b >> 13) & 0x3ffu));
    }
    double ax = fabs((double)x);
    if (ax == 0.0) {
        return sign;
    }
    if (isinf(x)) {
        return (uint16_t)(sign | 0x7c00u);
    }
    double r = model_round(ax, 11, -24);
    if (r >= 65536.0) {
        return (uint16_t)(sign | 0x7c00u);
    }
    if (r < ldexp(1.0, -14)) { /* subnormal (or zero) */
        return (uint16_t)(sign | (uint16_t)ldexp(r, 24));
    }
    int e;
    double f = frexp(r, &e); /* r = f * 2^e, f in [0.5, 1) */
    uint16_t exp_field = (uint16_t)(e - 1 + 15);
    uint16_t man = (uint16_t)(ldexp(f, 11) - 1024.0);
    return (uint16_t)(sign | exp_field << 10 | man);
}

static inline uint16_t model_f32_to_bf16(float x)
{
    uint32_t b = model_f32_bits(x);
    if (isnan(x)) {
        return (uint16_t)((b >> 16) | 0x40u);
    }
    double ax = fabs((double)x);
    if (ax == 0.0 || isinf(x)) {
        return (uint16_t)(b >> 16);
    }
    double r = model_round(ax, 8, -133);
    uint16_t sign = (uint16_t)((b >> 16) & 0x8000u);
    if (r >= ldexp(1.0, 128)) {
        return (uint16_t)(sign | 0x7f80u);
    }
    /* r has at most 8 significant bits: exact as a float, whose top half it is */
    return (uint16_t)(sign | (model_f32_bits((float)r) >> 16));
}

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
    case ACL_FLOAT16: return model_f16_to_f32((uint16_t)bits);
    case ACL_BF16: return model_bf16_to_f32((uint16_t)bits);
    default: return model_bits_f32((uint32_t)bits);
    }
}

static inline uint64_t model_from_f32(float v, aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT16: return model_f32_to_f16(v);
    case ACL_BF16: return model_f32_to_bf16(v);
    default: return model_f32_bits(v);
    }
}

/* SoftshrinkBackward, one element: equal dtypes copy gradOutput's
 * bits or +0; mixed dtypes compare in float32 and round the result once. */
static inline uint64_t model_softshrink(uint64_t g, aclDataType dg, uint64_t x, aclDataType dx,
                                        aclDataType dy, float lambda)
{
    float xf = model_to_f32(x, dx);
    int pass = fabsf(xf) > lambda || isnan(xf);
    if (dg == dx && dx == dy) {
        return pass ? g : 0;
    }
    return model_from_f32(pass ? model_to_f32(g, dg) : 0.0f, dy);
}

/* The float32 sequence of the ops-nn arch35 kernel (selu_grad.h:69-79):
 * result <= 0 (+-0 included, NaN not) takes g * (r + SCALE_ALPHA), else
 * g * SCALE; a NaN made from non-NaN operands (0 * inf) is the positive quiet
 * NaN 0x7fc00000 (the harness builds with -ffp-contract=off). */
static inline float model_selu_f32(float g, float r)
{
    const float scale = 1.0507009873554804934193349852946f;
    const float scale_alpha = 1.7580993408473768599402175208123f;
    volatile float y;
    if (r <= 0.0f) {
        volatile float t = r + scale_alpha;
        y = g * t;
    } else {
        y = g * scale;
    }
    return isnan(y) && !isnan(g) ? model_bits_f32(0x7fc00000u) : y;
}

/* An integer through fp16 (the kernel's int <-> half casts): the fp16 value,
 * and back to an integer in [lo, hi] rounding ties to even; NaN -> 0. */
static inline float model_int_in_f16(double v)
{
    return model_f16_to_f32(model_f32_to_f16((float)v));
}

static inline double model_f16_out_int(float v, double lo, double hi)
{
    double h = model_f16_to_f32(model_f32_to_f16(v));
    if (isnan(h)) {
        return 0.0;
    }
    double n = nearbyint(h);
    return n > hi ? hi : n < lo ? lo : n;
}

/* SeluBackward, one element; all three dtypes are dt. INT8 / INT32 pass
 * through fp16 both ways (selu_grad.h:88-109). */
static inline uint64_t model_selu(uint64_t g, uint64_t r, aclDataType dt)
{
    if (dt == ACL_INT8) {
        float v = model_selu_f32(model_int_in_f16((int8_t)(uint8_t)g),
                                 model_int_in_f16((int8_t)(uint8_t)r));
        return (uint8_t)(int8_t)model_f16_out_int(v, -128.0, 127.0);
    }
    if (dt == ACL_INT32) {
        float v = model_selu_f32(model_int_in_f16((int32_t)(uint32_t)g),
                                 model_int_in_f16((int32_t)(uint32_t)r));
        return (uint32_t)(int32_t)model_f16_out_int(v, -2147483648.0, 2147483647.0);
    }
    return model_from_f32(model_selu_f32(model_to_f32(g, dt), model_to_f32(r, dt)), dt);
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
    case ACL_FLOAT16: d = model_f16_to_f32(v.u16); break;
    case ACL_BF16: d = model_bf16_to_f32(v.u16); break;
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
