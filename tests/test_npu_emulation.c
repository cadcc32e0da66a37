/*
 * test_npu_emulation.c - the library against an emulation of the ops-nn NPU
 * kernels (tests/oracle/npu_emu.c, which shares no code with the library),
 * bit for bit, through the public aclnn API, on every ISA path this CPU has,
 * with 1 and 3 threads:
 *   - SeluBackward: all 65,536 int8 pairs; every fp16 and every bf16 pattern
 *     against every special value and a few ordinary partners, both ways; an int32
 *     grid around the fp16 overflow edge (+-65504 / +-65520) and small
 *     values; random float32 salted with NaN payloads, +-0, +-inf and
 *     subnormals;
 *   - SoftshrinkBackward: every fp16 / bf16 self pattern and random float32,
 *     with NaN, +-0, +inf, subnormal and ordinary lambdas.
 * Zero mismatches allowed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emu_check.h"
#include "npu_emu.h"
#include "opsnn/opsnn.h"
#include "test_util.h"

/* The library (each ISA x {1, 3} threads) equals the emulation bit for bit. */
static void check(const run_case *c, const char *what)
{
    unsigned char *want = malloc(c->n * tu_dtype_size(c->dt));
    assert_true(want != NULL);
    if (c->selu) {
        npu_emu_selu_grad(c->dt, c->n, c->a, c->b, want);
    } else {
        npu_emu_softshrink_grad(c->dt, c->n, c->a, c->b, c->lambda, want);
    }
    emu_check_all_paths(c, want, what);
    free(want);
}

/* ---- value sets ------------------------------------------------------------ */

static const uint16_t F16_PARTNERS[] = {
    0x0000u, 0x8000u, 0x7c00u, 0xfc00u, 0x7e00u, 0xfe00u, 0x7c01u, 0xfd55u, /* +-0 +-inf NaNs */
    0x0001u, 0x8001u, 0x03ffu, 0x0400u, 0x7bffu, 0xfbffu, /* subnormals, min normal, 65504 */
    0x3c00u, 0xbf08u, 0x4500u, 0xb800u, /* 1, -1.758 (t near 0), 5, -0.5 */
};
static const uint16_t BF16_PARTNERS[] = {
    0x0000u, 0x8000u, 0x7f80u, 0xff80u, 0x7fc0u, 0xffc0u, 0x7f81u, 0xffa5u, /* +-0 +-inf NaNs */
    0x0001u, 0x8001u, 0x007fu, 0x0080u, 0x7f7fu, 0xff7fu, /* subnormals, min normal, max */
    0x3f80u, 0xbfe1u, 0x40a0u, 0xbf00u, /* 1, -1.758, 5, -0.5 */
};

/* Every 16-bit pattern against each partner: as the other input, and (when
 * both_ways) as gradOutput too: 65536 * npartners elements per direction. */
static void sweep16(int selu, aclDataType dt, const uint16_t *partners, size_t np, float lambda,
                    int both_ways)
{
    size_t half = 65536 * np, n = both_ways ? 2 * half : half;
    uint16_t *a = malloc(n * 2), *b = malloc(n * 2);
    assert_true(a && b);
    size_t k = 0;
    for (size_t p = 0; p < np; p++) {
        for (uint32_t v = 0; v < 65536; v++, k++) {
            a[k] = partners[p];
            b[k] = (uint16_t)v;
            if (both_ways) {
                a[k + half] = (uint16_t)v;
                b[k + half] = partners[p];
            }
        }
    }
    run_case c = {selu, dt, n, a, b, lambda, 0};
    check(&c, dt == ACL_FLOAT16 ? "fp16 sweep" : "bf16 sweep");
    free(a);
    free(b);
}

static void selu_fp16_every_pattern_matches_emulation(void **state)
{
    (void)state;
    sweep16(1, ACL_FLOAT16, F16_PARTNERS, sizeof F16_PARTNERS / 2, 0.0f, 1);
}

static void selu_bf16_every_pattern_matches_emulation(void **state)
{
    (void)state;
    sweep16(1, ACL_BF16, BF16_PARTNERS, sizeof BF16_PARTNERS / 2, 0.0f, 1);
}

