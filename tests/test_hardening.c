/*
 * test_hardening.c - size, stride and byte arithmetic at the edges of int64
 * and size_t (docs/dev/testing.md, "Arithmetic hardening").
 *
 * Descriptors whose element count, extent or byte size overflows are refused
 * when created; descriptors that are valid but enormous (no memory behind
 * them) go through phase 1 without any overflow, with exact workspace sizes;
 * and the public tiling calculator refuses inputs its formulas cannot hold.
 * The CI runs this suite under UBSan, which turns any signed overflow into a
 * failure.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "opsnn/opsnn.h"
#include "ref_model.h"

#define P2(n) ((int64_t)1 << (n))

/* Never read: validation and phase 1 only look at descriptors. Two distinct
 * objects, so views on them compare as different storage. */
static float storage_a[4], storage_b[4];

static void assert_msg_contains(const char *prefix, const char *needle)
{
    const char *msg = aclGetRecentErrMsg();
    if (msg == NULL || strncmp(msg, prefix, strlen(prefix)) != 0 ||
        (needle && strstr(msg, needle) == NULL)) {
        fail_msg("message \"%s\" should start with \"%s\" and contain \"%s\"", msg, prefix,
                 needle ? needle : "");
    }
}

static aclTensor *create(const int64_t *dims, uint64_t n, aclDataType dt, const int64_t *strides,
                         int64_t offset, const int64_t *sdims, uint64_t sn, void *data)
{
    return aclCreateTensor(dims, n, dt, strides, offset, ACL_FORMAT_ND, sdims, sn, data);
}

static void expect_refused(const int64_t *dims, uint64_t n, aclDataType dt, const int64_t *strides,
                           int64_t offset, const int64_t *sdims, uint64_t sn, const char *needle)
{
    aclTensor *t = create(dims, n, dt, strides, offset, sdims, sn, storage_a);
    if (t != NULL) {
        aclDestroyTensor(t);
        fail_msg("aclCreateTensor accepted a descriptor that must be refused (%s)", needle);
    }
    assert_msg_contains("aclCreateTensor: ", needle);
}

/* ---- creation: counts, extents and bytes that do not fit ---- */

static void dims_whose_product_overflows_int64_are_refused(void **state)
{
    (void)state;
    int64_t two[2] = {P2(32), P2(32)};
    expect_refused(two, 2, ACL_FLOAT, NULL, 0, NULL, 0, "element count");
    int64_t three[3] = {P2(21), P2(21), P2(21) + 1};
    expect_refused(three, 3, ACL_INT8, NULL, 0, NULL, 0, "element count");
    int64_t max2[2] = {INT64_MAX, 2};
    expect_refused(max2, 2, ACL_INT8, NULL, 0, NULL, 0, "element count");
}

static void byte_sizes_that_overflow_are_refused(void **state)
{
    (void)state;
    int64_t bytes_2_64[1] = {P2(62)}; /* x 4 bytes = 2^64: overflows size_t */
    expect_refused(bytes_2_64, 1, ACL_FLOAT, NULL, 0, NULL, 0, "byte size");
    int64_t bytes_2_63[1] = {P2(61)}; /* x 4 = 2^63: past int64, fits size_t */
    expect_refused(bytes_2_63, 1, ACL_FLOAT, NULL, 0, NULL, 0, "byte size");
    int64_t c128[1] = {P2(59)}; /* x 16 bytes */
    expect_refused(c128, 1, ACL_COMPLEX128, NULL, 0, NULL, 0, "byte size");
    /* the largest that fit are accepted: 2^62 bytes of FLOAT, INT64_MAX of INT8 */
    int64_t fits[1] = {P2(60)};
    aclTensor *t = create(fits, 1, ACL_FLOAT, NULL, 0, NULL, 0, storage_a);
    assert_non_null(t);
    aclDestroyTensor(t);
    int64_t max[1] = {INT64_MAX};
    t = create(max, 1, ACL_INT8, NULL, 0, NULL, 0, storage_a);
    assert_non_null(t);
    aclDestroyTensor(t);
}

