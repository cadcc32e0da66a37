/*
 * test_forward_generations.c - the forward operators' Atlas A2/A3 kernels
 * against the independent emulation (tests/oracle/npu_emu.c), bit for bit,
 * through the public aclnn API, on every ISA path this CPU has, with 1 and 3
 * threads:
 *   - Softshrink on Ascend910B with the built-in package: the CANN TBE kernel
 *     (half arithmetic and a half lambd for FLOAT16, a NaN lambd keeping x):
 *     every fp16 and bf16 pattern and float32 specials and random values,
 *     for lambdas where half rounding matters and where it does not; and on
 *     the Ascend910 its branch without tik.vcopy (NaN x kept), FLOAT16 and
 *     FLOAT (the Ascend910 has no BF16), out on its own buffer and on self's;
 *   - Selu on Ascend910B with the ops-nn package: the experimental kernel
 *     (FLOAT16 in half, INT8 through saturating truncations): every fp16
 *     pattern, every int8 value, lengths 1..300 (the runs too short for the
 *     lookup table); FLOAT, BF16 and INT32 equal to arch35's;
 *   - hand-derived values where the generations part.
 * The emulated FLOAT16 Selu uses libm's exp rounded once to half as the Exp;
 * for every fp16 input the library's Exp gives the same half, so here too
 * zero mismatches are allowed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emu_check.h"
#include "npu_emu.h"
#include "opsnn/opsnn.h"
#include "rng.h"
#include "sweep.h"
#include "test_util.h"

/* `soc` with package `opp`, whose kernel generation is `gen`. */
static void use_soc(const char *soc, const char *opp, const char *gen)
{
    assert_int_equal(opsnn_set_soc(soc), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_opp(opp), ACLNN_SUCCESS);
    assert_string_equal(opsnn_get_kernel_generation(), gen);
}

/* Ascend910B with package `opp`, whose kernel generation is `gen`. */
static void use(const char *opp, const char *gen)
{
    use_soc("Ascend910B", opp, gen);
}

static void use_arch35(void)
{
    assert_int_equal(opsnn_set_soc("Ascend950"), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_opp("builtin"), ACLNN_SUCCESS);
    assert_string_equal(opsnn_get_kernel_generation(), "arch35");
}

/* lambd 0 and -0 (which the API lets through), half-subnormal and
 * float32-subnormal values, 0.3 (not a half value: the generations part), a
 * half value, 65519 (rounds to half's largest finite) and 65520 (to half's
 * inf), a huge float32, +inf and NaN. */
static const float LAMBDAS[] = {0.0f,     -0.0f,     1e-40f,   6e-8f, 1e-6f, 0.3f,
                                0.5f,     1.0f,      65519.0f, 65520.0f, 3e38f,
                                INFINITY, NAN};
#define NLAMBDAS (sizeof LAMBDAS / sizeof LAMBDAS[0])

/* ---- Softshrink, TBE --------------------------------------------------------- */

/* Softshrink of x, out on its own buffer and on self's (y = x in the
 * kernels), against the emulation of the branch with (vcopy) or without
 * tik.vcopy. */
static void softshrink_tbe_soc_case(const char *soc, int vcopy, aclDataType dt, size_t n,
                                    const void *x, const char *what)
{
    size_t es = tu_dtype_size(dt);
    void *want = malloc(n * es), *io = malloc(n * es);
    assert_true(want != NULL && io != NULL);
    use_soc(soc, "builtin", "tbe");
    const int64_t dims[1] = {(int64_t)n};
    for (size_t l = 0; l < NLAMBDAS; l++) {
        npu_emu_softshrink_tbe(vcopy, dt, n, x, LAMBDAS[l], want);
        run_case c = {0, dt, n, x, x, LAMBDAS[l], 1};
        emu_check_all_paths(&c, want, what);
        memcpy(io, x, n * es);
        run_case inplace = {0, dt, n, io, io, LAMBDAS[l], 1};
        emu_run_forward(&inplace, dims, io);
        if (memcmp(io, want, n * es) != 0) {
            fail_msg("%s on %s, out on self, lambd %g: differs from the emulation", what, soc,
                     (double)LAMBDAS[l]);
        }
    }
    free(io);
    free(want);
}

/* Ascend910B (tik.vcopy); FLOAT and FLOAT16 on the Ascend910 too (none). */
static void softshrink_tbe_case(aclDataType dt, size_t n, const void *x, const char *what)
{
    softshrink_tbe_soc_case("Ascend910B", 1, dt, n, x, what);
    if (dt != ACL_BF16) {
        softshrink_tbe_soc_case("Ascend910", 0, dt, n, x, what);
    }
}

