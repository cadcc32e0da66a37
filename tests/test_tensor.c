/*
 * test_tensor.c - tensor, scalar and array descriptors (docs/api/ and the
 * aclCreateTensor / aclCreateScalar decisions of the design notes).
 *
 * Every rejection is checked for its NULL result and for the thread's message,
 * which must come from the rejecting call and name the parameter and value.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "tensor/tensor.h" /* internal: opsnn_scalar_to_float, to see a scalar's value */

/* Non-empty tensors need a data pointer; validation never reads it. */
static float g_buf[256];

#define DIMS(...) ((const int64_t[]){__VA_ARGS__})

typedef struct {
    const int64_t *dims;
    uint64_t ndim;
    aclDataType dt;
    const int64_t *stride;
    int64_t offset;
    const int64_t *sdims; /* NULL: no storage given */
    uint64_t sndim;
    void *data;
} tensor_args;

static aclTensor *create(const tensor_args *a, aclFormat format)
{
    return aclCreateTensor(a->dims, a->ndim, a->dt, a->stride, a->offset, format, a->sdims,
                           a->sndim, a->data);
}

static int msg_starts_with(const char *msg, const char *prefix)
{
    return msg != NULL && strncmp(msg, prefix, strlen(prefix)) == 0;
}

/* Leave a known, unrelated message, so a later check proves the call under
 * test wrote its own. */
static void set_unrelated_error(void)
{
    assert_int_equal(aclDestroyTensor(NULL), ACLNN_ERR_PARAM_NULLPTR);
    assert_true(msg_starts_with(aclGetRecentErrMsg(), "aclDestroyTensor"));
}

static void assert_msg(const char *prefix, const char *needle1, const char *needle2)
{
    const char *msg = aclGetRecentErrMsg();
    assert_non_null(msg);
    if (!msg_starts_with(msg, prefix) || (needle1 != NULL && strstr(msg, needle1) == NULL) ||
        (needle2 != NULL && strstr(msg, needle2) == NULL)) {
        fail_msg("message \"%s\" should start with \"%s\" and contain \"%s\" and \"%s\"", msg,
                 prefix, needle1 ? needle1 : "", needle2 ? needle2 : "");
    }
}

static void expect_rejected_at(const tensor_args *a, const char *needle1, const char *needle2,
                               int line)
{
    set_unrelated_error();
    aclTensor *t = create(a, ACL_FORMAT_ND);
    if (t != NULL) {
        aclDestroyTensor(t);
        fail_msg("line %d: aclCreateTensor accepted a tensor it must reject", line);
    }
    assert_msg("aclCreateTensor: ", needle1, needle2);
}

static void expect_accepted_at(const tensor_args *a, int line)
{
    aclTensor *t = create(a, ACL_FORMAT_ND);
    if (t == NULL) {
        fail_msg("line %d: aclCreateTensor rejected a valid tensor: %s", line,
                 aclGetRecentErrMsg());
    }
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
}

/* expect_rejected(needle1, needle2, .field = value, ...): the designated
 * initialisers of a tensor_args. */
#define expect_rejected(n1, n2, ...)                                                               \
    expect_rejected_at(&(tensor_args){__VA_ARGS__}, (n1), (n2), __LINE__)
#define expect_accepted(...) expect_accepted_at(&(tensor_args){__VA_ARGS__}, __LINE__)

static void assert_i64_array(const int64_t *got, uint64_t got_n, const int64_t *want,
                             uint64_t want_n)
{
    assert_int_equal(got_n, want_n);
    for (uint64_t i = 0; i < want_n; i++) {
        if (got[i] != want[i]) {
            fail_msg("element %llu: got %lld, want %lld", (unsigned long long)i, (long long)got[i],
                     (long long)want[i]);
        }
    }
}

static void assert_view_shape(const aclTensor *t, const int64_t *want, uint64_t n)
{
    int64_t *got = NULL;
    uint64_t got_n = 99;
    assert_int_equal(aclGetViewShape(t, &got, &got_n), ACLNN_SUCCESS);
    assert_i64_array(got, got_n, want, n);
    free(got);
}

static void assert_view_strides(const aclTensor *t, const int64_t *want, uint64_t n)
{
    int64_t *got = NULL;
    uint64_t got_n = 99;
    assert_int_equal(aclGetViewStrides(t, &got, &got_n), ACLNN_SUCCESS);
    assert_i64_array(got, got_n, want, n);
    free(got);
}

static void assert_storage_shape(const aclTensor *t, const int64_t *want, uint64_t n)
{
    int64_t *got = NULL;
    uint64_t got_n = 99;
    assert_int_equal(aclGetStorageShape(t, &got, &got_n), ACLNN_SUCCESS);
    assert_i64_array(got, got_n, want, n);
    free(got);
}

/* ---- aclCreateTensor: rejections ----------------------------------------------- */

static void create_tensor_rejects_negative_view_dim(void **state)
{
    (void)state;
    expect_rejected("viewDims[1]", "-1", .dims = DIMS(2, -1), .ndim = 2, .data = g_buf);
    expect_rejected("viewDims[0]", "-3", .dims = DIMS(-3), .ndim = 1, .data = g_buf);
    expect_rejected("viewDims[2]", "-9223372036854775808", .dims = DIMS(4, 0, INT64_MIN), .ndim = 3,
                    .data = g_buf);
    /* A negative dim is rejected even when another dim makes the view empty. */
    expect_rejected("viewDims[1]", "-1", .dims = DIMS(0, -1), .ndim = 2, .data = NULL);
}

static void create_tensor_rejects_negative_storage_dim(void **state)
{
    (void)state;
    expect_rejected("storageDims[0]", "-6", .dims = DIMS(2), .ndim = 1, .sdims = DIMS(-6),
                    .sndim = 1, .data = g_buf);
    expect_rejected("storageDims[1]", "-2", .dims = DIMS(2), .ndim = 1, .sdims = DIMS(3, -2),
                    .sndim = 2, .data = g_buf);
}

