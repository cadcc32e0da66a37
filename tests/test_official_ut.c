/*
 * test_official_ut.c - ops-nn's op_api unit tests (master e5c3fa93), rewritten
 * in C: every TEST_F of
 *   activation/selu_grad/tests/ut/op_host/op_api/test_aclnn_selubackward.cpp       [selu]
 *   activation/soft_shrink_grad/tests/ut/op_api/test_aclnn_softshrink_backward.cpp  [shrink]
 *   experimental/activation/selu_grad/tests/ut/op_api/test_aclnn_selubackward.cpp  [x-selu]
 *   experimental/activation/softshrink_grad/tests/ut/op_api/
 *       test_aclnn_softshrink_backward.cpp                                        [x-shrink]
 *   activation/softshrink/tests/ut/op_host/op_api/test_aclnn_softshrink.cpp      [fwd-shrink]
 *   activation/selu/tests/ut/op_host/op_api/test_aclnn_selu.cpp                  [fwd-selu]
 * with the same shapes, dtypes, strides, offsets, storage shapes, formats,
 * lambda and expected phase-1 status. One row per call the UT makes (a UT
 * looping over dtypes or formats gives one row each). A row runs on the SoC
 * it names: the UT's SocVersionManager, else Ascend910B (the op_api UT
 * platform's default). Successful rows also run phase 2.
 *
 * The [x-...] rows run with the ops-nn package (OPSNN_OPP=ops-nn), whose
 * op_api on 910B / 910_93 is the experimental one; the others with the
 * built-in package, whose op_api is the main one (activation/...).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "opsnn/opsnn.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_softshrink.h"
#include "test_util.h"

typedef struct {
    int rank;                   /* -1: a NULL tensor */
    int64_t dims[9];
    aclDataType dt;
    aclFormat fmt;
    int has_layout;             /* 1: strides, offset and storage below */
    int64_t strides[9];
    int64_t offset;
    int srank;
    int64_t sdims[9];
} tdesc;

typedef struct {
    const char *ut;   /* "[file] TEST_F name" */
    const char *soc;  /* the SoC the case assumes */
    int op;           /* 0: aclnnSoftshrinkBackward, 1: aclnnSeluBackward, FWD_*: the forward ops */
    tdesc a, b, y;    /* gradOutput, result / self, gradInput; forward: self, unused, out */
    float lambda;     /* softshrink */
    aclnnStatus want;
} ut_case;

#define T(r, dt, fmt, ...) {r, {__VA_ARGS__}, dt, fmt, 0, {0}, 0, 0, {0}}
#define NULLT {-1, {0}, ACL_FLOAT, ACL_FORMAT_ND, 0, {0}, 0, 0, {0}}
#define B910 "Ascend910B"
#define OK ACLNN_SUCCESS
#define INVALID ACLNN_ERR_PARAM_INVALID
#define NULLPTR ACLNN_ERR_PARAM_NULLPTR

/* test_selubackward_dataType_error: one row per dtype of its list */
#define SELU_DT_ERR(dt)                                                                      \
    {"[selu] test_selubackward_dataType_error", B910, 1, T(4, dt, ACL_FORMAT_ND, 2, 16, 32, 16), \
     T(4, dt, ACL_FORMAT_ND, 2, 16, 32, 16), T(4, dt, ACL_FORMAT_ND, 2, 16, 32, 16), 0, INVALID}
#define SELU_FMT(name, f, r, ...)                                                             \
    {"[selu] " name, B910, 1, T(r, ACL_FLOAT, f, __VA_ARGS__), T(r, ACL_FLOAT, f, __VA_ARGS__), \
     T(r, ACL_FLOAT, f, __VA_ARGS__), 0, OK}
#define SELU3(name, soc, r, dt, want, ...)                                                    \
    {name, soc, 1, T(r, dt, ACL_FORMAT_ND, __VA_ARGS__), T(r, dt, ACL_FORMAT_ND, __VA_ARGS__), \
     T(r, dt, ACL_FORMAT_ND, __VA_ARGS__), 0, want}
#define SHRINK_23(name, dg, dx, dy, want)                                                     \
    {"[shrink] " name, B910, 0, T(2, dg, ACL_FORMAT_ND, 2, 3), T(2, dx, ACL_FORMAT_ND, 2, 3),  \
     T(2, dy, ACL_FORMAT_ND, 2, 3), 0.0f, want}