static void softshrink_tbe_every_16bit_pattern(void **state)
{
    (void)state;
    uint32_t stride = tu_sweep_stride();
    size_t n = tu_sweep_count(65536, stride);
    uint16_t *x = malloc(n * 2);
    assert_true(x != NULL);
    for (size_t k = 0; k < n; k++) {
        x[k] = (uint16_t)(k * stride);
    }
    softshrink_tbe_case(ACL_FLOAT16, n, x, "tbe softshrink fp16");
    softshrink_tbe_case(ACL_BF16, n, x, "tbe softshrink bf16");
    free(x);
}

static void softshrink_tbe_float32(void **state)
{
    (void)state;
    static const uint32_t specials[] = {
        0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u,
        0x7f800001u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x7f7fffffu, 0xff7fffffu,
        0x3e99999au, 0xbe99999au, 0x3e99999bu, 0x3e999999u, 0x3f000000u, 0xbf000000u,
        0x3f000001u, 0x3effffffu, 0x477fef00u, 0x477ff000u, 0x3f800000u, 0xbf800000u};
    size_t ns = sizeof specials / sizeof specials[0], n = ns + 4096;
    uint32_t *x = malloc(n * 4);
    assert_true(x != NULL);
    memcpy(x, specials, sizeof specials);
    tu_rng r = {0x5eed0f0u};
    for (size_t k = ns; k < n; k++) {
        float v = tu_uniform(&r, -2.0f, 2.0f); /* around +-lambd */
        memcpy(&x[k], &v, 4);
    }
    softshrink_tbe_case(ACL_FLOAT, n, x, "tbe softshrink float32");
    free(x);
}

/* Softshrink of one value under the current configuration. */
static uint16_t softshrink16(aclDataType dt, uint16_t x, float lambd)
{
    uint16_t y = 0;
    run_case c = {0, dt, 1, &x, &x, lambd, 1};
    emu_run_library(&c, &y);
    return y;
}

static void softshrink_tbe_hand_derived(void **state)
{
    (void)state;
    /* lambd 0.3 is 0x34cd (0.300048828125) in half; x = 0.3125 (0x3500):
     * TBE x - 0.300048828125 = 0.012451171875 = 51/4096, a half value
     * (0x2260); arch35 rounds 0.3125 - 0.3f = 0.0124999881 to half: 0x2266 */
    use("builtin", "tbe");
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x3500u, 0.3f), 0x2260u);
    assert_int_equal(softshrink16(ACL_FLOAT16, 0xb500u, 0.3f), 0xa260u);
    /* x = 0x34cd: |x| <= half(lambd), so +0; arch35 gives x - 0.3f rounded */
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x34cdu, 0.3f), 0x0000u);
    /* lambd 65520 is half's inf: everything, inf too, gives +0 */
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x7bffu, 65520.0f), 0x0000u);
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x7c00u, 65520.0f), 0x0000u);
    /* a NaN lambd keeps x (-0 too) and turns a NaN x into +0 */
    assert_int_equal(softshrink16(ACL_FLOAT16, 0xc000u, NAN), 0xc000u);
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x8000u, NAN), 0x8000u);
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x7e00u, NAN), 0x0000u);
    assert_int_equal(softshrink16(ACL_BF16, 0xbf80u, NAN), 0xbf80u);
    /* BF16 is computed in float32 with a float32 lambd, as on arch35 */
    assert_int_equal(softshrink16(ACL_BF16, 0x3fa0u, 0.3f), 0x3f73u); /* 1.25 - 0.3 */
    /* the Ascend910 (no tik.vcopy): a NaN x fails every compare and is
     * selected through, signalling and negative ones too; the rest as on
     * the 910B */
    use_soc("Ascend910", "builtin", "tbe");
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x7e00u, 0.5f), 0x7e00u);
    assert_int_equal(softshrink16(ACL_FLOAT16, 0xfe01u, 0.5f), 0xfe01u);
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x7c01u, 0.5f), 0x7c01u);
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x7e00u, NAN), 0x7e00u);
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x3500u, 0.3f), 0x2260u);
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x8000u, 0.5f), 0x0000u);
    use_arch35();
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x3500u, 0.3f), 0x2266u);
    assert_int_equal(softshrink16(ACL_FLOAT16, 0x34cdu, 0.3f), 0x0333u); /* 819 * 2^-24 */
    assert_int_equal(softshrink16(ACL_FLOAT16, 0xc000u, NAN), 0x0000u);
    assert_int_equal(softshrink16(ACL_BF16, 0x3fa0u, 0.3f), 0x3f73u);
}

/* ---- Selu, experimental -------------------------------------------------------- */

