/*
 * test_softshrink_numerics.c - aclnnSoftshrinkBackward is bit-exact with a
 * scalar reference (docs/precision.md) for random data salted with NaN (both signs,
 * signalling and quiet, with payloads), +-0, +-inf, subnormals, the largest
 * finite values and |x| == lambda and its neighbours, in every dtype and every
 * mix of FLOAT / FLOAT16 / BF16.
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

#include "test_util.h"

static const aclDataType DTS[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
static const int64_t SIZES[] = {1, 7, 63, 1000, 4099};
#define N_SIZES (sizeof SIZES / sizeof SIZES[0])

/* lambda values: typical, zero, exact in fp16/bf16, subnormal, largest, inf */
static float lambdas(int k)
{
    switch (k) {
    case 0: return 1.2f;
    case 1: return 0.0f;
    case 2: return 0.5f;
    case 3: return opsnn_bits_f32(0x00000400u);
    case 4: return FLT_MAX;
    default: return INFINITY;
    }
}
#define N_LAMBDAS 6

/* Raw bit patterns, in dtype dt, worth salting the data with for lambda L. */
static size_t specials(aclDataType dt, float L, uint32_t *out)
{
    size_t n = 0;
    if (dt == ACL_FLOAT) {
        static const uint32_t fixed[] = {
            0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFF800001u, 0x7FC12345u, 0xFFFFFFFFu,
            0x7FBFFFFFu, 0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x00000001u,
            0x80000001u, 0x007FFFFFu, 0x807FFFFFu, 0x00400000u, 0x00800000u, 0x80800000u,
            0x7F7FFFFFu, 0xFF7FFFFFu, 0x3F800000u, 0xBF800000u};
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
            out[n++] = fixed[i];
        }
        if (isfinite(L)) {
            float around[3] = {L, nextafterf(L, INFINITY), nextafterf(L, 0.0f)};
            for (int i = 0; i < 3; i++) {
                out[n++] = opsnn_f32_bits(around[i]);
                out[n++] = opsnn_f32_bits(around[i]) ^ 0x80000000u;
            }
        }
        return n;
    }
    uint16_t inf = dt == ACL_FLOAT16 ? 0x7C00u : 0x7F80u;
    if (dt == ACL_FLOAT16) {
        static const uint16_t fixed[] = {0x7E00u, 0xFE00u, 0x7C01u, 0xFC01u, 0x7E55u, 0xFFFFu, 0x7DFFu,
                                         0x0000u, 0x8000u, 0x7C00u, 0xFC00u, 0x0001u, 0x8001u, 0x03FFu,
                                         0x83FFu, 0x0200u, 0x0400u, 0x8400u, 0x7BFFu, 0xFBFFu, 0x3C00u,
                                         0xBC00u};
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
            out[n++] = fixed[i];
        }
    } else {
        static const uint16_t fixed[] = {0x7FC0u, 0xFFC0u, 0x7F81u, 0xFF81u, 0x7FD5u, 0xFFFFu, 0x7FBFu,
                                         0x0000u, 0x8000u, 0x7F80u, 0xFF80u, 0x0001u, 0x8001u, 0x007Fu,
                                         0x807Fu, 0x0040u, 0x0080u, 0x8080u, 0x7F7Fu, 0xFF7Fu, 0x3F80u,
                                         0xBF80u};
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
            out[n++] = fixed[i];
        }
    }
    uint16_t hl = dt == ACL_FLOAT16 ? tu_h(L) : tu_bf(L);
    uint16_t mag = (uint16_t)(hl & 0x7FFFu);
    uint16_t around[3] = {mag, mag, mag};
    if (mag < inf) {
        around[1] = (uint16_t)(mag + 1u);
    }
    if (mag > 0) {
        around[2] = (uint16_t)(mag - 1u);
    }
    for (int i = 0; i < 3; i++) {
        out[n++] = around[i];
        out[n++] = (uint16_t)(around[i] | 0x8000u);
    }
    return n;
}

/* n elements of dtype dt: 30% salt, 20% raw random bits, 50% uniform values
 * on the scale of lambda. */
