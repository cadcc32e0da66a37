/*
 * test_runtime.c - the ACL runtime slice (docs/runtime.md, docs/precision.md and the runtime
 * decisions of the design notes): init/finalize, devices, streams, memory,
 * copies, error messages, dtype sizes and the fp16 conversions.
 *
 * Two groups run in order: the runtime group never calls aclInit (so it also
 * pins "aclInit is not required"), then the init group walks the global
 * init/finalize state machine starting from "never initialised".
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE, MAP_ANONYMOUS */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

/* SIZE_MAX requests must come back as ACL_ERROR_RT_MEMORY_ALLOCATION; under
 * ASan an oversized request aborts unless the allocator may return NULL. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "allocator_may_return_null=1"; }

/* ---- CANN's enum and code values, checked at compile time too ---------- */

_Static_assert(ACL_DT_UNDEFINED == -1 && ACL_FLOAT == 0 && ACL_FLOAT16 == 1 && ACL_INT8 == 2 &&
                   ACL_INT32 == 3 && ACL_UINT8 == 4 && ACL_INT16 == 6 && ACL_UINT16 == 7 &&
                   ACL_UINT32 == 8 && ACL_INT64 == 9 && ACL_UINT64 == 10 && ACL_DOUBLE == 11 &&
                   ACL_BOOL == 12 && ACL_STRING == 13 && ACL_COMPLEX64 == 16 &&
                   ACL_COMPLEX128 == 17 && ACL_BF16 == 27 && ACL_INT4 == 29 && ACL_UINT1 == 30 &&
                   ACL_COMPLEX32 == 33,
               "aclDataType values must equal CANN's");
_Static_assert(ACL_FORMAT_UNDEFINED == -1 && ACL_FORMAT_NCHW == 0 && ACL_FORMAT_NHWC == 1 &&
                   ACL_FORMAT_ND == 2 && ACL_FORMAT_NC1HWC0 == 3 && ACL_FORMAT_FRACTAL_Z == 4 &&
                   ACL_FORMAT_NC1HWC0_C04 == 12 && ACL_FORMAT_HWCN == 16 &&
                   ACL_FORMAT_NDHWC == 27 && ACL_FORMAT_FRACTAL_NZ == 29 &&
                   ACL_FORMAT_NCDHW == 30 && ACL_FORMAT_NDC1HWC0 == 32 &&
                   ACL_FRACTAL_Z_3D == 33 && ACL_FORMAT_NC == 35 && ACL_FORMAT_NCL == 47,
               "aclFormat values must equal CANN's");
_Static_assert(ACL_MEM_MALLOC_HUGE_FIRST == 0 && ACL_MEM_MALLOC_HUGE_ONLY == 1 &&
                   ACL_MEM_MALLOC_NORMAL_ONLY == 2,
               "aclrtMemMallocPolicy values must equal CANN's");
_Static_assert(ACL_MEMCPY_HOST_TO_HOST == 0 && ACL_MEMCPY_HOST_TO_DEVICE == 1 &&
                   ACL_MEMCPY_DEVICE_TO_HOST == 2 && ACL_MEMCPY_DEVICE_TO_DEVICE == 3,
               "aclrtMemcpyKind values must equal CANN's");
_Static_assert(ACL_SUCCESS == 0 && ACL_ERROR_INVALID_PARAM == 100000 &&
                   ACL_ERROR_UNINITIALIZE == 100001 && ACL_ERROR_REPEAT_INITIALIZE == 100002 &&
                   ACL_ERROR_REPEAT_FINALIZE == 100037 && ACL_ERROR_BAD_ALLOC == 200000 &&
                   ACL_ERROR_INVALID_DEVICE == 200002 && ACL_ERROR_INTERNAL_ERROR == 500000 &&
                   ACL_ERROR_FAILURE == 500001 && ACL_ERROR_RT_PARAM_INVALID == 107000 &&
                   ACL_ERROR_RT_INVALID_DEVICEID == 107001 &&
                   ACL_ERROR_RT_MEMORY_ALLOCATION == 207001,
               "ACL error codes must equal CANN's");
_Static_assert(ACLNN_SUCCESS == 0 && ACLNN_ERR_PARAM_NULLPTR == 161001 &&
                   ACLNN_ERR_PARAM_INVALID == 161002 && ACLNN_ERR_RUNTIME_ERROR == 361001 &&
                   ACLNN_ERR_INNER == 561000 && ACLNN_ERR_INNER_CREATE_EXECUTOR == 561101 &&
                   ACLNN_ERR_INNER_NULLPTR == 561103,
               "aclnn status codes must equal CANN's");
_Static_assert(sizeof(aclFloat16) == 2, "aclFloat16 is a 16-bit pattern");

/* ---- helpers ------------------------------------------------------------- */

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float f32_from_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static int half_is_nan(aclFloat16 h) { return (h & 0x7C00u) == 0x7C00u && (h & 0x03FFu) != 0; }

/* Exact value of a non-NaN half pattern, computed independently of the library. */
static double half_value(uint32_t h)
{
    const double sign = (h & 0x8000u) ? -1.0 : 1.0;
    const int e = (int)((h >> 10) & 0x1Fu);
    const int m = (int)(h & 0x3FFu);
    if (e == 0) {
        return sign * ldexp((double)m, -24);
    }
    if (e == 31) {
        return sign * INFINITY;
    }
    return sign * ldexp((double)(1024 + m), e - 25);
}

static int msg_starts_with(const char *msg, const char *prefix)
{
    return msg != NULL && strncmp(msg, prefix, strlen(prefix)) == 0;
}

static char last_failure[512];

/* Leave a known, unrelated message pending in this thread's slot (the next
 * failure must replace it), and forget the copy assert_msg keeps. */
static void set_unrelated_error(void)
{
    assert_int_equal(aclrtFree(NULL), ACL_ERROR_RT_PARAM_INVALID);
    snprintf(last_failure, sizeof last_failure, "(no failure checked yet)");
}

/* The message of the last failure. aclGetRecentErrMsg obtains and clears, so
 * the first check after a failure obtains it and later checks of the same
 * failure see this copy. */
static void assert_msg(const char *prefix, const char *needle)
{
    const char *got = aclGetRecentErrMsg();
    if (got != NULL) {
        snprintf(last_failure, sizeof last_failure, "%s", got);
    }
    const char *msg = last_failure;
    if (!msg_starts_with(msg, prefix) || strstr(msg, needle) == NULL) {
        fail_msg("message \"%s\" should start with \"%s\" and contain \"%s\"", msg, prefix, needle);
    }
}

static const aclrtMemMallocPolicy kPolicies[] = {
    ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEM_MALLOC_HUGE_ONLY, ACL_MEM_MALLOC_NORMAL_ONLY};
#define N_POLICIES (sizeof kPolicies / sizeof kPolicies[0])

/* ---- enum values ----------------------------------------------------------- */

