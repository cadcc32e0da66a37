/*
 * test_npu_generations.c - the Atlas A2/A3 kernel generations against the
 * independent emulation (tests/oracle/npu_emu.c), bit for bit, through the
 * public aclnn API, on every ISA path this CPU has, with 1 and 3 threads:
 *   - Ascend910B with OPSNN_OPP=ops-nn: the ops-nn experimental kernels;
 *   - Ascend910B with the built-in package: the CANN TBE kernels;
 *   - the table of the issue that asked for them, reproduced value for value.
 * SeluBackward: all int8 (and, experimental, uint8) pairs; every fp16
 * pattern against several gradients and results, both ways; bf16 grids; an
 * int32 grid to past 2^24; float32 specials; lengths 1..300 and just past
 * the experimental UB pass lengths. SoftshrinkBackward: every fp16 / bf16
 * self pattern, random float32, with NaN, +-0, +inf and ordinary lambdas.
 * Zero mismatches allowed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "emu_check.h"
#include "npu_emu.h"
#include "opsnn/opsnn.h"
#include "sweep.h"
#include "test_util.h"

typedef enum { GEN_EXPERIMENTAL, GEN_TBE } gen;

/* Select the generation's configuration. */
static void use(gen g)
{
    assert_int_equal(opsnn_set_soc("Ascend910B"), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_opp(g == GEN_EXPERIMENTAL ? "ops-nn" : "builtin"), ACLNN_SUCCESS);
    assert_string_equal(opsnn_get_kernel_generation(), g == GEN_EXPERIMENTAL ? "experimental" : "tbe");
}

/* The experimental kernel's blockFactor / ubFactor for n elements on the
 * 910B (its host tiling, src/tiling): where its scalar tail loops run. */
static void exp_factors(aclDataType dt, size_t n, size_t *block, size_t *ub)
{
    opsnn_platform p;
    assert_int_equal(opsnn_platform_get("Ascend910B", &p), ACLNN_SUCCESS);
    int64_t dims[1] = {(int64_t)n};
    opsnn_tiling_tensor t = {dt, 1, dims};
    opsnn_selu_grad_tiling tl;
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, &t, &t, &t, &tl), ACLNN_SUCCESS);
    *block = tl.data_910b.blockFactor;
    *ub = tl.data_910b.ubFactor;
}

/* The library under generation g equals the emulation of g bit for bit. */
static void check_gen(gen g, const run_case *c, const char *what)
{
    use(g);
    unsigned char *want = malloc(c->n * tu_dtype_size(c->dt));
    assert_true(want != NULL);
    if (!c->selu) {
        npu_emu_softshrink_grad_le(g == GEN_TBE, c->dt, c->n, c->a, c->b, c->lambda, want);
    } else if (g == GEN_TBE) {
        npu_emu_selu_grad_tbe(c->dt, c->n, c->a, c->b, want);
    } else {
        size_t block, ub;
        exp_factors(c->dt, c->n, &block, &ub);
        npu_emu_selu_grad_experimental(c->dt, c->n, c->a, c->b, want, block, ub);
    }
    char label[64];
    snprintf(label, sizeof label, "%s %s", g == GEN_TBE ? "tbe" : "experimental", what);
    emu_check_all_paths(c, want, label);
    free(want);
}

/* ---- value sets ------------------------------------------------------------ */

static const uint16_t F16_PARTNERS[] = {
    0x0000u, 0x8000u, 0x7c00u, 0xfc00u, 0x7e00u, 0xfd55u, 0x7c01u, /* +-0 +-inf NaNs */
    0x0001u, 0x8001u, 0x03ffu, 0x7bffu, 0xfbffu, /* subnormals, 65504 */
    0x3c00u, 0xbf08u, 0xbf09u, 0x4500u, 0xb800u, 0x5800u, /* 1, near -1.758, 5, -0.5, 128 */
};
static const uint16_t BF16_PARTNERS[] = {
    0x0000u, 0x8000u, 0x7f80u, 0xff80u, 0x7fc0u, 0xffa5u, /* +-0 +-inf NaNs */
    0x0001u, 0x8001u, 0x7f7fu, 0xff7fu, /* subnormals, max */
    0x3f80u, 0xbfe1u, 0x40a0u, 0xbf00u, /* 1, -1.758, 5, -0.5 */
};

