/*
 * test_selu_a2_kernels.c - the SeluBackward kernels of Atlas A2/A3
 * (SELU_BWD_EXP, SELU_BWD_TBE): every vector kernel this machine runs gives
 * its scalar kernel's bits for every 16-bit pattern of one operand against
 * fixed values of the other (FLOAT16, BF16), and for every pair of 8-bit
 * values (INT8, UINT8), with the operator's constants and with constants
 * for which the AVX-512 kernels take no shortcut; and the two facts the
 * AVX-512 half kernels rest on (selu-a2-avx512.h) hold for all their inputs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "kernels/cvt.h"
#include "kernels/kernels.h"
#include "kernels/round.h"
#include "ops/kernels.h"
#include "ops/selu_grad/op_kernel/params.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))
#define ALL16 65536

/* Veltkamp's split of selu-a2-avx512.h, in scalar float32 (-ffp-contract=off). */
static float split16(float x)
{
    float c = x * 8193.0f;
    return c + (x - c);
}

/* The split rounds r + SA16 to half as the round trip does, for every
 * finite binary16 r < 0 (the lanes that take the sum), and gives a NaN for
 * r = -inf (the lane then makes its block take the round trip). */
static void split_equals_round_trip_for_every_negative_half_sum(void **state)
{
    (void)state;
    float sa16 = opsnn_round_f16(OPSNN_SELU_SCALE_ALPHA);
    assert_true(sa16 == 0x1.c2p+0f); /* OPSNN_SELU_A2_SA16_SPLIT */
    int n = 0;
    for (uint32_t h = 0; h < ALL16; h++) {
        float r = opsnn_f16_to_f32((uint16_t)h);
        if (!(r < 0.0f)) {
            continue;
        }
        float x = r + sa16;
        if (isinf(r)) {
            assert_true(isnan(split16(x)));
            continue;
        }
        if (opsnn_f32_bits(split16(x)) != opsnn_f32_bits(opsnn_round_f16(x))) {
            fail_msg("r=%#x: split %a, round trip %a", (unsigned)h, (double)split16(x),
                     (double)opsnn_round_f16(x));
        }
        n++;
    }
    assert_int_equal(n, 31743); /* 0x8001..0xfbff */
}

/* A half result widened, plus +0 and narrowed is itself, but -0 is +0
 * (the TBE kernel's last vadd on the half bits), for every half the
 * narrowing can give (all but the signalling NaNs). */
static void half_plus_zero_is_itself_but_minus_zero(void **state)
{
    (void)state;
    for (uint32_t h = 0; h < ALL16; h++) {
        int snan = (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) != 0 && (h & 0x200u) == 0;
        if (snan) {
            continue;
        }
        uint16_t want = h == 0x8000u ? 0 : (uint16_t)h;
        assert_int_equal(opsnn_f32_to_f16(opsnn_f16_to_f32((uint16_t)h) + 0.0f), want);
    }
}

static const uint16_t F16_FIXED[] = {
    0x3c00u, 0xbc00u, 0x0000u, 0x8000u, 0x7c00u, 0xfc00u, 0x7e00u, 0xfd01u, 0x7bffu, 0xfbffu,
    0x0001u, 0x8001u, 0xc000u, 0xbe00u, 0x3555u, 0xc70au, 0x7a00u, 0x1400u,
    0xbf08u, /* -SA16: the sum is 0, so inf * 0 makes a NaN */
    0xbf07u, 0xbf09u, 0x8400u, 0x83ffu,
};
static const uint16_t BF16_FIXED[] = {
    0x3f80u, 0xbf80u, 0x0000u, 0x8000u, 0x7f80u, 0xff80u, 0x7fc0u, 0xff81u, 0x7f7fu, 0x0001u,
    0xc000u, 0xbfc0u, 0x3eabu, 0xc2f7u, 0x7f00u, 0x0080u,
    0xbfe1u, 0xbfe2u, /* around -SCALE_ALPHA */
};

static const opsnn_selu_bwd_params CONSTS[] = {
    {OPSNN_SELU_SCALE, OPSNN_SELU_SCALE_ALPHA},
    {0.75f, -3.3f}, /* another SA16: the AVX-512 kernels round every sum by the round trip */
};

static const opsnn_kernel_kind FAMILIES[] = {OPSNN_KERNEL_SELU_BWD_EXP, OPSNN_KERNEL_SELU_BWD_TBE};

/* y(vector) == y(scalar) for b[i] = i against each fixed a, and for a[i] = i
 * against each fixed b, on every vector path, streamed and not. */
