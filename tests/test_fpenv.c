/*
 * test_fpenv.c - the floating-point environment is the library's, not the
 * caller's (docs/runtime.md, "The floating-point environment"): with the
 * caller's thread under flush-to-zero / denormals-are-zero or any directed
 * rounding mode, and with pool workers created under such a setting, every
 * operator and dtype gives the same bits as under the default environment, on
 * every kernel path and on 1 and 2 threads; and the caller's environment is
 * what it set once the call returns (phase 1 and phase 2).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "common/threads.h"
#include "kernels/kernels.h"
#include "ops/kernels.h"
#include "tensor/dtype.h"
#include "opsnn/opsnn.h"
#include "rng.h"
#include "test_util.h"

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <immintrin.h>
#define FLUSH_BITS 0x8040u /* MXCSR FTZ | DAZ */
static unsigned flush_get(void) { return _mm_getcsr() & FLUSH_BITS; }
static void flush_set(int on)
{
    _mm_setcsr(on ? (_mm_getcsr() | FLUSH_BITS) : (_mm_getcsr() & ~FLUSH_BITS));
}
#elif defined(__aarch64__) && defined(__GNUC__)
#define FLUSH_BITS (1u << 24) /* FPCR.FZ */
static unsigned flush_get(void)
{
    unsigned long v;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(v));
    return (unsigned)v & FLUSH_BITS;
}
static void flush_set(int on)
{
    unsigned long v;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(v));
    v = on ? (v | FLUSH_BITS) : (v & ~(unsigned long)FLUSH_BITS);
    __asm__ __volatile__("msr fpcr, %0" ::"r"(v));
}
#else
#define FLUSH_BITS 0u
static unsigned flush_get(void) { return 0; }
static void flush_set(int on) { (void)on; }
#endif

/* The caller's environments tried; each against the default. */
typedef struct {
    const char *name;
    int flush;
    int round;
} fpenv_case;

static const fpenv_case ENVS[] = {
    {"FTZ+DAZ", 1, FE_TONEAREST},
#ifdef FE_UPWARD
    {"upward", 0, FE_UPWARD},
    {"FTZ+DAZ upward", 1, FE_UPWARD},
#endif
#ifdef FE_DOWNWARD
    {"downward", 0, FE_DOWNWARD},
#endif
#ifdef FE_TOWARDZERO
    {"toward zero", 0, FE_TOWARDZERO},
#endif
};

/* 0 when this machine cannot hold the setting (valgrind does not emulate
 * MXCSR's FTZ/DAZ: it reads them back as 0). */
static int env_set(const fpenv_case *e)
{
    assert_int_equal(fesetround(e->round), 0);
    flush_set(e->flush);
    return fegetround() == e->round && flush_get() == (e->flush ? FLUSH_BITS : 0u);
}

static void env_default(void)
{
    fesetround(FE_TONEAREST);
    flush_set(0);
}

/* The environment is the one env_set put in place. */
static void assert_env_is(const fpenv_case *e, const char *when)
{
    if (fegetround() != e->round || flush_get() != (e->flush ? FLUSH_BITS : 0u)) {
        print_error("%s: %s: the caller's environment changed (rounding %d, flush bits 0x%x)\n",
                    e->name, when, fegetround(), flush_get());
        fail();
    }
}

/* ---- the operators ------------------------------------------------------------ */

#define N (1 << 17) /* 1.5 MiB of fp32 traffic: 2 threads take part */

enum { SELU_BWD, SOFTSHRINK_BWD, SELU, SOFTSHRINK, NOPS };
static const char *const OP_NAMES[] = {"SeluBackward", "SoftshrinkBackward", "Selu", "Softshrink"};

/* Values where the environment shows: subnormals, tiny normals whose products
 * underflow, ordinary values whose products round, and random bit patterns. */
static void fill(void *buf, aclDataType dt, uint64_t seed)
{
    tu_rng r = {seed};
    for (size_t i = 0; i < N; i++) {
        uint32_t bits = (uint32_t)tu_next(&r);
        float f;
        switch (i % 4) {
        case 0: bits &= 0x807fffffu; break;              /* subnormal */
        case 1: bits = (bits & 0x80ffffffu) | 0x00800000u; break; /* 2^-126 .. 2^-125 */
        case 2: f = tu_uniform(&r, -6.0f, 6.0f); memcpy(&bits, &f, 4); break;
        default: break;
        }
        memcpy(&f, &bits, 4);
        if (dt == ACL_FLOAT) {
            ((float *)buf)[i] = f;
        } else if (i % 4 == 3) {
            ((uint16_t *)buf)[i] = (uint16_t)bits;
        } else {
            /* the 16-bit types' own subnormals and tiny values */
            float g = i % 4 == 0 ? f * 0x1p110f : i % 4 == 1 ? f * 0x1p112f : f;
            ((uint16_t *)buf)[i] = dt == ACL_FLOAT16 ? tu_h(g) : tu_bf(g);
        }
    }
}