/* The forward operators (op codes after the backward ones' 0 and 1). */
#define FWD_SHRINK 2
#define FWD_SELU 3
#define FWD_INPLACE_SELU 4
#define FSHRINK(name, r, dx, dy, lam, want, ...)                                              \
    {"[fwd-shrink] " name, B910, FWD_SHRINK, T(r, dx, ACL_FORMAT_ND, __VA_ARGS__), NULLT,      \
     T(r, dy, ACL_FORMAT_ND, __VA_ARGS__), lam, want}
#define FSELU(name, r, dt, want, ...)                                                          \
    {"[fwd-selu] " name, B910, FWD_SELU, T(r, dt, ACL_FORMAT_ND, __VA_ARGS__), NULLT,           \
     T(r, dt, ACL_FORMAT_ND, __VA_ARGS__), 0, want}
#define FSELU_DT_ERR(dt) FSELU("test_selu_dataType_error", 4, dt, INVALID, 2, 16, 32, 16)
#define FSELU_FMT(name, f, r, ...)                                                            \
    {"[fwd-selu] " name, B910, FWD_SELU, T(r, ACL_FLOAT, f, __VA_ARGS__), NULLT,               \
     T(r, ACL_FLOAT, f, __VA_ARGS__), 0, OK}
#define FSELU_INPLACE(name, dt)                                                               \
    {"[fwd-selu] " name, B910, FWD_INPLACE_SELU, T(2, dt, ACL_FORMAT_ND, 2, 16), NULLT, NULLT, 0, OK}

/* {5, 4} viewed with strides {1, 5} over storage {4, 5} (the x-* NonContiguous cases) */
#define NONCONTIG {2, {5, 4}, ACL_FLOAT, ACL_FORMAT_ND, 1, {1, 5}, 0, 2, {4, 5}}

