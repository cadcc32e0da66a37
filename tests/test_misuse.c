/*
 * test_misuse.c - executor and workspace misuse yields a status code, never a
 * crash, a write or a leak (docs/dev/testing.md, "Misuse").
 *
 * The executor registry (src/executor/handle.c) answers for every executor
 * pointer before it is dereferenced, in release and debug builds alike: the CI
 * runs this suite in a RelWithDebInfo (NDEBUG) gcc build and in a Debug
 * clang + ASan + UBSan build, where any use of freed memory would abort.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "common/alloc.h"
#include "fuzz/model.h"

#define N 8

typedef struct {
    float g[N + 4], x[N], y[N];
    aclTensor *tg, *tx, *ty;
    aclScalar *lambda;
    aclOpExecutor *ex;
    uint64_t ws;
} fixture;

static const float seed_g[N] = {0, 1, 2, 3, 4, 5, 6, 7};
static const float seed_x[N] = {1, 1, 1, 2, 1, 2, 3, 3};
/* the softshrink seed example, lambda 1.2 */
static const float seed_softshrink[N] = {0, 0, 0, 3, 0, 5, 6, 7};

static long live_at_setup;

static int assert_prefix(const char *msg, const char *prefix)
{
    if (strncmp(msg, prefix, strlen(prefix)) != 0) {
        fail_msg("message \"%s\" should start with \"%s\"", msg, prefix);
    }
    return 1;
}

/* Each registry allocates its table on first use; count live blocks after. */
static int setup(void **state)
{
    (void)state;
    void *p = NULL;
    aclrtMalloc(&p, 64, ACL_MEM_MALLOC_NORMAL_ONLY);
    aclrtFree(p);
    aclrtStream s;
    aclrtCreateStream(&s);
    aclrtDestroyStream(s);
    float v = 0.0f;
    int64_t dims[1] = {1};
    aclTensor *t = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, &v);
    uint64_t ws;
    aclOpExecutor *ex;
    aclnnSeluBackwardGetWorkspaceSize(t, t, t, &ws, &ex);
    aclDestroyAclOpExecutor(ex);
    aclDestroyTensor(t);
    live_at_setup = opsnn_test_alloc_live();
    return 0;
}

/* Every test must give back everything it took. */
static int teardown(void **state)
{
    (void)state;
    assert_int_equal(opsnn_test_alloc_live(), live_at_setup);
    return 0;
}

/* Softshrink on the seed example; y_offset > 0 puts gradInput inside
 * gradOutput's storage, shifted, which needs a workspace. */
static void make_softshrink(fixture *f, int y_offset)
{
    int64_t dims[2] = {4, 2};
    memset(f, 0, sizeof *f);
    memcpy(f->g, seed_g, sizeof seed_g);
    memcpy(f->x, seed_x, sizeof seed_x);
    float lambd = 1.2f;
    f->tg = aclCreateTensor(dims, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, f->g);
    f->tx = aclCreateTensor(dims, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, f->x);
    f->ty = aclCreateTensor(dims, 2, ACL_FLOAT, NULL, y_offset, ACL_FORMAT_ND, NULL, 0,
                            y_offset > 0 ? (void *)f->g : (void *)f->y);
    f->lambda = aclCreateScalar(&lambd, ACL_FLOAT);
    assert_non_null(f->tg);
    assert_non_null(f->ty);
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(f->tg, f->tx, f->lambda, f->ty,
                                                             &f->ws, &f->ex),
                     ACLNN_SUCCESS);
}

static void destroy_descriptors(fixture *f)
{
    assert_int_equal(aclDestroyTensor(f->tg), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyTensor(f->tx), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyTensor(f->ty), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyScalar(f->lambda), ACLNN_SUCCESS);
}

static void assert_floats(const float *got, const float *want, int n)
{
    for (int i = 0; i < n; i++) {
        if (memcmp(&got[i], &want[i], sizeof got[i]) != 0) {
            fail_msg("element %d: got %g, want %g", i, (double)got[i], (double)want[i]);
        }
    }
}