/* Run op on (a, b) into out, both phases under the current environment. */
static void run_op(int op, aclDataType dt, void *a, void *b, void *out)
{
    int64_t dims[1] = {N};
    aclTensor *ta = tu_tensor(dims, 1, dt, a), *tb = tu_tensor(dims, 1, dt, b);
    aclTensor *to = tu_tensor(dims, 1, dt, out);
    double lambd = 0.1; /* not a float: phase 1 rounds it, to nearest */
    aclScalar *lambda = aclCreateScalar(&lambd, ACL_DOUBLE);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st;
    tu_phase2_fn run;
    switch (op) {
    case SELU_BWD:
        st = aclnnSeluBackwardGetWorkspaceSize(ta, tb, to, &ws, &ex);
        run = aclnnSeluBackward;
        break;
    case SOFTSHRINK_BWD:
        st = aclnnSoftshrinkBackwardGetWorkspaceSize(ta, tb, lambda, to, &ws, &ex);
        run = aclnnSoftshrinkBackward;
        break;
    case SELU:
        st = aclnnSeluGetWorkspaceSize(ta, to, &ws, &ex);
        run = aclnnSelu;
        break;
    default:
        st = aclnnSoftshrinkGetWorkspaceSize(ta, lambda, to, &ws, &ex);
        run = aclnnSoftshrink;
        break;
    }
    assert_int_equal(st, ACLNN_SUCCESS);
    assert_int_equal(tu_run_phase2(run, ex, ws), ACLNN_SUCCESS);
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(to);
    aclDestroyScalar(lambda);
}

static void every_environment_gives_the_default_bits(void **state)
{
    (void)state;
    static const aclDataType DTS[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    void *a = malloc(N * 4), *b = malloc(N * 4), *want = malloc(N * 4), *got = malloc(N * 4);
    assert_true(a && b && want && got);
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    size_t compared = 0, unsupported = 0;
    for (size_t ai = 0; ai < nav; ai++) {
        opsnn_kernels_select((int)av[ai]);
        for (int threads = 1; threads <= 2; threads++) {
            opsnn_set_num_threads(threads);
            for (int op = 0; op < NOPS; op++) {
                for (size_t d = 0; d < sizeof DTS / sizeof DTS[0]; d++) {
                    aclDataType dt = DTS[d];
                    size_t es = tu_dtype_size(dt);
                    fill(a, dt, 17 + (uint64_t)op);
                    fill(b, dt, 91 + (uint64_t)d);
                    env_default();
                    memset(want, 0x5a, N * es);
                    run_op(op, dt, a, b, want);
                    for (size_t e = 0; e < sizeof ENVS / sizeof ENVS[0]; e++) {
                        if (!env_set(&ENVS[e])) {
                            env_default();
                            unsupported++;
                            continue;
                        }
                        env_default();
                        char what[160];
                        snprintf(what, sizeof what, "%s %s %s, %d thread(s), caller %s",
                                 opsnn_isa_name((int)av[ai]), OP_NAMES[op], opsnn_dtype_name(dt),
                                 threads, ENVS[e].name);
                        /* the caller's thread under the setting */
                        (void)env_set(&ENVS[e]);
                        memset(got, 0x5a, N * es);
                        run_op(op, dt, a, b, got);
                        assert_env_is(&ENVS[e], what);
                        env_default();
                        tu_assert_bits_equal(got, want, N, es, what);
                        /* workers created under the setting, caller back to the default */
                        opsnn_pool_shutdown();
                        (void)env_set(&ENVS[e]);
                        memset(got, 0x5a, N * es);
                        run_op(op, dt, a, b, got);
                        env_default();
                        memset(got, 0x5a, N * es);
                        run_op(op, dt, a, b, got);
                        snprintf(what + strlen(what), sizeof what - strlen(what),
                                 " (workers started under it)");
                        tu_assert_bits_equal(got, want, N, es, what);
                        compared++;
                    }
                }
            }
        }
    }
    opsnn_kernels_select(-1);
    opsnn_set_num_threads(0);
    env_default();
    print_message("%zu environment x path x op x dtype x threads cases bit-identical; %zu "
                  "skipped (a setting this machine cannot hold)\n", compared, unsupported);
    assert_true(compared > 0);
    free(a);
    free(b);
    free(want);
    free(got);
}

/* A failing call leaves the caller's environment alone too. */
static void a_failing_call_leaves_the_environment_alone(void **state)
{
    (void)state;
    for (size_t e = 0; e < sizeof ENVS / sizeof ENVS[0]; e++) {
        if (!env_set(&ENVS[e])) {
            env_default();
            continue;
        }
        uint64_t ws = 0;
        aclOpExecutor *ex = NULL;
        assert_int_not_equal(aclnnSeluBackwardGetWorkspaceSize(NULL, NULL, NULL, &ws, &ex),
                             ACLNN_SUCCESS);
        assert_int_not_equal(aclnnSeluBackward(NULL, 0, NULL, NULL), ACLNN_SUCCESS);
        assert_env_is(&ENVS[e], "failing call");
        env_default();
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_environment_gives_the_default_bits),
        cmocka_unit_test(a_failing_call_leaves_the_environment_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
