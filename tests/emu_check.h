/*
 * emu_check.h - the harness the emulation suites share: run the library on
 * one case through the public aclnn API, on every ISA path this CPU has and
 * with 1 and 3 threads, and require the emulation's bits (include after
 * cmocka.h).
 */
#ifndef OPSNN_TESTS_EMU_CHECK_H_
#define OPSNN_TESTS_EMU_CHECK_H_

#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h" /* opsnn_kernels_select / opsnn_cpu_has_isa: the ISA loop */
#include "opsnn/opsnn.h"
#include "test_util.h"

#define EMU_MAX_ISA 16 /* every enum value a build may add; unknown ones report absent */

typedef struct {
    int selu; /* 1: SeluBackward, 0: SoftshrinkBackward (forward: Selu, Softshrink) */
    aclDataType dt;
    size_t n;
    const void *a, *b; /* gradOutput, result / self (forward: self, and b unused) */
    float lambda;      /* softshrink only */
    int forward;       /* 1: the forward operator, on a alone */
} run_case;

static inline void emu_run_forward(const run_case *c, const int64_t *dims, void *y)
{
    aclTensor *ta = tu_tensor(dims, 1, c->dt, (void *)(uintptr_t)c->a);
    aclTensor *ty = tu_tensor(dims, 1, c->dt, y);
    assert_true(ta && ty);
    if (c->selu) {
        assert_int_equal(tu_selu_fwd(ta, ty), ACLNN_SUCCESS);
    } else {
        aclScalar *l = tu_scalar_f32(c->lambda);
        assert_int_equal(tu_softshrink_fwd(ta, l, ty), ACLNN_SUCCESS);
        aclDestroyScalar(l);
    }
    aclDestroyTensor(ta);
    aclDestroyTensor(ty);
}

static inline void emu_run_library(const run_case *c, void *y)
{
    const int64_t dims[1] = {(int64_t)c->n};
    if (c->forward) {
        emu_run_forward(c, dims, y);
        return;
    }
    aclTensor *ta = tu_tensor(dims, 1, c->dt, (void *)(uintptr_t)c->a);
    aclTensor *tb = tu_tensor(dims, 1, c->dt, (void *)(uintptr_t)c->b);
    aclTensor *ty = tu_tensor(dims, 1, c->dt, y);
    assert_true(ta && tb && ty);
    if (c->selu) {
        assert_int_equal(tu_selu(ta, tb, ty, NULL), ACLNN_SUCCESS);
    } else {
        aclScalar *l = tu_scalar_f32(c->lambda);
        assert_int_equal(tu_softshrink(ta, tb, l, ty, NULL), ACLNN_SUCCESS);
        aclDestroyScalar(l);
    }
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(ty);
}

static inline uint32_t emu_elem_bits(const void *p, size_t es, size_t i)
{
    uint32_t v = 0;
    memcpy(&v, (const unsigned char *)p + i * es, es);
    return v;
}

/* The library (each ISA x {1, 3} threads) equals `want` bit for bit. */
static inline void emu_check_all_paths(const run_case *c, const void *want, const char *what)
{
    size_t es = tu_dtype_size(c->dt);
    const unsigned char *w = want;
    unsigned char *got = malloc(c->n * es);
    assert_true(got != NULL);
    static const int threads[2] = {1, 3};
    for (int isa = 0; isa < EMU_MAX_ISA; isa++) {
        if (!opsnn_cpu_has_isa((opsnn_isa)isa)) {
            continue;
        }
        assert_int_equal(opsnn_kernels_select(isa), isa);
        for (int t = 0; t < 2; t++) {
            opsnn_set_num_threads(threads[t]);
            memset(got, 0xa5, c->n * es);
            emu_run_library(c, got);
            size_t bad = 0, first = 0;
            for (size_t i = 0; i < c->n; i++) {
                if (memcmp(got + i * es, w + i * es, es) != 0 && bad++ == 0) {
                    first = i;
                }
            }
            if (bad != 0) {
                fail_msg("%s (%s, %d threads, lambda %a): %zu of %zu differ; first [%zu] "
                         "a=%#x b=%#x library %#x emulation %#x",
                         what, opsnn_isa_name(isa), threads[t], (double)c->lambda, bad, c->n, first,
                         emu_elem_bits(c->a, es, first), emu_elem_bits(c->b, es, first),
                         emu_elem_bits(got, es, first), emu_elem_bits(want, es, first));
            }
        }
    }
    opsnn_kernels_select(-1);
    opsnn_set_num_threads(0);
    free(got);
}

#endif /* OPSNN_TESTS_EMU_CHECK_H_ */