static void create_tensor_rejects_negative_stride(void **state)
{
    (void)state;
    expect_rejected("stride[1]", "-1", .dims = DIMS(2, 3), .ndim = 2, .stride = DIMS(3, -1),
                    .data = g_buf);
    expect_rejected("stride[0]", "-3", .dims = DIMS(2, 3), .ndim = 2, .stride = DIMS(-3, 1),
                    .offset = 10, .data = g_buf);
}

static void create_tensor_rejects_negative_offset(void **state)
{
    (void)state;
    expect_rejected("offset", "-1", .dims = DIMS(2), .ndim = 1, .offset = -1, .data = g_buf);
    expect_rejected("offset", "-9223372036854775808", .dims = DIMS(2), .ndim = 1,
                    .offset = INT64_MIN, .data = g_buf);
    expect_rejected("offset", "-5", .ndim = 0, .offset = -5, .data = g_buf);
}

static void create_tensor_rejects_dims_product_overflowing_int64(void **state)
{
    (void)state;
    const int64_t big = (int64_t)1 << 32;
    expect_rejected("viewDims", "overflow", .dims = DIMS(big, big), .ndim = 2, .dt = ACL_INT8,
                    .data = g_buf);
    expect_rejected("viewDims", "overflow", .dims = DIMS(INT64_MAX, 2), .ndim = 2, .dt = ACL_INT8,
                    .data = g_buf);
    /* 3037000500^2 is just above INT64_MAX. */
    expect_rejected("viewDims", "overflow", .dims = DIMS(3037000500, 3037000500), .ndim = 2,
                    .dt = ACL_BOOL, .data = g_buf);
}

static void create_tensor_rejects_byte_size_overflow(void **state)
{
    (void)state;
    expect_rejected("byte size", "overflow", .dims = DIMS(INT64_MAX / 2, 1), .ndim = 2,
                    .dt = ACL_FLOAT, .data = g_buf);
    expect_rejected("byte size", "overflow", .dims = DIMS(INT64_MAX / 8 + 1), .ndim = 1,
                    .dt = ACL_DOUBLE, .data = g_buf);
    expect_rejected("byte size", "overflow", .dims = DIMS(INT64_MAX / 16 + 1), .ndim = 1,
                    .dt = ACL_COMPLEX128, .data = g_buf);
    /* The boundary: (2^61 - 1) * 4 bytes fits in int64, 2^61 * 4 does not. */
    expect_rejected("byte size", "overflow", .dims = DIMS(INT64_MAX / 4 + 1), .ndim = 1,
                    .dt = ACL_FLOAT, .data = g_buf);
}

static void create_tensor_accepts_huge_view_whose_bytes_fit(void **state)
{
    (void)state;
    /* A descriptor only: nothing is allocated or read. */
    expect_accepted(.dims = DIMS(INT64_MAX / 4), .ndim = 1, .dt = ACL_FLOAT, .data = g_buf);
    expect_accepted(.dims = DIMS(INT64_MAX / 2, 1), .ndim = 2, .dt = ACL_INT8, .data = g_buf);
}

static void create_tensor_rejects_stride_extent_overflow(void **state)
{
    (void)state;
    expect_rejected("stride", "overflow", .dims = DIMS(2, 2), .ndim = 2, .dt = ACL_INT8,
                    .stride = DIMS(INT64_MAX, 1), .data = g_buf);
    expect_rejected("stride", "overflow", .dims = DIMS(3), .ndim = 1, .dt = ACL_INT8,
                    .stride = DIMS(INT64_MAX / 2 + 1), .data = g_buf);
    expect_rejected("offset", "overflow", .dims = DIMS(2), .ndim = 1, .dt = ACL_INT8,
                    .stride = DIMS(INT64_MAX / 2), .offset = INT64_MAX / 2 + 2, .data = g_buf);
    /* Element extent fits but its byte address does not. */
    expect_rejected("overflow", NULL, .dims = DIMS(2), .ndim = 1, .dt = ACL_FLOAT,
                    .stride = DIMS(INT64_MAX / 4), .data = g_buf);
}

/* The last element sits at element offset INT64_MAX: its end (INT64_MAX + 1)
 * does not fit, so the byte extent overflows. */
static void create_tensor_rejects_last_element_at_int64_max(void **state)
{
    (void)state;
    expect_rejected("overflow", NULL, .dims = DIMS(2), .ndim = 1, .dt = ACL_INT8,
                    .stride = DIMS(INT64_MAX), .data = g_buf);
    expect_rejected("overflow", NULL, .dims = DIMS(1), .ndim = 1, .dt = ACL_INT8,
                    .offset = INT64_MAX, .data = g_buf);
    expect_rejected("overflow", NULL, .ndim = 0, .dt = ACL_UINT8, .offset = INT64_MAX,
                    .data = g_buf);
}

static void create_tensor_rejects_null_view_dims_with_nonzero_rank(void **state)
{
    (void)state;
    expect_rejected("viewDims", "NULL", .dims = NULL, .ndim = 2, .data = g_buf);
    expect_rejected("viewDims", "NULL", .dims = NULL, .ndim = 1, .data = NULL);
}

static void create_tensor_rejects_view_outside_storage_by_one_element(void **state)
{
    (void)state;
    expect_rejected("storageDims", "6", .dims = DIMS(7), .ndim = 1, .sdims = DIMS(6), .sndim = 1,
                    .data = g_buf);
    expect_rejected("storageDims", "6", .dims = DIMS(2, 4), .ndim = 2, .sdims = DIMS(2, 3),
                    .sndim = 2, .data = g_buf);
}

