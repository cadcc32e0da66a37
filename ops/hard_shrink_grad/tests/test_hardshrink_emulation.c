/*
 * test_hardshrink_emulation.c - aclnnHardshrinkBackward against the
 * emulation of each NPU kernel generation (emu.h, which shares no code with
 * the library), bit for bit, through the public API, on every ISA path this
 * CPU has, with 1 and 3 threads:
 *   - every FLOAT16 and BF16 self pattern against a set of gradients (±0,
 *     ±inf, quiet and signalling NaNs, subnormals, ordinary values), and every
 *     pattern as the gradient against a set of self values;
 *   - random FLOAT salted with specials and with values next to lambd;
 *   - lambd: 0.5, ±0, NaN, +inf, values that round differently to half
 *     (0.5004, 65519, 65520), tiny ones, and negative ones (used as 0) —
 *     18 for FLOAT, 11 for the full 16-bit sweeps;
 *   - lengths 1..80 (every vector tail) and mixed dtypes (promotion, the
 *     cast to gradInput's dtype).
 * Generations: arch35 (Ascend950), experimental (Ascend910B, ops-nn), TBE
 * (Ascend910B, builtin). Zero mismatches allowed.
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

#include "hs_util.h"
#include "ops/manifest.h" /* model.h's manifest lines expand to nothing here */
#include "model.h"
#include "ops/manifest_end.h"
#include "kernels/kernels.h" /* opsnn_kernels_select, opsnn_cpu_has_isa: the ISA loop */
#include "sweep.h"

#define MAX_ISA 16

static const float LAMBDAS[] = {0.5f, 0.0f, -0.0f, NAN, INFINITY, 2.0f, 0.5004f, 0.50049f,
                                65504.0f, 65519.0f, 65520.0f, 1e30f, 1e-10f, 3e-8f,
                                1.00390625f, 1.0039063f, -1.0f, -INFINITY};

/* For the full 16-bit sweeps: the lambdas where FLOAT16 and BF16 behave
 * differently (rounding to half, its overflow at 65520, tiny and special). */
static const float LAMBDAS16[] = {0.5f, 0.0f, -0.0f, NAN, INFINITY, 0.5004f, 1.0039063f,
                                  65519.0f, 65520.0f, 3e-8f, -1.0f};

/* lambd as the op_api hands it to the kernel: negative -> 0. */
static float kernel_lambd(float l)
{
    return l < 0.0f ? 0.0f : l;
}

/* Element i of 2- or 4-byte elements, as bits (host byte order). */
static uint32_t load(const void *p, size_t es, size_t i)
{
    const unsigned char *at = (const unsigned char *)p + i * es;
    if (es == 2) {
        uint16_t h;
        memcpy(&h, at, sizeof h);
        return h;
    }
    uint32_t v;
    memcpy(&v, at, sizeof v);
    return v;
}

/* The library, on each ISA x {1, 3} threads, equals want; rows > 0: self is
 * one value per row of n / rows (hs_run_rows), x holding the rows' values. */
static void check_rows(int gen, size_t rows, size_t n, aclDataType dg, const void *g,
                       aclDataType dx, const void *x, aclDataType dy, const void *want,
                       float lambd, const char *what)
{
    size_t es = hs_esize(dy);
    unsigned char *got = malloc(n * es);
    assert_true(got != NULL);
    static const int threads[2] = {1, 3};
    hs_use_gen(gen);
    for (int isa = 0; isa < MAX_ISA; isa++) {
        if (!opsnn_cpu_has_isa((opsnn_isa)isa)) {
            continue;
        }
        assert_int_equal(opsnn_kernels_select(isa), isa);
        for (int t = 0; t < 2; t++) {
            opsnn_set_num_threads(threads[t]);
            memset(got, 0xa5, n * es);
            assert_int_equal(hs_run_rows(rows, n, dg, g, dx, x, dy, got, lambd), ACLNN_SUCCESS);
            for (size_t i = 0; i < n; i++) {
                if (memcmp(got + i * es, (const unsigned char *)want + i * es, es) != 0) {
                    fail_msg("%s (gen %d, %s, %d threads, lambd %a): [%zu] of %zu g=%#x x=%#x "
                             "library %#x emulation %#x",
                             what, gen, opsnn_isa_name(isa), threads[t], (double)lambd, i, n,
                             load(g, hs_esize(dg), i),
                             load(x, hs_esize(dx), rows ? i / (n / rows) : i),
                             load(got, es, i), load(want, es, i));
                }
            }
        }
    }
    opsnn_kernels_select(-1);
    opsnn_set_num_threads(0);
    hs_default_gen();
    free(got);
}

