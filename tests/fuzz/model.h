/*
 * model.h - the fuzz harness's model: the operators' element and phase-1
 * models (each operator's tests/model.h, through ../ref_model.h) and the
 * scalar values (docs/precision.md), used by the fuzz harness and the
 * reliability suites to check results.
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