static const ut_case CASES[] = {
    /* ---- activation/selu_grad (main op_api) ---- */
    SELU_DT_ERR(ACL_DT_UNDEFINED), SELU_DT_ERR(ACL_INT16), SELU_DT_ERR(ACL_INT64),
    SELU_DT_ERR(ACL_UINT8), SELU_DT_ERR(ACL_UINT16), SELU_DT_ERR(ACL_UINT32),
    SELU_DT_ERR(ACL_UINT64), SELU_DT_ERR(ACL_DOUBLE), SELU_DT_ERR(ACL_BOOL),
    SELU_DT_ERR(ACL_STRING), SELU_DT_ERR(ACL_COMPLEX64), SELU_DT_ERR(ACL_COMPLEX128),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_UNDEFINED, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_NCHW, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_NHWC, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_ND, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_NC1HWC0, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_FRACTAL_Z, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_NC1HWC0_C04, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_HWCN, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_NDHWC, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_FRACTAL_NZ, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_NCDHW, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_NDC1HWC0, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FRACTAL_Z_3D, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_NC, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_1", ACL_FORMAT_NCL, 4, 2, 16, 32, 16),
    SELU_FMT("test_selubackward_format_2", ACL_FORMAT_NDHWC, 5, 2, 16, 32, 16, 16),
    SELU_FMT("test_selubackward_format_2", ACL_FORMAT_NCDHW, 5, 2, 16, 32, 16, 16),
    SELU_FMT("test_selubackward_format_2", ACL_FORMAT_ND, 5, 2, 16, 32, 16, 16),
    SELU_FMT("test_selubackward_format_3", ACL_FORMAT_ND, 3, 2, 16, 32),
    SELU_FMT("test_selubackward_format_3", ACL_FORMAT_NCL, 3, 2, 16, 32),
    {"[selu] test_selubackward_inconsistent_shape", B910, 1,
     T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 16), T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 18),
     T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 15), 0, INVALID},
    {"[selu] test_selubackward_inconsistent_dtype", B910, 1,
     T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 16), T(4, ACL_FLOAT16, ACL_FORMAT_ND, 2, 16, 32, 16),
     T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 16), 0, INVALID},
    SELU3("[selu] test_selubackward_empty_input", B910, 2, ACL_FLOAT, OK, 0, 16),
    {"[selu] test_selubackward_nullptr_input", B910, 1, T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 16),
     NULLT, T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 16), 0, NULLPTR},
    {"[selu] test_selubackward_nullptr_out", B910, 1, T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 16),
     T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 16), NULLT, 0, NULLPTR},
    SELU3("[selu] test_selubackward_FP16", B910, 2, ACL_FLOAT16, OK, 2, 16),
    SELU3("[selu] test_selubackward_INT32", B910, 2, ACL_INT32, OK, 2, 16),
    SELU3("[selu] test_selubackward_INT8", B910, 2, ACL_INT8, OK, 2, 16),
    SELU3("[selu] test_selubackward_larger_than_8_dim", B910, 9, ACL_FLOAT16, OK, 2, 2, 2, 2, 2,
          2, 2, 2, 16),

    /* ---- experimental/activation/selu_grad ---- */
    SELU3("[x-selu] float32_success", B910, 3, ACL_FLOAT, OK, 2, 3, 4),
    SELU3("[x-selu] float16_success", B910, 1, ACL_FLOAT16, OK, 33),
    SELU3("[x-selu] bfloat16_success", B910, 2, ACL_BF16, OK, 2, 17),
    SELU3("[x-selu] integer_types_success", B910, 2, ACL_INT32, OK, 2, 16),
    SELU3("[x-selu] integer_types_success", B910, 2, ACL_INT8, OK, 2, 16),
    SELU3("[x-selu] empty_tensor_success", B910, 2, ACL_FLOAT, OK, 0, 16),
    {"[x-selu] non_contiguous_success", B910, 1, NONCONTIG, NONCONTIG, NONCONTIG, 0, OK},
    SELU3("[x-selu] higher_than_eight_dims_success", B910, 9, ACL_FLOAT16, OK, 2, 2, 2, 2, 2, 2,
          2, 2, 3),
    SELU3("[x-selu] unsupported_dtype_failed", B910, 2, ACL_INT64, INVALID, 2, 3),
    SELU3("[x-selu] uint8_success", B910, 2, ACL_UINT8, OK, 2, 3),
    /* not a UT: the main op_api (the built-in package) has no UINT8 */
    SELU3("[selu] uint8 with the built-in package", B910, 2, ACL_UINT8, INVALID, 2, 3),
    {"[x-selu] shape_mismatch_failed", B910, 1, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 4), T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0, INVALID},
    {"[x-selu] input_dtype_mismatch_failed", B910, 1, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT16, ACL_FORMAT_ND, 2, 3), T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0, INVALID},
    {"[x-selu] output_dtype_mismatch_failed", B910, 1, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), T(2, ACL_FLOAT16, ACL_FORMAT_ND, 2, 3), 0, INVALID},
    {"[x-selu] nullptr_failed", B910, 1, NULLT, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0, NULLPTR},

    /* ---- activation/soft_shrink_grad (main op_api); lambda 0.0f throughout ---- */
    {"[shrink] grad_nullptr", B910, 0, NULLT, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0.0f, NULLPTR},
    {"[shrink] self_nullptr", B910, 0, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), NULLT,
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0.0f, NULLPTR},
    {"[shrink] out_nullptr", B910, 0, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), NULLT, 0.0f, NULLPTR},
    SHRINK_23("gradOutput_invalid_dtype", ACL_INT32, ACL_FLOAT, ACL_FLOAT, INVALID),
    SHRINK_23("self_invalid_dtype_complex", ACL_FLOAT, ACL_COMPLEX64, ACL_FLOAT, INVALID),
    SHRINK_23("gradinput_invalid_dtype_int32", ACL_FLOAT, ACL_FLOAT, ACL_INT32, INVALID),
    {"[shrink] self_invalid_shape_9_dim", B910, 0, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(9, ACL_FLOAT, ACL_FORMAT_ND, 2, 3, 1, 1, 1, 1, 1, 1, 1), T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     0.0f, INVALID},
    {"[shrink] gradOutput_invalid_shape_9_dim", B910, 0,
     T(9, ACL_FLOAT, ACL_FORMAT_ND, 2, 3, 1, 1, 1, 1, 1, 1, 1), T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0.0f, INVALID},
    /* {2,3,1} and {2,3} broadcast to {2,2,3}, not the {2,3} given */
    {"[shrink] gradOutput_self_shape_not_equal", B910, 0, T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 3, 1),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0.0f, INVALID},
    {"[shrink] self_out_shape_not_equal", B910, 0, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 3, 2), 0.0f, INVALID},
    {"[shrink] empty_tensor", B910, 0, T(1, ACL_FLOAT, ACL_FORMAT_ND, 0),
     T(1, ACL_FLOAT, ACL_FORMAT_ND, 0), T(1, ACL_FLOAT, ACL_FORMAT_ND, 0), 0.0f, OK},
    {"[shrink] empty_tensor_2_0_3", B910, 0, T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 0, 3),
     T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 0, 3), T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 0, 3), 0.0f, OK},
    SHRINK_23("normal_float32_nd", ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, OK),
    SHRINK_23("normal_gradOut_float_self_float16_nd", ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT, OK),
    {"[shrink] ascend910B2_bfloat16_nd", "Ascend910B2", 0, T(2, ACL_BF16, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_BF16, ACL_FORMAT_ND, 2, 3), T(2, ACL_BF16, ACL_FORMAT_ND, 2, 3), 0.0f, OK},
    /* the UT comments its EXPECT_EQ out; the main op_api accepts it */
    SHRINK_23("normal_gradOut_float16_self_float_nd (no expectation in the UT)", ACL_FLOAT16,
              ACL_FLOAT, ACL_FLOAT16, OK),
    {"[shrink] normal_self_discontiguous", B910, 0, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     {2, {2, 3}, ACL_FLOAT, ACL_FORMAT_ND, 1, {2, 1}, 0, 2, {3, 2}},
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0.0f, OK},
    {"[shrink] normal_self_broadcast", B910, 0, T(3, ACL_FLOAT, ACL_FORMAT_ND, 1, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), T(3, ACL_FLOAT, ACL_FORMAT_ND, 1, 2, 3), 0.0f, OK},
    {"[shrink] normal_self_broadcast1", B910, 0, T(3, ACL_FLOAT16, ACL_FORMAT_ND, 1, 2, 3),
     T(2, ACL_FLOAT16, ACL_FORMAT_ND, 2, 3), T(3, ACL_FLOAT16, ACL_FORMAT_ND, 1, 2, 3), 0.0f, OK},

    /* ---- experimental/activation/softshrink_grad ---- */
    {"[x-shrink] Float32WorkspaceSuccess", B910, 0, T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 3, 5),
     T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 3, 5), T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 3, 5), 0.5f, OK},
    {"[x-shrink] AtlasA3WorkspaceSuccess", "Ascend910_93", 0, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0.5f, OK},
    {"[x-shrink] Float16UnalignedSuccess", B910, 0, T(1, ACL_FLOAT16, ACL_FORMAT_ND, 257),
     T(1, ACL_FLOAT16, ACL_FORMAT_ND, 257), T(1, ACL_FLOAT16, ACL_FORMAT_ND, 257), 0.5f, OK},
    {"[x-shrink] BFloat16Success", B910, 0, T(2, ACL_BF16, ACL_FORMAT_ND, 4, 17),
     T(2, ACL_BF16, ACL_FORMAT_ND, 4, 17), T(2, ACL_BF16, ACL_FORMAT_ND, 4, 17), 0.5f, OK},
    {"[x-shrink] BroadcastSuccess", B910, 0, T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 1, 5),
     T(3, ACL_FLOAT, ACL_FORMAT_ND, 1, 3, 5), T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 3, 5), 0.25f, OK},
    {"[x-shrink] MixedInputDtypeSuccess", B910, 0, T(2, ACL_FLOAT16, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), T(2, ACL_FLOAT16, ACL_FORMAT_ND, 2, 3), 0.5f, OK},
    {"[x-shrink] EmptyTensorSuccess", B910, 0, T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 0, 5),
     T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 0, 5), T(3, ACL_FLOAT, ACL_FORMAT_ND, 2, 0, 5), 0.5f, OK},
    {"[x-shrink] NonContiguousSuccess", B910, 0, NONCONTIG, NONCONTIG, NONCONTIG, 0.5f, OK},
    {"[x-shrink] RejectsNegativeLambda", B910, 0, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), -0.5f, INVALID},
    {"[x-shrink] RejectsUnsupportedDtype", B910, 0, T(2, ACL_INT32, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_INT32, ACL_FORMAT_ND, 2, 3), T(2, ACL_INT32, ACL_FORMAT_ND, 2, 3), 0.5f, INVALID},
    /* the experimental op_api refuses every call off DAV_2201 (910B / 910_93) */
    {"[x-shrink] RejectsUnsupportedPlatform", "Ascend910", 0,
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0.5f, INVALID},
    /* not a UT: the main op_api (built-in package) accepts FLOAT on ASCEND910 */
    {"[shrink] FLOAT on Ascend910 with the built-in package", "Ascend910", 0,
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0.5f, OK},
    {"[x-shrink] RejectsInvalidOutputShape", B910, 0, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 1),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 1, 3), T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 2), 0.5f, INVALID},
    {"[x-shrink] RejectsNullInput", B910, 0, NULLT, T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3),
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 3), 0.5f, NULLPTR},

    /* ---- activation/softshrink (forward); lambd 1.0f unless the UT says otherwise ---- */
    FSHRINK("case_1", 3, ACL_FLOAT16, ACL_FLOAT16, 1.0f, OK, 5, 6, 7),
    FSHRINK("case_2", 3, ACL_FLOAT, ACL_FLOAT, 1.0f, OK, 5, 6, 7),
    /* the UT comments its EXPECT_EQ out; BF16 is in the 910B list */
    FSHRINK("case_3 (no expectation in the UT)", 3, ACL_BF16, ACL_BF16, 1.0f, OK, 5, 6, 7),
    FSHRINK("case_4", 3, ACL_DOUBLE, ACL_DOUBLE, 1.0f, INVALID, 5, 6, 7),
    FSHRINK("case_5", 3, ACL_FLOAT16, ACL_FLOAT, 1.0f, OK, 5, 6, 7),
    FSHRINK("case_6", 3, ACL_FLOAT, ACL_FLOAT16, 1.0f, OK, 5, 6, 7),
    FSHRINK("case_7", 3, ACL_DOUBLE, ACL_FLOAT16, 1.0f, INVALID, 5, 6, 7),
    FSHRINK("case_8", 1, ACL_FLOAT, ACL_FLOAT, 1.0f, OK, 5),
    FSHRINK("case_9", 2, ACL_FLOAT, ACL_FLOAT, 1.0f, OK, 5, 5),
    FSHRINK("case_10", 4, ACL_FLOAT, ACL_FLOAT, 1.0f, OK, 5, 6, 7, 8),
    FSHRINK("case_11", 5, ACL_FLOAT, ACL_FLOAT, 1.0f, OK, 1, 2, 3, 4, 5),
    FSHRINK("case_12", 8, ACL_FLOAT, ACL_FLOAT, 1.0f, OK, 1, 2, 3, 4, 5, 6, 7, 8),
    FSHRINK("case_13", 9, ACL_FLOAT, ACL_FLOAT, 1.0f, INVALID, 1, 2, 3, 4, 5, 6, 7, 8, 1),
    {"[fwd-shrink] case_14", B910, FWD_SHRINK,
     {3, {1, 3, 4}, ACL_FLOAT, ACL_FORMAT_ND, 1, {12, 1, 3}, 0, 3, {1, 4, 3}}, NULLT,
     {3, {1, 3, 4}, ACL_FLOAT, ACL_FORMAT_ND, 1, {12, 1, 3}, 0, 3, {1, 4, 3}}, 1.0f, OK},
    {"[fwd-shrink] case_15", B910, FWD_SHRINK, NULLT, NULLT, T(2, ACL_FLOAT, ACL_FORMAT_ND, 5, 5),
     1.0f, NULLPTR},
    /* case_16 passes a NULL lambd: the row's NaN lambda stands for it (run_case_row) */
    {"[fwd-shrink] case_16", B910, FWD_SHRINK, T(2, ACL_FLOAT, ACL_FORMAT_ND, 5, 5), NULLT,
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 5, 5), NAN, NULLPTR},
    FSHRINK("case_17", 5, ACL_FLOAT, ACL_FLOAT, 1.0f, OK, 1, 2, 3, 0, 4),
    {"[fwd-shrink] case_18", B910, FWD_SHRINK, T(2, ACL_FLOAT, ACL_FORMAT_ND, 1, 3), NULLT,
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 2, 1), 1.0f, INVALID},
    {"[fwd-shrink] case_19", B910, FWD_SHRINK, T(3, ACL_FLOAT, ACL_FORMAT_ND, 3, 3, 3), NULLT,
     T(2, ACL_FLOAT, ACL_FORMAT_ND, 3, 3), 1.0f, INVALID},
    FSHRINK("case_24", 5, ACL_FLOAT, ACL_FLOAT, 0.0f, OK, 1, 2, 3, 4, 5),
    FSHRINK("case_25", 5, ACL_FLOAT, ACL_FLOAT, 100.0f, OK, 1, 2, 3, 4, 5),
    FSHRINK("case_26", 5, ACL_FLOAT, ACL_FLOAT, 10.0f, OK, 1, 2, 3, 4, 5),

    /* ---- activation/selu (forward) ---- */
    FSELU_DT_ERR(ACL_DT_UNDEFINED), FSELU_DT_ERR(ACL_INT16), FSELU_DT_ERR(ACL_INT64),
    FSELU_DT_ERR(ACL_UINT8), FSELU_DT_ERR(ACL_UINT16), FSELU_DT_ERR(ACL_UINT32),
    FSELU_DT_ERR(ACL_UINT64), FSELU_DT_ERR(ACL_DOUBLE), FSELU_DT_ERR(ACL_BOOL),
    FSELU_DT_ERR(ACL_STRING), FSELU_DT_ERR(ACL_COMPLEX64), FSELU_DT_ERR(ACL_COMPLEX128),