static void check_paths(int gen, size_t n, aclDataType dg, const void *g, aclDataType dx,
                        const void *x, aclDataType dy, const void *want, float lambd,
                        const char *what)
{
    check_rows(gen, 0, n, dg, g, dx, x, dy, want, lambd, what);
}

static const uint16_t F16_SET[] = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0xfd55,
                                   0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff, 0x3c00, 0xbc00,
                                   0x3800, 0x3801, 0xb801, 0x4000};
static const uint16_t BF16_SET[] = {0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81, 0xffa5,
                                    0x0001, 0x8001, 0x007f, 0x0080, 0x7f7f, 0xff7f, 0x3f80, 0xbf80,
                                    0x3f00, 0x3f01, 0xbf01, 0x4000};

/* Every 16-bit pattern as self against each of the set as gradient, and as
 * gradient against each of the set as self. */
static void sweep16(aclDataType dt)
{
    const uint16_t *set = dt == ACL_FLOAT16 ? F16_SET : BF16_SET;
    const uint32_t stride = tu_sweep_stride(), nv = tu_sweep_count(65536, stride);
    const size_t ns = 20, n = (size_t)nv * ns;
    uint16_t *g = malloc(n * 2), *x = malloc(n * 2), *w = malloc(n * 2);
    assert_true(g && x && w);
    for (int dir = 0; dir < 2; dir++) {
        for (size_t i = 0; i < n; i++) {
            uint16_t every = (uint16_t)(i % nv * stride), partner = set[i / nv];
            x[i] = dir == 0 ? every : partner;
            g[i] = dir == 0 ? partner : every;
        }
        for (int gen = 0; gen < 3; gen++) {
            for (size_t li = 0; li < sizeof LAMBDAS16 / sizeof *LAMBDAS16; li++) {
                float kl = kernel_lambd(LAMBDAS16[li]);
                for (size_t i = 0; i < n; i++) {
                    w[i] = (uint16_t)hs_emu_hardshrink_grad(gen, dt, g[i], x[i], kl);
                }
                check_paths(gen, n, dt, g, dt, x, dt, w, LAMBDAS16[li],
                            dir == 0 ? "every self pattern" : "every gradient pattern");
            }
        }
    }
    free(g);
    free(x);
    free(w);
}

static void hardshrink_fp16_every_pattern(void **state)
{
    (void)state;
    sweep16(ACL_FLOAT16);
}

static void hardshrink_bf16_every_pattern(void **state)
{
    (void)state;
    sweep16(ACL_BF16);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 32);
}

static void hardshrink_fp32_specials_and_random(void **state)
{
    (void)state;
    static const uint32_t SP[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                  0xffc00001u, 0x7f800001u, 0x00000001u, 0x80000001u, 0x007fffffu,
                                  0x3f000000u, 0x3effffffu, 0x3f000001u, 0x7f7fffffu};
    const size_t nsp = sizeof SP / sizeof *SP, n = 200003;
    uint32_t *g = malloc(n * 4), *x = malloc(n * 4), *w = malloc(n * 4);
    assert_true(g && x && w);
    for (int gen = 0; gen < 3; gen++) {
        for (size_t li = 0; li < sizeof LAMBDAS / sizeof *LAMBDAS; li++) {
            float kl = kernel_lambd(LAMBDAS[li]);
            uint32_t lb = hs_emu_u32(kl);
            for (size_t i = 0; i < n; i++) {
                uint32_t r = rnd();
                g[i] = i % 7 == 0 ? SP[(r >> 3) % nsp] : rnd();
                /* a third next to +-lambd, a fifth special, the rest random */
                x[i] = i % 5 == 0   ? SP[(r >> 7) % nsp]
                     : i % 3 == 0 ? ((lb & 0x7fffffffu) + (r % 5) - 2) ^ (r & 0x80000000u)
                                  : rnd();
                w[i] = hs_emu_hardshrink_grad(gen, ACL_FLOAT, g[i], x[i], kl);
            }
            check_paths(gen, n, ACL_FLOAT, g, ACL_FLOAT, x, ACL_FLOAT, w, LAMBDAS[li], "float32");
        }
    }
    free(g);
    free(x);
    free(w);
}