static void enum_and_code_values_equal_cann(void **state)
{
    (void)state;
    assert_int_equal(ACL_DT_UNDEFINED, -1);
    assert_int_equal(ACL_FLOAT, 0);
    assert_int_equal(ACL_FLOAT16, 1);
    assert_int_equal(ACL_INT8, 2);
    assert_int_equal(ACL_INT32, 3);
    assert_int_equal(ACL_UINT8, 4);
    assert_int_equal(ACL_INT16, 6);
    assert_int_equal(ACL_UINT16, 7);
    assert_int_equal(ACL_UINT32, 8);
    assert_int_equal(ACL_INT64, 9);
    assert_int_equal(ACL_UINT64, 10);
    assert_int_equal(ACL_DOUBLE, 11);
    assert_int_equal(ACL_BOOL, 12);
    assert_int_equal(ACL_STRING, 13);
    assert_int_equal(ACL_COMPLEX64, 16);
    assert_int_equal(ACL_COMPLEX128, 17);
    assert_int_equal(ACL_BF16, 27);
    assert_int_equal(ACL_INT4, 29);
    assert_int_equal(ACL_UINT1, 30);
    assert_int_equal(ACL_COMPLEX32, 33);

    assert_int_equal(ACL_FORMAT_UNDEFINED, -1);
    assert_int_equal(ACL_FORMAT_NCHW, 0);
    assert_int_equal(ACL_FORMAT_NHWC, 1);
    assert_int_equal(ACL_FORMAT_ND, 2);
    assert_int_equal(ACL_FORMAT_NC1HWC0, 3);
    assert_int_equal(ACL_FORMAT_FRACTAL_Z, 4);
    assert_int_equal(ACL_FORMAT_NC1HWC0_C04, 12);
    assert_int_equal(ACL_FORMAT_HWCN, 16);
    assert_int_equal(ACL_FORMAT_NDHWC, 27);
    assert_int_equal(ACL_FORMAT_FRACTAL_NZ, 29);
    assert_int_equal(ACL_FORMAT_NCDHW, 30);
    assert_int_equal(ACL_FORMAT_NDC1HWC0, 32);
    assert_int_equal(ACL_FRACTAL_Z_3D, 33);
    assert_int_equal(ACL_FORMAT_NC, 35);
    assert_int_equal(ACL_FORMAT_NCL, 47);

    assert_int_equal(ACL_MEM_MALLOC_HUGE_FIRST, 0);
    assert_int_equal(ACL_MEM_MALLOC_HUGE_ONLY, 1);
    assert_int_equal(ACL_MEM_MALLOC_NORMAL_ONLY, 2);
    assert_int_equal(ACL_MEMCPY_HOST_TO_HOST, 0);
    assert_int_equal(ACL_MEMCPY_HOST_TO_DEVICE, 1);
    assert_int_equal(ACL_MEMCPY_DEVICE_TO_HOST, 2);
    assert_int_equal(ACL_MEMCPY_DEVICE_TO_DEVICE, 3);

    assert_int_equal(ACL_SUCCESS, 0);
    assert_int_equal(ACL_ERROR_INVALID_PARAM, 100000);
    assert_int_equal(ACL_ERROR_UNINITIALIZE, 100001);
    assert_int_equal(ACL_ERROR_REPEAT_INITIALIZE, 100002);
    assert_int_equal(ACL_ERROR_REPEAT_FINALIZE, 100037);
    assert_int_equal(ACL_ERROR_BAD_ALLOC, 200000);
    assert_int_equal(ACL_ERROR_INVALID_DEVICE, 200002);
    assert_int_equal(ACL_ERROR_INTERNAL_ERROR, 500000);
    assert_int_equal(ACL_ERROR_FAILURE, 500001);
    assert_int_equal(ACL_ERROR_RT_PARAM_INVALID, 107000);
    assert_int_equal(ACL_ERROR_RT_INVALID_DEVICEID, 107001);
    assert_int_equal(ACL_ERROR_RT_MEMORY_ALLOCATION, 207001);

    assert_int_equal(ACLNN_SUCCESS, 0);
    assert_int_equal(ACLNN_ERR_PARAM_NULLPTR, 161001);
    assert_int_equal(ACLNN_ERR_PARAM_INVALID, 161002);
    assert_int_equal(ACLNN_ERR_RUNTIME_ERROR, 361001);
    assert_int_equal(ACLNN_ERR_INNER, 561000);
    assert_int_equal(ACLNN_ERR_INNER_CREATE_EXECUTOR, 561101);
    assert_int_equal(ACLNN_ERR_INNER_NULLPTR, 561103);
}

/* ---- devices --------------------------------------------------------------- */

static void set_device_zero_succeeds_and_get_device_is_zero(void **state)
{
    (void)state;
    int32_t dev = 77;
    assert_int_equal(aclrtSetDevice(0), ACL_SUCCESS);
    assert_int_equal(aclrtGetDevice(&dev), ACL_SUCCESS);
    assert_int_equal(dev, 0);
    assert_int_equal(aclrtResetDevice(0), ACL_SUCCESS);
}

static void set_device_one_is_invalid_deviceid_naming_value(void **state)
{
    (void)state;
    int32_t dev = 77;
    set_unrelated_error();
    assert_int_equal(aclrtSetDevice(1), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_msg("aclrtSetDevice", "1");
    assert_msg("aclrtSetDevice", "deviceId");
    /* The failed call does not change the current device. */
    assert_int_equal(aclrtGetDevice(&dev), ACL_SUCCESS);
    assert_int_equal(dev, 0);
}

static void set_device_minus_one_is_invalid_deviceid_naming_value(void **state)
{
    (void)state;
    set_unrelated_error();
    assert_int_equal(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_msg("aclrtSetDevice", "-1");
    assert_int_equal(aclrtSetDevice(INT32_MAX), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_msg("aclrtSetDevice", "2147483647");
}

static void reset_device_other_than_zero_is_invalid_deviceid(void **state)
{
    (void)state;
    assert_int_equal(aclrtResetDevice(1), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_int_equal(aclrtResetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
}

static void device_count_is_one(void **state)
{
    (void)state;
    uint32_t count = 99;
    assert_int_equal(aclrtGetDeviceCount(&count), ACL_SUCCESS);
    assert_int_equal(count, 1);
}

static void get_device_null_out_is_param_invalid(void **state)
{
    (void)state;
    assert_int_equal(aclrtGetDevice(NULL), ACL_ERROR_RT_PARAM_INVALID);
    assert_int_equal(aclrtGetDeviceCount(NULL), ACL_ERROR_RT_PARAM_INVALID);
}

/* ---- streams --------------------------------------------------------------- */

static void stream_create_sync_destroy_succeeds(void **state)
{
    (void)state;
    aclrtStream a = NULL;
    aclrtStream b = NULL;
    assert_int_equal(aclrtCreateStream(&a), ACL_SUCCESS);
    assert_int_equal(aclrtCreateStream(&b), ACL_SUCCESS);
    assert_non_null(a);
    assert_non_null(b);
    assert_true(a != b);
    assert_int_equal(aclrtSynchronizeStream(a), ACL_SUCCESS);
    assert_int_equal(aclrtSynchronizeStream(b), ACL_SUCCESS);
    assert_int_equal(aclrtSynchronizeStream(a), ACL_SUCCESS);
    assert_int_equal(aclrtDestroyStream(a), ACL_SUCCESS);
    assert_int_equal(aclrtDestroyStream(b), ACL_SUCCESS);
}

static void synchronize_null_default_stream_succeeds(void **state)
{
    (void)state;
    assert_int_equal(aclrtSynchronizeStream(NULL), ACL_SUCCESS);
}

static void create_stream_null_out_is_param_invalid(void **state)
{
    (void)state;
    assert_int_equal(aclrtCreateStream(NULL), ACL_ERROR_RT_PARAM_INVALID);
}

static void bogus_stream_handle_is_param_invalid(void **state)
{
    (void)state;
    uint64_t not_a_stream[8] = {0};
    aclrtStream bogus = not_a_stream;
    assert_int_equal(aclrtSynchronizeStream(bogus), ACL_ERROR_RT_PARAM_INVALID);
    assert_int_equal(aclrtDestroyStream(bogus), ACL_ERROR_RT_PARAM_INVALID);
    for (size_t i = 0; i < 8; i++) {
        assert_int_equal(not_a_stream[i], 0); /* never written to */
    }
}

static void destroyed_stream_is_param_invalid(void **state)
{
    (void)state;
    aclrtStream s = NULL;
    assert_int_equal(aclrtCreateStream(&s), ACL_SUCCESS);
    assert_int_equal(aclrtDestroyStream(s), ACL_SUCCESS);
    assert_int_equal(aclrtSynchronizeStream(s), ACL_ERROR_RT_PARAM_INVALID);
    assert_int_equal(aclrtDestroyStream(s), ACL_ERROR_RT_PARAM_INVALID);
}

/* ---- aclrtMalloc ------------------------------------------------------------ */

static void malloc_is_64_byte_aligned_for_every_size_and_policy(void **state)
{
    (void)state;
    static const size_t sizes[] = {1, 2, 3, 7, 63, 64, 65, 100, 127, 128, 129, 1000, 4095,
                                   4096, 4097, 65536, 65537};
    for (size_t p = 0; p < N_POLICIES; p++) {
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            void *ptr = NULL;
            assert_int_equal(aclrtMalloc(&ptr, sizes[i], kPolicies[p]), ACL_SUCCESS);
            assert_non_null(ptr);
            assert_int_equal((uintptr_t)ptr % 64u, 0);
            memset(ptr, 0x5A, sizes[i]); /* every byte usable (ASan checks the bound) */
            assert_int_equal(aclrtFree(ptr), ACL_SUCCESS);
        }
    }
}

static void malloc_large_huge_first_is_aligned_and_usable(void **state)
{
    (void)state;
    static const size_t sizes[] = {(2u << 20) + 1, 3u << 20, (4u << 20) + 4096 + 3, 33u << 20};
    for (size_t p = 0; p < N_POLICIES; p++) {
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            unsigned char *ptr = NULL;
            assert_int_equal(aclrtMalloc((void **)&ptr, sizes[i], kPolicies[p]), ACL_SUCCESS);
            assert_non_null(ptr);
            assert_int_equal((uintptr_t)ptr % 64u, 0);
            memset(ptr, 0xC3, sizes[i]);
            assert_int_equal(ptr[0], 0xC3);
            assert_int_equal(ptr[sizes[i] / 2], 0xC3);
            assert_int_equal(ptr[sizes[i] - 1], 0xC3);
            assert_int_equal(aclrtFree(ptr), ACL_SUCCESS);
        }
    }
}

/* 1 when the mapping holding p has `flag` among its /proc/self/smaps
 * VmFlags, 0 when not, -1 when that cannot be read. */
static int vm_flag(const void *p, const char *flag)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    if (f == NULL) {
        return -1;
    }
    char line[512];
    int inside = 0, found = -1;
    while (found < 0 && fgets(line, sizeof line, f) != NULL) {
        unsigned long lo, hi;
        char dash;
        if (sscanf(line, "%lx%c%lx ", &lo, &dash, &hi) == 3 && dash == '-') {
            inside = (uintptr_t)p >= lo && (uintptr_t)p < hi;
        } else if (inside && strncmp(line, "VmFlags:", 8) == 0) {
            char want[8];
            snprintf(want, sizeof want, " %s", flag);
            found = strstr(line, want) != NULL;
        }
    }
    fclose(f);
    return found;
}

/* docs/runtime.md: blocks of 2 MiB and more under the HUGE policies are
 * advised as transparent-huge-page candidates (VmFlags "hg"). Skipped where
 * the advice does not show (no THP, or an emulator that ignores madvise):
 * checked first on a mapping of our own. (NORMAL_ONLY promises no advice of
 * its own, but its block may reuse memory an earlier block had advised, as
 * under valgrind's allocator, so its flag is not checked.) */
static void huge_policies_advise_transparent_huge_pages(void **state)
{
    (void)state;
#ifdef MADV_HUGEPAGE
    size_t sz = 8u << 20;
    void *own = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(own != MAP_FAILED);
    int shows = madvise(own, sz, MADV_HUGEPAGE) == 0 && vm_flag(own, "hg") == 1;
    munmap(own, sz);
    if (!shows) {
        skip();
    }
    static const aclrtMemMallocPolicy huge[] = {ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEM_MALLOC_HUGE_ONLY};
    for (size_t k = 0; k < sizeof huge / sizeof huge[0]; k++) {
        void *p = NULL;
        assert_int_equal(aclrtMalloc(&p, sz, huge[k]), ACL_SUCCESS);
        memset(p, 1, sz);
        if (vm_flag(p, "hg") != 1) {
            fail_msg("policy %d: VmFlags hg is %d, want 1", (int)huge[k], vm_flag(p, "hg"));
        }
        assert_int_equal(aclrtFree(p), ACL_SUCCESS);
    }
#else
    skip();
#endif
}

static void malloc_live_blocks_are_distinct_and_disjoint(void **state)
{
    (void)state;
    enum { N = 16, SZ = 200 };
    unsigned char *blocks[N];
    for (int i = 0; i < N; i++) {
        assert_int_equal(aclrtMalloc((void **)&blocks[i], SZ, ACL_MEM_MALLOC_HUGE_FIRST),
                         ACL_SUCCESS);
        memset(blocks[i], i, SZ);
    }
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < SZ; j++) {
            assert_int_equal(blocks[i][j], i);
        }
    }
    for (int i = 0; i < N; i++) {
        assert_int_equal(aclrtFree(blocks[i]), ACL_SUCCESS);
    }
}