static void single_use_executor_run_twice_is_param_invalid_and_writes_nothing(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_SUCCESS);
    assert_floats(f.y, seed_softshrink, N);
    memset(f.y, 0x5A, sizeof f.y);
    float canary[N];
    memcpy(canary, f.y, sizeof canary);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    const char *msg = aclGetRecentErrMsg(); /* obtains and clears: read once */
    assert_prefix(msg, "aclnnSoftshrinkBackward: executor ");
    assert_non_null(strstr(msg, "is not live"));
    assert_memory_equal(f.y, canary, sizeof canary);
    destroy_descriptors(&f);
}

static void selu_single_use_executor_run_twice_is_param_invalid(void **state)
{
    (void)state;
    float g[N] = {1, 1, 1, 1, 1, 1, 1, 1}, r[N] = {-2, -1, 0, 1, 2, 3, -0.5f, 0.5f}, y[N];
    int64_t dims[1] = {N};
    aclTensor *tg = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, g);
    aclTensor *tr = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, r);
    aclTensor *ty = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, y);
    uint64_t ws;
    aclOpExecutor *ex;
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(tg, tr, ty, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclnnSeluBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    for (int i = 0; i < N; i++) {
        float want = tu_selu_f32(g[i], r[i]);
        assert_memory_equal(&y[i], &want, sizeof want);
    }
    assert_int_equal(aclnnSeluBackward(NULL, 0, ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclnnSeluBackward: executor ");
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(ty);
}

static void destroying_a_run_single_use_executor_is_param_invalid(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyAclOpExecutor(f.ex), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclDestroyAclOpExecutor: executor ");
    destroy_descriptors(&f);
}

static void destroying_an_unrun_single_use_executor_frees_it(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    assert_int_equal(aclDestroyAclOpExecutor(f.ex), ACLNN_SUCCESS);
    memset(f.y, 0x5A, sizeof f.y);
    unsigned char canary[sizeof f.y];
    memset(canary, 0x5A, sizeof canary);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclDestroyAclOpExecutor(f.ex), ACLNN_ERR_PARAM_INVALID);
    assert_memory_equal(f.y, canary, sizeof canary);
    destroy_descriptors(&f); /* teardown checks nothing stayed live */
}

static void destroying_a_repeatable_executor_twice_is_param_invalid(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    assert_int_equal(aclSetAclOpExecutorRepeatable(f.ex), ACLNN_SUCCESS);
    for (int run = 0; run < 3; run++) {
        memset(f.y, 0, sizeof f.y);
        assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_SUCCESS);
        assert_floats(f.y, seed_softshrink, N);
    }
    assert_int_equal(aclDestroyAclOpExecutor(f.ex), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyAclOpExecutor(f.ex), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    destroy_descriptors(&f);
}

static void stale_executor_is_refused_by_every_executor_call(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_SUCCESS);
    float other[N];
    assert_int_equal(aclSetAclOpExecutorRepeatable(f.ex), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclSetAclOpExecutorRepeatable: ");
    assert_int_equal(aclSetInputTensorAddr(f.ex, 0, f.tg, other), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclSetInputTensorAddr: ");
    assert_int_equal(aclSetOutputTensorAddr(f.ex, 0, f.ty, other), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclSetOutputTensorAddr: ");
    assert_int_equal(aclnnSeluBackward(NULL, 0, f.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    destroy_descriptors(&f);
}

/* Phase 1 copies the descriptors: destroying the tensors and the scalar
 * before phase 2 is allowed and changes nothing. */
static void executor_outlives_its_destroyed_tensors_and_scalar(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    destroy_descriptors(&f);
    memset(f.y, 0x5A, sizeof f.y);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_SUCCESS);
    assert_floats(f.y, seed_softshrink, N);
}

static void repeatable_executor_outlives_its_destroyed_tensors(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    assert_int_equal(aclSetAclOpExecutorRepeatable(f.ex), ACLNN_SUCCESS);
    destroy_descriptors(&f);
    float y2[N];
    /* the tensor argument is not needed (the planned view is kept) */
    assert_int_equal(aclSetOutputTensorAddr(f.ex, 0, NULL, y2), ACLNN_SUCCESS);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_SUCCESS);
    assert_floats(y2, seed_softshrink, N);
    assert_int_equal(aclDestroyAclOpExecutor(f.ex), ACLNN_SUCCESS);
}

static void workspace_smaller_than_required_is_param_invalid_and_executor_survives(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 2); /* gradInput = gradOutput's storage shifted by 2 elements */
    assert_true(f.ws >= N * sizeof(float));
    unsigned char *ws = malloc(f.ws);
    float before[N + 4];
    memcpy(before, f.g, sizeof before);
    assert_int_equal(aclnnSoftshrinkBackward(ws, f.ws - 1, f.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclnnSoftshrinkBackward: workspaceSize must be >= ");
    assert_int_equal(aclnnSoftshrinkBackward(ws, 0, f.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, f.ws, f.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclnnSoftshrinkBackward: workspace must not be NULL");
    assert_memory_equal(f.g, before, sizeof before); /* nothing ran */
    assert_int_equal(aclnnSoftshrinkBackward(ws, f.ws, f.ex, NULL), ACLNN_SUCCESS);
    /* gradInput[i] lives at g[i + 2]; the result equals the non-overlapping one */
    assert_floats(f.g + 2, seed_softshrink, N);
    assert_floats(f.g, seed_g, 2);
    free(ws);
    destroy_descriptors(&f);
}

static void workspace_larger_than_required_is_accepted(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    assert_int_equal(f.ws, 0);
    unsigned char big[256];
    assert_int_equal(aclnnSoftshrinkBackward(big, sizeof big, f.ex, NULL), ACLNN_SUCCESS);
    assert_floats(f.y, seed_softshrink, N);
    destroy_descriptors(&f);
}

static void rebinding_into_an_overlap_needs_the_workspace_at_run_time(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    assert_int_equal(f.ws, 0);
    assert_int_equal(aclSetAclOpExecutorRepeatable(f.ex), ACLNN_SUCCESS);
    /* the output now starts one element into gradOutput: an overlap phase 1 did not see */
    assert_int_equal(aclSetOutputTensorAddr(f.ex, 0, f.ty, f.g + 1), ACLNN_SUCCESS);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(),
                  "aclnnSoftshrinkBackward: the addresses set since phase 1 make gradInput overlap");
    assert_floats(f.g, seed_g, N);
    _Alignas(64) unsigned char ws[N * sizeof(float) + 64];
    assert_int_equal(aclnnSoftshrinkBackward(ws, sizeof ws, f.ex, NULL), ACLNN_SUCCESS);
    assert_floats(f.g + 1, seed_softshrink, N);
    assert_int_equal(aclDestroyAclOpExecutor(f.ex), ACLNN_SUCCESS);
    destroy_descriptors(&f);
}

static void wrong_operator_is_param_invalid_and_executor_survives(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    assert_int_equal(aclnnSeluBackward(NULL, 0, f.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclnnSeluBackward: executor must come from "
                                        "aclnnSeluBackwardGetWorkspaceSize, got one from "
                                        "aclnnSoftshrinkBackwardGetWorkspaceSize");
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_SUCCESS);
    assert_floats(f.y, seed_softshrink, N);
    destroy_descriptors(&f);
}

static void bogus_stream_is_param_invalid_and_executor_survives(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    int not_a_stream;
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, &not_a_stream), ACLNN_ERR_PARAM_INVALID);
    aclrtStream s;
    assert_int_equal(aclrtCreateStream(&s), ACL_SUCCESS);
    assert_int_equal(aclrtDestroyStream(s), ACL_SUCCESS);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, s), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_SUCCESS);
    assert_floats(f.y, seed_softshrink, N);
    destroy_descriptors(&f);
}

/* Pointers the library never handed out are refused without being read
 * (ASan would report a read of the stack object's neighbours). */
static void foreign_pointers_as_executor_are_param_invalid(void **state)
{
    (void)state;
    char not_an_executor[4] = {0};
    aclOpExecutor *bogus = (aclOpExecutor *)(void *)not_an_executor;
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, bogus, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSeluBackward(NULL, 0, bogus, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclDestroyAclOpExecutor(bogus), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclSetAclOpExecutorRepeatable(bogus), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclSetInputTensorAddr(bogus, 0, NULL, not_an_executor),
                     ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSeluBackward(NULL, 0, (aclOpExecutor *)(uintptr_t)1, NULL),
                     ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, NULL, NULL), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclDestroyAclOpExecutor(NULL), ACLNN_ERR_PARAM_NULLPTR);
}