static void sweep16(gen g, int selu, aclDataType dt, float lambda)
{
    const uint16_t *partners = dt == ACL_FLOAT16 ? F16_PARTNERS : BF16_PARTNERS;
    size_t np = dt == ACL_FLOAT16 ? sizeof F16_PARTNERS / 2 : sizeof BF16_PARTNERS / 2;
    uint32_t stride = tu_sweep_stride();
    size_t half = tu_sweep_count(65536, stride) * np, n = 2 * half;
    uint16_t *a = malloc(n * 2), *b = malloc(n * 2);
    assert_true(a && b);
    size_t k = 0;
    for (size_t p = 0; p < np; p++) {
        for (uint32_t v = 0; v < 65536; v += stride, k++) {
            a[k] = partners[p];
            b[k] = (uint16_t)v;
            a[k + half] = (uint16_t)v;
            b[k + half] = partners[p];
        }
    }
    run_case c = {selu, dt, n, a, b, lambda, 0};
    check_gen(g, &c, dt == ACL_FLOAT16 ? "fp16 sweep" : "bf16 sweep");
    free(a);
    free(b);
}

static void selu_fp16_every_pattern(void **state)
{
    (void)state;
    sweep16(GEN_EXPERIMENTAL, 1, ACL_FLOAT16, 0.0f);
    sweep16(GEN_TBE, 1, ACL_FLOAT16, 0.0f);
}

static void selu_bf16_every_pattern(void **state)
{
    (void)state;
    sweep16(GEN_EXPERIMENTAL, 1, ACL_BF16, 0.0f);
    sweep16(GEN_TBE, 1, ACL_BF16, 0.0f);
}

static void selu_8bit_every_pair(void **state)
{
    (void)state;
    uint8_t *g = malloc(65536), *r = malloc(65536);
    assert_true(g && r);
    for (size_t i = 0; i < 65536; i++) {
        g[i] = (uint8_t)(i >> 8);
        r[i] = (uint8_t)i;
    }
    run_case c = {1, ACL_INT8, 65536, g, r, 0.0f, 0};
    check_gen(GEN_EXPERIMENTAL, &c, "int8 pairs");
    check_gen(GEN_TBE, &c, "int8 pairs");
    c.dt = ACL_UINT8;
    check_gen(GEN_EXPERIMENTAL, &c, "uint8 pairs");
    free(g);
    free(r);
}

/* int32: small values, the fp16 steps the arch35 path rounds at, the float32
 * steps beyond 2^24 (every other integer, then every fourth) and extremes. */
static void selu_int32_grid(void **state)
{
    (void)state;
    int32_t v[400];
    size_t nv = 0;
    for (int32_t x = -40; x <= 40; x++) {
        v[nv++] = x;
    }
    static const int32_t centres[] = {5000, 65504, 65520, 1 << 24, (1 << 24) + 7, 1 << 25,
                                      2043916120, 2147483520};
    for (size_t c = 0; c < sizeof centres / sizeof centres[0]; c++) {
        for (int32_t d = -9; d <= 9; d++) {
            v[nv++] = centres[c] + (centres[c] > INT32_MAX - 9 ? -9 : d);
            v[nv++] = -(centres[c] + (centres[c] > INT32_MAX - 9 ? -9 : d));
        }
    }
    v[nv++] = INT32_MAX;
    v[nv++] = INT32_MIN;
    size_t n = nv * nv;
    int32_t *g = malloc(n * 4), *r = malloc(n * 4);
    assert_true(g && r);
    for (size_t i = 0; i < n; i++) {
        g[i] = v[i / nv];
        r[i] = v[i % nv];
    }
    run_case c = {1, ACL_INT32, n, g, r, 0.0f, 0};
    check_gen(GEN_EXPERIMENTAL, &c, "int32 grid");
    check_gen(GEN_TBE, &c, "int32 grid");
    free(g);
    free(r);
}

static const uint32_t F32_SPECIALS[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u,
    0xffa5a5a5u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x00800000u, 0x7f7fffffu, 0xff7fffffu,
    0x3f800000u, 0xbfe10a3du, 0xbfe10a3eu, 0x40a00000u, 0xbf000000u, 0x3f000000u,
};
#define N_SPECIALS (sizeof F32_SPECIALS / sizeof F32_SPECIALS[0])

static uint32_t rnd32(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 32);
}

static void selu_fp32_specials_and_random(void **state)
{
    (void)state;
    size_t n = N_SPECIALS * N_SPECIALS + 50000;
    uint32_t *g = malloc(n * 4), *r = malloc(n * 4);
    assert_true(g && r);
    uint64_t s = 23;
    for (size_t i = 0; i < n; i++) {
        if (i < N_SPECIALS * N_SPECIALS) {
            g[i] = F32_SPECIALS[i / N_SPECIALS];
            r[i] = F32_SPECIALS[i % N_SPECIALS];
        } else {
            g[i] = rnd32(&s);
            r[i] = rnd32(&s);
        }
    }
    run_case c = {1, ACL_FLOAT, n, g, r, 0.0f, 0};
    check_gen(GEN_EXPERIMENTAL, &c, "fp32");
    check_gen(GEN_TBE, &c, "fp32");
    free(g);
    free(r);
}