static void fill(tu_rng *rng, aclDataType dt, float L, void *buf, size_t n)
{
    uint32_t sp[64];
    size_t nsp = specials(dt, L, sp);
    float scale = (isfinite(L) && L > 1e-30f && L < 1e30f) ? L : 1.0f;
    for (size_t i = 0; i < n; i++) {
        uint32_t pick = tu_below(rng, 10);
        if (pick < 3) {
            uint32_t v = sp[tu_below(rng, (uint32_t)nsp)];
            if (dt == ACL_FLOAT) {
                ((uint32_t *)buf)[i] = v;
            } else {
                ((uint16_t *)buf)[i] = (uint16_t)v;
            }
        } else if (pick < 5) {
            uint64_t bits = tu_next(rng);
            if (dt == ACL_FLOAT) {
                ((uint32_t *)buf)[i] = (uint32_t)bits;
            } else {
                ((uint16_t *)buf)[i] = (uint16_t)bits;
            }
        } else {
            tu_store_f32(buf, dt, i, tu_uniform(rng, -3.0f, 3.0f) * scale);
        }
    }
}

/* Reference: compare in float32; same dtype everywhere -> gradOutput's bits or
 * +0; otherwise the selected value goes through float32 and is rounded to
 * gradInput's dtype to nearest even. */
static void reference(const void *g, aclDataType gt, const void *x, aclDataType xt, void *o,
                      aclDataType ot, size_t n, float L)
{
    int same = gt == xt && xt == ot;
    size_t es = tu_dtype_size(ot);
    for (size_t i = 0; i < n; i++) {
        float xv = tu_load_f32(x, xt, i);
        int pass = isnan(xv) || fabsf(xv) > L;
        if (!pass) {
            memset((unsigned char *)o + i * es, 0, es);
        } else if (same) {
            memcpy((unsigned char *)o + i * es, (const unsigned char *)g + i * es, es);
        } else {
            tu_store_f32(o, ot, i, tu_load_f32(g, gt, i));
        }
    }
}