static void create_tensor_rejects_view_outside_storage_via_offset(void **state)
{
    (void)state;
    expect_rejected("storageDims", "6", .dims = DIMS(6), .ndim = 1, .offset = 1, .sdims = DIMS(6),
                    .sndim = 1, .data = g_buf);
    expect_rejected("storageDims", "6", .dims = DIMS(2, 3), .ndim = 2, .offset = 1,
                    .sdims = DIMS(2, 3), .sndim = 2, .data = g_buf);
    expect_rejected("storageDims", "6", .ndim = 0, .offset = 6, .sdims = DIMS(6), .sndim = 1,
                    .data = g_buf);
}

static void create_tensor_rejects_view_outside_storage_via_stride(void **state)
{
    (void)state;
    expect_rejected("storageDims", "6", .dims = DIMS(2, 3), .ndim = 2, .stride = DIMS(4, 1),
                    .sdims = DIMS(6), .sndim = 1, .data = g_buf);
    expect_rejected("storageDims", "6", .dims = DIMS(3), .ndim = 1, .stride = DIMS(3),
                    .sdims = DIMS(6), .sndim = 1, .data = g_buf);
    /* Transposed view of a 2x3 storage read with the wrong strides. */
    expect_rejected("storageDims", "6", .dims = DIMS(3, 2), .ndim = 2, .stride = DIMS(1, 4),
                    .sdims = DIMS(2, 3), .sndim = 2, .data = g_buf);
}

/* storageDims non-NULL with storageDimsNum 0 is a one-element storage. */
static void create_tensor_rank_0_storage_holds_one_element(void **state)
{
    (void)state;
    const int64_t unused = 1234;
    expect_accepted(.ndim = 0, .sdims = &unused, .sndim = 0, .data = g_buf);
    expect_accepted(.dims = DIMS(1), .ndim = 1, .sdims = &unused, .sndim = 0, .data = g_buf);
    expect_accepted(.dims = DIMS(5), .ndim = 1, .stride = DIMS(0), .sdims = &unused, .sndim = 0,
                    .data = g_buf);
    expect_rejected("storageDims", "1", .dims = DIMS(2), .ndim = 1, .sdims = &unused, .sndim = 0,
                    .data = g_buf);
    expect_rejected("storageDims", "1", .ndim = 0, .offset = 1, .sdims = &unused, .sndim = 0,
                    .data = g_buf);
}

/* CANN's aclCreateTensor takes any aclDataType value; the operators reject it
 * (ops-nn's test_selubackward_dataType_error builds ACL_DT_UNDEFINED and
 * ACL_STRING tensors and expects ACLNN_ERR_PARAM_INVALID from the operator).
 * Types without a byte size keep every query working, and the storage bound
 * is still checked in elements. */
static void create_tensor_accepts_any_dtype_value(void **state)
{
    (void)state;
    static const int odd[] = {ACL_DT_UNDEFINED, ACL_STRING, ACL_INT4, ACL_UINT1, 5, 14, 15,
                              18, 26, 28, 31, 32, 34, 99, -2};
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        aclDataType dt = (aclDataType)odd[i];
        aclTensor *t = aclCreateTensor(DIMS(2, 3), 2, dt, NULL, 1, ACL_FORMAT_ND, DIMS(7), 1, g_buf);
        if (t == NULL) {
            fail_msg("dtype %d rejected: %s", odd[i], aclGetRecentErrMsg());
        }
        aclDataType got = ACL_FLOAT;
        assert_int_equal(aclGetDataType(t, &got), ACLNN_SUCCESS);
        assert_int_equal(got, dt);
        assert_view_shape(t, DIMS(2, 3), 2);
        assert_view_strides(t, DIMS(3, 1), 2);
        assert_storage_shape(t, DIMS(7), 1);
        int64_t off = -1;
        assert_int_equal(aclGetViewOffset(t, &off), ACLNN_SUCCESS);
        assert_int_equal(off, 1);
        assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
        /* the view (elements 1..6) must still lie inside storageDims */
        expect_rejected("storageDims", "6", .dims = DIMS(2, 3), .ndim = 2, .dt = dt, .offset = 1,
                        .sdims = DIMS(6), .sndim = 1, .data = g_buf);
    }
}

static void create_tensor_rejects_rank_33(void **state)
{
    (void)state;
    int64_t ones[33];
    for (int i = 0; i < 33; i++) {
        ones[i] = 1;
    }
    expect_rejected("viewDimsNum", "33", .dims = ones, .ndim = 33, .data = g_buf);
    expect_rejected("storageDimsNum", "33", .dims = ones, .ndim = 1, .sdims = ones, .sndim = 33,
                    .data = g_buf);
    expect_rejected("viewDimsNum", "18446744073709551615", .dims = ones, .ndim = UINT64_MAX,
                    .data = g_buf);
}

static void create_tensor_rejects_null_data_for_non_empty(void **state)
{
    (void)state;
    expect_rejected("tensorData", "NULL", .dims = DIMS(2, 3), .ndim = 2, .data = NULL);
    /* Rank 0 is one element, not empty. */
    expect_rejected("tensorData", "NULL", .ndim = 0, .data = NULL);
    expect_rejected("tensorData", "NULL", .dims = DIMS(1), .ndim = 1, .data = NULL);
}

/* ---- aclCreateTensor: accepted shapes ------------------------------------------- */

