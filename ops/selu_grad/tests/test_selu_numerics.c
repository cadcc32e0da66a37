/*
 * test_selu_numerics.c - aclnnSeluBackward is bit-exact with the float32
 * sequence of the ops-nn arch35 kernel (activation/selu_grad/op_kernel/arch35/
 * selu_grad.h:69-79: result <= 0 gives fl(gradOutput * fl(result + SCALE_ALPHA)),
 * otherwise fl(gradOutput * SCALE)) for FLOAT, FLOAT16, BF16, INT8 and INT32,
 * over random data salted with special values; INT8 and INT32 pass through
 * fp16 both ways (selu_grad.h:88-109), and the rounding and saturation pins hold.
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

static const float SCALE = TU_SELU_SCALE;
static const float SCALE_ALPHA = TU_SELU_SCALE_ALPHA;

static const size_t SIZES[] = {1, 7, 63, 1000, 4099};
#define N_SIZES (sizeof SIZES / sizeof SIZES[0])

static int8_t ref_to_i8(float y)
{
    return (int8_t)tu_f16_to_int(y, INT8_MIN, INT8_MAX);
}

static int32_t ref_to_i32(float y)
{
    return (int32_t)tu_f16_to_int(y, INT32_MIN, INT32_MAX);
}

/* An int32 input through fp16: |v| >= 65520 becomes +-inf. */
static float ref_i32_in(int32_t v)
{
    return tu_int_through_f16((double)v);
}

static void reference(aclDataType dt, const void *g, const void *r, void *o, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (dt) {
        case ACL_INT8:
            ((int8_t *)o)[i] = ref_to_i8(tu_selu_f32((float)((const int8_t *)g)[i], (float)((const int8_t *)r)[i]));
            break;
        case ACL_INT32:
            ((int32_t *)o)[i] =
                ref_to_i32(tu_selu_f32(ref_i32_in(((const int32_t *)g)[i]), ref_i32_in(((const int32_t *)r)[i])));
            break;
        default:
            tu_store_f32(o, dt, i, tu_selu_f32(tu_load_f32(g, dt, i), tu_load_f32(r, dt, i)));
            break;
        }
    }
}

static void run_and_compare(aclDataType dt, const void *g, const void *r, size_t n, const char *what)
{
    size_t es = tu_dtype_size(dt);
    unsigned char *got = malloc(n * es);
    unsigned char *want = malloc(n * es);
    assert_non_null(got);
    assert_non_null(want);
    memset(got, 0xA5, n * es);
    const int64_t dims[1] = {(int64_t)n};
    aclTensor *tg = tu_tensor(dims, 1, dt, (void *)(uintptr_t)g);
    aclTensor *tr = tu_tensor(dims, 1, dt, (void *)(uintptr_t)r);
    aclTensor *to = tu_tensor(dims, 1, dt, got);
    assert_non_null(tg);
    assert_non_null(tr);
    assert_non_null(to);
    uint64_t ws = 1;
    assert_int_equal(tu_selu(tg, tr, to, &ws), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    reference(dt, g, r, want, n);
    char label[128];
    snprintf(label, sizeof label, "%s dtype=%d n=%zu", what, (int)dt, n);
    tu_assert_bits_equal(got, want, n, es, label);
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(to);
    free(got);
    free(want);
}

/* ---- salted random data --------------------------------------------------- */

static size_t float_specials(uint32_t *out)
{
    static const uint32_t fixed[] = {
        0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFF800001u, 0x7FC12345u, 0x00000000u, 0x80000000u,
        0x7F800000u, 0xFF800000u, 0x00000001u, 0x80000001u, 0x007FFFFFu, 0x807FFFFFu, 0x00800000u,
        0x7F7FFFFFu, 0xFF7FFFFFu, 0x3F800000u, 0xBF800000u, 0x40000000u, 0xC0000000u};
    size_t n = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        out[n++] = fixed[i];
    }
    /* result == -SCALE_ALPHA makes t exactly 0 (inf * 0 -> NaN), and its neighbours */
    out[n++] = opsnn_f32_bits(-SCALE_ALPHA);
    out[n++] = opsnn_f32_bits(nextafterf(-SCALE_ALPHA, 0.0f));
    out[n++] = opsnn_f32_bits(nextafterf(-SCALE_ALPHA, -INFINITY));
    return n;
}