static void rebinding_with_bad_index_or_null_address_is_refused(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 0);
    assert_int_equal(aclSetAclOpExecutorRepeatable(f.ex), ACLNN_SUCCESS);
    assert_int_equal(aclSetInputTensorAddr(f.ex, 2, NULL, f.x), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclSetInputTensorAddr(f.ex, SIZE_MAX, NULL, f.x), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclSetOutputTensorAddr(f.ex, 1, NULL, f.y), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclSetInputTensorAddr(f.ex, 0, NULL, NULL), ACLNN_ERR_PARAM_NULLPTR);
    /* the refusals changed nothing */
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, f.ex, NULL), ACLNN_SUCCESS);
    assert_floats(f.y, seed_softshrink, N);
    assert_int_equal(aclDestroyAclOpExecutor(f.ex), ACLNN_SUCCESS);
    destroy_descriptors(&f);
}

/* Many rounds of every misuse: the registry neither leaks nor confuses a
 * stale executor with a live one while both exist. */
static void misuse_storm_leaves_nothing_live(void **state)
{
    (void)state;
    for (int round = 0; round < 200; round++) {
        fixture a, b;
        make_softshrink(&a, 0);
        make_softshrink(&b, 0);
        assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, a.ex, NULL), ACLNN_SUCCESS);
        assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, a.ex, NULL), ACLNN_ERR_PARAM_INVALID);
        assert_int_equal(aclDestroyAclOpExecutor(a.ex), ACLNN_ERR_PARAM_INVALID);
        assert_int_equal(aclnnSeluBackward(NULL, 0, b.ex, NULL), ACLNN_ERR_PARAM_INVALID);
        if (round % 2) {
            assert_int_equal(aclDestroyAclOpExecutor(b.ex), ACLNN_SUCCESS);
        } else {
            assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, b.ex, NULL), ACLNN_SUCCESS);
        }
        destroy_descriptors(&a);
        destroy_descriptors(&b);
    }
}