static void create_tensor_accepts_rank_0_with_null_dims(void **state)
{
    (void)state;
    float x = 3.0f;
    aclTensor *t = aclCreateTensor(NULL, 0, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, &x);
    assert_non_null(t);
    int64_t sentinel = 1;
    int64_t *arr = &sentinel;
    uint64_t n = 99;
    assert_int_equal(aclGetViewShape(t, &arr, &n), ACLNN_SUCCESS);
    assert_null(arr);
    assert_int_equal(n, 0);
    arr = &sentinel;
    n = 99;
    assert_int_equal(aclGetViewStrides(t, &arr, &n), ACLNN_SUCCESS);
    assert_null(arr);
    assert_int_equal(n, 0);
    int64_t off = 99;
    assert_int_equal(aclGetViewOffset(t, &off), ACLNN_SUCCESS);
    assert_int_equal(off, 0);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);

    /* A non-NULL dims pointer with rank 0 is the same scalar tensor. */
    const int64_t ignored = -7;
    t = aclCreateTensor(&ignored, 0, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, &x);
    assert_non_null(t);
    assert_view_shape(t, NULL, 0);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
    assert_float_equal(x, 3.0f, 0.0f);
}

static void create_tensor_accepts_empty_tensor_with_null_data(void **state)
{
    (void)state;
    aclTensor *t =
        aclCreateTensor(DIMS(2, 0, 3), 3, ACL_FLOAT16, NULL, 0, ACL_FORMAT_ND, NULL, 0, NULL);
    assert_non_null(t);
    assert_view_shape(t, DIMS(2, 0, 3), 3);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);

    expect_accepted(.dims = DIMS(0), .ndim = 1, .sdims = DIMS(0), .sndim = 1);
    expect_accepted(.dims = DIMS(4, 0), .ndim = 2, .stride = DIMS(0, 0));
    /* An empty view reaches no element, so a zero-size storage bounds it. */
    expect_accepted(.dims = DIMS(3, 0), .ndim = 2, .sdims = DIMS(0), .sndim = 1, .data = g_buf);
}

static void create_tensor_accepts_zero_stride_broadcast_view(void **state)
{
    (void)state;
    float row[3] = {1, 2, 3};
    aclTensor *t =
        aclCreateTensor(DIMS(4, 3), 2, ACL_FLOAT, DIMS(0, 1), 0, ACL_FORMAT_ND, DIMS(3), 1, row);
    assert_non_null(t);
    assert_view_shape(t, DIMS(4, 3), 2);
    assert_view_strides(t, DIMS(0, 1), 2);
    assert_storage_shape(t, DIMS(3), 1);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);

    expect_accepted(.dims = DIMS(5), .ndim = 1, .stride = DIMS(0), .sdims = DIMS(1), .sndim = 1,
                    .data = g_buf);
    expect_accepted(.dims = DIMS(1000000, 1000000), .ndim = 2, .stride = DIMS(0, 0),
                    .sdims = DIMS(1), .sndim = 1, .data = g_buf);
}

static void create_tensor_accepts_transposed_strides(void **state)
{
    (void)state;
    aclTensor *t = aclCreateTensor(DIMS(3, 2), 2, ACL_FLOAT, DIMS(1, 3), 0, ACL_FORMAT_ND,
                                   DIMS(2, 3), 2, g_buf);
    assert_non_null(t);
    assert_view_shape(t, DIMS(3, 2), 2);
    assert_view_strides(t, DIMS(1, 3), 2);
    assert_storage_shape(t, DIMS(2, 3), 2);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);

    /* 2x3x4 permuted to 4x2x3. */
    expect_accepted(.dims = DIMS(4, 2, 3), .ndim = 3, .stride = DIMS(1, 12, 4), .sdims = DIMS(24),
                    .sndim = 1, .data = g_buf);
}

static void create_tensor_view_exactly_filling_storage_is_accepted(void **state)
{
    (void)state;
    expect_accepted(.dims = DIMS(2, 3), .ndim = 2, .sdims = DIMS(6), .sndim = 1, .data = g_buf);
    expect_accepted(.dims = DIMS(6), .ndim = 1, .sdims = DIMS(2, 3), .sndim = 2, .data = g_buf);
    expect_accepted(.dims = DIMS(3), .ndim = 1, .stride = DIMS(2), .offset = 1, .sdims = DIMS(6),
                    .sndim = 1, .data = g_buf);
    expect_accepted(.dims = DIMS(5), .ndim = 1, .offset = 1, .sdims = DIMS(6), .sndim = 1,
                    .data = g_buf);
    expect_accepted(.ndim = 0, .offset = 5, .sdims = DIMS(6), .sndim = 1, .data = g_buf);
    expect_accepted(.dims = DIMS(2, 3), .ndim = 2, .stride = DIMS(3, 1), .sdims = DIMS(1, 2, 3),
                    .sndim = 3, .data = g_buf);
}

static void create_tensor_accepts_rank_32(void **state)
{
    (void)state;
    int64_t dims[32];
    for (int i = 0; i < 32; i++) {
        dims[i] = i < 5 ? 2 : 1;
    }
    aclTensor *t = aclCreateTensor(dims, 32, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, dims, 32, g_buf);
    assert_non_null(t);
    assert_view_shape(t, dims, 32);
    assert_storage_shape(t, dims, 32);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
}

static void null_stride_reports_row_major_contiguous_strides(void **state)
{
    (void)state;
    static const struct {
        int64_t dims[4];
        uint64_t n;
        int64_t want[4];
    } cases[] = {
        {{2, 3, 4}, 3, {12, 4, 1}},       {{5}, 1, {1}},
        {{2, 1, 3}, 3, {3, 3, 1}},        {{1, 1}, 2, {1, 1}},
        {{7, 5, 3, 2}, 4, {30, 6, 2, 1}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        aclTensor *t = aclCreateTensor(cases[i].dims, cases[i].n, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND,
                                       NULL, 0, g_buf);
        assert_non_null(t);
        assert_view_strides(t, cases[i].want, cases[i].n);
        assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
    }
}

static void create_tensor_accepts_every_whole_byte_dtype(void **state)
{
    (void)state;
    static const aclDataType ok[] = {ACL_FLOAT,     ACL_FLOAT16,    ACL_INT8,   ACL_INT32,
                                     ACL_UINT8,     ACL_INT16,      ACL_UINT16, ACL_UINT32,
                                     ACL_INT64,     ACL_UINT64,     ACL_DOUBLE, ACL_BOOL,
                                     ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16,   ACL_COMPLEX32};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        aclTensor *t =
            aclCreateTensor(DIMS(2, 2), 2, ok[i], NULL, 0, ACL_FORMAT_ND, DIMS(4), 1, g_buf);
        if (t == NULL) {
            fail_msg("dtype %d rejected: %s", (int)ok[i], aclGetRecentErrMsg());
        }
        aclDataType got = ACL_DT_UNDEFINED;
        assert_int_equal(aclGetDataType(t, &got), ACLNN_SUCCESS);
        assert_int_equal(got, ok[i]);
        assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
    }
}