static void exhaustive16(aclDataType dt, const uint16_t *fixed, size_t nfixed)
{
    static uint16_t a[ALL16], b[ALL16], yr[ALL16], yv[ALL16];
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t fam = 0; fam < N_OF(FAMILIES); fam++) {
        opsnn_kernels_select(OPSNN_ISA_SCALAR);
        opsnn_ukernel_fn ref = opsnn_ukernel_get(FAMILIES[fam], dt);
        assert_non_null(ref);
        for (size_t ai = 1; ai < nav; ai++) { /* av[0] is scalar */
            opsnn_kernels_select((int)av[ai]);
            opsnn_ukernel_fn fn = opsnn_ukernel_get(FAMILIES[fam], dt);
            for (size_t c = 0; c < N_OF(CONSTS); c++) {
                for (size_t f = 0; f < 2 * nfixed; f++) {
                    for (size_t i = 0; i < ALL16; i++) {
                        a[i] = f < nfixed ? fixed[f] : (uint16_t)i;
                        b[i] = f < nfixed ? (uint16_t)i : fixed[f - nfixed];
                    }
                    opsnn_kparams p = {&CONSTS[c], (int)(f & 1), 0};
                    ref(ALL16, a, b, yr, &p);
                    fn(ALL16, a, b, yv, &p);
                    for (size_t i = 0; i < ALL16; i++) {
                        if (yr[i] != yv[i]) {
                            fail_msg("family %d %s consts %zu: a=%#x b=%#x scalar=%#x vector=%#x",
                                     (int)FAMILIES[fam], opsnn_isa_name((int)av[ai]), c, a[i],
                                     b[i], yr[i], yv[i]);
                        }
                    }
                }
            }
        }
    }
    opsnn_kernels_select(-1);
}

static void f16_every_pattern_bits_equal_scalar(void **state)
{
    (void)state;
    exhaustive16(ACL_FLOAT16, F16_FIXED, N_OF(F16_FIXED));
}

static void bf16_every_pattern_bits_equal_scalar(void **state)
{
    (void)state;
    exhaustive16(ACL_BF16, BF16_FIXED, N_OF(BF16_FIXED));
}

/* Every (a, b) pair of 8-bit values; UINT8 is a row of the experimental
 * family only. */
static void every_8bit_pair_bits_equal_scalar(void **state)
{
    (void)state;
    static uint8_t a[ALL16], b[ALL16], yr[ALL16], yv[ALL16];
    for (size_t i = 0; i < ALL16; i++) {
        a[i] = (uint8_t)(i & 0xffu);
        b[i] = (uint8_t)(i >> 8);
    }
    const aclDataType dts[] = {ACL_INT8, ACL_UINT8};
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    int tested = 0;
    for (size_t fam = 0; fam < N_OF(FAMILIES); fam++) {
        for (size_t d = 0; d < N_OF(dts); d++) {
            opsnn_kernels_select(OPSNN_ISA_SCALAR);
            opsnn_ukernel_fn ref = opsnn_ukernel_get(FAMILIES[fam], dts[d]);
            if (ref == NULL) {
                assert_true(FAMILIES[fam] == OPSNN_KERNEL_SELU_BWD_TBE && dts[d] == ACL_UINT8);
                continue;
            }
            for (size_t ai = 1; ai < nav; ai++) {
                opsnn_kernels_select((int)av[ai]);
                opsnn_ukernel_fn fn = opsnn_ukernel_get(FAMILIES[fam], dts[d]);
                for (size_t c = 0; c < N_OF(CONSTS); c++) {
                    opsnn_kparams p = {&CONSTS[c], 0, 0};
                    ref(ALL16, a, b, yr, &p);
                    fn(ALL16, a, b, yv, &p);
                    for (size_t i = 0; i < ALL16; i++) {
                        if (yr[i] != yv[i]) {
                            fail_msg("family %d dtype %d %s consts %zu: a=%#x b=%#x scalar=%#x vector=%#x",
                                     (int)FAMILIES[fam], (int)dts[d], opsnn_isa_name((int)av[ai]), c,
                                     a[i], b[i], yr[i], yv[i]);
                        }
                    }
                    tested++;
                }
            }
        }
    }
    opsnn_kernels_select(-1);
    if (tested == 0) {
        skip();
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(split_equals_round_trip_for_every_negative_half_sum),
        cmocka_unit_test(half_plus_zero_is_itself_but_minus_zero),
        cmocka_unit_test(f16_every_pattern_bits_equal_scalar),
        cmocka_unit_test(bf16_every_pattern_bits_equal_scalar),
        cmocka_unit_test(every_8bit_pair_bits_equal_scalar),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