static void run_and_compare(const void *g, aclDataType gt, const void *x, aclDataType xt,
                            aclDataType ot, size_t n, float L, const char *what)
{
    size_t es = tu_dtype_size(ot);
    unsigned char *got = malloc(n * es);
    unsigned char *want = malloc(n * es);
    assert_non_null(got);
    assert_non_null(want);
    memset(got, 0xA5, n * es);
    const int64_t dims[1] = {(int64_t)n};
    aclTensor *tg = tu_tensor(dims, 1, gt, (void *)(uintptr_t)g);
    aclTensor *tx = tu_tensor(dims, 1, xt, (void *)(uintptr_t)x);
    aclTensor *to = tu_tensor(dims, 1, ot, got);
    aclScalar *l = tu_scalar_f32(L);
    assert_non_null(tg);
    assert_non_null(tx);
    assert_non_null(to);
    assert_non_null(l);
    uint64_t ws = 1;
    assert_int_equal(tu_softshrink(tg, tx, l, to, &ws), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    reference(g, gt, x, xt, want, ot, n, L);
    char label[160];
    snprintf(label, sizeof label, "%s g=%d x=%d out=%d n=%zu lambda=%a", what, (int)gt, (int)xt,
             (int)ot, n, (double)L);
    tu_assert_bits_equal(got, want, n, es, label);
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
    free(got);
    free(want);
}

static void check_combo(aclDataType gt, aclDataType xt, aclDataType ot, uint64_t seed)
{
    for (size_t s = 0; s < N_SIZES; s++) {
        for (int k = 0; k < N_LAMBDAS; k++) {
            size_t n = (size_t)SIZES[s];
            float L = lambdas(k);
            tu_rng rng = {seed * 1000003u + s * 101u + (uint64_t)k};
            void *g = malloc(n * 4);
            void *x = malloc(n * 4);
            assert_non_null(g);
            assert_non_null(x);
            fill(&rng, gt, L, g, n);
            fill(&rng, xt, L, x, n);
            run_and_compare(g, gt, x, xt, ot, n, L, "random");
            free(g);
            free(x);
        }
    }
}

static void softshrink_fp32_is_bit_exact_with_reference(void **state)
{
    (void)state;
    check_combo(ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 1);
}

static void softshrink_fp16_is_bit_exact_with_reference(void **state)
{
    (void)state;
    check_combo(ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, 2);
}

static void softshrink_bf16_is_bit_exact_with_reference(void **state)
{
    (void)state;
    check_combo(ACL_BF16, ACL_BF16, ACL_BF16, 3);
}

/* Every one of the 24 mixes (not all three equal). */
static void softshrink_mixed_dtypes_compare_in_f32_and_round_to_nearest_even(void **state)
{
    (void)state;
    uint64_t seed = 10;
    for (int a = 0; a < 3; a++) {
        for (int b = 0; b < 3; b++) {
            for (int c = 0; c < 3; c++) {
                if (a == b && b == c) {
                    continue;
                }
                check_combo(DTS[a], DTS[b], DTS[c], seed++);
            }
        }
    }
}

/* Same dtype: the output is gradOutput's exact bits (signalling NaN payloads
 * included) or +0, never a converted value. */
static void softshrink_same_dtype_copies_grad_output_bits_exactly(void **state)
{
    (void)state;
    const int64_t d5[] = {5};
    uint32_t g32[5] = {0x7F800001u, 0xFFC12345u, 0x80000000u, 0x00000001u, 0xFF7FFFFFu};
    float x32[5] = {2.0f, -2.0f, 2.0f, 2.0f, opsnn_bits_f32(0xFFC00000u)};
    uint32_t o32[5];
    aclTensor *tg = tu_tensor(d5, 1, ACL_FLOAT, g32);
    aclTensor *tx = tu_tensor(d5, 1, ACL_FLOAT, x32);
    aclTensor *to = tu_tensor(d5, 1, ACL_FLOAT, o32);
    aclScalar *l = tu_scalar_f32(1.0f);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    tu_assert_bits_equal(o32, g32, 5, 4, "fp32 bits");
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);

    uint16_t g16[5] = {0x7C01u, 0xFE55u, 0x8000u, 0x0001u, 0xFBFFu};
    uint16_t x16[5] = {0x4000u, 0xC000u, 0x4000u, 0x4000u, 0xFE00u};
    uint16_t o16[5];
    tg = tu_tensor(d5, 1, ACL_FLOAT16, g16);
    tx = tu_tensor(d5, 1, ACL_FLOAT16, x16);
    to = tu_tensor(d5, 1, ACL_FLOAT16, o16);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    tu_assert_bits_equal(o16, g16, 5, 2, "fp16 bits");
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);

    uint16_t gb[5] = {0x7F81u, 0xFFD5u, 0x8000u, 0x0001u, 0xFF7Fu};
    uint16_t xb[5] = {0x4000u, 0xC000u, 0x4000u, 0x4000u, 0xFFC0u};
    uint16_t ob[5];
    tg = tu_tensor(d5, 1, ACL_BF16, gb);
    tx = tu_tensor(d5, 1, ACL_BF16, xb);
    to = tu_tensor(d5, 1, ACL_BF16, ob);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    tu_assert_bits_equal(ob, gb, 5, 2, "bf16 bits");
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
    aclDestroyScalar(l);
}