/* A run frees a single-use executor; the next phase 1 may get the same block
 * from malloc. The old handle must stay dead, and the new executor must stay
 * its owner's: running the old one neither runs nor frees the new one. */
static void stale_executor_never_names_a_new_executor_at_the_same_address(void **state)
{
    (void)state;
    for (int round = 0; round < 50; round++) {
        fixture a, b;
        make_softshrink(&a, 0);
        aclOpExecutor *stale = a.ex;
        assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, stale, NULL), ACLNN_SUCCESS);
        make_softshrink(&b, 0);
        memset(b.y, 0x5A, sizeof b.y);
        assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, stale, NULL), ACLNN_ERR_PARAM_INVALID);
        assert_int_equal(aclDestroyAclOpExecutor(stale), ACLNN_ERR_PARAM_INVALID);
        assert_int_equal(aclSetAclOpExecutorRepeatable(stale), ACLNN_ERR_PARAM_INVALID);
        unsigned char untouched[sizeof b.y];
        memset(untouched, 0x5A, sizeof untouched);
        assert_memory_equal(b.y, untouched, sizeof b.y);
        assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, b.ex, NULL), ACLNN_SUCCESS);
        assert_floats(b.y, seed_softshrink, N);
        destroy_descriptors(&a);
        destroy_descriptors(&b);
    }
}

/* A workspace that overlaps an operand would be overwritten while it is read
 * (a memcpy over overlapping ranges): refused, nothing written. */