static void create_tensor_accepts_every_format_as_label(void **state)
{
    (void)state;
    static const aclFormat formats[] = {
        ACL_FORMAT_UNDEFINED, ACL_FORMAT_NCHW,       ACL_FORMAT_NHWC,        ACL_FORMAT_ND,
        ACL_FORMAT_NC1HWC0,   ACL_FORMAT_FRACTAL_Z,  ACL_FORMAT_NC1HWC0_C04, ACL_FORMAT_HWCN,
        ACL_FORMAT_NDHWC,     ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_NCDHW,       ACL_FORMAT_NDC1HWC0,
        ACL_FRACTAL_Z_3D,     ACL_FORMAT_NC,         ACL_FORMAT_NCL};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        aclTensor *t =
            aclCreateTensor(DIMS(1, 2, 3, 4), 4, ACL_FLOAT, NULL, 0, formats[i], NULL, 0, g_buf);
        if (t == NULL) {
            fail_msg("format %d rejected: %s", (int)formats[i], aclGetRecentErrMsg());
        }
        aclFormat got = (aclFormat)12345;
        assert_int_equal(aclGetFormat(t, &got), ACLNN_SUCCESS);
        assert_int_equal(got, formats[i]);
        /* Every format is read as ND: the strides are row-major. */
        assert_view_strides(t, DIMS(24, 12, 4, 1), 4);
        assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
    }
}

/* ---- view queries --------------------------------------------------------------- */

static void view_getters_round_trip_every_field(void **state)
{
    (void)state;
    aclTensor *t = aclCreateTensor(DIMS(2, 3, 4), 3, ACL_BF16, DIMS(1, 2, 6), 5, ACL_FORMAT_NCL,
                                   DIMS(4, 10), 2, g_buf);
    assert_non_null(t);
    assert_view_shape(t, DIMS(2, 3, 4), 3);
    assert_view_strides(t, DIMS(1, 2, 6), 3);
    assert_storage_shape(t, DIMS(4, 10), 2);
    int64_t off = -1;
    assert_int_equal(aclGetViewOffset(t, &off), ACLNN_SUCCESS);
    assert_int_equal(off, 5);
    aclDataType dt = ACL_DT_UNDEFINED;
    assert_int_equal(aclGetDataType(t, &dt), ACLNN_SUCCESS);
    assert_int_equal(dt, ACL_BF16);
    aclFormat fmt = ACL_FORMAT_UNDEFINED;
    assert_int_equal(aclGetFormat(t, &fmt), ACLNN_SUCCESS);
    assert_int_equal(fmt, ACL_FORMAT_NCL);
    /* Each query hands out a fresh copy. */
    int64_t *a = NULL;
    int64_t *b = NULL;
    uint64_t na = 0;
    uint64_t nb = 0;
    assert_int_equal(aclGetViewShape(t, &a, &na), ACLNN_SUCCESS);
    a[0] = 999;
    assert_int_equal(aclGetViewShape(t, &b, &nb), ACLNN_SUCCESS);
    assert_true(a != b);
    assert_int_equal(b[0], 2);
    free(a);
    free(b);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
}

static void create_tensor_copies_caller_arrays(void **state)
{
    (void)state;
    int64_t dims[2] = {2, 3};
    int64_t strides[2] = {1, 2};
    int64_t storage[1] = {6};
    aclTensor *t =
        aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, g_buf);
    assert_non_null(t);
    dims[0] = 77;
    dims[1] = 78;
    strides[0] = 79;
    strides[1] = 80;
    storage[0] = 81;
    assert_view_shape(t, DIMS(2, 3), 2);
    assert_view_strides(t, DIMS(1, 2), 2);
    assert_storage_shape(t, DIMS(6), 1);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
}