/* Values that are dropped are +0 even when gradOutput is -0, NaN or -inf. */
static void softshrink_dropped_values_are_positive_zero(void **state)
{
    (void)state;
    const int64_t d4[] = {4};
    uint32_t g[4] = {0x80000000u, 0xFFC00000u, 0xFF800000u, 0xBF800000u};
    float x[4] = {0.5f, -0.5f, 1.0f, -1.0f};
    uint32_t o[4];
    aclTensor *tg = tu_tensor(d4, 1, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(d4, 1, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(d4, 1, ACL_FLOAT, o);
    aclScalar *l = tu_scalar_f32(1.0f);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    const uint32_t want[4] = {0, 0, 0, 0};
    tu_assert_bits_equal(o, want, 4, 4, "dropped = +0");
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

/* Mixed: fp32 gradOutput rounded to fp16/bf16 gradInput, nearest even, overflow
 * to inf, NaN quiet with its payload top bits. */
static void softshrink_fp32_to_half_output_rounds_nearest_even(void **state)
{
    (void)state;
    const int64_t d8[] = {8};
    float g[8] = {1.0f + 1.0f / 2048.0f,          /* fp16 tie -> even 1.0 */
                  1.0f + 3.0f / 2048.0f,          /* fp16 tie -> even 1+2/1024 */
                  65520.0f,                       /* fp16 rounds to inf */
                  65519.0f,                       /* fp16 65504 */
                  opsnn_bits_f32(0x7F800001u),       /* sNaN -> quiet */
                  opsnn_bits_f32(0xFFA00000u),       /* -NaN payload */
                  opsnn_bits_f32(0x33800000u),       /* 2^-24: smallest fp16 subnormal */
                  opsnn_bits_f32(0x33000000u)};      /* 2^-25: tie -> 0 */
    float x[8] = {5, 5, 5, 5, 5, 5, 5, 5};
    uint16_t o[8];
    aclTensor *tg = tu_tensor(d8, 1, ACL_FLOAT, g);
    aclTensor *tx = tu_tensor(d8, 1, ACL_FLOAT, x);
    aclTensor *to = tu_tensor(d8, 1, ACL_FLOAT16, o);
    aclScalar *l = tu_scalar_f32(1.0f);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    const uint16_t want16[8] = {0x3C00u, 0x3C02u, 0x7C00u, 0x7BFFu, 0x7E00u, 0xFF00u, 0x0001u, 0x0000u};
    tu_assert_bits_equal(o, want16, 8, 2, "fp32 -> fp16 output");
    aclDestroyTensor(to);

    float gb[8] = {1.0f + 1.0f / 256.0f,          /* bf16 tie -> even 1.0 */
                   1.0f + 3.0f / 256.0f,          /* bf16 tie -> 1+4/256 */
                   FLT_MAX,                       /* bf16 rounds to inf */
                   opsnn_bits_f32(0x7F7F7FFFu),      /* just below the tie: 0x7F7F */
                   opsnn_bits_f32(0x7F800001u),      /* sNaN -> 0x7FC0 */
                   opsnn_bits_f32(0xFFA12345u),      /* -NaN keeps top payload */
                   opsnn_bits_f32(0x00018000u),      /* subnormal tie -> even 0x0002 */
                   opsnn_bits_f32(0x00008000u)};     /* subnormal tie -> 0 */
    uint16_t ob[8];
    aclDestroyTensor(tg);
    tg = tu_tensor(d8, 1, ACL_FLOAT, gb);
    to = tu_tensor(d8, 1, ACL_BF16, ob);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    const uint16_t wantb[8] = {0x3F80u, 0x3F82u, 0x7F80u, 0x7F7Fu, 0x7FC0u, 0xFFE1u, 0x0002u, 0x0000u};
    tu_assert_bits_equal(ob, wantb, 8, 2, "fp32 -> bf16 output");
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

/* Every fp16 and every bf16 self value against three lambdas, and every
 * gradOutput bit pattern copied, in one 65536-element call each. */
static void softshrink_every_half_and_bf16_pattern_matches_reference(void **state)
{
    (void)state;
    const size_t n = 65536;
    uint16_t *all = malloc(n * 2);
    uint16_t *other = malloc(n * 2);
    assert_non_null(all);
    assert_non_null(other);
    for (size_t i = 0; i < n; i++) {
        all[i] = (uint16_t)i;
    }
    const float ls[3] = {1.2f, 0.5f, 0.0f};
    for (int d = 1; d < 3; d++) {
        tu_rng rng = {77u + (uint64_t)d};
        for (int k = 0; k < 3; k++) {
            fill(&rng, DTS[d], ls[k], other, n);
            run_and_compare(other, DTS[d], all, DTS[d], DTS[d], n, ls[k], "all self patterns");
            run_and_compare(all, DTS[d], other, DTS[d], DTS[d], n, ls[k], "all grad patterns");
            run_and_compare(other, DTS[d], all, DTS[d], ACL_FLOAT, n, ls[k], "all self, f32 out");
            run_and_compare(all, DTS[d], other, DTS[d], ACL_FLOAT, n, ls[k], "all grad, f32 out");
        }
    }
    free(all);
    free(other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(softshrink_fp32_is_bit_exact_with_reference),
        cmocka_unit_test(softshrink_fp16_is_bit_exact_with_reference),
        cmocka_unit_test(softshrink_bf16_is_bit_exact_with_reference),
        cmocka_unit_test(softshrink_mixed_dtypes_compare_in_f32_and_round_to_nearest_even),
        cmocka_unit_test(softshrink_same_dtype_copies_grad_output_bits_exactly),
        cmocka_unit_test(softshrink_dropped_values_are_positive_zero),
        cmocka_unit_test(softshrink_fp32_to_half_output_rounds_nearest_even),
        cmocka_unit_test(softshrink_every_half_and_bf16_pattern_matches_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
