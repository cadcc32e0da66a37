/*
 * ref_model.h - the tests' one reference model of the operators, element by
 * element, in float32 as the ops-nn kernels compute (docs/precision.md): the
 * shared helpers here, each operator's own model in its folder
 * (ops/<op>/tests/model.h, included below from the manifest). The suites
 * (through test_util.h) and the fuzz model (fuzz/model.h) use it; the NPU
 * emulation oracle in tests/oracle/ is deliberately separate.
 *
 * fp16 / bf16 conversions are the library's own (kernels/cvt.h: round to
 * nearest even, NaN quieted with sign and top payload kept), pinned on their
 * own by test_cvt_isa (all 2^16 patterns, sampled and full float32 sweeps).
 */
#ifndef OPSNN_TESTS_REF_MODEL_H_
#define OPSNN_TESTS_REF_MODEL_H_

#include <math.h>
#include <stdint.h>

#include <string.h>

#include "acl/acl_base.h"
#include "aclnn/aclnn_base.h"
#include "kernels/cvt.h"
#include "kernels/kernels.h"
#include "ops/kernels.h"

/* An integer input through fp16, as the SeluGrad kernel casts int8 / int32
 * (selu_grad.h:88-109): |v| >= 65520 becomes +-inf. */
static inline float tu_int_through_f16(double v)
{
    return opsnn_f16_to_f32(opsnn_f32_to_f16((float)v));
}

/* A float32 result through fp16 (nearest even, overflow to inf) to the
 * nearest integer, ties to even (written out, whatever the rounding mode),
 * saturating to [lo, hi]; NaN -> 0. */
static inline int64_t tu_f16_to_int(float y, int64_t lo, int64_t hi)
{
    float h = opsnn_f16_to_f32(opsnn_f32_to_f16(y));
    if (isnan(h)) {
        return 0;
    }
    if (h >= (float)hi) {
        return hi;
    }
    if (h <= (float)lo) {
        return lo;
    }
    float fl = floorf(h);
    float frac = h - fl;
    int64_t v = (int64_t)fl;
    if (frac > 0.5f || (frac == 0.5f && (v & 1) != 0)) {
        v++;
    }
    return v < lo ? lo : v > hi ? hi : v;
}

/* ---- values as raw bits (uint64_t) tagged with their aclDataType ---- */

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

/* ---- each operator's model: its folder's tests/model.h ----
 * Every op.def includes its tests/model.h under OPSNN_DEF_MODELS. A model.h
 * holds, inside its include guard, the operator's element model (tu_*
 * helpers the suites call, and for the fuzzer, per manifest row <name>):
 *   static inline uint64_t model_<name>(const uint64_t *in, const aclDataType *in_dt,
 *                                       aclDataType out_dt, const float *scalars);
 *       one output element from the tensor inputs' bits and dtypes
 *       (signature order), the output dtype and the scalars' float32
 *       values (scalars[i]: the scalar that is argument i);
 *   static inline int model_<name>_dtypes_ok(const aclDataType *dt);
 *       phase 1's dtype rule over every tensor argument (signature order);
 *   static inline int model_<name>_max_rank(void);
 *       the largest input rank phase 1 accepts (0: not checked);
 *   static inline aclnnStatus model_<name>_scalars_ok(const float *scalars);
 *       phase 1's rule on the scalar values (indexed as above);
 * and, after its include guard, one OPSNN_MODEL(<name>) line per modelled
 * row: tests/fuzz/fuzz_ops.c makes its operator table of those lines; plus
 * OPSNN_MODEL_EMPTY_EARLY(<name>) when the row's phase 1 returns success at
 * an empty tensor input before its shape checks (phase 2 then writes
 * nothing; ops/manifest.h). */
#define OPSNN_DEF_MODELS
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"

#endif /* OPSNN_TESTS_REF_MODEL_H_ */