static void view_getters_reject_null_tensor_and_outputs(void **state)
{
    (void)state;
    aclTensor *t = aclCreateTensor(DIMS(2), 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, g_buf);
    assert_non_null(t);
    int64_t sentinel = 42;
    int64_t *arr = &sentinel;
    uint64_t n = 99;
    int64_t off = 99;
    aclDataType dt = ACL_DT_UNDEFINED;
    aclFormat fmt = ACL_FORMAT_UNDEFINED;

    set_unrelated_error();
    assert_int_equal(aclGetViewShape(NULL, &arr, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_msg("aclGetViewShape", "tensor", NULL);
    assert_int_equal(aclGetViewShape(t, NULL, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclGetViewShape(t, &arr, NULL), ACLNN_ERR_PARAM_NULLPTR);
    set_unrelated_error();
    assert_int_equal(aclGetViewStrides(NULL, &arr, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_msg("aclGetViewStrides", "tensor", NULL);
    assert_int_equal(aclGetViewStrides(t, NULL, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclGetViewStrides(t, &arr, NULL), ACLNN_ERR_PARAM_NULLPTR);
    set_unrelated_error();
    assert_int_equal(aclGetStorageShape(NULL, &arr, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_msg("aclGetStorageShape", "tensor", NULL);
    assert_int_equal(aclGetStorageShape(t, NULL, &n), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclGetStorageShape(t, &arr, NULL), ACLNN_ERR_PARAM_NULLPTR);
    set_unrelated_error();
    assert_int_equal(aclGetViewOffset(NULL, &off), ACLNN_ERR_PARAM_NULLPTR);
    assert_msg("aclGetViewOffset", "tensor", NULL);
    assert_int_equal(aclGetViewOffset(t, NULL), ACLNN_ERR_PARAM_NULLPTR);
    set_unrelated_error();
    assert_int_equal(aclGetDataType(NULL, &dt), ACLNN_ERR_PARAM_NULLPTR);
    assert_msg("aclGetDataType", "tensor", NULL);
    assert_int_equal(aclGetDataType(t, NULL), ACLNN_ERR_PARAM_NULLPTR);
    set_unrelated_error();
    assert_int_equal(aclGetFormat(NULL, &fmt), ACLNN_ERR_PARAM_NULLPTR);
    assert_msg("aclGetFormat", "tensor", NULL);
    assert_int_equal(aclGetFormat(t, NULL), ACLNN_ERR_PARAM_NULLPTR);

    /* Outputs untouched on failure. */
    assert_ptr_equal(arr, &sentinel);
    assert_int_equal(sentinel, 42);
    assert_int_equal(n, 99);
    assert_int_equal(off, 99);
    assert_int_equal(dt, ACL_DT_UNDEFINED);
    assert_int_equal(fmt, ACL_FORMAT_UNDEFINED);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
}

/* ---- aclDestroyTensor --------------------------------------------------------------- */

static void destroy_tensor_null_is_nullptr(void **state)
{
    (void)state;
    assert_int_equal(aclDestroyTensor(NULL), ACLNN_ERR_PARAM_NULLPTR);
    assert_msg("aclDestroyTensor", "tensor", NULL);
}

static void destroy_tensor_never_frees_user_memory(void **state)
{
    (void)state;
    enum { N = 64 };
    /* malloc'ed data: under ASan a library free() shows up as use-after-free here
     * or as a double free below. */
    float *heap = malloc(N * sizeof *heap);
    assert_non_null(heap);
    aclTensor *t = aclCreateTensor(DIMS(8, 8), 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, heap);
    assert_non_null(t);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
    for (int i = 0; i < N; i++) {
        heap[i] = (float)i;
    }
    for (int i = 0; i < N; i++) {
        assert_float_equal(heap[i], (float)i, 0.0f);
    }
    free(heap);

    /* aclrtMalloc'ed data stays registered: aclrtFree still accepts it. */
    void *dev = NULL;
    assert_int_equal(aclrtMalloc(&dev, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    t = aclCreateTensor(DIMS(N), 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, dev);
    assert_non_null(t);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
    memset(dev, 0x3C, N * sizeof(float));
    assert_int_equal(aclrtFree(dev), ACL_SUCCESS);

    /* Stack data: freeing it would be reported by ASan as a bad free. */
    int32_t local[4] = {1, 2, 3, 4};
    t = aclCreateTensor(DIMS(4), 1, ACL_INT32, NULL, 0, ACL_FORMAT_ND, NULL, 0, local);
    assert_non_null(t);
    assert_int_equal(aclDestroyTensor(t), ACLNN_SUCCESS);
    local[3] = 40;
    assert_int_equal(local[0] + local[1] + local[2] + local[3], 46);
}

static void tensors_sharing_data_are_independent(void **state)
{
    (void)state;
    aclTensor *a = aclCreateTensor(DIMS(4), 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, g_buf);
    aclTensor *b =
        aclCreateTensor(DIMS(2, 2), 2, ACL_FLOAT, NULL, 1, ACL_FORMAT_NCHW, NULL, 0, g_buf);
    assert_non_null(a);
    assert_non_null(b);
    assert_true(a != b);
    assert_int_equal(aclDestroyTensor(a), ACLNN_SUCCESS);
    assert_view_shape(b, DIMS(2, 2), 2);
    int64_t off = 0;
    assert_int_equal(aclGetViewOffset(b, &off), ACLNN_SUCCESS);
    assert_int_equal(off, 1);
    assert_int_equal(aclDestroyTensor(b), ACLNN_SUCCESS);
}

/* ---- aclCreateScalar ------------------------------------------------------------------- */

typedef union {
    float f;
    double d;
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    bool b;
    unsigned char bytes[16];
} scalar_value;

static void create_scalar_accepts_every_real_dtype(void **state)
{
    (void)state;
    static const aclDataType real[] = {ACL_FLOAT,  ACL_FLOAT16, ACL_BF16,  ACL_DOUBLE, ACL_INT8,
                                       ACL_INT16,  ACL_INT32,   ACL_INT64, ACL_UINT8,  ACL_UINT16,
                                       ACL_UINT32, ACL_UINT64,  ACL_BOOL};
    for (size_t i = 0; i < sizeof real / sizeof real[0]; i++) {
        scalar_value v;
        memset(&v, 0, sizeof v);
        v.bytes[0] = 1;
        aclScalar *s = aclCreateScalar(&v, real[i]);
        if (s == NULL) {
            fail_msg("dtype %d rejected: %s", (int)real[i], aclGetRecentErrMsg());
        }
        assert_int_equal(aclDestroyScalar(s), ACLNN_SUCCESS);
    }
}

static void create_scalar_rejects_non_real_dtypes(void **state)
{
    (void)state;
    static const struct {
        int dt;
        const char *text;
    } bad[] = {{ACL_STRING, "13"},
               {ACL_COMPLEX64, "16"},
               {ACL_COMPLEX128, "17"},
               {ACL_COMPLEX32, "33"},
               {ACL_DT_UNDEFINED, "-1"},
               {ACL_INT4, "29"},
               {ACL_UINT1, "30"},
               {99, "99"},
               {5, "5"}};
    scalar_value v;
    memset(&v, 0, sizeof v);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        set_unrelated_error();
        aclScalar *s = aclCreateScalar(&v, (aclDataType)bad[i].dt);
        if (s != NULL) {
            aclDestroyScalar(s);
            fail_msg("dtype %d accepted", bad[i].dt);
        }
        assert_msg("aclCreateScalar", "dataType", bad[i].text);
    }
}

static void create_scalar_rejects_null_value(void **state)
{
    (void)state;
    set_unrelated_error();
    assert_null(aclCreateScalar(NULL, ACL_FLOAT));
    assert_msg("aclCreateScalar", "value", "NULL");
    assert_null(aclCreateScalar(NULL, ACL_STRING));
}

static void destroy_scalar_null_is_nullptr(void **state)
{
    (void)state;
    set_unrelated_error();
    assert_int_equal(aclDestroyScalar(NULL), ACLNN_ERR_PARAM_NULLPTR);
    assert_msg("aclDestroyScalar", "scalar", NULL);
}

static float scalar_as_float(const scalar_value *v, aclDataType dt)
{
    aclScalar *s = aclCreateScalar((void *)(uintptr_t)v, dt);
    assert_non_null(s);
    const float f = opsnn_scalar_to_float(s);
    assert_int_equal(aclDestroyScalar(s), ACLNN_SUCCESS);
    return f;
}

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static uint32_t scalar_as_bits(const scalar_value *v, aclDataType dt)
{
    return bits(scalar_as_float(v, dt));
}

/* The value is copied at creation and read as float with round-to-nearest-even. */
static void create_scalar_copies_value_and_converts_to_float(void **state)
{
    (void)state;
    scalar_value v = {.f = 2.5f};
    aclScalar *s = aclCreateScalar(&v, ACL_FLOAT);
    assert_non_null(s);
    v.f = 7.0f;
    assert_int_equal(bits(opsnn_scalar_to_float(s)), bits(2.5f));
    assert_int_equal(aclDestroyScalar(s), ACLNN_SUCCESS);

    v = (scalar_value){.d = 0.1};
    assert_int_equal(bits(scalar_as_float(&v, ACL_DOUBLE)), 0x3DCCCCCDu);
    v = (scalar_value){.d = 1.0 + 0x1p-24}; /* tie -> even 1.0 */
    assert_int_equal(bits(scalar_as_float(&v, ACL_DOUBLE)), bits(1.0f));
    v = (scalar_value){.i8 = -5};
    assert_int_equal(bits(scalar_as_float(&v, ACL_INT8)), bits(-5.0f));
    v = (scalar_value){.i16 = -32768};
    assert_int_equal(bits(scalar_as_float(&v, ACL_INT16)), bits(-32768.0f));
    v = (scalar_value){.i32 = 16777217}; /* tie -> even 16777216 */
    assert_int_equal(bits(scalar_as_float(&v, ACL_INT32)), bits(16777216.0f));
    v = (scalar_value){.i64 = INT64_MIN};
    assert_int_equal(bits(scalar_as_float(&v, ACL_INT64)), 0xDF000000u);
    v = (scalar_value){.u8 = 255};
    assert_int_equal(bits(scalar_as_float(&v, ACL_UINT8)), bits(255.0f));
    v = (scalar_value){.u16 = 65535};
    assert_int_equal(bits(scalar_as_float(&v, ACL_UINT16)), bits(65535.0f));
    v = (scalar_value){.u32 = UINT32_MAX};
    assert_int_equal(bits(scalar_as_float(&v, ACL_UINT32)), bits(4294967296.0f));
    v = (scalar_value){.u64 = UINT64_MAX};
    assert_int_equal(bits(scalar_as_float(&v, ACL_UINT64)), 0x5F800000u);
    v = (scalar_value){.b = true};
    assert_int_equal(bits(scalar_as_float(&v, ACL_BOOL)), bits(1.0f));
    v = (scalar_value){.b = false};
    assert_int_equal(bits(scalar_as_float(&v, ACL_BOOL)), bits(0.0f));
    v = (scalar_value){.u16 = 0xC500}; /* fp16 -5.0 */
    assert_int_equal(bits(scalar_as_float(&v, ACL_FLOAT16)), bits(-5.0f));
    v = (scalar_value){.u16 = 0x3FC0}; /* bf16 1.5 */
    assert_int_equal(bits(scalar_as_float(&v, ACL_BF16)), bits(1.5f));
    v = (scalar_value){.f = -0.0f};
    assert_int_equal(bits(scalar_as_float(&v, ACL_FLOAT)), 0x80000000u);
    v = (scalar_value){.f = NAN};
    assert_true(isnan(scalar_as_float(&v, ACL_FLOAT)));
    /* a float32 NaN keeps sign and payload and comes out quiet, as a float
     * conversion gives it; a quiet one, infinities and subnormals unchanged */
    v = (scalar_value){.u32 = 0xFF800123u}; /* -sNaN, payload 0x123 */
    assert_int_equal(scalar_as_bits(&v, ACL_FLOAT), 0xFFC00123u);
    v = (scalar_value){.u32 = 0x7FC00001u};
    assert_int_equal(scalar_as_bits(&v, ACL_FLOAT), 0x7FC00001u);
    v = (scalar_value){.u32 = 0x7F800000u};
    assert_int_equal(scalar_as_bits(&v, ACL_FLOAT), 0x7F800000u);
    v = (scalar_value){.u32 = 0x80000001u};
    assert_int_equal(scalar_as_bits(&v, ACL_FLOAT), 0x80000001u);
    /* the double path quiets the same way */
    v = (scalar_value){.u64 = 0xFFF0000000000001ull};
    assert_int_equal(scalar_as_bits(&v, ACL_DOUBLE) & 0xFFC00000u, 0xFFC00000u);
}

/* ---- int / float / bool arrays ---------------------------------------------------------- */

static void arrays_create_and_destroy(void **state)
{
    (void)state;
    const int64_t ints[3] = {1, -2, INT64_MAX};
    const float floats[2] = {0.5f, -1.0f};
    const bool bools[4] = {true, false, true, true};
    aclIntArray *ia = aclCreateIntArray(ints, 3);
    aclFloatArray *fa = aclCreateFloatArray(floats, 2);
    aclBoolArray *ba = aclCreateBoolArray(bools, 4);
    assert_non_null(ia);
    assert_non_null(fa);
    assert_non_null(ba);
    assert_int_equal(aclDestroyIntArray(ia), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyFloatArray(fa), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyBoolArray(ba), ACLNN_SUCCESS);
}

static void arrays_null_value_with_nonzero_size_is_rejected(void **state)
{
    (void)state;
    set_unrelated_error();
    assert_null(aclCreateIntArray(NULL, 3));
    assert_msg("aclCreateIntArray", "value", "3");
    set_unrelated_error();
    assert_null(aclCreateFloatArray(NULL, 2));
    assert_msg("aclCreateFloatArray", "value", "2");
    set_unrelated_error();
    assert_null(aclCreateBoolArray(NULL, 4));
    assert_msg("aclCreateBoolArray", "value", "4");
}

static void arrays_with_overflowing_size_are_rejected(void **state)
{
    (void)state;
    const int64_t one = 1;
    const float onef = 1.0f;
    const bool oneb = true;
    assert_null(aclCreateIntArray(&one, UINT64_MAX / 4));
    assert_msg("aclCreateIntArray", "size", NULL);
    assert_null(aclCreateFloatArray(&onef, UINT64_MAX / 2));
    assert_msg("aclCreateFloatArray", "size", NULL);
    assert_null(aclCreateBoolArray(&oneb, UINT64_MAX));
    assert_msg("aclCreateBoolArray", "size", NULL);
}

static void destroy_arrays_null_is_nullptr(void **state)
{
    (void)state;
    set_unrelated_error();
    assert_int_equal(aclDestroyIntArray(NULL), ACLNN_ERR_PARAM_NULLPTR);
    assert_msg("aclDestroyIntArray", "array", NULL);
    set_unrelated_error();
    assert_int_equal(aclDestroyFloatArray(NULL), ACLNN_ERR_PARAM_NULLPTR);
    assert_msg("aclDestroyFloatArray", "array", NULL);
    set_unrelated_error();
    assert_int_equal(aclDestroyBoolArray(NULL), ACLNN_ERR_PARAM_NULLPTR);
    assert_msg("aclDestroyBoolArray", "array", NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(create_tensor_rejects_negative_view_dim),
        cmocka_unit_test(create_tensor_rejects_negative_storage_dim),
        cmocka_unit_test(create_tensor_rejects_negative_stride),
        cmocka_unit_test(create_tensor_rejects_negative_offset),
        cmocka_unit_test(create_tensor_rejects_dims_product_overflowing_int64),
        cmocka_unit_test(create_tensor_rejects_byte_size_overflow),
        cmocka_unit_test(create_tensor_accepts_huge_view_whose_bytes_fit),
        cmocka_unit_test(create_tensor_rejects_stride_extent_overflow),
        cmocka_unit_test(create_tensor_rejects_last_element_at_int64_max),
        cmocka_unit_test(create_tensor_rejects_null_view_dims_with_nonzero_rank),
        cmocka_unit_test(create_tensor_rejects_view_outside_storage_by_one_element),
        cmocka_unit_test(create_tensor_rejects_view_outside_storage_via_offset),
        cmocka_unit_test(create_tensor_rejects_view_outside_storage_via_stride),
        cmocka_unit_test(create_tensor_rank_0_storage_holds_one_element),
        cmocka_unit_test(create_tensor_accepts_any_dtype_value),
        cmocka_unit_test(create_tensor_rejects_rank_33),
        cmocka_unit_test(create_tensor_rejects_null_data_for_non_empty),
        cmocka_unit_test(create_tensor_accepts_rank_0_with_null_dims),
        cmocka_unit_test(create_tensor_accepts_empty_tensor_with_null_data),
        cmocka_unit_test(create_tensor_accepts_zero_stride_broadcast_view),
        cmocka_unit_test(create_tensor_accepts_transposed_strides),
        cmocka_unit_test(create_tensor_view_exactly_filling_storage_is_accepted),
        cmocka_unit_test(create_tensor_accepts_rank_32),
        cmocka_unit_test(null_stride_reports_row_major_contiguous_strides),
        cmocka_unit_test(create_tensor_accepts_every_whole_byte_dtype),
        cmocka_unit_test(create_tensor_accepts_every_format_as_label),
        cmocka_unit_test(view_getters_round_trip_every_field),
        cmocka_unit_test(create_tensor_copies_caller_arrays),
        cmocka_unit_test(view_getters_reject_null_tensor_and_outputs),
        cmocka_unit_test(destroy_tensor_null_is_nullptr),
        cmocka_unit_test(destroy_tensor_never_frees_user_memory),
        cmocka_unit_test(tensors_sharing_data_are_independent),
        cmocka_unit_test(create_scalar_accepts_every_real_dtype),
        cmocka_unit_test(create_scalar_rejects_non_real_dtypes),
        cmocka_unit_test(create_scalar_rejects_null_value),
        cmocka_unit_test(destroy_scalar_null_is_nullptr),
        cmocka_unit_test(create_scalar_copies_value_and_converts_to_float),
        cmocka_unit_test(arrays_create_and_destroy),
        cmocka_unit_test(arrays_null_value_with_nonzero_size_is_rejected),
        cmocka_unit_test(arrays_with_overflowing_size_are_rejected),
        cmocka_unit_test(destroy_arrays_null_is_nullptr),
    };
    return cmocka_run_group_tests_name("tensor", tests, NULL, NULL);
}