static void fill_float(tu_rng *rng, aclDataType dt, void *buf, size_t n, float lo, float hi)
{
    uint32_t sp32[32];
    size_t nsp = float_specials(sp32);
    for (size_t i = 0; i < n; i++) {
        uint32_t pick = tu_below(rng, 10);
        if (pick < 3) {
            float v = opsnn_bits_f32(sp32[tu_below(rng, (uint32_t)nsp)]);
            if (dt == ACL_FLOAT) {
                ((float *)buf)[i] = v;
            } else if (isnan(v)) {
                /* keep NaN payloads (and signalling NaNs) in the narrow type */
                uint32_t b = opsnn_f32_bits(v);
                uint16_t h = dt == ACL_FLOAT16 ? (uint16_t)(((b >> 16) & 0x8000u) | 0x7C00u | ((b >> 13) & 0x3FFu))
                                               : (uint16_t)(b >> 16);
                if ((h & 0x7FFFu) == (dt == ACL_FLOAT16 ? 0x7C00u : 0x7F80u)) {
                    h |= 1u; /* stay a NaN */
                }
                ((uint16_t *)buf)[i] = h;
            } else {
                tu_store_f32(buf, dt, i, v);
            }
        } else if (pick < 5) {
            uint64_t bits = tu_next(rng);
            if (dt == ACL_FLOAT) {
                ((uint32_t *)buf)[i] = (uint32_t)bits;
            } else {
                ((uint16_t *)buf)[i] = (uint16_t)bits;
            }
        } else {
            tu_store_f32(buf, dt, i, tu_uniform(rng, lo, hi));
        }
    }
}

static void check_float_dtype(aclDataType dt, uint64_t seed)
{
    for (size_t s = 0; s < N_SIZES; s++) {
        size_t n = SIZES[s];
        tu_rng rng = {seed * 7919u + s};
        void *g = malloc(n * 4);
        void *r = malloc(n * 4);
        assert_non_null(g);
        assert_non_null(r);
        fill_float(&rng, dt, g, n, -4.0f, 4.0f);
        fill_float(&rng, dt, r, n, -6.0f, 4.0f);
        run_and_compare(dt, g, r, n, "random");
        free(g);
        free(r);
    }
}

static void selu_fp32_is_bit_exact_with_reference(void **state)
{
    (void)state;
    check_float_dtype(ACL_FLOAT, 1);
}

static void selu_fp16_is_bit_exact_with_reference(void **state)
{
    (void)state;
    check_float_dtype(ACL_FLOAT16, 2);
}

static void selu_bf16_is_bit_exact_with_reference(void **state)
{
    (void)state;
    check_float_dtype(ACL_BF16, 3);
}

/* Every fp16 / bf16 result pattern with random gradOutput, and every
 * gradOutput pattern with random result. */
static void selu_every_half_and_bf16_pattern_matches_reference(void **state)
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
    const aclDataType dts[2] = {ACL_FLOAT16, ACL_BF16};
    for (int d = 0; d < 2; d++) {
        tu_rng rng = {100u + (uint64_t)d};
        fill_float(&rng, dts[d], other, n, -4.0f, 4.0f);
        run_and_compare(dts[d], other, all, n, "all result patterns");
        fill_float(&rng, dts[d], other, n, -6.0f, 4.0f);
        run_and_compare(dts[d], all, other, n, "all grad patterns");
    }
    free(all);
    free(other);
}