static void selu_int8_every_pair_matches_emulation(void **state)
{
    (void)state;
    int8_t *g = malloc(65536), *r = malloc(65536);
    assert_true(g && r);
    for (size_t i = 0; i < 65536; i++) {
        g[i] = (int8_t)(uint8_t)(i >> 8);
        r[i] = (int8_t)(uint8_t)i;
    }
    run_case c = {1, ACL_INT8, 65536, g, r, 0.0f, 0};
    check(&c, "int8 pairs");
    free(g);
    free(r);
}

/* int32 values: small ones, both sides of each fp16 rounding step near 2048,
 * 4096, 32768, the largest finite fp16 (65504) and the overflow tie (65520),
 * and the extremes. */
static size_t int32_grid(int32_t *v)
{
    size_t n = 0;
    for (int32_t x = -40; x <= 40; x++) {
        v[n++] = x;
    }
    static const int32_t centres[] = {2048, 4096, 5000, 32768, 62000, 65504, 65520};
    for (size_t c = 0; c < sizeof centres / sizeof centres[0]; c++) {
        for (int32_t d = -9; d <= 9; d++) {
            v[n++] = centres[c] + d;
            v[n++] = -(centres[c] + d);
        }
    }
    static const int32_t far[] = {INT32_MAX, INT32_MIN, 70000, -70000, 1 << 24, -(1 << 24),
                                  1000000, -1000000, 127, -128, 300, -300};
    for (size_t f = 0; f < sizeof far / sizeof far[0]; f++) {
        v[n++] = far[f];
    }
    return n;
}

static void selu_int32_grid_matches_emulation(void **state)
{
    (void)state;
    int32_t vals[600];
    size_t nv = int32_grid(vals);
    assert_true(nv <= 600);
    size_t n = nv * nv;
    int32_t *g = malloc(n * 4), *r = malloc(n * 4);
    assert_true(g && r);
    for (size_t i = 0; i < nv; i++) {
        for (size_t j = 0; j < nv; j++) {
            g[i * nv + j] = vals[i];
            r[i * nv + j] = vals[j];
        }
    }
    run_case c = {1, ACL_INT32, n, g, r, 0.0f, 0};
    check(&c, "int32 grid");
    free(g);
    free(r);
}

static const uint32_t F32_SPECIALS[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,             /* +-0, +-inf */
    0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xffa5a5a5u, 0x7fc12345u, /* NaN payloads */
    0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00800000u, /* subnormals, min */
    0x7f7fffffu, 0xff7fffffu, 0xbfe10966u, 0xbfe10965u, 0xbfe10967u, /* max, -SCALE_ALPHA */
    0x3f800000u, 0xbf800000u, 0x477fe000u, 0x477ff000u,
};

static void fill_f32(tu_rng *rng, uint32_t *p, size_t n)
{
    const size_t ns = sizeof F32_SPECIALS / sizeof F32_SPECIALS[0];
    for (size_t i = 0; i < n; i++) {
        uint32_t pick = tu_below(rng, 8);
        p[i] = pick < 2   ? F32_SPECIALS[tu_below(rng, (uint32_t)ns)]
               : pick < 4 ? (uint32_t)tu_next(rng)
                          : opsnn_f32_bits(tu_uniform(rng, -5.0f, 5.0f));
    }
}

static void selu_fp32_random_matches_emulation(void **state)
{
    (void)state;
    const size_t n = 100003;
    uint32_t *g = malloc(n * 4), *r = malloc(n * 4);
    assert_true(g && r);
    tu_rng rng = {2026};
    fill_f32(&rng, g, n);
    fill_f32(&rng, r, n);
    run_case c = {1, ACL_FLOAT, n, g, r, 0.0f, 0};
    check(&c, "fp32 random");
    free(g);
    free(r);
}

static const float LAMBDAS[] = {NAN, 0.0f, -0.0f, INFINITY, 0x1p-140f, 0.5f, 1.2f, 65504.0f};