static void workspace_overlapping_an_operand_is_param_invalid(void **state)
{
    (void)state;
    fixture f;
    make_softshrink(&f, 2); /* gradInput two elements into gradOutput: a temporary is needed */
    assert_true(f.ws > 0 && f.ws <= sizeof f.g + sizeof f.x);
    float before[N + 4];
    memcpy(before, f.g, sizeof before);
    assert_int_equal(aclnnSoftshrinkBackward(f.g, f.ws, f.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclnnSoftshrinkBackward: workspace must not overlap ");
    assert_memory_equal(f.g, before, sizeof before);
    _Alignas(64) unsigned char ws[N * sizeof(float) + 64];
    assert_int_equal(aclnnSoftshrinkBackward(ws, sizeof ws, f.ex, NULL), ACLNN_SUCCESS);
    assert_floats(f.g + 2, seed_softshrink, N);
    destroy_descriptors(&f);
}

/* Data not aligned to the element size: refused at phase 1 and by rebinding,
 * naming the tensor and the address. */
static void misaligned_tensor_data_is_param_invalid(void **state)
{
    (void)state;
    _Alignas(16) unsigned char raw[4 * N * sizeof(float) + 16];
    float *g = (float *)(void *)raw;
    void *odd = raw + 2 * N * sizeof(float) + 1;
    int64_t dims[1] = {N};
    float lambd = 0.5f;
    aclTensor *tg = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, g);
    aclTensor *tx = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, odd);
    aclTensor *ty = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0,
                                    g + N);
    aclScalar *l = aclCreateScalar(&lambd, ACL_FLOAT);
    assert_non_null(tx);
    uint64_t ws = 99;
    aclOpExecutor *ex = (aclOpExecutor *)&ws;
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, l, ty, &ws, &ex),
                     ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclnnSoftshrinkBackward: self data address must be a "
                                        "multiple of its element size 4, got ");
    assert_true(ws == 99 && ex == (aclOpExecutor *)&ws);
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(tg, tx, ty, &ws, &ex),
                     ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclnnSeluBackward: result data address must be a ");
    /* an aligned executor, rebound to the misaligned address */
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tg, l, ty, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclSetAclOpExecutorRepeatable(ex), ACLNN_SUCCESS);
    assert_int_equal(aclSetInputTensorAddr(ex, 1, tx, odd), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclSetInputTensorAddr: self data address must be a ");
    assert_int_equal(aclSetOutputTensorAddr(ex, 0, ty, odd), ACLNN_ERR_PARAM_INVALID);
    assert_prefix(aclGetRecentErrMsg(), "aclSetOutputTensorAddr: gradInput data address must be a ");
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyScalar(l);
}

/* aclInit on a FIFO must not wait for a writer: refused at once (a child
 * process with a 10 s alarm, so that a blocking open fails the test). */
static void acl_init_on_a_fifo_is_refused_without_blocking(void **state)
{
    (void)state;
    char dir[] = "/tmp/opsnn-misuse-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char fifo[64];
    snprintf(fifo, sizeof fifo, "%s/config.json", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(10);
        aclError rc = aclInit(fifo);
        _exit(rc == ACL_ERROR_INVALID_PARAM &&
                      strstr(aclGetRecentErrMsg(), "not a regular file") != NULL
                  ? 0
                  : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    unlink(fifo);
    rmdir(dir);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fail_msg("aclInit(FIFO): child %s %d", WIFEXITED(status) ? "exit status" : "killed by signal",
                 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    }
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(single_use_executor_run_twice_is_param_invalid_and_writes_nothing),
        T(selu_single_use_executor_run_twice_is_param_invalid),
        T(destroying_a_run_single_use_executor_is_param_invalid),
        T(destroying_an_unrun_single_use_executor_frees_it),
        T(destroying_a_repeatable_executor_twice_is_param_invalid),
        T(stale_executor_is_refused_by_every_executor_call),
        T(stale_executor_never_names_a_new_executor_at_the_same_address),
        T(executor_outlives_its_destroyed_tensors_and_scalar),
        T(repeatable_executor_outlives_its_destroyed_tensors),
        T(workspace_smaller_than_required_is_param_invalid_and_executor_survives),
        T(workspace_larger_than_required_is_accepted),
        T(rebinding_into_an_overlap_needs_the_workspace_at_run_time),
        T(wrong_operator_is_param_invalid_and_executor_survives),
        T(bogus_stream_is_param_invalid_and_executor_survives),
        T(foreign_pointers_as_executor_are_param_invalid),
        T(rebinding_with_bad_index_or_null_address_is_refused),
        T(misuse_storm_leaves_nothing_live),
        T(workspace_overlapping_an_operand_is_param_invalid),
        T(misaligned_tensor_data_is_param_invalid),
        T(acl_init_on_a_fifo_is_refused_without_blocking),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