static void extents_that_overflow_are_refused(void **state)
{
    (void)state;
    int64_t dims[2] = {2, 2};
    int64_t huge_stride[2] = {INT64_MAX, 1}; /* (2-1) * INT64_MAX + 1 */
    expect_refused(dims, 2, ACL_INT8, huge_stride, 0, NULL, 0, "extent");
    int64_t half[2] = {INT64_MAX / 2 + 1, 1}; /* extent 2^62 + 1 elements x 4 bytes */
    expect_refused(dims, 2, ACL_FLOAT, half, 0, NULL, 0, "extent");
    int64_t one[1] = {1};
    expect_refused(one, 1, ACL_INT8, NULL, INT64_MAX, NULL, 0, "extent"); /* last + 1 */
    int64_t big[1] = {P2(40)};
    expect_refused(big, 1, ACL_FLOAT, NULL, INT64_MAX - P2(39), NULL, 0, "extent");
}

static void strides_reaching_outside_the_declared_storage_are_refused(void **state)
{
    (void)state;
    int64_t dims[2] = {4, 2}, storage[1] = {8};
    int64_t dense[2] = {2, 1}, wide[2] = {3, 1}, huge[2] = {P2(40), 1};
    /* exactly filling the storage is fine; one element further is not */
    aclTensor *t = create(dims, 2, ACL_FLOAT, dense, 0, storage, 1, storage_a);
    assert_non_null(t);
    aclDestroyTensor(t);
    expect_refused(dims, 2, ACL_FLOAT, dense, 1, storage, 1, "reaches element 8");
    expect_refused(dims, 2, ACL_FLOAT, wide, 0, storage, 1, "reaches element 10");
    expect_refused(dims, 2, ACL_FLOAT, huge, 0, storage, 1, "inside storageDims");
    int64_t past[2] = {INT64_MAX / 2, 1}; /* (4-1) * stride overflows before the bound check */
    expect_refused(dims, 2, ACL_FLOAT, past, 0, storage, 1, "extent");
    int64_t zero_storage[1] = {0};
    expect_refused(dims, 2, ACL_FLOAT, NULL, 0, zero_storage, 1, "inside storageDims");
}

static void negative_offsets_are_refused(void **state)
{
    (void)state;
    int64_t dims[1] = {2};
    expect_refused(dims, 1, ACL_FLOAT, NULL, -1, NULL, 0, "offset must be >= 0");
    expect_refused(dims, 1, ACL_FLOAT, NULL, INT64_MIN, NULL, 0, "offset must be >= 0");
    int64_t empty[1] = {0}; /* even an empty view may not start before its storage */
    expect_refused(empty, 1, ACL_FLOAT, NULL, -5, NULL, 0, "offset must be >= 0");
}

static void negative_dims_and_strides_are_refused(void **state)
{
    (void)state;
    int64_t neg[2] = {2, -1};
    expect_refused(neg, 2, ACL_FLOAT, NULL, 0, NULL, 0, "viewDims[1] must be >= 0");
    int64_t min[1] = {INT64_MIN};
    expect_refused(min, 1, ACL_FLOAT, NULL, 0, NULL, 0, "viewDims[0] must be >= 0");
    int64_t dims[1] = {2}, stride[1] = {INT64_MIN};
    expect_refused(dims, 1, ACL_FLOAT, stride, 0, NULL, 0, "stride[0] must be >= 0");
    int64_t sneg[1] = {-8};
    expect_refused(dims, 1, ACL_FLOAT, NULL, 0, sneg, 1, "storageDims[0] must be >= 0");
}

static void storage_whose_product_overflows_is_refused(void **state)
{
    (void)state;
    int64_t dims[1] = {2}, storage[2] = {P2(32), P2(32)};
    expect_refused(dims, 1, ACL_FLOAT, NULL, 0, storage, 2, "storageDims overflows");
}

/* Ranks beyond 32 are refused before a single dim is read: the arrays here
 * are one element long, so ASan would report any read past it. */