/* Lengths 1..300 and just past the experimental UB passes (the scalar tail
 * loop runs on each pass's last elements): every dtype, both generations. */
static void selu_lengths_and_ub_boundaries(void **state)
{
    (void)state;
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8, ACL_UINT8};
    size_t lens[310], nl = 0;
    for (size_t n = 1; n <= 300; n += 7) {
        lens[nl++] = n;
    }
    for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++) {
        size_t block, ub;
        exp_factors(dts[d], 1 << 22, &block, &ub);
        size_t extra[] = {ub - 1, ub, ub + 1, ub + 65, block + 129, 2 * block + 1};
        size_t nall = nl;
        size_t all[320];
        memcpy(all, lens, nl * sizeof *lens);
        for (size_t e = 0; e < sizeof extra / sizeof extra[0]; e++) {
            all[nall++] = extra[e];
        }
        for (size_t li = 0; li < nall; li++) {
            size_t n = all[li], es = tu_dtype_size(dts[d]);
            unsigned char *a = malloc(n * es), *b = malloc(n * es);
            assert_true(a && b);
            uint64_t s = 7 + n;
            for (size_t i = 0; i < n * es; i++) {
                a[i] = (unsigned char)rnd32(&s);
                b[i] = (unsigned char)rnd32(&s);
            }
            for (int g = 0; g < 2; g++) {
                if (g == GEN_TBE && dts[d] == ACL_UINT8) {
                    continue;
                }
                run_case c = {1, dts[d], n, a, b, 0.0f, 0};
                check_gen((gen)g, &c, "length");
            }
            free(a);
            free(b);
        }
    }
}

static const float LAMBDAS[] = {0.5f, 0.0f, -0.0f, 1.0f, INFINITY, NAN, 0x1p-140f};

static void softshrink_every_16bit_self(void **state)
{
    (void)state;
    for (size_t l = 0; l < sizeof LAMBDAS / sizeof LAMBDAS[0]; l++) {
        for (int g = 0; g < 2; g++) {
            sweep16((gen)g, 0, ACL_FLOAT16, LAMBDAS[l]);
            sweep16((gen)g, 0, ACL_BF16, LAMBDAS[l]);
        }
    }
}

static void softshrink_fp32(void **state)
{
    (void)state;
    size_t n = N_SPECIALS * N_SPECIALS + 20000;
    uint32_t *g = malloc(n * 4), *x = malloc(n * 4);
    assert_true(g && x);
    uint64_t s = 99;
    for (size_t i = 0; i < n; i++) {
        g[i] = i < N_SPECIALS * N_SPECIALS ? F32_SPECIALS[i / N_SPECIALS] : rnd32(&s);
        x[i] = i < N_SPECIALS * N_SPECIALS ? F32_SPECIALS[i % N_SPECIALS] : rnd32(&s) & 0xbfffffffu;
    }
    for (size_t l = 0; l < sizeof LAMBDAS / sizeof LAMBDAS[0]; l++) {
        for (int gg = 0; gg < 2; gg++) {
            run_case c = {0, ACL_FLOAT, n, g, x, LAMBDAS[l], 0};
            check_gen((gen)gg, &c, "fp32");
        }
    }
    free(g);
    free(x);
}