#define F1(f) FSELU_FMT("test_selu_format_1", f, 4, 2, 16, 32, 16)
    F1(ACL_FORMAT_UNDEFINED), F1(ACL_FORMAT_NCHW), F1(ACL_FORMAT_NHWC), F1(ACL_FORMAT_ND),
    F1(ACL_FORMAT_NC1HWC0), F1(ACL_FORMAT_FRACTAL_Z), F1(ACL_FORMAT_NC1HWC0_C04),
    F1(ACL_FORMAT_HWCN), F1(ACL_FORMAT_NDHWC), F1(ACL_FORMAT_FRACTAL_NZ), F1(ACL_FORMAT_NCDHW),
    F1(ACL_FORMAT_NDC1HWC0), F1(ACL_FRACTAL_Z_3D), F1(ACL_FORMAT_NC), F1(ACL_FORMAT_NCL),
#undef F1
    FSELU_FMT("test_selu_format_2", ACL_FORMAT_NDHWC, 5, 2, 16, 32, 16, 16),
    FSELU_FMT("test_selu_format_2", ACL_FORMAT_NCDHW, 5, 2, 16, 32, 16, 16),
    FSELU_FMT("test_selu_format_2", ACL_FORMAT_ND, 5, 2, 16, 32, 16, 16),
    FSELU_FMT("test_selu_format_3", ACL_FORMAT_ND, 3, 2, 16, 32),
    FSELU_FMT("test_selu_format_3", ACL_FORMAT_NCL, 3, 2, 16, 32),
    {"[fwd-selu] test_selu_inconsistent_shape", B910, FWD_SELU,
     T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 16), NULLT,
     T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 18), 0, INVALID},
    {"[fwd-selu] test_selu_inconsistent_dtype", B910, FWD_SELU,
     T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 16), NULLT,
     T(4, ACL_DOUBLE, ACL_FORMAT_ND, 2, 16, 32, 16), 0, INVALID},
    FSELU("test_selu_empty_input", 2, ACL_FLOAT, OK, 0, 16),
    {"[fwd-selu] test_selu_nullptr_input", B910, FWD_SELU, NULLT, NULLT,
     T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 16), 0, NULLPTR},
    {"[fwd-selu] test_selu_nullptr_out", B910, FWD_SELU, T(4, ACL_FLOAT, ACL_FORMAT_ND, 2, 16, 32, 16),
     NULLT, NULLT, 0, NULLPTR},
    FSELU("test_selu_FP32", 2, ACL_FLOAT, OK, 2, 16),
    FSELU("test_selu_FP16", 2, ACL_FLOAT16, OK, 2, 16),
    FSELU("test_selu_INT32", 2, ACL_INT32, OK, 2, 16),
    FSELU("test_selu_INT8", 2, ACL_INT8, OK, 2, 16),
    {"[fwd-selu] test_selu_uncontiguous", B910, FWD_SELU,
     {2, {2, 16}, ACL_FLOAT, ACL_FORMAT_ND, 1, {1, 2}, 0, 2, {16, 2}}, NULLT,
     {2, {2, 16}, ACL_FLOAT, ACL_FORMAT_ND, 1, {1, 2}, 0, 2, {16, 2}}, 0, OK},
    FSELU("test_selu_shape_larger_8", 9, ACL_FLOAT, OK, 1, 1, 1, 1, 2, 1, 1, 1, 2),
    FSELU_INPLACE("test_selu_FP32_inplace", ACL_FLOAT),
    FSELU_INPLACE("test_selu_FP16_inplace", ACL_FLOAT16),
    FSELU_INPLACE("test_selu_INT32_inplace", ACL_INT32),
    FSELU_INPLACE("test_selu_INT8_inplace", ACL_INT8),
};