/* Special float32 cases written out. */
static void selu_fp32_special_values_follow_ieee(void **state)
{
    (void)state;
    const int64_t d11[] = {11};
    float g[11] = {0.0f, INFINITY, 1.0f, -1.0f, 2.0f, opsnn_bits_f32(1u), 0.0f, 1.0f, 1.0f, 1.0f,
                   opsnn_bits_f32(0xffa00001u)};
    float r[11] = {-INFINITY, -SCALE_ALPHA, -INFINITY, INFINITY, -FLT_MAX, 1.0f, -1.0f,
                   opsnn_bits_f32(0x80000001u), 0.0f, -0.0f, -1.0f};
    float o[11];
    aclTensor *tg = tu_tensor(d11, 1, ACL_FLOAT, g);
    aclTensor *tr = tu_tensor(d11, 1, ACL_FLOAT, r);
    aclTensor *to = tu_tensor(d11, 1, ACL_FLOAT, o);
    assert_int_equal(tu_selu(tg, tr, to, NULL), ACLNN_SUCCESS);
    assert_int_equal(opsnn_f32_bits(o[0]), 0x7fc00000u); /* 0 * -inf: the positive quiet NaN */
    assert_int_equal(opsnn_f32_bits(o[1]), 0x7fc00000u); /* inf * 0 */
    assert_true(o[2] == -INFINITY);                /* 1 * -inf */
    assert_int_equal(opsnn_f32_bits(o[3]), opsnn_f32_bits(-SCALE)); /* +inf result: SCALE branch */
    assert_true(o[4] == -INFINITY);                /* 2 * -FLT_MAX overflows */
    assert_int_equal(opsnn_f32_bits(o[5]), 1u);       /* SCALE * min subnormal rounds to it */
    assert_int_equal(opsnn_f32_bits(o[6]), 0u);       /* 0 * 0.758 = +0 */
    float t = SCALE_ALPHA + opsnn_bits_f32(0x80000001u);
    assert_int_equal(opsnn_f32_bits(o[7]), opsnn_f32_bits(t)); /* -subnormal result: t rounds to SCALE_ALPHA */
    /* result == +0 and -0 take the result <= 0 branch (ops-nn 52d86f03c): 1 * SCALE_ALPHA */
    assert_int_equal(opsnn_f32_bits(o[8]), opsnn_f32_bits(SCALE_ALPHA));
    assert_int_equal(opsnn_f32_bits(o[9]), opsnn_f32_bits(SCALE_ALPHA));
    assert_int_equal(opsnn_f32_bits(o[10]), 0xffe00001u); /* a NaN gradient propagates, quieted */
    float want[11];
    reference(ACL_FLOAT, g, r, want, 11);
    tu_assert_bits_equal(o, want, 11, 4, "fp32 specials");
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(to);
}

/* ---- int8 ------------------------------------------------------------------ */

/* All 256 x 256 (gradOutput, result) pairs in one call. */
static void selu_int8_every_pair_matches_reference(void **state)
{
    (void)state;
    const size_t n = 65536;
    int8_t *g = malloc(n);
    int8_t *r = malloc(n);
    assert_non_null(g);
    assert_non_null(r);
    for (size_t i = 0; i < n; i++) {
        g[i] = (int8_t)(uint8_t)(i >> 8);
        r[i] = (int8_t)(uint8_t)(i & 0xFF);
    }
    run_and_compare(ACL_INT8, g, r, n, "int8 all pairs");
    free(g);
    free(r);
}

static void selu_int8_random_sizes_match_reference(void **state)
{
    (void)state;
    for (size_t s = 0; s < N_SIZES; s++) {
        size_t n = SIZES[s];
        tu_rng rng = {500u + s};
        int8_t *g = malloc(n);
        int8_t *r = malloc(n);
        assert_non_null(g);
        assert_non_null(r);
        for (size_t i = 0; i < n; i++) {
            g[i] = (int8_t)(uint8_t)tu_next(&rng);
            r[i] = (int8_t)(uint8_t)tu_next(&rng);
        }
        run_and_compare(ACL_INT8, g, r, n, "int8 random");
        free(g);
        free(r);
    }
}

static void selu_int8_rounds_through_fp16_and_saturates(void **state)
{
    (void)state;
    const int64_t d14[] = {14};
    int8_t g[14] = {127, -128, 10, -10, 2, 127, -128, 1, 3, 0, 108, 60, 10, 10};
    int8_t r[14] = {1, 1, 1, 1, 1, -128, -128, -1, -1, -5, 1, -1, 0, -2};
    int8_t o[14];
    aclTensor *tg = tu_tensor(d14, 1, ACL_INT8, g);
    aclTensor *tr = tu_tensor(d14, 1, ACL_INT8, r);
    aclTensor *to = tu_tensor(d14, 1, ACL_INT8, o);
    assert_int_equal(tu_selu(tg, tr, to, NULL), ACLNN_SUCCESS);
    /* 127*SCALE = 133.44 -> 127; -128*SCALE = -134.49 -> -128; 10.507 -> 11;
     * -10.507 -> -11; 2.10 -> 2; 127*(-126.24) -> -128; -128*(-126.24) -> 127;
     * 0.758 -> 1; 2.274 -> 2; 0 -> 0; 108*SCALE = 113.476 is 113.5 in fp16 ->
     * 114 (even); 60*0.7581 = 45.486 is 45.5 in fp16 -> 46; result 0 takes the
     * <= 0 branch: 10*1.7581 = 17.58 -> 18; 10*(-0.2419) = -2.419 -> -2 */
    const int8_t want[14] = {127, -128, 11, -11, 2, -128, 127, 1, 2, 0, 114, 46, 18, -2};
    tu_assert_bits_equal(o, want, 14, 1, "int8 pins");
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(to);
}

/* ---- int32 ------------------------------------------------------------------ */