static void ranks_above_the_limit_are_refused_without_reading_the_dims(void **state)
{
    (void)state;
    int64_t *one = malloc(sizeof *one);
    one[0] = 1;
    expect_refused(one, 33, ACL_FLOAT, one, 0, NULL, 0, "viewDimsNum must be <= 32");
    expect_refused(one, UINT64_MAX, ACL_FLOAT, one, 0, NULL, 0, "viewDimsNum must be <= 32");
    expect_refused(one, 1, ACL_FLOAT, NULL, 0, one, UINT64_MAX, "storageDimsNum must be <= 32");
    expect_refused(one, (uint64_t)1 << 32 | 1, ACL_FLOAT, NULL, 0, NULL, 0, "viewDimsNum");
    free(one);
    int64_t ones[32];
    for (int i = 0; i < 32; i++) {
        ones[i] = 1;
    }
    aclTensor *t = create(ones, 32, ACL_FLOAT, NULL, 0, NULL, 0, storage_a);
    assert_non_null(t);
    aclDestroyTensor(t);
}

/* ---- phase 1 on valid but enormous descriptors ---- */

static void phase1(aclnnStatus want_softshrink, aclnnStatus want_selu, const aclTensor *g,
                   const aclTensor *x, const aclTensor *y, uint64_t want_ws)
{
    float l = 0.5f;
    aclScalar *lambda = aclCreateScalar(&l, ACL_FLOAT);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, lambda, (aclTensor *)y, &ws,
                                                             &ex),
                     want_softshrink);
    if (want_softshrink == ACLNN_SUCCESS) {
        assert_int_equal(ws, want_ws);
        assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    }
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(g, x, (aclTensor *)y, &ws, &ex), want_selu);
    if (want_selu == ACLNN_SUCCESS) {
        assert_int_equal(ws, want_ws);
        assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    }
    aclDestroyScalar(lambda);
}

/* {0, 2^40, 2^40} is empty (0 elements) although its other dims multiply past
 * int64: phase 1 and 2 must not multiply them (this was a signed overflow in
 * the plan's contiguity test). Without strides its contiguous stride of dim 0
 * (2^80) does not fit int64, so it is refused rather than given an invented
 * stride; with explicit strides it is a valid view. */