/* Elements a descriptor's data must hold (its storage, else its view). */
static size_t storage_elems(const tdesc *d)
{
    size_t n = 1;
    int r = d->has_layout ? d->srank : d->rank;
    const int64_t *dims = d->has_layout ? d->sdims : d->dims;
    for (int i = 0; i < r; i++) {
        n *= (size_t)dims[i];
    }
    return n;
}

static aclTensor *make(const tdesc *d, void **buf)
{
    *buf = NULL;
    if (d->rank < 0) {
        return NULL;
    }
    size_t n = storage_elems(d);
    *buf = calloc(n ? n : 1, 16); /* 16: the widest element of any dtype used */
    assert_non_null(*buf);
    aclTensor *t = d->has_layout
                       ? aclCreateTensor(d->dims, (uint64_t)d->rank, d->dt, d->strides, d->offset,
                                         d->fmt, d->sdims, (uint64_t)d->srank, *buf)
                       : aclCreateTensor(d->dims, (uint64_t)d->rank, d->dt, NULL, 0, d->fmt, d->dims,
                                         (uint64_t)d->rank, *buf);
    assert_non_null(t);
    return t;
}

static void run_case_row(const ut_case *c)
{
    assert_int_equal(opsnn_set_soc(c->soc), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_opp(strncmp(c->ut, "[x-", 3) == 0 ? "ops-nn" : "builtin"),
                     ACLNN_SUCCESS);
    void *ba, *bb, *by;
    aclTensor *a = make(&c->a, &ba), *b = make(&c->b, &bb), *y = make(&c->y, &by);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st;
    static const tu_phase2_fn phase2[] = {aclnnSoftshrinkBackward, aclnnSeluBackward,
                                          aclnnSoftshrink, aclnnSelu, aclnnInplaceSelu};
    /* a NaN lambda in a softshrink row stands for a NULL lambd */
    aclScalar *l = c->lambda != c->lambda ? NULL : tu_scalar_f32(c->lambda);
    switch (c->op) {
    case 0: st = aclnnSoftshrinkBackwardGetWorkspaceSize(a, b, l, y, &ws, &ex); break;
    case 1: st = aclnnSeluBackwardGetWorkspaceSize(a, b, y, &ws, &ex); break;
    case FWD_SHRINK: st = aclnnSoftshrinkGetWorkspaceSize(a, l, y, &ws, &ex); break;
    case FWD_SELU: st = aclnnSeluGetWorkspaceSize(a, y, &ws, &ex); break;
    default: st = aclnnInplaceSeluGetWorkspaceSize(a, &ws, &ex); break;
    }
    if (l != NULL) {
        aclDestroyScalar(l);
    }
    if (st != c->want) {
        fail_msg("%s on %s: phase 1 returned %d, the UT expects %d (%s)", c->ut, c->soc, (int)st,
                 (int)c->want, aclGetRecentErrMsg());
    }
    if (st == ACLNN_SUCCESS) {
        aclnnStatus st2 = tu_run_phase2(phase2[c->op], ex, ws);
        if (st2 != ACLNN_SUCCESS) {
            fail_msg("%s: phase 2 returned %d", c->ut, (int)st2);
        }
    }
    aclTensor *ts[3] = {a, b, y};
    void *bufs[3] = {ba, bb, by};
    for (int i = 0; i < 3; i++) {
        if (ts[i] != NULL) {
            aclDestroyTensor(ts[i]);
        }
        free(bufs[i]);
    }
}