/* The issue's table: (grad, result) -> gradInput per generation. */
static void issue_table_is_reproduced(void **state)
{
    (void)state;
    static const struct {
        const char *soc, *opp;
        int32_t i32; /* SeluBackward int32 (5000, 1) */
        int8_t i8;   /* int8 (108, 1) */
        uint16_t f16_zero; /* fp16 (1, +0) */
        uint16_t f16_neg_zero_out; /* fp16 (-0, 1): -0 * S */
        float shrink_nan; /* SoftshrinkBackward fp32 grad 2, x 5, lambda NaN */
    } rows[] = {
        {"Ascend950", "builtin", 5252, 114, 0x3f08u /* 1 * (0 + 1.758): 1.7578 */, 0x8000u, 0.0f},
        {"Ascend910B", "ops-nn", 5254, 114, 0x3c34u /* 1.05078125 */, 0x8000u, 2.0f},
        {"Ascend910B", "builtin", 5253, 113, 0x3c34u, 0x0000u, 2.0f},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        assert_int_equal(opsnn_set_soc(rows[i].soc), ACLNN_SUCCESS);
        assert_int_equal(opsnn_set_opp(rows[i].opp), ACLNN_SUCCESS);
        const int64_t one[1] = {1};
        int32_t g32 = 5000, r32 = 1, y32 = 0;
        int8_t g8 = 108, r8 = 1, y8 = 0;
        uint16_t gh[2] = {0x3c00u, 0x8000u}, rh[2] = {0x0000u, 0x3c00u}, yh[2] = {0, 0};
        const int64_t two[1] = {2};
        struct {
            aclDataType dt;
            const int64_t *dims;
            void *g, *r, *y;
        } t[3] = {{ACL_INT32, one, &g32, &r32, &y32}, {ACL_INT8, one, &g8, &r8, &y8},
                  {ACL_FLOAT16, two, gh, rh, yh}};
        for (int k = 0; k < 3; k++) {
            aclTensor *tg = tu_tensor(t[k].dims, 1, t[k].dt, t[k].g);
            aclTensor *tr = tu_tensor(t[k].dims, 1, t[k].dt, t[k].r);
            aclTensor *ty = tu_tensor(t[k].dims, 1, t[k].dt, t[k].y);
            assert_int_equal(tu_selu(tg, tr, ty, NULL), ACLNN_SUCCESS);
            aclDestroyTensor(tg);
            aclDestroyTensor(tr);
            aclDestroyTensor(ty);
        }
        assert_int_equal(y32, rows[i].i32);
        assert_int_equal(y8, rows[i].i8);
        assert_int_equal(yh[0], rows[i].f16_zero);
        assert_int_equal(yh[1], rows[i].f16_neg_zero_out);
        float gf = 2.0f, xf = 5.0f, yf = -1.0f;
        aclTensor *tg = tu_tensor(one, 1, ACL_FLOAT, &gf);
        aclTensor *tx = tu_tensor(one, 1, ACL_FLOAT, &xf);
        aclTensor *ty = tu_tensor(one, 1, ACL_FLOAT, &yf);
        aclScalar *l = tu_scalar_f32(NAN);
        assert_int_equal(tu_softshrink(tg, tx, l, ty, NULL), ACLNN_SUCCESS);
        assert_true(yf == rows[i].shrink_nan && !signbit(yf));
        aclDestroyScalar(l);
        aclDestroyTensor(tg);
        aclDestroyTensor(tx);
        aclDestroyTensor(ty);
    }
    assert_int_equal(opsnn_set_opp(NULL), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_soc(NULL), ACLNN_SUCCESS);
}

/* Ascend910 / 310P have no ops-nn kernel of these operators; the plan dump
 * names the configuration an executor was built under. */
static void configuration_is_refused_or_named(void **state)
{
    (void)state;
    const int64_t dims[1] = {4};
    float g[4] = {1, 2, 3, 4}, r[4] = {-1, 0, 1, 2}, y[4];
    aclTensor *tg = tu_tensor(dims, 1, ACL_FLOAT, g), *tr = tu_tensor(dims, 1, ACL_FLOAT, r);
    aclTensor *ty = tu_tensor(dims, 1, ACL_FLOAT, y);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    assert_int_equal(opsnn_set_soc("Ascend910"), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_opp("ops-nn"), ACLNN_SUCCESS);
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(tg, tr, ty, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    assert_non_null(strstr(aclGetRecentErrMsg(),
                           "aclnnSeluBackward: the ops-nn operator package has no kernel of this "
                           "operator for Ascend910"));
    aclScalar *l = tu_scalar_f32(0.5f);
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tr, l, ty, &ws, &ex),
                     ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_set_soc("Ascend910B2"), ACLNN_SUCCESS);
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(tg, tr, ty, &ws, &ex), ACLNN_SUCCESS);
    /* the executor keeps its configuration when the setting changes */
    assert_int_equal(opsnn_set_opp("builtin"), ACLNN_SUCCESS);
    char dump[1024];
    opsnn_plan_dump(ex, dump, sizeof dump);
    assert_non_null(strstr(dump, "SoC Ascend910B2, operator package ops-nn, kernels experimental"));
    assert_int_equal(aclnnSeluBackward(NULL, ws, ex, NULL), ACLNN_SUCCESS);
    float want[4] = {1 * (-1 + OPSNN_SELU_SCALE_ALPHA), 2 * OPSNN_SELU_SCALE, 3 * OPSNN_SELU_SCALE,
                     4 * OPSNN_SELU_SCALE};
    assert_memory_equal(y, want, sizeof want); /* experimental: r = 0 takes g * S */
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(ty);
    assert_int_equal(opsnn_set_opp(NULL), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_soc(NULL), ACLNN_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(issue_table_is_reproduced),
        cmocka_unit_test(configuration_is_refused_or_named),
        cmocka_unit_test(selu_8bit_every_pair),
        cmocka_unit_test(selu_int32_grid),
        cmocka_unit_test(selu_fp32_specials_and_random),
        cmocka_unit_test(selu_fp16_every_pattern),
        cmocka_unit_test(selu_bf16_every_pattern),
        cmocka_unit_test(selu_lengths_and_ub_boundaries),
        cmocka_unit_test(softshrink_every_16bit_self),
        cmocka_unit_test(softshrink_fp32),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