static void selu_experimental_every_fp16_pattern(void **state)
{
    (void)state;
    uint32_t stride = tu_sweep_stride();
    size_t n = tu_sweep_count(65536, stride);
    uint16_t *x = malloc(n * 2), *want = malloc(n * 2);
    assert_true(x && want);
    for (size_t k = 0; k < n; k++) {
        x[k] = (uint16_t)(k * stride);
    }
    npu_emu_selu_experimental(ACL_FLOAT16, n, x, want);
    use("ops-nn", "experimental");
    run_case c = {1, ACL_FLOAT16, n, x, x, 0.0f, 1};
    emu_check_all_paths(&c, want, "experimental selu fp16");
    /* runs below the lookup table's length: the arithmetic itself */
    for (size_t len = 1; len <= 300; len += 13) {
        size_t at = (len * 2477u) % (n > len ? n - len : 1);
        run_case s = {1, ACL_FLOAT16, len, x + at, x + at, 0.0f, 1};
        emu_check_all_paths(&s, want + at, "experimental selu fp16, short");
    }
    free(x);
    free(want);
}

static void selu_experimental_every_int8(void **state)
{
    (void)state;
    int8_t x[256], want[256];
    for (int i = 0; i < 256; i++) {
        x[i] = (int8_t)(i - 128);
    }
    npu_emu_selu_experimental(ACL_INT8, 256, x, want);
    use("ops-nn", "experimental");
    run_case c = {1, ACL_INT8, 256, x, x, 0.0f, 1};
    emu_check_all_paths(&c, want, "experimental selu int8");
}

/* FLOAT, BF16 and INT32 take arch35's steps: the same bits as Ascend950. */
static void selu_experimental_other_dtypes_are_arch35(void **state)
{
    (void)state;
    const aclDataType dts[3] = {ACL_FLOAT, ACL_BF16, ACL_INT32};
    size_t n = 4096;
    uint32_t *x = malloc(n * 4), *want = malloc(n * 4);
    assert_true(x && want);
    tu_rng r = {0x5e1u};
    for (int d = 0; d < 3; d++) {
        for (size_t k = 0; k < n; k++) {
            float v = tu_uniform(&r, -20.0f, 20.0f);
            uint32_t bits;
            memcpy(&bits, &v, 4);
            x[k] = dts[d] == ACL_INT32 ? (uint32_t)(int32_t)(v * 1000.0f)
                   : dts[d] == ACL_BF16 ? (bits >> 16) * 0x00010001u
                                        : bits;
        }
        use_arch35();
        run_case c = {1, dts[d], dts[d] == ACL_BF16 ? 2 * n : n, x, x, 0.0f, 1};
        emu_run_library(&c, want);
        use("ops-nn", "experimental");
        emu_check_all_paths(&c, want, "experimental selu, arch35's dtypes");
    }
    free(x);
    free(want);
}

static void selu_experimental_hand_derived(void **state)
{
    (void)state;
    /* x = 1.009765625 (0x3c0a): half(x * 1.05078125) = half(1.0610427856)
     * = 1.0615234375 (0x3c3f); arch35 half(fl(x * 1.0507009873)) =
     * half(1.0609617743) = 1.060546875 (0x3c3e) */
    uint16_t x = 0x3c0au, y = 0;
    run_case c = {1, ACL_FLOAT16, 1, &x, &x, 0.0f, 1};
    use("ops-nn", "experimental");
    emu_run_library(&c, &y);
    assert_int_equal(y, 0x3c3fu);
    use_arch35();
    emu_run_library(&c, &y);
    assert_int_equal(y, 0x3c3eu);
    /* int8: 122 * 1.0507 = 128.19 saturates to 127 (arch35: 128 wraps to
     * -128); 127 -> 133.44 -> 127 (arch35 -123); 121 -> 127.13 -> 127 on
     * both; negatives -1 on both */
    const int8_t xs[5] = {121, 122, 127, -1, -128};
    const int8_t exp_want[5] = {127, 127, 127, -1, -1}, arch35_want[5] = {127, -128, -123, -1, -1};
    int8_t got[5];
    run_case i8 = {1, ACL_INT8, 5, xs, xs, 0.0f, 1};
    use("ops-nn", "experimental");
    emu_run_library(&i8, got);
    assert_memory_equal(got, exp_want, 5);
    use_arch35();
    emu_run_library(&i8, got);
    assert_memory_equal(got, arch35_want, 5);
}

static int reset(void **state)
{
    (void)state;
    return opsnn_set_soc(NULL) == ACLNN_SUCCESS && opsnn_set_opp(NULL) == ACLNN_SUCCESS ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(softshrink_tbe_every_16bit_pattern, reset),
        cmocka_unit_test_teardown(softshrink_tbe_float32, reset),
        cmocka_unit_test_teardown(softshrink_tbe_hand_derived, reset),
        cmocka_unit_test_teardown(selu_experimental_every_fp16_pattern, reset),
        cmocka_unit_test_teardown(selu_experimental_every_int8, reset),
        cmocka_unit_test_teardown(selu_experimental_other_dtypes_are_arch35, reset),
        cmocka_unit_test_teardown(selu_experimental_hand_derived, reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