static void every_official_ut_case_returns_the_official_status(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        run_case_row(&CASES[i]);
    }
    assert_int_equal(opsnn_set_soc(NULL), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_opp(NULL), ACLNN_SUCCESS);
}

/* Not from the UTs: the per-SoC dtype lists of the main op_api sources,
 * aclnn_softshrink_backward.cpp:34-47 (no BF16 on ASCEND910 / ASCEND310P) and
 * aclnn_selu_backward.cpp:35-50 (BF16 only from ASCEND910B to ASCEND910E:
 * the 910B, 910_93 and 910_95 = Ascend950 families). */
static void dtype_lists_follow_the_soc(void **state)
{
    (void)state;
    static const struct {
        const char *soc;
        int shrink_bf16, selu_bf16;
    } socs[] = {{"Ascend910", 0, 0},   {"Ascend910ProB", 0, 0}, {"Ascend310P3", 0, 0},
                {"Ascend910B4", 1, 1}, {"Ascend910_9391", 1, 1}, {"Ascend950PR", 1, 1}};
    for (size_t s = 0; s < sizeof socs / sizeof socs[0]; s++) {
        const ut_case rows[] = {
            {"shrink bf16", socs[s].soc, 0, T(1, ACL_BF16, ACL_FORMAT_ND, 4),
             T(1, ACL_BF16, ACL_FORMAT_ND, 4), T(1, ACL_BF16, ACL_FORMAT_ND, 4), 0.5f,
             socs[s].shrink_bf16 ? OK : INVALID},
            {"shrink fp16", socs[s].soc, 0, T(1, ACL_FLOAT16, ACL_FORMAT_ND, 4),
             T(1, ACL_FLOAT16, ACL_FORMAT_ND, 4), T(1, ACL_FLOAT16, ACL_FORMAT_ND, 4), 0.5f, OK},
            {"shrink fp32 self, bf16 grad", socs[s].soc, 0, T(1, ACL_BF16, ACL_FORMAT_ND, 4),
             T(1, ACL_FLOAT, ACL_FORMAT_ND, 4), T(1, ACL_FLOAT, ACL_FORMAT_ND, 4), 0.5f,
             socs[s].shrink_bf16 ? OK : INVALID},
            SELU3("selu bf16", socs[s].soc, 1, ACL_BF16, socs[s].selu_bf16 ? OK : INVALID, 4),
            SELU3("selu int8", socs[s].soc, 1, ACL_INT8, OK, 4),
            SELU3("selu int32", socs[s].soc, 1, ACL_INT32, OK, 4),
            /* the forward op_apis: aclnn_softshrink.cpp:33-37 and aclnn_selu.cpp:37-46
             * allow BF16 in the same ASCEND910B..ASCEND910E range */
            {"fwd shrink bf16", socs[s].soc, FWD_SHRINK, T(1, ACL_BF16, ACL_FORMAT_ND, 4), NULLT,
             T(1, ACL_BF16, ACL_FORMAT_ND, 4), 0.5f, socs[s].selu_bf16 ? OK : INVALID},
            {"fwd shrink fp32 self, bf16 out", socs[s].soc, FWD_SHRINK,
             T(1, ACL_FLOAT, ACL_FORMAT_ND, 4), NULLT, T(1, ACL_BF16, ACL_FORMAT_ND, 4), 0.5f,
             socs[s].selu_bf16 ? OK : INVALID},
            {"fwd selu bf16", socs[s].soc, FWD_SELU, T(1, ACL_BF16, ACL_FORMAT_ND, 4), NULLT,
             T(1, ACL_BF16, ACL_FORMAT_ND, 4), 0, socs[s].selu_bf16 ? OK : INVALID},
            {"fwd selu int8", socs[s].soc, FWD_SELU, T(1, ACL_INT8, ACL_FORMAT_ND, 4), NULLT,
             T(1, ACL_INT8, ACL_FORMAT_ND, 4), 0, OK},
        };
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            run_case_row(&rows[i]);
        }
    }
    assert_int_equal(opsnn_set_soc(NULL), ACLNN_SUCCESS);
    /* the refusal names the SoC */
    const ut_case bf = SELU3("selu bf16", "Ascend310P", 1, ACL_BF16, INVALID, 4);
    run_case_row(&bf);
    const char *m = aclGetRecentErrMsg();
    assert_non_null(m);
    assert_non_null(strstr(m, "on Ascend310P, got BF16"));
    assert_int_equal(opsnn_set_soc(NULL), ACLNN_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_official_ut_case_returns_the_official_status),
        cmocka_unit_test(dtype_lists_follow_the_soc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