static void selu_int32_random_and_special_values_match_reference(void **state)
{
    (void)state;
    static const int32_t sp[] = {INT32_MAX, INT32_MIN, 0, 1, -1, 2, -2, 3, -3, 10, -10,
                                 16777216, 16777217, -16777217, 16777219, 2043857792, 2043857920,
                                 -2043857920, -2043858176, 2043857919, 1 << 30, -(1 << 30), 127, -128};
    const size_t nsp = sizeof sp / sizeof sp[0];
    for (size_t s = 0; s < N_SIZES; s++) {
        size_t n = SIZES[s];
        tu_rng rng = {900u + s};
        int32_t *g = malloc(n * 4);
        int32_t *r = malloc(n * 4);
        assert_non_null(g);
        assert_non_null(r);
        for (size_t i = 0; i < n; i++) {
            uint32_t pick = tu_below(&rng, 4);
            g[i] = pick == 0 ? sp[tu_below(&rng, (uint32_t)nsp)]
                   : pick == 1 ? (int32_t)(tu_below(&rng, 2001)) - 1000
                               : (int32_t)(uint32_t)tu_next(&rng);
            pick = tu_below(&rng, 4);
            r[i] = pick == 0 ? sp[tu_below(&rng, (uint32_t)nsp)]
                   : pick == 1 ? (int32_t)(tu_below(&rng, 11)) - 5
                               : (int32_t)(uint32_t)tu_next(&rng);
        }
        run_and_compare(ACL_INT32, g, r, n, "int32 random");
        free(g);
        free(r);
    }
}

static void selu_int32_rounds_through_fp16_and_saturates(void **state)
{
    (void)state;
    const int64_t d16[] = {16};
    int32_t g[16] = {1, 10, 5000, -3, 10, 2049, 65504, 65519, 65520, 0, -65520, INT32_MAX,
                     INT32_MIN, 62000, -62000, 7};
    int32_t r[16] = {-1, 1, 1, -1, 0, 1, 1, -5, 0, -65520, 1, 1, 1, 1, 1, -65519};
    int32_t o[16];
    aclTensor *tg = tu_tensor(d16, 1, ACL_INT32, g);
    aclTensor *tr = tu_tensor(d16, 1, ACL_INT32, r);
    aclTensor *to = tu_tensor(d16, 1, ACL_INT32, o);
    assert_int_equal(tu_selu(tg, tr, to, NULL), ACLNN_SUCCESS);
    /* 1*0.7581 -> 1; 10.507 -> 11 (not truncated to 10); 5253.5 is 5252 in fp16
     * (spacing 4); -2.274 -> -2; result 0: 10*1.7581 -> 18; 2049 is 2048 in fp16,
     * 2048*SCALE = 2151.8 -> 2152; 65504*SCALE overflows fp16 -> INT32_MAX;
     * 65519 is 65504 in fp16, times -3.2419 -> -212357 overflows -> INT32_MIN;
     * 65520 is inf in fp16, inf*1.7581 -> INT32_MAX; 0 * (-inf) = NaN -> 0;
     * -inf*SCALE -> INT32_MIN; INT32_MAX / MIN are +-inf in fp16; 62000 is
     * 62016 in fp16, 62016*SCALE = 65160 is 65152 in fp16; 7 * (65504 - ...)
     * : result -65519 is -65504, t = -65502.24 -> 7*t overflows -> INT32_MIN */
    const int32_t want[16] = {1, 11, 5252, -2, 18, 2152, INT32_MAX, INT32_MIN, INT32_MAX, 0,
                              INT32_MIN, INT32_MAX, INT32_MIN, 65152, -65152, INT32_MIN};
    tu_assert_bits_equal(o, want, 16, 4, "int32 pins");
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(to);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(selu_fp32_is_bit_exact_with_reference),
        cmocka_unit_test(selu_fp16_is_bit_exact_with_reference),
        cmocka_unit_test(selu_bf16_is_bit_exact_with_reference),
        cmocka_unit_test(selu_every_half_and_bf16_pattern_matches_reference),
        cmocka_unit_test(selu_fp32_special_values_follow_ieee),
        cmocka_unit_test(selu_int8_every_pair_matches_reference),
        cmocka_unit_test(selu_int8_random_sizes_match_reference),
        cmocka_unit_test(selu_int8_rounds_through_fp16_and_saturates),
        cmocka_unit_test(selu_int32_random_and_special_values_match_reference),
        cmocka_unit_test(selu_int32_rounds_through_fp16_and_saturates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