static void softshrink_every_16bit_self_and_random_fp32_match_emulation(void **state)
{
    (void)state;
    const uint16_t f16_g[] = {0x7c01u, 0x8000u}; /* a signalling NaN and -0: bits copied */
    const uint16_t bf16_g[] = {0x7f81u, 0x8000u};
    const size_t n = 30011;
    uint32_t *g = malloc(n * 4), *x = malloc(n * 4);
    assert_true(g && x);
    tu_rng rng = {77};
    fill_f32(&rng, g, n);
    fill_f32(&rng, x, n);
    for (size_t l = 0; l < sizeof LAMBDAS / sizeof LAMBDAS[0]; l++) {
        sweep16(0, ACL_FLOAT16, f16_g, 2, LAMBDAS[l], 0);
        sweep16(0, ACL_BF16, bf16_g, 2, LAMBDAS[l], 0);
        run_case c = {0, ACL_FLOAT, n, g, x, LAMBDAS[l], 0};
        check(&c, "softshrink fp32 random");
    }
    free(g);
    free(x);
}

/* The emulation's own conversions, pinned to values derived by hand, so a
 * bug in the oracle cannot hide behind agreement with the library. */
static void emulation_conversions_pin_the_documented_rules(void **state)
{
    (void)state;
    assert_int_equal(npu_emu_int_to_f16(65504), 0x7bffu);
    assert_int_equal(npu_emu_int_to_f16(65519), 0x7bffu);
    assert_int_equal(npu_emu_int_to_f16(65520), 0x7c00u); /* the tie rounds to even: inf */
    assert_int_equal(npu_emu_int_to_f16(-65520), 0xfc00u);
    assert_int_equal(npu_emu_int_to_f16(2049), 0x6800u); /* 2048, ties to even */
    assert_int_equal(npu_emu_int_to_f16(2051), 0x6802u); /* 2052 */
    assert_int_equal(npu_emu_f32_to_f16(0x3f000000u), 0x3800u);
    assert_int_equal(npu_emu_f32_to_f16(0x33000000u), 0x0000u); /* 2^-25: tie to +0 */
    assert_int_equal(npu_emu_f32_to_f16(0x33000001u), 0x0001u);
    assert_int_equal(npu_emu_f32_to_f16(0xffc00000u), 0xfe00u);
    assert_int_equal(npu_emu_f16_to_f32(0x0001u), 0x33800000u);
    assert_int_equal(npu_emu_f16_to_f32(0xfc00u), 0xff800000u);
    assert_int_equal(npu_emu_f16_to_int(0x5b18u, INT8_MIN, INT8_MAX), 127); /* 227 */
    assert_int_equal(npu_emu_f16_to_int(0x3800u, INT8_MIN, INT8_MAX), 0);   /* 0.5 */
    assert_int_equal(npu_emu_f16_to_int(0x3e00u, INT8_MIN, INT8_MAX), 2);   /* 1.5 */
    assert_int_equal(npu_emu_f16_to_int(0x7c00u, INT32_MIN, INT32_MAX), INT32_MAX);
    assert_int_equal(npu_emu_f16_to_int(0xfc00u, INT32_MIN, INT32_MAX), INT32_MIN);
    assert_int_equal(npu_emu_f16_to_int(0x7e00u, INT32_MIN, INT32_MAX), 0);
    /* the examples every build must reproduce */
    const int32_t g32[3] = {1, 10, 5000}, r32[3] = {-1, 1, 1}, want32[3] = {1, 11, 5252};
    int32_t y32[3];
    npu_emu_selu_grad(ACL_INT32, 3, g32, r32, y32);
    assert_memory_equal(y32, want32, sizeof y32);
    const int8_t g8[2] = {108, 60}, r8[2] = {1, -1}, want8[2] = {114, 46};
    int8_t y8[2];
    npu_emu_selu_grad(ACL_INT8, 2, g8, r8, y8);
    assert_memory_equal(y8, want8, sizeof y8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(emulation_conversions_pin_the_documented_rules),
        cmocka_unit_test(selu_int8_every_pair_matches_emulation),
        cmocka_unit_test(selu_fp16_every_pattern_matches_emulation),
        cmocka_unit_test(selu_bf16_every_pattern_matches_emulation),
        cmocka_unit_test(selu_int32_grid_matches_emulation),
        cmocka_unit_test(selu_fp32_random_matches_emulation),
        cmocka_unit_test(softshrink_every_16bit_self_and_random_fp32_match_emulation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