/* Short calls: every tail of every vector width, each dtype. */
static void hardshrink_lengths_1_to_80(void **state)
{
    (void)state;
    static const aclDataType DT[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    uint32_t g[80], x[80], w[80];
    for (int gen = 0; gen < 3; gen++) {
        for (int d = 0; d < 3; d++) {
            size_t es = hs_esize(DT[d]);
            for (size_t n = 1; n <= 80; n++) {
                for (size_t i = 0; i < n; i++) {
                    uint32_t gv = rnd(), xv = rnd();
                    /* x around 1 (lambd 1): |x| in [0.5, 2) half the time */
                    if (i % 2 == 0) {
                        xv = es == 4 ? (0x3f000000u + (xv & 0x00ffffffu)) | (xv & 0x80000000u)
                           : DT[d] == ACL_FLOAT16 ? (0x3800u + (xv & 0x7ffu)) | (xv & 0x8000u)
                                                  : (0x3f00u + (xv & 0xffu)) | (xv & 0x8000u);
                    }
                    memcpy((unsigned char *)g + i * es, &gv, es);
                    memcpy((unsigned char *)x + i * es, &xv, es);
                }
                for (size_t i = 0; i < n; i++) {
                    uint32_t r = hs_emu_hardshrink_grad(gen, DT[d], load(g, es, i), load(x, es, i), 1.0f);
                    memcpy((unsigned char *)w + i * es, &r, es);
                }
                check_paths(gen, n, DT[d], g, DT[d], x, DT[d], w, 1.0f, "short call");
            }
        }
    }
}

/* Mixed dtypes: the op_api casts both inputs to the promoted dtype (FLOAT
 * unless they agree), runs the kernel there and casts to gradInput's dtype
 * (model.h). FLOAT16 inputs with a FLOAT output therefore compare in half. */
static void hardshrink_mixed_dtypes_promote_then_cast(void **state)
{
    (void)state;
    static const aclDataType DT[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    const size_t n = 4099;
    uint32_t *g = malloc(n * 4), *x = malloc(n * 4), *w = malloc(n * 4);
    assert_true(g && x && w);
    for (int gen = 0; gen < 3; gen++) {
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                for (int c = 0; c < 3; c++) {
                    if (a == b && b == c) {
                        continue;
                    }
                    aclDataType dg = DT[a], dx = DT[b], dy = DT[c];
                    float lambd = 0.5004f;
                    for (size_t i = 0; i < n; i++) {
                        uint32_t gv = rnd(), xv = rnd();
                        if (i % 2) { /* near lambd */
                            xv = dx == ACL_FLOAT ? 0x3f000000u + (xv & 0x3fffu)
                               : dx == ACL_FLOAT16 ? 0x3800u + (xv & 0x3u) : 0x3f00u + (xv & 0x1u);
                        }
                        g[i] = dg == ACL_FLOAT ? gv : gv & 0xffffu;
                        x[i] = dx == ACL_FLOAT ? xv : xv & 0xffffu;
                        w[i] = hs_model_element(gen, g[i], dg, x[i], dx, dy, lambd);
                    }
                    /* pack to the dtypes' element sizes */
                    size_t eg = hs_esize(dg), ex = hs_esize(dx), ey = hs_esize(dy);
                    unsigned char *pg = malloc(n * eg), *px = malloc(n * ex), *pw = malloc(n * ey);
                    assert_true(pg && px && pw);
                    for (size_t i = 0; i < n; i++) {
                        memcpy(pg + i * eg, &g[i], eg);
                        memcpy(px + i * ex, &x[i], ex);
                        memcpy(pw + i * ey, &w[i], ey);
                    }
                    check_paths(gen, n, dg, pg, dx, px, dy, pw, lambd, "mixed dtypes");
                    free(pg);
                    free(px);
                    free(pw);
                }
            }
        }
    }
    free(g);
    free(x);
    free(w);
}