static void empty_tensor_with_overflowing_dims_runs_both_phases(void **state)
{
    (void)state;
    int64_t dims[3] = {0, P2(40), P2(40)};
    assert_null(create(dims, 3, ACL_FLOAT, NULL, 0, NULL, 0, NULL));
    const char *msg = aclGetRecentErrMsg();
    assert_non_null(msg);
    assert_non_null(strstr(msg, "viewDims[0]"));
    int64_t tight[3] = {P2(40), 1, P2(40)};
    aclTensor *t = create(dims, 3, ACL_FLOAT, tight, 0, NULL, 0, NULL);
    assert_non_null(t);
    int64_t strided[3] = {P2(62), P2(40), 1};
    aclTensor *s = create(dims, 3, ACL_FLOAT, strided, 0, NULL, 0, NULL);
    assert_non_null(s);
    float l = 0.5f;
    aclScalar *lambda = aclCreateScalar(&l, ACL_FLOAT);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(t, s, lambda, t, &ws, &ex),
                     ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(s, t, s, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclnnSeluBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    aclDestroyScalar(lambda);
    aclDestroyTensor(t);
    aclDestroyTensor(s);
}

/* INT64_MAX int8 elements overlapping another view of the same size: the
 * workspace is numel rounded up to 64 bytes, exactly 2^63, with no overflow. */
static void workspace_of_the_largest_view_is_exact(void **state)
{
    (void)state;
    int64_t dims[1] = {INT64_MAX};
    aclTensor *a = create(dims, 1, ACL_INT8, NULL, 0, NULL, 0, storage_a);
    aclTensor *b = create(dims, 1, ACL_INT8, NULL, 0, NULL, 0, storage_b);
    assert_non_null(a);
    assert_non_null(b);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    /* gradInput == gradOutput exactly (in place) but overlaps result */
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(a, b, a, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, (uint64_t)1 << 63);
    assert_int_equal(aclnnSeluBackward(NULL, ws, ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSeluBackward(storage_a, ws - 1, ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    /* exactly in place everywhere: no workspace */
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(a, a, a, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    aclDestroyTensor(a);
    aclDestroyTensor(b);
}

/* Strides near 2^62 with dims of 2: stride * dim overflows, stride * (dim-1)
 * does not; phase 1 handles them (phase 2 would need 2^62 bytes). */
static void huge_strides_pass_phase1(void **state)
{
    (void)state;
    int64_t dims[2] = {2, 2}, strides[2] = {P2(62), 1}, transposed[2] = {1, P2(62)};
    aclTensor *a = create(dims, 2, ACL_INT8, strides, 0, NULL, 0, storage_a);
    aclTensor *b = create(dims, 2, ACL_INT8, transposed, 0, NULL, 0, storage_b);
    assert_non_null(a);
    assert_non_null(b);
    phase1(ACLNN_ERR_PARAM_INVALID, ACLNN_SUCCESS, a, a, a, 0);
    /* a and b overlap in bytes: a workspace for 4 int8 elements, rounded to 64 */
    phase1(ACLNN_ERR_PARAM_INVALID, ACLNN_SUCCESS, a, b, a, 64);
    aclDestroyTensor(a);
    aclDestroyTensor(b);
}

/* Broadcast shapes are never multiplied out: {2^40, 1} with {1, 2^40} would
 * be 2^80 elements; no gradInput of that shape can exist, and the mismatch is
 * reported with the shape. */
static void broadcast_shape_past_int64_is_a_shape_error(void **state)
{
    (void)state;
    int64_t gd[2] = {P2(40), 1}, xd[2] = {1, P2(40)}, yd[1] = {P2(40)}, bd[2] = {P2(40), P2(40)};
    aclTensor *g = create(gd, 2, ACL_FLOAT, NULL, 0, NULL, 0, storage_a);
    aclTensor *x = create(xd, 2, ACL_FLOAT, NULL, 0, NULL, 0, storage_a);
    aclTensor *y = create(yd, 1, ACL_FLOAT, NULL, 0, NULL, 0, storage_b);
    assert_null(create(bd, 2, ACL_FLOAT, NULL, 0, NULL, 0, storage_b));
    assert_non_null(g);
    assert_non_null(x);
    assert_non_null(y);
    phase1(ACLNN_ERR_PARAM_INVALID, ACLNN_ERR_PARAM_INVALID, g, x, y, 0);
    float l = 0.5f;
    aclScalar *lambda = aclCreateScalar(&l, ACL_FLOAT);
    uint64_t ws;
    aclOpExecutor *ex;
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, lambda, y, &ws, &ex),
                     ACLNN_ERR_PARAM_INVALID);
    assert_msg_contains("aclnnSoftshrinkBackward: gradInput shape must equal the broadcast shape",
                        "[1099511627776, 1099511627776]");
    aclDestroyScalar(lambda);
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
}

static void softshrink_rank_above_8_is_refused_selu_accepts_up_to_32(void **state)
{
    (void)state;
    int64_t dims[32];
    float data[2] = {1.0f, -1.0f}, out[2];
    for (int i = 0; i < 32; i++) {
        dims[i] = 1;
    }
    dims[31] = 2;
    aclTensor *g9 = create(dims + 23, 9, ACL_FLOAT, NULL, 0, NULL, 0, data);
    float l = 0.5f;
    aclScalar *lambda = aclCreateScalar(&l, ACL_FLOAT);
    uint64_t ws;
    aclOpExecutor *ex;
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(g9, g9, lambda, g9, &ws, &ex),
                     ACLNN_ERR_PARAM_INVALID);
    assert_msg_contains("aclnnSoftshrinkBackward: gradOutput rank must be <= 8, got 9", NULL);
    aclTensor *g = create(dims, 32, ACL_FLOAT, NULL, 0, NULL, 0, data);
    aclTensor *y = create(dims, 32, ACL_FLOAT, NULL, 0, NULL, 0, out);
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(g, g, y, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclnnSeluBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    float want0 = tu_selu_f32(1.0f, 1.0f), want1 = tu_selu_f32(-1.0f, -1.0f);
    assert_memory_equal(&out[0], &want0, sizeof want0);
    assert_memory_equal(&out[1], &want1, sizeof want1);
    aclDestroyScalar(lambda);
    aclDestroyTensor(g9);
    aclDestroyTensor(g);
    aclDestroyTensor(y);
}

/* ---- runtime and meta sizes ---- */

static void runtime_sizes_past_the_address_space_are_status_codes(void **state)
{
    (void)state;
    void *p = (void *)(uintptr_t)0x1;
    assert_int_equal(aclrtMalloc(&p, SIZE_MAX, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
    assert_int_equal(aclrtMalloc(&p, (size_t)PTRDIFF_MAX + 1, ACL_MEM_MALLOC_NORMAL_ONLY),
                     ACL_ERROR_RT_MEMORY_ALLOCATION);
    assert_int_equal(aclrtMallocHost(&p, SIZE_MAX - 63), ACL_ERROR_RT_MEMORY_ALLOCATION);
    assert_ptr_equal(p, (void *)(uintptr_t)0x1);
    char small[8] = {0}, src[8] = {1};
    assert_int_equal(aclrtMemcpy(small, sizeof small, src, SIZE_MAX, ACL_MEMCPY_HOST_TO_HOST),
                     ACL_ERROR_RT_PARAM_INVALID);
    assert_int_equal(aclrtMemset(small, sizeof small, 1, SIZE_MAX), ACL_ERROR_RT_PARAM_INVALID);
    assert_int_equal(small[0], 0);
    int64_t v[1] = {1};
    assert_null(aclCreateIntArray(v, UINT64_MAX / 4));
    assert_null(aclCreateIntArray(v, UINT64_MAX));
    assert_null(aclCreateFloatArray((const float *)v, UINT64_MAX / 2));
}

/* ---- the public tiling calculator ---- */

static void tiling_refuses_inputs_its_formulas_cannot_hold(void **state)
{
    (void)state;
    opsnn_platform p;
    assert_int_equal(opsnn_platform_get("Ascend950", &p), ACLNN_SUCCESS);
    opsnn_softshrink_grad_tiling st;
    opsnn_selu_grad_tiling sl;
    opsnn_hardshrink_grad_tiling hs;
    int64_t max[1] = {INT64_MAX};
    opsnn_tiling_tensor tmax = {ACL_FLOAT, 1, max};
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, &tmax, &tmax, &tmax, 0.5f, &st),
                     ACLNN_ERR_PARAM_INVALID);
    assert_msg_contains("opsnn_softshrink_grad_tiling_compute: input_grad->dims[0] must be >= 0 and the "
                        "element count <=", NULL);
    assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&p, &tmax, &tmax, &tmax, 0.5f, &hs),
                     ACLNN_ERR_PARAM_INVALID);
    assert_msg_contains("opsnn_hardshrink_grad_tiling_compute: gradients->dims[0] must be >= 0 and the "
                        "element count <=", NULL);
    int64_t over[2] = {P2(32), P2(32)};
    opsnn_tiling_tensor tover = {ACL_INT8, 2, over};
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &tover, &tover, &tover, &sl),
                     ACLNN_ERR_PARAM_INVALID);
    p.ub_size = (int64_t)INT32_MAX + 1; /* UB sizes are 32-bit on the NPU */
    int64_t small[1] = {1024};
    opsnn_tiling_tensor tsmall = {ACL_BF16, 1, small};
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, &tsmall, &tsmall, &tsmall, 0.5f, &st),
                     ACLNN_ERR_PARAM_INVALID);
    assert_msg_contains("opsnn_softshrink_grad_tiling_compute: platform->ub_size must be in", NULL);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &tsmall, &tsmall, &tsmall, &sl),
                     ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&p, &tsmall, &tsmall, &tsmall, 0.5f, &hs),
                     ACLNN_ERR_PARAM_INVALID);
    assert_msg_contains("opsnn_hardshrink_grad_tiling_compute: platform->ub_size must be in", NULL);
    /* the largest accepted: one core, the largest UB, 2^57 - 1 elements,
     * rounded up exactly (UBSan would flag any overflow on the way) */
    p.core_num = 1;
    p.ub_size = INT32_MAX;
    int64_t big[1] = {INT64_MAX / 64};
    opsnn_tiling_tensor tbig = {ACL_FLOAT, 1, big};
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, &tbig, &tbig, &tbig, 0.5f, &st),
                     ACLNN_SUCCESS);
    assert_int_equal(st.data.blockFormer, P2(57));
    assert_int_equal(st.data.blockNum, 1);
    /* (2147483647 - 8192) * 8 / 226 = 76016830 -> multiple of 64: 76016768 */
    assert_int_equal(st.data.ubFormer, 76016768);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &tbig, &tbig, &tbig, &sl), ACLNN_SUCCESS);
    assert_int_equal(sl.data.blockFormer, P2(57));
    assert_int_equal(sl.block_dim, 1);
    /* HardShrinkGrad fp32, double-buffered: (2147483647 - 16384) / 24 = 89477802
     * -> multiple of 64: 89477760 */
    assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&p, &tbig, &tbig, &tbig, 0.5f, &hs),
                     ACLNN_SUCCESS);
    assert_int_equal(hs.data.totalNum, INT64_MAX / 64);
    assert_int_equal(hs.data.blockFactor, INT64_MAX / 64);
    assert_int_equal(hs.data.ubFactor, 89477760);
    assert_int_equal(hs.block_dim, 1);
    p.algo = OPSNN_TILING_910B;
    /* (2147483647 - 256) / 36 = 59652316 -> multiple of 32, then of 64: 59652288 */
    assert_int_equal(opsnn_hardshrink_grad_tiling_compute(&p, &tbig, &tbig, &tbig, 0.5f, &hs),
                     ACLNN_SUCCESS);
    assert_int_equal(hs.data.blockFactor, INT64_MAX / 64);
    assert_int_equal(hs.data.ubFactor, 59652288);
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, &tbig, &tbig, &tbig, 0.5f, &st),
                     ACLNN_SUCCESS);
    assert_int_equal(st.data_910b.blockFactor, P2(57));
    /* the experimental SeluGrad struct holds blockFactor in a uint32: the NPU fails */
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &tbig, &tbig, &tbig, &sl),
                     ACLNN_ERR_PARAM_INVALID);
    /* the forward calculators at the same limits */
    opsnn_softshrink_tiling sf;
    opsnn_selu_tiling se;
    assert_int_equal(opsnn_selu_tiling_compute(&p, &tmax, &se), ACLNN_ERR_PARAM_INVALID);
    assert_msg_contains("opsnn_selu_tiling_compute: x->dims[0] must be >= 0 and the element count <=", NULL);
    assert_int_equal(opsnn_selu_tiling_compute(&p, &tbig, &se), ACLNN_SUCCESS); /* 910b, one core */
    assert_int_equal(se.data.blockFactor, P2(57)); /* 2^57 - 1 rounded up to 8 elements */
    assert_int_equal(se.data.ubFactor, 134217720); /* 2147483647 / 4 / 4 = 134217727 -> 8s */
    p.algo = OPSNN_TILING_ARCH35;
    assert_int_equal(opsnn_softshrink_tiling_compute(&p, &tbig, 0.5f, &sf), ACLNN_ERR_PARAM_INVALID);
    assert_msg_contains("opsnn_softshrink_tiling_compute: the NPU tiling fails: platform->ub_size exceeds", NULL);
    p.ub_size = 512 * 1024 * 1024;
    assert_int_equal(opsnn_softshrink_tiling_compute(&p, &tbig, 0.5f, &sf), ACLNN_SUCCESS);
    assert_int_equal(sf.data.blockFactor, INT64_MAX / 64);
    assert_int_equal(sf.data.ubFactor, 14913024); /* (536870912 - 1024) / 36 = 14913052 -> 64s */
}

int main(void)
{
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dims_whose_product_overflows_int64_are_refused),
        cmocka_unit_test(byte_sizes_that_overflow_are_refused),
        cmocka_unit_test(extents_that_overflow_are_refused),
        cmocka_unit_test(strides_reaching_outside_the_declared_storage_are_refused),
        cmocka_unit_test(negative_offsets_are_refused),
        cmocka_unit_test(negative_dims_and_strides_are_refused),
        cmocka_unit_test(storage_whose_product_overflows_is_refused),
        cmocka_unit_test(ranks_above_the_limit_are_refused_without_reading_the_dims),
        cmocka_unit_test(empty_tensor_with_overflowing_dims_runs_both_phases),
        cmocka_unit_test(workspace_of_the_largest_view_is_exact),
        cmocka_unit_test(huge_strides_pass_phase1),
        cmocka_unit_test(broadcast_shape_past_int64_is_a_shape_error),
        cmocka_unit_test(softshrink_rank_above_8_is_refused_selu_accepts_up_to_32),
        cmocka_unit_test(runtime_sizes_past_the_address_space_are_status_codes),
        cmocka_unit_test(tiling_refuses_inputs_its_formulas_cannot_hold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