static void malloc_size_zero_is_param_invalid(void **state)
{
    (void)state;
    int sentinel;
    for (size_t p = 0; p < N_POLICIES; p++) {
        void *ptr = &sentinel;
        set_unrelated_error();
        assert_int_equal(aclrtMalloc(&ptr, 0, kPolicies[p]), ACL_ERROR_RT_PARAM_INVALID);
        assert_ptr_equal(ptr, &sentinel); /* output untouched on failure */
        assert_msg("aclrtMalloc", "size");
    }
}

static void malloc_null_out_pointer_is_param_invalid(void **state)
{
    (void)state;
    set_unrelated_error();
    assert_int_equal(aclrtMalloc(NULL, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_PARAM_INVALID);
    assert_msg("aclrtMalloc", "devPtr");
}

static void malloc_exhaustion_is_memory_allocation_error(void **state)
{
    (void)state;
    static const size_t sizes[] = {SIZE_MAX, SIZE_MAX - 63, SIZE_MAX / 2 + 1, (SIZE_MAX >> 2) * 3,
                                   SIZE_MAX / 4 + 1}; /* 2^62 with a 64-bit size_t */
    int sentinel;
    for (size_t p = 0; p < N_POLICIES; p++) {
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            void *ptr = &sentinel;
            assert_int_equal(aclrtMalloc(&ptr, sizes[i], kPolicies[p]),
                             ACL_ERROR_RT_MEMORY_ALLOCATION);
            assert_ptr_equal(ptr, &sentinel);
            assert_true(msg_starts_with(aclGetRecentErrMsg(), "aclrtMalloc"));
        }
    }
    /* The allocator still works afterwards. */
    void *ok = NULL;
    assert_int_equal(aclrtMalloc(&ok, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    assert_int_equal(aclrtFree(ok), ACL_SUCCESS);
}

static void malloc_invalid_policy_is_param_invalid(void **state)
{
    (void)state;
    static const int bad[] = {-1, 99, 0x7FFFFFFF};
    int sentinel;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        void *ptr = &sentinel;
        set_unrelated_error();
        assert_int_equal(aclrtMalloc(&ptr, 64, (aclrtMemMallocPolicy)bad[i]),
                         ACL_ERROR_RT_PARAM_INVALID);
        assert_ptr_equal(ptr, &sentinel);
        assert_msg("aclrtMalloc", "policy");
    }
    void *ptr = &sentinel;
    assert_int_equal(aclrtMalloc(&ptr, 64, (aclrtMemMallocPolicy)99), ACL_ERROR_RT_PARAM_INVALID);
    assert_msg("aclrtMalloc", "99");
}

/* ---- aclrtFree --------------------------------------------------------------- */

static void free_null_is_param_invalid(void **state)
{
    (void)state;
    assert_int_equal(aclrtFree(NULL), ACL_ERROR_RT_PARAM_INVALID);
    assert_msg("aclrtFree", "devPtr");
}

static void free_stack_pointer_is_param_invalid(void **state)
{
    (void)state;
    int on_stack = 12345;
    assert_int_equal(aclrtFree(&on_stack), ACL_ERROR_RT_PARAM_INVALID);
    assert_int_equal(on_stack, 12345);
    assert_true(msg_starts_with(aclGetRecentErrMsg(), "aclrtFree"));
}

static void free_malloc_block_is_param_invalid_and_leaves_it_alone(void **state)
{
    (void)state;
    unsigned char *foreign = malloc(256);
    assert_non_null(foreign);
    memset(foreign, 0x11, 256);
    assert_int_equal(aclrtFree(foreign), ACL_ERROR_RT_PARAM_INVALID);
    for (int i = 0; i < 256; i++) {
        assert_int_equal(foreign[i], 0x11);
    }
    free(foreign); /* ASan reports a double free if the library freed it */
}

static void free_interior_pointer_is_param_invalid(void **state)
{
    (void)state;
    unsigned char *p = NULL;
    assert_int_equal(aclrtMalloc((void **)&p, 256, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    assert_int_equal(aclrtFree(p + 64), ACL_ERROR_RT_PARAM_INVALID);
    p[255] = 1; /* still live */
    assert_int_equal(aclrtFree(p), ACL_SUCCESS);
}

static void free_twice_is_param_invalid(void **state)
{
    (void)state;
    void *p = NULL;
    assert_int_equal(aclrtMalloc(&p, 128, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    assert_int_equal(aclrtFree(p), ACL_SUCCESS);
    assert_int_equal(aclrtFree(p), ACL_ERROR_RT_PARAM_INVALID);
    void *big = NULL;
    assert_int_equal(aclrtMalloc(&big, 3u << 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    assert_int_equal(aclrtFree(big), ACL_SUCCESS);
    assert_int_equal(aclrtFree(big), ACL_ERROR_RT_PARAM_INVALID);
}

static void free_of_host_block_is_param_invalid(void **state)
{
    (void)state;
    void *h = NULL;
    assert_int_equal(aclrtMallocHost(&h, 64), ACL_SUCCESS);
    assert_int_equal(aclrtFree(h), ACL_ERROR_RT_PARAM_INVALID);
    assert_int_equal(aclrtFreeHost(h), ACL_SUCCESS);
    void *d = NULL;
    assert_int_equal(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    assert_int_equal(aclrtFreeHost(d), ACL_ERROR_RT_PARAM_INVALID);
    assert_int_equal(aclrtFree(d), ACL_SUCCESS);
}

/* ---- aclrtMallocHost / aclrtFreeHost ----------------------------------------- */

static void malloc_host_is_64_byte_aligned_and_freeable(void **state)
{
    (void)state;
    static const size_t sizes[] = {1, 63, 64, 65, 4097, (2u << 20) + 1};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        unsigned char *p = NULL;
        assert_int_equal(aclrtMallocHost((void **)&p, sizes[i]), ACL_SUCCESS);
        assert_non_null(p);
        assert_int_equal((uintptr_t)p % 64u, 0);
        memset(p, 0x77, sizes[i]);
        assert_int_equal(p[sizes[i] - 1], 0x77);
        assert_int_equal(aclrtFreeHost(p), ACL_SUCCESS);
    }
}

static void malloc_host_size_zero_or_null_out_is_param_invalid(void **state)
{
    (void)state;
    int sentinel;
    void *p = &sentinel;
    set_unrelated_error();
    assert_int_equal(aclrtMallocHost(&p, 0), ACL_ERROR_RT_PARAM_INVALID);
    assert_ptr_equal(p, &sentinel);
    assert_msg("aclrtMallocHost", "size");
    assert_int_equal(aclrtMallocHost(NULL, 64), ACL_ERROR_RT_PARAM_INVALID);
    assert_msg("aclrtMallocHost", "hostPtr");
}

static void malloc_host_exhaustion_is_memory_allocation_error(void **state)
{
    (void)state;
    int sentinel;
    void *p = &sentinel;
    assert_int_equal(aclrtMallocHost(&p, SIZE_MAX), ACL_ERROR_RT_MEMORY_ALLOCATION);
    assert_ptr_equal(p, &sentinel);
    assert_int_equal(aclrtMallocHost(&p, SIZE_MAX / 2 + 1), ACL_ERROR_RT_MEMORY_ALLOCATION);
    assert_ptr_equal(p, &sentinel);
}

static void free_host_null_foreign_and_double_are_param_invalid(void **state)
{
    (void)state;
    int on_stack = 5;
    assert_int_equal(aclrtFreeHost(NULL), ACL_ERROR_RT_PARAM_INVALID);
    assert_int_equal(aclrtFreeHost(&on_stack), ACL_ERROR_RT_PARAM_INVALID);
    assert_int_equal(on_stack, 5);
    void *foreign = malloc(32);
    assert_non_null(foreign);
    assert_int_equal(aclrtFreeHost(foreign), ACL_ERROR_RT_PARAM_INVALID);
    free(foreign);
    void *p = NULL;
    assert_int_equal(aclrtMallocHost(&p, 100), ACL_SUCCESS);
    assert_int_equal(aclrtFreeHost(p), ACL_SUCCESS);
    assert_int_equal(aclrtFreeHost(p), ACL_ERROR_RT_PARAM_INVALID);
}

/* ---- concurrent registry use ------------------------------------------------- */

enum { ALLOC_THREADS = 4, ALLOC_ROUNDS = 500 };

static void *alloc_worker(void *arg)
{
    int *failures = arg;
    for (int r = 0; r < ALLOC_ROUNDS; r++) {
        unsigned char *p = NULL;
        size_t sz = (size_t)(1 + (r * 37) % 5000);
        if (aclrtMalloc((void **)&p, sz, kPolicies[r % 3]) != ACL_SUCCESS || p == NULL ||
            (uintptr_t)p % 64u != 0) {
            (*failures)++;
            continue;
        }
        p[0] = (unsigned char)r;
        p[sz - 1] = (unsigned char)r;
        if (aclrtFree(p) != ACL_SUCCESS) {
            (*failures)++;
        }
    }
    return NULL;
}

static void malloc_free_from_concurrent_threads_all_succeed(void **state)
{
    (void)state;
    pthread_t th[ALLOC_THREADS];
    int failures[ALLOC_THREADS] = {0};
    for (int i = 0; i < ALLOC_THREADS; i++) {
        assert_int_equal(pthread_create(&th[i], NULL, alloc_worker, &failures[i]), 0);
    }
    for (int i = 0; i < ALLOC_THREADS; i++) {
        assert_int_equal(pthread_join(th[i], NULL), 0);
    }
    for (int i = 0; i < ALLOC_THREADS; i++) {
        assert_int_equal(failures[i], 0);
    }
}

/* ---- aclrtMemcpy -------------------------------------------------------------- */

static void fill_pattern(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) {
        p[i] = (unsigned char)(seed + i * 7u);
    }
}

static void memcpy_all_four_kinds_copy_exact_bytes(void **state)
{
    (void)state;
    enum { N = 1000 };
    unsigned char host_a[N];
    unsigned char host_b[N];
    unsigned char *dev_a = NULL;
    unsigned char *dev_b = NULL;
    assert_int_equal(aclrtMalloc((void **)&dev_a, N, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    assert_int_equal(aclrtMalloc((void **)&dev_b, N, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    fill_pattern(host_a, N, 3);
    memset(host_b, 0, N);
    memset(dev_a, 0, N);
    memset(dev_b, 0, N);

    assert_int_equal(aclrtMemcpy(host_b, N, host_a, N, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
    assert_memory_equal(host_b, host_a, N);

    assert_int_equal(aclrtMemcpy(dev_a, N, host_a, N, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    assert_memory_equal(dev_a, host_a, N);

    assert_int_equal(aclrtMemcpy(dev_b, N, dev_a, N, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
    assert_memory_equal(dev_b, host_a, N);

    memset(host_b, 0, N);
    assert_int_equal(aclrtMemcpy(host_b, N, dev_b, N, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    assert_memory_equal(host_b, host_a, N);

    /* A partial copy into a larger destination touches only count bytes. */
    memset(host_b, 0xEE, N);
    assert_int_equal(aclrtMemcpy(host_b, N, dev_b, 10, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    assert_memory_equal(host_b, host_a, 10);
    for (size_t i = 10; i < N; i++) {
        assert_int_equal(host_b[i], 0xEE);
    }

    assert_int_equal(aclrtFree(dev_a), ACL_SUCCESS);
    assert_int_equal(aclrtFree(dev_b), ACL_SUCCESS);
}

static void memcpy_count_above_dest_max_is_param_invalid_and_copies_nothing(void **state)
{
    (void)state;
    unsigned char src[16];
    unsigned char dst[16];
    fill_pattern(src, sizeof src, 1);
    memset(dst, 0xAA, sizeof dst);
    set_unrelated_error();
    assert_int_equal(aclrtMemcpy(dst, 8, src, 9, ACL_MEMCPY_HOST_TO_HOST),
                     ACL_ERROR_RT_PARAM_INVALID);
    for (size_t i = 0; i < sizeof dst; i++) {
        assert_int_equal(dst[i], 0xAA);
    }
    assert_msg("aclrtMemcpy", "count");
    assert_int_equal(aclrtMemcpy(dst, 0, src, 1, ACL_MEMCPY_HOST_TO_DEVICE),
                     ACL_ERROR_RT_PARAM_INVALID);
    assert_int_equal(dst[0], 0xAA);
    /* count == destMax is fine. */
    assert_int_equal(aclrtMemcpy(dst, 8, src, 8, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
    assert_memory_equal(dst, src, 8);
    assert_int_equal(dst[8], 0xAA);
}

static void memcpy_overlapping_forward_equals_memmove(void **state)
{
    (void)state;
    unsigned char buf[64];
    unsigned char want[64];
    fill_pattern(buf, sizeof buf, 9);
    memcpy(want, buf, sizeof want);
    memmove(want + 5, want, 40);
    assert_int_equal(aclrtMemcpy(buf + 5, 59, buf, 40, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
    assert_memory_equal(buf, want, sizeof buf);

    unsigned char *dev = NULL;
    assert_int_equal(aclrtMalloc((void **)&dev, 4096, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    unsigned char *ref = malloc(4096);
    assert_non_null(ref);
    fill_pattern(dev, 4096, 17);
    memcpy(ref, dev, 4096);
    memmove(ref + 1, ref, 4000);
    assert_int_equal(aclrtMemcpy(dev + 1, 4095, dev, 4000, ACL_MEMCPY_DEVICE_TO_DEVICE),
                     ACL_SUCCESS);
    assert_memory_equal(dev, ref, 4096);
    free(ref);
    assert_int_equal(aclrtFree(dev), ACL_SUCCESS);
}

static void memcpy_overlapping_backward_equals_memmove(void **state)
{
    (void)state;
    unsigned char buf[64];
    unsigned char want[64];
    fill_pattern(buf, sizeof buf, 200);
    memcpy(want, buf, sizeof want);
    memmove(want, want + 7, 50);
    assert_int_equal(aclrtMemcpy(buf, 64, buf + 7, 50, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
    assert_memory_equal(buf, want, sizeof buf);

    unsigned char *dev = NULL;
    assert_int_equal(aclrtMalloc((void **)&dev, 4096, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    unsigned char *ref = malloc(4096);
    assert_non_null(ref);
    fill_pattern(dev, 4096, 33);
    memcpy(ref, dev, 4096);
    memmove(ref, ref + 3, 4093);
    assert_int_equal(aclrtMemcpy(dev, 4096, dev + 3, 4093, ACL_MEMCPY_DEVICE_TO_DEVICE),
                     ACL_SUCCESS);
    assert_memory_equal(dev, ref, 4096);
    free(ref);
    assert_int_equal(aclrtFree(dev), ACL_SUCCESS);
}

static void memcpy_same_pointer_is_noop_success(void **state)
{
    (void)state;
    unsigned char buf[32];
    unsigned char want[32];
    fill_pattern(buf, sizeof buf, 4);
    memcpy(want, buf, sizeof want);
    assert_int_equal(aclrtMemcpy(buf, 32, buf, 32, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
    assert_memory_equal(buf, want, sizeof buf);
}

static void memcpy_count_zero_succeeds_and_copies_nothing(void **state)
{
    (void)state;
    unsigned char src[4] = {1, 2, 3, 4};
    unsigned char dst[4] = {9, 9, 9, 9};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(aclrtMemcpy(dst, 4, src, 0, (aclrtMemcpyKind)k), ACL_SUCCESS);
        assert_int_equal(aclrtMemcpy(dst, 0, src, 0, (aclrtMemcpyKind)k), ACL_SUCCESS);
    }
    for (int i = 0; i < 4; i++) {
        assert_int_equal(dst[i], 9);
    }
}

static void memcpy_null_dst_or_src_is_param_invalid(void **state)
{
    (void)state;
    unsigned char src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    unsigned char dst[8] = {0};
    set_unrelated_error();
    assert_int_equal(aclrtMemcpy(NULL, 8, src, 8, ACL_MEMCPY_HOST_TO_HOST),
                     ACL_ERROR_RT_PARAM_INVALID);
    assert_msg("aclrtMemcpy", "dst");
    set_unrelated_error();
    assert_int_equal(aclrtMemcpy(dst, 8, NULL, 8, ACL_MEMCPY_HOST_TO_HOST),
                     ACL_ERROR_RT_PARAM_INVALID);
    assert_msg("aclrtMemcpy", "src");
    for (int i = 0; i < 8; i++) {
        assert_int_equal(dst[i], 0);
    }
    assert_int_equal(aclrtMemcpy(NULL, 8, NULL, 8, ACL_MEMCPY_DEVICE_TO_DEVICE),
                     ACL_ERROR_RT_PARAM_INVALID);
}

static void memcpy_bad_kind_is_param_invalid_and_copies_nothing(void **state)
{
    (void)state;
    static const int bad[] = {-1, 99, 0x7FFFFFFF};
    unsigned char src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    unsigned char dst[8] = {0};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        set_unrelated_error();
        assert_int_equal(aclrtMemcpy(dst, 8, src, 8, (aclrtMemcpyKind)bad[i]),
                         ACL_ERROR_RT_PARAM_INVALID);
        assert_msg("aclrtMemcpy", "kind");
    }
    for (int i = 0; i < 8; i++) {
        assert_int_equal(dst[i], 0);
    }
}

/* ---- aclrtMemset -------------------------------------------------------------- */

static void memset_sets_count_bytes_to_low_byte_of_value(void **state)
{
    (void)state;
    unsigned char *dev = NULL;
    assert_int_equal(aclrtMalloc((void **)&dev, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    memset(dev, 0x11, 256);
    assert_int_equal(aclrtMemset(dev, 256, 0x1AB, 100), ACL_SUCCESS);
    for (int i = 0; i < 100; i++) {
        assert_int_equal(dev[i], 0xAB);
    }
    for (int i = 100; i < 256; i++) {
        assert_int_equal(dev[i], 0x11);
    }
    assert_int_equal(aclrtMemset(dev, 256, -1, 256), ACL_SUCCESS);
    for (int i = 0; i < 256; i++) {
        assert_int_equal(dev[i], 0xFF);
    }
    assert_int_equal(aclrtMemset(dev, 256, 0, 0), ACL_SUCCESS);
    assert_int_equal(dev[0], 0xFF);
    assert_int_equal(aclrtFree(dev), ACL_SUCCESS);
}

static void memset_count_above_max_is_param_invalid_and_writes_nothing(void **state)
{
    (void)state;
    unsigned char buf[32];
    memset(buf, 0x42, sizeof buf);
    set_unrelated_error();
    assert_int_equal(aclrtMemset(buf, 16, 0, 17), ACL_ERROR_RT_PARAM_INVALID);
    for (size_t i = 0; i < sizeof buf; i++) {
        assert_int_equal(buf[i], 0x42);
    }
    assert_msg("aclrtMemset", "count");
    assert_int_equal(aclrtMemset(buf, 16, 0, 16), ACL_SUCCESS);
    assert_int_equal(buf[15], 0);
    assert_int_equal(buf[16], 0x42);
}

static void memset_null_pointer_is_param_invalid(void **state)
{
    (void)state;
    assert_int_equal(aclrtMemset(NULL, 16, 0, 16), ACL_ERROR_RT_PARAM_INVALID);
    assert_true(msg_starts_with(aclGetRecentErrMsg(), "aclrtMemset"));
}

/* ---- aclGetRecentErrMsg --------------------------------------------------------- */

typedef struct {
    int device_to_set; /* < 0: do not provoke an error */
    char initial[256]; /* message when the thread started */
    char after[256];   /* message after the failing call */
    int rc;
} msg_probe;

static void *msg_probe_thread(void *arg)
{
    msg_probe *probe = arg;
    const char *m = aclGetRecentErrMsg();
    snprintf(probe->initial, sizeof probe->initial, "%s", m ? m : "(null)");
    if (probe->device_to_set >= 0) {
        probe->rc = aclrtSetDevice(probe->device_to_set);
    }
    m = aclGetRecentErrMsg();
    snprintf(probe->after, sizeof probe->after, "%s", m ? m : "(null)");
    return NULL;
}

static void run_probe(msg_probe *probe)
{
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, msg_probe_thread, probe), 0);
    assert_int_equal(pthread_join(th, NULL), 0);
}

static void err_msg_is_null_in_fresh_thread(void **state)
{
    (void)state;
    /* the main thread has a message; a new thread must not see it */
    assert_int_equal(aclrtFree(NULL), ACL_ERROR_RT_PARAM_INVALID);
    msg_probe probe = {.device_to_set = -1};
    run_probe(&probe);
    assert_string_equal(probe.initial, "(null)");
    assert_string_equal(probe.after, "(null)");
    assert_true(msg_starts_with(aclGetRecentErrMsg(), "aclrtFree"));
}

static void err_msg_after_set_device_names_call_parameter_and_value(void **state)
{
    (void)state;
    msg_probe probe = {.device_to_set = 1};
    run_probe(&probe);
    assert_string_equal(probe.initial, "(null)");
    assert_int_equal(probe.rc, ACL_ERROR_RT_INVALID_DEVICEID);
    assert_true(msg_starts_with(probe.after, "aclrtSetDevice"));
    assert_non_null(strstr(probe.after, "deviceId"));
    assert_non_null(strstr(probe.after, "1"));
}

static void err_msg_is_thread_local(void **state)
{
    (void)state;
    /* Main thread: a malloc error. */
    void *p = NULL;
    assert_int_equal(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_PARAM_INVALID);

    /* Thread A fails with its own message, which the main thread never sees. */
    msg_probe a = {.device_to_set = 7};
    run_probe(&a);
    assert_string_equal(a.initial, "(null)");
    assert_int_equal(a.rc, ACL_ERROR_RT_INVALID_DEVICEID);
    assert_true(msg_starts_with(a.after, "aclrtSetDevice"));
    assert_non_null(strstr(a.after, "7"));
    assert_true(msg_starts_with(aclGetRecentErrMsg(), "aclrtMalloc"));

    /* Thread B starts after A failed: it sees nothing of A's message. */
    msg_probe b = {.device_to_set = -1};
    run_probe(&b);
    assert_string_equal(b.initial, "(null)");
    assert_string_equal(b.after, "(null)");
}

typedef struct {
    int device;
    int mismatches;
} msg_race;

static void *msg_race_thread(void *arg)
{
    msg_race *r = arg;
    char want[16];
    snprintf(want, sizeof want, "%d", r->device);
    for (int i = 0; i < 2000; i++) {
        if (aclrtSetDevice(r->device) != ACL_ERROR_RT_INVALID_DEVICEID) {
            r->mismatches++;
        }
        const char *m = aclGetRecentErrMsg();
        if (m == NULL || !msg_starts_with(m, "aclrtSetDevice") || strstr(m, want) == NULL) {
            r->mismatches++;
        }
    }
    return NULL;
}

static void err_msg_concurrent_threads_keep_their_own_messages(void **state)
{
    (void)state;
    /* Distinct digit strings so one thread's value can never match another's. */
    msg_race races[3] = {{.device = 555}, {.device = 6666}, {.device = 77777}};
    pthread_t th[3];
    for (int i = 0; i < 3; i++) {
        assert_int_equal(pthread_create(&th[i], NULL, msg_race_thread, &races[i]), 0);
    }
    for (int i = 0; i < 3; i++) {
        assert_int_equal(pthread_join(th[i], NULL), 0);
    }
    for (int i = 0; i < 3; i++) {
        assert_int_equal(races[i].mismatches, 0);
    }
}

static void err_msg_not_cleared_by_successful_calls(void **state)
{
    (void)state;
    assert_int_equal(aclrtSetDevice(1), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_int_equal(aclrtSetDevice(0), ACL_SUCCESS);
    void *p = NULL;
    assert_int_equal(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    assert_int_equal(aclrtFree(p), ACL_SUCCESS);
    assert_int_equal(aclrtSynchronizeStream(NULL), ACL_SUCCESS);
    assert_true(msg_starts_with(aclGetRecentErrMsg(), "aclrtSetDevice"));
}

static void err_msg_is_overwritten_by_next_failure(void **state)
{
    (void)state;
    assert_int_equal(aclrtSetDevice(3), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_int_equal(aclrtMemset(NULL, 1, 0, 1), ACL_ERROR_RT_PARAM_INVALID);
    assert_true(msg_starts_with(aclGetRecentErrMsg(), "aclrtMemset"));
}

/* CANN's aclGetRecentErrMsg "obtains and clears": the next call returns
 * nullptr until a new failure, and the string handed out stays readable until
 * the thread's next call. */
static void err_msg_is_obtained_and_cleared(void **state)
{
    (void)state;
    assert_int_equal(aclrtSetDevice(5), ACL_ERROR_RT_INVALID_DEVICEID);
    const char *first = aclGetRecentErrMsg();
    assert_non_null(first);
    assert_string_equal(first, "aclrtSetDevice: deviceId must be 0 (the CPU is the only device), got 5");
    /* a later failure does not overwrite what the caller is holding */
    assert_int_equal(aclrtSetDevice(6), ACL_ERROR_RT_INVALID_DEVICEID);
    assert_string_equal(first, "aclrtSetDevice: deviceId must be 0 (the CPU is the only device), got 5");
    const char *second = aclGetRecentErrMsg();
    assert_non_null(second);
    assert_true(msg_starts_with(second, "aclrtSetDevice"));
    assert_non_null(strstr(second, "got 6"));
    assert_null(aclGetRecentErrMsg());
    assert_null(aclGetRecentErrMsg());
}

/* ---- aclDataTypeSize -------------------------------------------------------------- */

static void data_type_size_of_every_value(void **state)
{
    (void)state;
    assert_int_equal(aclDataTypeSize(ACL_FLOAT), 4);
    assert_int_equal(aclDataTypeSize(ACL_FLOAT16), 2);
    assert_int_equal(aclDataTypeSize(ACL_INT8), 1);
    assert_int_equal(aclDataTypeSize(ACL_INT32), 4);
    assert_int_equal(aclDataTypeSize(ACL_UINT8), 1);
    assert_int_equal(aclDataTypeSize(ACL_INT16), 2);
    assert_int_equal(aclDataTypeSize(ACL_UINT16), 2);
    assert_int_equal(aclDataTypeSize(ACL_UINT32), 4);
    assert_int_equal(aclDataTypeSize(ACL_INT64), 8);
    assert_int_equal(aclDataTypeSize(ACL_UINT64), 8);
    assert_int_equal(aclDataTypeSize(ACL_DOUBLE), 8);
    assert_int_equal(aclDataTypeSize(ACL_BOOL), 1);
    assert_int_equal(aclDataTypeSize(ACL_STRING), 0);
    assert_int_equal(aclDataTypeSize(ACL_COMPLEX64), 8);
    assert_int_equal(aclDataTypeSize(ACL_COMPLEX128), 16);
    assert_int_equal(aclDataTypeSize(ACL_BF16), 2);
    assert_int_equal(aclDataTypeSize(ACL_INT4), 0);
    assert_int_equal(aclDataTypeSize(ACL_UINT1), 0);
    assert_int_equal(aclDataTypeSize(ACL_COMPLEX32), 4);
    assert_int_equal(aclDataTypeSize(ACL_DT_UNDEFINED), 0);
}

static void data_type_size_of_unknown_values_is_zero(void **state)
{
    (void)state;
    static const int unknown[] = {5, 14, 15, 18, 26, 28, 31, 32, 34, 99, -2, 1000, INT32_MAX,
                                  INT32_MIN};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        assert_int_equal(aclDataTypeSize((aclDataType)unknown[i]), 0);
    }
}

/* ---- fp16 conversions (docs/precision.md) ----------------------------------------------------- */

static void float_to_half_exact_values(void **state)
{
    (void)state;
    assert_int_equal(aclFloatToFloat16(0.0f), 0x0000);
    assert_int_equal(aclFloatToFloat16(-0.0f), 0x8000);
    assert_int_equal(aclFloatToFloat16(1.0f), 0x3C00);
    assert_int_equal(aclFloatToFloat16(-1.0f), 0xBC00);
    assert_int_equal(aclFloatToFloat16(2.0f), 0x4000);
    assert_int_equal(aclFloatToFloat16(0.5f), 0x3800);
    assert_int_equal(aclFloatToFloat16(-2.5f), 0xC100);
    assert_int_equal(aclFloatToFloat16(65504.0f), 0x7BFF);
    assert_int_equal(aclFloatToFloat16(-65504.0f), 0xFBFF);
    assert_int_equal(aclFloatToFloat16(ldexpf(1.0f, -14)), 0x0400); /* smallest normal */
    assert_int_equal(aclFloatToFloat16(ldexpf(1023.0f, -24)), 0x03FF); /* largest subnormal */
    assert_int_equal(aclFloatToFloat16(ldexpf(1.0f, -24)), 0x0001); /* smallest subnormal */
    assert_int_equal(aclFloatToFloat16(-ldexpf(1.0f, -24)), 0x8001);
}

static void float_to_half_overflow_rounds_to_inf(void **state)
{
    (void)state;
    assert_int_equal(aclFloatToFloat16(65519.0f), 0x7BFF); /* below the tie */
    assert_int_equal(aclFloatToFloat16(65520.0f), 0x7C00); /* tie rounds to even = inf */
    assert_int_equal(aclFloatToFloat16(-65520.0f), 0xFC00);
    assert_int_equal(aclFloatToFloat16(65536.0f), 0x7C00);
    assert_int_equal(aclFloatToFloat16(1e10f), 0x7C00);
    assert_int_equal(aclFloatToFloat16(-1e10f), 0xFC00);
    assert_int_equal(aclFloatToFloat16(FLT_MAX), 0x7C00);
    assert_int_equal(aclFloatToFloat16(-FLT_MAX), 0xFC00);
    assert_int_equal(aclFloatToFloat16(INFINITY), 0x7C00);
    assert_int_equal(aclFloatToFloat16(-INFINITY), 0xFC00);
}

static void float_to_half_subnormal_rounding_ties_to_even(void **state)
{
    (void)state;
    assert_int_equal(aclFloatToFloat16(ldexpf(1.0f, -25)), 0x0000); /* tie -> even 0 */
    assert_int_equal(aclFloatToFloat16(-ldexpf(1.0f, -25)), 0x8000);
    assert_int_equal(aclFloatToFloat16(nextafterf(ldexpf(1.0f, -25), 1.0f)), 0x0001);
    assert_int_equal(aclFloatToFloat16(ldexpf(3.0f, -25)), 0x0002); /* tie -> even 2 */
    assert_int_equal(aclFloatToFloat16(ldexpf(5.0f, -25)), 0x0002); /* tie -> even 2 */
    assert_int_equal(aclFloatToFloat16(ldexpf(7.0f, -25)), 0x0004); /* tie -> even 4 */
    assert_int_equal(aclFloatToFloat16(ldexpf(1.0f, -26)), 0x0000);
    assert_int_equal(aclFloatToFloat16(1e-10f), 0x0000);
    assert_int_equal(aclFloatToFloat16(-1e-10f), 0x8000);
    assert_int_equal(aclFloatToFloat16(FLT_TRUE_MIN), 0x0000);
    assert_int_equal(aclFloatToFloat16(FLT_MIN), 0x0000);
    /* Largest subnormal + half an ulp ties up into the smallest normal (even). */
    assert_int_equal(aclFloatToFloat16(ldexpf(2047.0f, -25)), 0x0400);
}

static void float_to_half_normal_rounding_ties_to_even(void **state)
{
    (void)state;
    assert_int_equal(aclFloatToFloat16(1.0f + ldexpf(1.0f, -11)), 0x3C00); /* tie -> even */
    assert_int_equal(aclFloatToFloat16(1.0f + ldexpf(3.0f, -11)), 0x3C02); /* tie -> even */
    assert_int_equal(aclFloatToFloat16(nextafterf(1.0f + ldexpf(1.0f, -11), 2.0f)), 0x3C01);
    assert_int_equal(aclFloatToFloat16(nextafterf(1.0f + ldexpf(3.0f, -11), 0.0f)), 0x3C01);
    assert_int_equal(aclFloatToFloat16(-(1.0f + ldexpf(1.0f, -11))), 0xBC00);
    assert_int_equal(aclFloatToFloat16(-(1.0f + ldexpf(3.0f, -11))), 0xBC02);
    /* Mantissa carry into the exponent: 2 - 2^-12 rounds up to 2.0. */
    assert_int_equal(aclFloatToFloat16(2.0f - ldexpf(1.0f, -12)), 0x4000);
    assert_int_equal(aclFloatToFloat16(0.1f), 0x2E66);
    assert_int_equal(aclFloatToFloat16(3.14159265f), 0x4248);
}

/* Every tie between adjacent finite halves rounds to the even pattern, and the
 * floats one ulp either side round down / up. 0x7BFF's upper neighbour is
 * 65536 (pattern 0x7C00 = inf). */
static void float_to_half_every_midpoint_rounds_to_even(void **state)
{
    (void)state;
    for (uint32_t h = 0; h < 0x7C00u; h++) {
        const double lo = half_value(h);
        const double hi = (h + 1 == 0x7C00u) ? 65536.0 : half_value(h + 1);
        const float mid = (float)((lo + hi) / 2.0);
        assert_true((double)mid == (lo + hi) / 2.0); /* exact in float */
        const uint16_t even = (uint16_t)((h & 1u) ? h + 1 : h);
        const uint16_t below = aclFloatToFloat16(nextafterf(mid, 0.0f));
        const uint16_t at = aclFloatToFloat16(mid);
        const uint16_t above = aclFloatToFloat16(nextafterf(mid, INFINITY));
        const uint16_t neg = aclFloatToFloat16(-mid);
        if (below != h || at != even || above != h + 1 || neg != (0x8000u | even)) {
            fail_msg("h=0x%04X mid=%a: below 0x%04X at 0x%04X above 0x%04X neg 0x%04X", h,
                     (double)mid, below, at, above, neg);
        }
    }
}

static void float_to_half_nan_is_quiet_nan(void **state)
{
    (void)state;
    static const uint32_t nans[] = {0x7FC00000u, 0x7F800001u, 0x7FA00000u, 0x7FFFFFFFu,
                                    0xFFC00000u, 0xFF800001u, 0x7F801FFFu};
    for (size_t i = 0; i < sizeof nans / sizeof nans[0]; i++) {
        const uint16_t h = aclFloatToFloat16(f32_from_bits(nans[i]));
        if ((h & 0x7C00u) != 0x7C00u || (h & 0x03FFu) == 0 || (h & 0x0200u) == 0) {
            fail_msg("NaN 0x%08X -> 0x%04X is not a quiet half NaN", nans[i], h);
        }
        assert_int_equal(h & 0x8000u, (nans[i] >> 16) & 0x8000u); /* sign kept */
    }
    assert_int_equal(aclFloatToFloat16(NAN) & 0x7E00u, 0x7E00u);
}

static void float_to_half_nan_keeps_sign_and_top_payload(void **state)
{
    (void)state;
    assert_int_equal(aclFloatToFloat16(f32_from_bits(0x7FC00000u)), 0x7E00);
    assert_int_equal(aclFloatToFloat16(f32_from_bits(0xFFC00000u)), 0xFE00);
    assert_int_equal(aclFloatToFloat16(f32_from_bits(0x7FE00000u)), 0x7F00);
    assert_int_equal(aclFloatToFloat16(f32_from_bits(0x7FC02000u)), 0x7E01);
    assert_int_equal(aclFloatToFloat16(f32_from_bits(0x7F802000u)), 0x7E01); /* quieted */
}

static void half_to_float_exact_values(void **state)
{
    (void)state;
    assert_int_equal(f32_bits(aclFloat16ToFloat(0x0000)), 0x00000000u);
    assert_int_equal(f32_bits(aclFloat16ToFloat(0x8000)), 0x80000000u);
    assert_int_equal(f32_bits(aclFloat16ToFloat(0x3C00)), f32_bits(1.0f));
    assert_int_equal(f32_bits(aclFloat16ToFloat(0xBC00)), f32_bits(-1.0f));
    assert_int_equal(f32_bits(aclFloat16ToFloat(0x7BFF)), f32_bits(65504.0f));
    assert_int_equal(f32_bits(aclFloat16ToFloat(0x0001)), f32_bits(ldexpf(1.0f, -24)));
    assert_int_equal(f32_bits(aclFloat16ToFloat(0x03FF)), f32_bits(ldexpf(1023.0f, -24)));
    assert_int_equal(f32_bits(aclFloat16ToFloat(0x0400)), f32_bits(ldexpf(1.0f, -14)));
    assert_int_equal(f32_bits(aclFloat16ToFloat(0x7C00)), 0x7F800000u);
    assert_int_equal(f32_bits(aclFloat16ToFloat(0xFC00)), 0xFF800000u);
    assert_int_equal(f32_bits(aclFloat16ToFloat(0x7E00)), 0x7FC00000u);
    assert_int_equal(f32_bits(aclFloat16ToFloat(0xFE00)), 0xFFC00000u);
    const uint32_t snan = f32_bits(aclFloat16ToFloat(0x7C01));
    assert_true(isnan(f32_from_bits(snan)));
    assert_int_equal(snan & 0x80400000u, 0x00400000u); /* quiet, positive */
}

/* Every non-NaN half widens exactly (checked against an independent decoder)
 * and narrows back to itself; every NaN stays NaN with its sign. */
static void half_round_trip_is_exact_for_all_65536_patterns(void **state)
{
    (void)state;
    for (uint32_t u = 0; u <= 0xFFFFu; u++) {
        const aclFloat16 h = (aclFloat16)u;
        const float f = aclFloat16ToFloat(h);
        const aclFloat16 back = aclFloatToFloat16(f);
        if (half_is_nan(h)) {
            if (!isnan(f) || !half_is_nan(back) || (back & 0x8000u) != (h & 0x8000u)) {
                fail_msg("NaN 0x%04X -> 0x%08X -> 0x%04X", u, f32_bits(f), back);
            }
            continue;
        }
        const float want = (float)half_value(u);
        if (f32_bits(f) != f32_bits(want) || back != h) {
            fail_msg("0x%04X -> 0x%08X (want 0x%08X) -> 0x%04X", u, f32_bits(f), f32_bits(want),
                     back);
        }
    }
}

static void half_nan_round_trip_keeps_sign_and_payload_quieted(void **state)
{
    (void)state;
    for (uint32_t u = 0; u <= 0xFFFFu; u++) {
        if (!half_is_nan((aclFloat16)u)) {
            continue;
        }
        const aclFloat16 back = aclFloatToFloat16(aclFloat16ToFloat((aclFloat16)u));
        if (back != (aclFloat16)(u | 0x0200u)) {
            fail_msg("NaN 0x%04X round-trips to 0x%04X, want 0x%04X", u, back, u | 0x0200u);
        }
    }
}

/* ---- aclInit / aclFinalize state machine (runs last, in this order) ---------------- */

static char g_json_path[64];
static char g_text_path[64];
static char g_dir_path[64];

static void write_temp_file(char *path, size_t size, const char *content)
{
    snprintf(path, size, "/tmp/opsnn_rt_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const size_t len = strlen(content);
    assert_int_equal(write(fd, content, len), (ssize_t)len);
    assert_int_equal(close(fd), 0);
}

static int init_group_setup(void **state)
{
    (void)state;
    write_temp_file(g_json_path, sizeof g_json_path, "{\n  \"dump\": {}\n}\n");
    write_temp_file(g_text_path, sizeof g_text_path, "this is not json at all");
    snprintf(g_dir_path, sizeof g_dir_path, "/tmp/opsnn_rt_dir_XXXXXX");
    return mkdtemp(g_dir_path) == NULL ? -1 : 0;
}

static int init_group_teardown(void **state)
{
    (void)state;
    unlink(g_json_path);
    unlink(g_text_path);
    rmdir(g_dir_path);
    return 0;
}

static void finalize_never_initialised_is_uninitialize(void **state)
{
    (void)state;
    assert_int_equal(aclFinalize(), ACL_ERROR_UNINITIALIZE);
    assert_int_equal(aclFinalize(), ACL_ERROR_UNINITIALIZE);
}

static void init_missing_file_is_invalid_param_and_stays_uninitialised(void **state)
{
    (void)state;
    set_unrelated_error();
    assert_int_equal(aclInit("/nonexistent/opsnn/acl.json"), ACL_ERROR_INVALID_PARAM);
    assert_msg("aclInit", "/nonexistent/opsnn/acl.json");
    assert_int_equal(aclFinalize(), ACL_ERROR_UNINITIALIZE);
}

/* A directory opens but cannot be read as a file (read() fails with EISDIR).
 * Runs after a finalize: a failed aclInit must leave the state FINALISED. */
static void init_directory_path_is_invalid_param(void **state)
{
    (void)state;
    const aclError rc = aclInit(g_dir_path);
    if (rc == ACL_SUCCESS) {
        (void)aclFinalize(); /* keep the later tests' starting state */
        fail_msg("aclInit(\"%s\") (a directory) returned ACL_SUCCESS", g_dir_path);
    }
    assert_int_equal(rc, ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
}

static void init_unreadable_file_is_invalid_param(void **state)
{
    (void)state;
    if (geteuid() == 0) {
        skip(); /* root reads a mode-0000 file anyway */
    }
    char path[64];
    write_temp_file(path, sizeof path, "{}");
    assert_int_equal(chmod(path, 0), 0);
    const aclError rc = aclInit(path);
    unlink(path);
    assert_int_equal(rc, ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclFinalize(), ACL_ERROR_UNINITIALIZE);
}

static void init_null_succeeds_and_repeat_is_repeat_initialize(void **state)
{
    (void)state;
    assert_int_equal(aclInit(NULL), ACL_SUCCESS);
    assert_int_equal(aclInit(NULL), ACL_ERROR_REPEAT_INITIALIZE);
    assert_int_equal(aclInit(g_json_path), ACL_ERROR_REPEAT_INITIALIZE);
    assert_int_equal(aclFinalize(), ACL_SUCCESS);
}

static void finalize_twice_is_repeat_finalize(void **state)
{
    (void)state;
    assert_int_equal(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
    assert_int_equal(aclInit(NULL), ACL_SUCCESS);
    assert_int_equal(aclFinalize(), ACL_SUCCESS);
    assert_int_equal(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
    assert_int_equal(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
}

static void init_readable_json_file_succeeds(void **state)
{
    (void)state;
    assert_int_equal(aclInit(g_json_path), ACL_SUCCESS);
    assert_int_equal(aclFinalize(), ACL_SUCCESS);
}

static void init_accepts_any_readable_file_content(void **state)
{
    (void)state;
    assert_int_equal(aclInit(g_text_path), ACL_SUCCESS);
    assert_int_equal(aclFinalize(), ACL_SUCCESS);
}

static void reinit_after_finalize_is_allowed_repeatedly(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(aclInit(i % 2 ? g_json_path : NULL), ACL_SUCCESS);
        assert_int_equal(aclrtSetDevice(0), ACL_SUCCESS);
        void *p = NULL;
        assert_int_equal(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        assert_int_equal(aclrtFree(p), ACL_SUCCESS);
        assert_int_equal(aclrtResetDevice(0), ACL_SUCCESS);
        assert_int_equal(aclFinalize(), ACL_SUCCESS);
    }
}

static void failed_init_while_initialised_keeps_state(void **state)
{
    (void)state;
    assert_int_equal(aclInit(NULL), ACL_SUCCESS);
    assert_true(aclInit("/nonexistent/opsnn/acl.json") != ACL_SUCCESS);
    assert_int_equal(aclFinalize(), ACL_SUCCESS);
    assert_int_equal(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
}

int main(void)
{
    const struct CMUnitTest runtime_tests[] = {
        cmocka_unit_test(enum_and_code_values_equal_cann),
        cmocka_unit_test(set_device_zero_succeeds_and_get_device_is_zero),
        cmocka_unit_test(set_device_one_is_invalid_deviceid_naming_value),
        cmocka_unit_test(set_device_minus_one_is_invalid_deviceid_naming_value),
        cmocka_unit_test(reset_device_other_than_zero_is_invalid_deviceid),
        cmocka_unit_test(device_count_is_one),
        cmocka_unit_test(get_device_null_out_is_param_invalid),
        cmocka_unit_test(stream_create_sync_destroy_succeeds),
        cmocka_unit_test(synchronize_null_default_stream_succeeds),
        cmocka_unit_test(create_stream_null_out_is_param_invalid),
        cmocka_unit_test(bogus_stream_handle_is_param_invalid),
        cmocka_unit_test(destroyed_stream_is_param_invalid),
        cmocka_unit_test(malloc_is_64_byte_aligned_for_every_size_and_policy),
        cmocka_unit_test(malloc_large_huge_first_is_aligned_and_usable),
        cmocka_unit_test(huge_policies_advise_transparent_huge_pages),
        cmocka_unit_test(malloc_live_blocks_are_distinct_and_disjoint),
        cmocka_unit_test(malloc_size_zero_is_param_invalid),
        cmocka_unit_test(malloc_null_out_pointer_is_param_invalid),
        cmocka_unit_test(malloc_exhaustion_is_memory_allocation_error),
        cmocka_unit_test(malloc_invalid_policy_is_param_invalid),
        cmocka_unit_test(free_null_is_param_invalid),
        cmocka_unit_test(free_stack_pointer_is_param_invalid),
        cmocka_unit_test(free_malloc_block_is_param_invalid_and_leaves_it_alone),
        cmocka_unit_test(free_interior_pointer_is_param_invalid),
        cmocka_unit_test(free_twice_is_param_invalid),
        cmocka_unit_test(free_of_host_block_is_param_invalid),
        cmocka_unit_test(malloc_host_is_64_byte_aligned_and_freeable),
        cmocka_unit_test(malloc_host_size_zero_or_null_out_is_param_invalid),
        cmocka_unit_test(malloc_host_exhaustion_is_memory_allocation_error),
        cmocka_unit_test(free_host_null_foreign_and_double_are_param_invalid),
        cmocka_unit_test(malloc_free_from_concurrent_threads_all_succeed),
        cmocka_unit_test(memcpy_all_four_kinds_copy_exact_bytes),
        cmocka_unit_test(memcpy_count_above_dest_max_is_param_invalid_and_copies_nothing),
        cmocka_unit_test(memcpy_overlapping_forward_equals_memmove),
        cmocka_unit_test(memcpy_overlapping_backward_equals_memmove),
        cmocka_unit_test(memcpy_same_pointer_is_noop_success),
        cmocka_unit_test(memcpy_count_zero_succeeds_and_copies_nothing),
        cmocka_unit_test(memcpy_null_dst_or_src_is_param_invalid),
        cmocka_unit_test(memcpy_bad_kind_is_param_invalid_and_copies_nothing),
        cmocka_unit_test(memset_sets_count_bytes_to_low_byte_of_value),
        cmocka_unit_test(memset_count_above_max_is_param_invalid_and_writes_nothing),
        cmocka_unit_test(memset_null_pointer_is_param_invalid),
        cmocka_unit_test(err_msg_is_null_in_fresh_thread),
        cmocka_unit_test(err_msg_after_set_device_names_call_parameter_and_value),
        cmocka_unit_test(err_msg_is_thread_local),
        cmocka_unit_test(err_msg_concurrent_threads_keep_their_own_messages),
        cmocka_unit_test(err_msg_not_cleared_by_successful_calls),
        cmocka_unit_test(err_msg_is_overwritten_by_next_failure),
        cmocka_unit_test(err_msg_is_obtained_and_cleared),
        cmocka_unit_test(data_type_size_of_every_value),
        cmocka_unit_test(data_type_size_of_unknown_values_is_zero),
        cmocka_unit_test(float_to_half_exact_values),
        cmocka_unit_test(float_to_half_overflow_rounds_to_inf),
        cmocka_unit_test(float_to_half_subnormal_rounding_ties_to_even),
        cmocka_unit_test(float_to_half_normal_rounding_ties_to_even),
        cmocka_unit_test(float_to_half_every_midpoint_rounds_to_even),
        cmocka_unit_test(float_to_half_nan_is_quiet_nan),
        cmocka_unit_test(float_to_half_nan_keeps_sign_and_top_payload),
        cmocka_unit_test(half_to_float_exact_values),
        cmocka_unit_test(half_round_trip_is_exact_for_all_65536_patterns),
        cmocka_unit_test(half_nan_round_trip_keeps_sign_and_payload_quieted),
    };
    /* Order matters: the first three need a process that never called aclInit. */
    const struct CMUnitTest init_tests[] = {
        cmocka_unit_test(finalize_never_initialised_is_uninitialize),
        cmocka_unit_test(init_missing_file_is_invalid_param_and_stays_uninitialised),
        cmocka_unit_test(init_unreadable_file_is_invalid_param),
        cmocka_unit_test(init_null_succeeds_and_repeat_is_repeat_initialize),
        cmocka_unit_test(finalize_twice_is_repeat_finalize),
        cmocka_unit_test(init_directory_path_is_invalid_param),
        cmocka_unit_test(init_readable_json_file_succeeds),
        cmocka_unit_test(init_accepts_any_readable_file_content),
        cmocka_unit_test(reinit_after_finalize_is_allowed_repeatedly),
        cmocka_unit_test(failed_init_while_initialised_keeps_state),
    };
    const int failed_runtime = cmocka_run_group_tests_name("runtime", runtime_tests, NULL, NULL);
    const int failed_init =
        cmocka_run_group_tests_name("init", init_tests, init_group_setup, init_group_teardown);
    return failed_runtime + failed_init;
}