/* A self broadcast along the rows (one value per row, the walker's one-value
 * kernels): every row's value of the special set and random, against the
 * model, for each generation, each dtype and the mixed one (FLOAT16 / BF16
 * gradients and output, FLOAT self), rows of 37 and 1000 elements (vector
 * tails and a long run). */
static void hardshrink_self_broadcast_along_rows(void **state)
{
    (void)state;
    static const struct {
        aclDataType g, x;
    } DT[] = {{ACL_FLOAT, ACL_FLOAT},     {ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16},
              {ACL_FLOAT16, ACL_FLOAT},   {ACL_BF16, ACL_FLOAT}};
    static const uint32_t SP32[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,
                                    0x7fc00000u, 0xffc00001u, 0x7f800001u, 0x00000001u,
                                    0x80000001u, 0x3f000000u, 0x3effffffu, 0x3f000001u,
                                    0x3f001000u, 0x3f002000u, 0x3f003000u, 0x7f7fffffu};
    static const size_t COLS[] = {37, 1000};
    static const float lambdas[] = {0.5f, 0.0f, NAN, INFINITY, 0.5004f};
    enum { ROWS = 40 };
    uint32_t *g = malloc(ROWS * 1000 * 4), *w = malloc(ROWS * 1000 * 4), x[ROWS];
    assert_true(g && w);
    for (int gen = 0; gen < 3; gen++) {
        for (size_t d = 0; d < sizeof DT / sizeof *DT; d++) {
            size_t eg = hs_esize(DT[d].g), ex = hs_esize(DT[d].x);
            for (size_t r = 0; r < ROWS; r++) {
                uint32_t v = rnd();
                if (ex == 4) {
                    v = r < 16 ? SP32[r] : v;
                } else {
                    v = r < 20 ? (DT[d].x == ACL_FLOAT16 ? F16_SET[r] : BF16_SET[r]) : v & 0xffffu;
                }
                memcpy((unsigned char *)x + r * ex, &v, ex);
            }
            for (size_t c = 0; c < sizeof COLS / sizeof *COLS; c++) {
                size_t n = ROWS * COLS[c];
                for (size_t i = 0; i < n; i++) {
                    uint32_t gv = rnd();
                    memcpy((unsigned char *)g + i * eg, &gv, eg);
                }
                for (size_t l = 0; l < sizeof lambdas / sizeof *lambdas; l++) {
                    for (size_t i = 0; i < n; i++) {
                        uint32_t o = hs_model_element(gen, load(g, eg, i), DT[d].g,
                                                      load(x, ex, i / COLS[c]), DT[d].x, DT[d].g,
                                                      lambdas[l]);
                        memcpy((unsigned char *)w + i * eg, &o, eg);
                    }
                    check_rows(gen, ROWS, n, DT[d].g, g, DT[d].x, x, DT[d].g, w, lambdas[l],
                               "self broadcast along rows");
                }
            }
        }
    }
    free(g);
    free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hardshrink_fp16_every_pattern),
        cmocka_unit_test(hardshrink_bf16_every_pattern),
        cmocka_unit_test(hardshrink_fp32_specials_and_random),
        cmocka_unit_test(hardshrink_lengths_1_to_80),
        cmocka_unit_test(hardshrink_mixed_dtypes_promote_then_cast),
        cmocka_unit_test(hardshrink_self_broadcast_along_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
