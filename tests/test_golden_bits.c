/*
 * test_golden_bits.c - committed output bits for the special values, checked
 * on every ISA path the machine running the test has (ctest -R golden_bits;
 * it is meant to run under qemu for other architectures too). Every expected
 * value below was derived by hand from the ops-nn arch35 kernels
 * (activation/selu_grad/op_kernel/arch35/selu_grad.h:69-110,
 * activation/soft_shrink_grad/op_kernel/arch35/soft_shrink_grad.h:142-237)
 * and the rules of docs/precision.md: NaN made by 0 * inf is 0x7fc00000, a
 * NaN operand propagates quieted with its sign and payload, integers round
 * through fp16 (ties to even) and saturate, NaN -> 0. A host whose float
 * unit differs (another default NaN, flushed subnormals, fused multiply-add)
 * fails here.
 *
 * The *_EXP and *_TBE tables are the Atlas A2/A3 generations (Ascend910B with
 * the ops-nn package: experimental/activation/selu_grad/op_kernel/selu_grad.h
 * and .../softshrink_grad/op_kernel/softshrink_grad.h; with the built-in
 * package: the TBE selu_grad.py / soft_shrink_grad.py), derived by hand the
 * same way: r < 0 picks the r + SA branch, half-precision dtypes compute in
 * half with S = 1.05078125 and SA = 1.7578125, integers convert back to
 * nearest even (experimental) or toward zero (TBE), TBE adds +0 to every
 * result, and SoftshrinkBackward zeroes |x| <= lambda only.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h" /* opsnn_kernels_select / opsnn_cpu_has_isa: the ISA loop */
#include "opsnn/opsnn.h"
#include "test_util.h"

#define MAX_ISA 16

typedef struct {
    uint32_t g, r, want; /* raw bits; int8 / int32 as two's complement */
} selu_row;

typedef struct {
    uint32_t g, x, lambda, want; /* lambda: float32 bits */
} shrink_row;

#define I32(v) ((uint32_t)(int32_t)(v))
#define I8(v) ((uint32_t)(uint8_t)(int8_t)(v))

static const selu_row SELU_F32[] = {
    {0x00000000u, 0xff800000u, 0x7fc00000u}, /* 0 * (-inf + SA): made NaN */
    {0x80000000u, 0xff800000u, 0x7fc00000u}, /* -0 * -inf */
    {0x7f800000u, 0xbfe10966u, 0x7fc00000u}, /* r = -SA: t = 0, inf * 0 */
    {0xff800000u, 0xbfe10966u, 0x7fc00000u}, /* -inf * 0 */
    {0x7fa00001u, 0x3f800000u, 0x7fe00001u}, /* signalling NaN g: quieted, payload kept */
    {0xffc12345u, 0xbf800000u, 0xffc12345u}, /* negative NaN g through the r <= 0 branch */
    {0x3f800000u, 0x7fc00000u, 0x3f867d5fu}, /* NaN r takes SCALE */
    {0x3f800000u, 0x00000000u, 0x3fe10966u}, /* r = +0: SCALE_ALPHA */
    {0x3f800000u, 0x80000000u, 0x3fe10966u}, /* r = -0: SCALE_ALPHA */
    {0x00000001u, 0x3f800000u, 0x00000001u}, /* subnormal * SCALE stays 2^-149 */
    {0x00000003u, 0x3f800000u, 0x00000003u}, /* 3 * 2^-149 * 1.0507 -> 3 * 2^-149 */
    {0x00000001u, 0x80000000u, 0x00000002u}, /* 2^-149 * 1.7581 -> 2 * 2^-149 */
    {0x7f7fffffu, 0x3f800000u, 0x7f800000u}, /* FLT_MAX * SCALE overflows */
    {0x3f800000u, 0xff800000u, 0xff800000u}, /* 1 * (-inf) */
    {0x7f800000u, 0x3f800000u, 0x7f800000u},
    {0xbf800000u, 0x7f800000u, 0xbf867d5fu}, /* r = +inf takes SCALE */
};

static const selu_row SELU_F16[] = {
    {0x0000u, 0xfc00u, 0x7e00u}, /* 0 * -inf: the made NaN, narrowed */
    {0x7c00u, 0x0000u, 0x7c00u},
    {0x7c01u, 0x3c00u, 0x7e01u}, /* signalling NaN g: quieted, payload kept */
    {0xfe55u, 0xbc00u, 0xfe55u},
    {0x3c00u, 0x7e00u, 0x3c34u}, /* NaN r: SCALE = 1.0507 -> 0x3c34 */
    {0x3c00u, 0x0000u, 0x3f08u}, /* r = +0: 1.7581 -> 0x3f08 */
    {0x3c00u, 0x8000u, 0x3f08u}, /* r = -0 */
    {0x7bffu, 0x3c00u, 0x7c00u}, /* 65504 * SCALE overflows fp16 */
    {0x0001u, 0x3c00u, 0x0001u}, /* subnormals: 2^-24 * 1.0507 -> 2^-24 */
    {0x0001u, 0x0000u, 0x0002u}, /* 2^-24 * 1.7581 -> 2 * 2^-24 */
    {0x8001u, 0x8000u, 0x8002u},
    {0x0001u, 0xbc00u, 0x0001u}, /* 2^-24 * 0.7581 -> 2^-24 */
    {0x0001u, 0xc000u, 0x8000u}, /* 2^-24 * -0.2419 -> -0 */
};

static const selu_row SELU_BF16[] = {
    {0x0000u, 0xff80u, 0x7fc0u}, /* made NaN */
    {0x7f81u, 0x3f80u, 0x7fc1u}, /* signalling NaN g: quieted */
    {0x3f80u, 0x0000u, 0x3fe1u}, /* r = +0: 0x3fe10966 -> 0x3fe1 */
    {0x3f80u, 0x3f80u, 0x3f86u}, /* 0x3f867d5f -> 0x3f86 */
    {0x7f7fu, 0x3f80u, 0x7f80u}, /* overflows float32 already */
    {0x0001u, 0x0000u, 0x0002u}, /* 2^-133 * 1.7581 -> 2 * 2^-133 */
    {0xbf80u, 0xff80u, 0x7f80u}, /* -1 * -inf */
};

static const selu_row SELU_I8[] = {
    {I8(108), I8(1), I8(114)}, /* 113.476 is 113.5 in fp16 -> 114 (even) */
    {I8(60), I8(-1), I8(46)},  /* 45.486 is 45.5 in fp16 -> 46 */
    {I8(127), I8(1), I8(127)}, /* 133.44 saturates */
    {I8(-128), I8(1), I8(-128)},
    {I8(10), I8(0), I8(18)}, /* r = 0 takes SCALE_ALPHA: 17.58 */
    {I8(-128), I8(-128), I8(127)},
    {I8(127), I8(-128), I8(-128)},
    {I8(0), I8(-5), I8(0)},
    {I8(1), I8(-2), I8(0)}, /* -0.2419 -> -0 -> 0 */
    {I8(3), I8(-1), I8(2)},
};

static const selu_row SELU_I32[] = {
    {I32(1), I32(-1), I32(1)},
    {I32(10), I32(1), I32(11)},
    {I32(5000), I32(1), I32(5252)}, /* 5253.5 is 5252 in fp16 */
    {I32(0), I32(-65520), I32(0)},  /* r is -inf in fp16: 0 * -inf = NaN -> 0 */
    {I32(65520), I32(0), I32(INT32_MAX)}, /* g is +inf in fp16 */
    {I32(-65520), I32(1), I32(INT32_MIN)},
    {I32(65504), I32(1), I32(INT32_MAX)}, /* 68824 overflows fp16 */
    {I32(2049), I32(1), I32(2152)},       /* 2049 is 2048; 2151.8 -> 2152 */
    {I32(62000), I32(1), I32(65152)},     /* 62000 is 62016; 65160.3 is 65152 */
    {I32(-3), I32(-1), I32(-2)},
    {I32(10), I32(0), I32(18)},
    {I32(INT32_MIN), I32(-1), I32(INT32_MIN)},
    {I32(7), I32(-65519), I32(INT32_MIN)},
};

static const shrink_row SHRINK_F32[] = {
    {0x40400000u, 0x3f800000u, 0x7fc00000u, 0x00000000u}, /* NaN lambda: |x| > NaN false */
    {0x40400000u, 0xffc00001u, 0x7fc00000u, 0x40400000u}, /* NaN x passes */
    {0x7f800001u, 0x40000000u, 0x3f800000u, 0x7f800001u}, /* NaN g copied as bits */
    {0x40400000u, 0x80000000u, 0x80000000u, 0x00000000u}, /* lambda -0, x -0 */
    {0x40400000u, 0x00000001u, 0x00000000u, 0x40400000u},
    {0x40400000u, 0x7f800000u, 0x7f800000u, 0x00000000u}, /* inf > inf is false */
    {0x40400000u, 0xff800000u, 0x477fe000u, 0x40400000u},
    {0x80000000u, 0x40000000u, 0x3f800000u, 0x80000000u}, /* -0 g copied */
};

static const shrink_row SHRINK_F16[] = {
    {0x7c01u, 0x4000u, 0x3f800000u, 0x7c01u},
    {0x3c00u, 0x7e00u, 0x7fc00000u, 0x3c00u},
    {0x3c00u, 0x3c00u, 0x7fc00000u, 0x0000u},
    {0x3c00u, 0x3c00u, 0x3f800000u, 0x0000u}, /* |x| == lambda */
    {0x3c00u, 0x3c01u, 0x3f800000u, 0x3c00u},
};

static const shrink_row SHRINK_BF16[] = {
    {0x7f81u, 0x4000u, 0x3f800000u, 0x7f81u},
    {0x3f80u, 0xffc0u, 0x7fc00000u, 0x3f80u},
    {0x3f80u, 0x0001u, 0x00000000u, 0x3f80u},
    {0x3f80u, 0x0001u, 0x00000200u, 0x3f80u}, /* 2^-133 > lambda 2^-140 */
    {0x3f80u, 0x8001u, 0x7f800000u, 0x0000u},
};

/* ---- Atlas A2/A3 ---- */

static const selu_row SELU_F32_EXP[] = {
    {0x3f800000u, 0x00000000u, 0x3f867d5fu}, /* r = +0 is not negative: SCALE (arch35: SA) */
    {0x3f800000u, 0x80000000u, 0x3f867d5fu}, /* r = -0 */
    {0x80000000u, 0x3f800000u, 0x80000000u}, /* -0 * SCALE stays -0 */
    {0x00000000u, 0xff800000u, 0x7fc00000u}, /* 0 * -inf: made NaN */
    {0x3f800000u, 0x7fc00000u, 0x3f867d5fu}, /* NaN r: SCALE */
    {0x7fa00001u, 0x3f800000u, 0x7fe00001u}, /* signalling NaN g: quieted */
    {0x3f800000u, 0xbf800000u, 0x3f4212ccu}, /* 1 * (-1 + SA): exact, SA - 1 = 0x610966 * 2^-23 */
};

static const selu_row SELU_F32_TBE[] = {
    {0x80000000u, 0x3f800000u, 0x00000000u}, /* -0 * SCALE + +0 = +0 */
    {0x80000000u, 0xbf800000u, 0x00000000u}, /* +0 + -0 * 0.758 = +0 */
    {0x3f800000u, 0x00000000u, 0x3f867d5fu}, /* r = +0: SCALE */
    {0x00000000u, 0xff800000u, 0x7fc00000u}, /* made NaN, + 0 */
    {0x7fa00001u, 0x3f800000u, 0x7fe00001u},
    {0x3f800000u, 0xbf800000u, 0x3f4212ccu},
};

static const selu_row SELU_F16_EXP[] = {
    {0x3c00u, 0x0000u, 0x3c34u}, /* SCALE in half: 1.05078125 */
    {0x3c00u, 0x8000u, 0x3c34u},
    {0x3c00u, 0xbc00u, 0x3a10u}, /* -1 + 1.7578125 = 0.7578125 (arch35: 0x3a11) */
    {0x8000u, 0x3c00u, 0x8000u},
    {0x0000u, 0xfc00u, 0x7e00u}, /* 0 * -inf */
    {0x7bffu, 0x3c00u, 0x7c00u}, /* 65504 * 1.05078125 overflows */
};

static const selu_row SELU_F16_TBE[] = {
    {0x3c00u, 0x0000u, 0x3c34u},
    {0x3c00u, 0xbc00u, 0x3a10u},
    {0x8000u, 0x3c00u, 0x0000u}, /* -0 -> +0 */
    {0x0000u, 0xfc00u, 0x7e00u},
};

static const selu_row SELU_BF16_EXP[] = {
    {0x3f80u, 0x0000u, 0x3f86u}, /* float32 SCALE rounded to bf16 */
    {0x8000u, 0x3f80u, 0x8000u},
};

static const selu_row SELU_BF16_TBE[] = {
    {0x3f80u, 0x0000u, 0x3f86u},
    {0x8000u, 0x3f80u, 0x0000u},
};

static const selu_row SELU_I8_EXP[] = {
    {I8(108), I8(1), I8(114)}, /* 113.484375 is 113.5 in half -> 114 (even) */
    {I8(60), I8(-1), I8(45)},  /* 60 * 0.7578125 = 45.46875 -> 45 (arch35: 46) */
    {I8(10), I8(0), I8(11)},   /* r = 0: 10.5078125 -> 11 (arch35: 18) */
    {I8(127), I8(1), I8(127)}, /* 133.45 saturates */
    {I8(-128), I8(1), I8(-128)},
    {I8(-128), I8(-128), I8(127)},
    {I8(3), I8(-1), I8(2)},
};

static const selu_row SELU_I8_TBE[] = {
    {I8(108), I8(1), I8(113)}, /* 113.5 truncated */
    {I8(60), I8(-1), I8(45)},
    {I8(10), I8(0), I8(10)}, /* 10.5078125 truncated */
    {I8(127), I8(1), I8(127)},
    {I8(-128), I8(1), I8(-128)},
    {I8(-7), I8(1), I8(-7)}, /* -7.35546875 toward zero */
};

static const selu_row SELU_U8_EXP[] = {
    {255u, 1u, 255u}, /* 268 saturates */
    {10u, 0u, 11u},
    {4u, 1u, 4u}, /* 4.203125 */
    {2u, 255u, 2u},
};

static const selu_row SELU_I32_EXP[] = {
    {I32(5000), I32(1), I32(5254)}, /* float32 5253.505 -> 5254 (arch35: 5252) */
    {I32(10), I32(0), I32(11)},
    {I32(1), I32(-1), I32(1)}, /* 0.758 -> 1 */
    {I32(-3), I32(-1), I32(-2)},
    {I32(INT32_MAX), I32(1), I32(INT32_MAX)}, /* 2^31 * 1.05 saturates */
    {I32(65520), I32(0), I32(68842)}, /* no fp16 transit: 68842.3 -> 68842 */
};

static const selu_row SELU_I32_TBE[] = {
    {I32(5000), I32(1), I32(5253)}, /* truncated */
    {I32(10), I32(0), I32(10)},
    {I32(1), I32(-1), I32(0)},
    {I32(-3), I32(-1), I32(-2)},
    {I32(INT32_MAX), I32(1), I32(INT32_MAX)},
    {I32(0), I32(INT32_MIN), I32(0)}, /* 0 * -2^31 = -0, + 0 */
};

static const shrink_row SHRINK_F32_LE[] = {
    {0x40400000u, 0x3f800000u, 0x7fc00000u, 0x40400000u}, /* NaN lambda: grad (arch35: 0) */
    {0x40400000u, 0x3f800000u, 0x3f800000u, 0x00000000u}, /* |x| == lambda: 0 */
    {0x40400000u, 0xffc00001u, 0x3f800000u, 0x40400000u}, /* NaN x: grad */
    {0x80000000u, 0x40000000u, 0x3f800000u, 0x80000000u},
};

static const shrink_row SHRINK_F16_LE[] = {
    {0x3c00u, 0x3c00u, 0x7fc00000u, 0x3c00u},
    {0x3c00u, 0x3c00u, 0x3f800000u, 0x0000u},
};

static const shrink_row SHRINK_BF16_LE[] = {
    {0x3f80u, 0x3f80u, 0x7fc00000u, 0x3f80u},
    {0x3f80u, 0x8001u, 0x00000000u, 0x3f80u},
};

#define REPEAT 9 /* rows repeated so that full vector blocks and tails both run */

static void store(unsigned char *p, size_t es, size_t i, uint32_t v)
{
    memcpy(p + i * es, &v, es); /* little-endian hosts: the low bytes */
}

static uint32_t load(const unsigned char *p, size_t es, size_t i)
{
    uint32_t v = 0;
    memcpy(&v, p + i * es, es);
    return v;
}

/* Both ops: the rows of one dtype, REPEAT times, in one call per ISA path. */
static void check_rows(int selu, aclDataType dt, const void *rows, size_t nrows, const char *what)
{
    size_t es = tu_dtype_size(dt), n = nrows * REPEAT;
    unsigned char *a = calloc(n, es), *b = calloc(n, es), *y = calloc(n, es);
    assert_true(a && b && y);
    const int64_t dims[1] = {(int64_t)n};
    for (int isa = 0; isa < MAX_ISA; isa++) {
        if (!opsnn_cpu_has_isa((opsnn_isa)isa)) {
            continue;
        }
        opsnn_kernels_select(isa);
        /* softshrink takes one lambda per call: one call per row there */
        size_t groups = selu ? 1 : nrows;
        for (size_t grp = 0; grp < groups; grp++) {
            for (size_t i = 0; i < n; i++) {
                size_t k = selu ? i % nrows : grp;
                store(a, es, i, selu ? ((const selu_row *)rows)[k].g : ((const shrink_row *)rows)[k].g);
                store(b, es, i, selu ? ((const selu_row *)rows)[k].r : ((const shrink_row *)rows)[k].x);
            }
            memset(y, 0xa5, n * es);
            aclTensor *ta = tu_tensor(dims, 1, dt, a), *tb = tu_tensor(dims, 1, dt, b);
            aclTensor *ty = tu_tensor(dims, 1, dt, y);
            if (selu) {
                assert_int_equal(tu_selu(ta, tb, ty, NULL), ACLNN_SUCCESS);
            } else {
                aclScalar *l = tu_scalar_f32(opsnn_bits_f32(((const shrink_row *)rows)[grp].lambda));
                assert_int_equal(tu_softshrink(ta, tb, l, ty, NULL), ACLNN_SUCCESS);
                aclDestroyScalar(l);
            }
            aclDestroyTensor(ta);
            aclDestroyTensor(tb);
            aclDestroyTensor(ty);
            for (size_t i = 0; i < n; i++) {
                size_t k = selu ? i % nrows : grp;
                uint32_t want = selu ? ((const selu_row *)rows)[k].want : ((const shrink_row *)rows)[k].want;
                if (load(y, es, i) != want) {
                    fail_msg("%s row %zu on %s: a=%#x b=%#x got %#x want %#x", what, k,
                             opsnn_isa_name(isa), load(a, es, i), load(b, es, i), load(y, es, i),
                             want);
                }
            }
        }
    }
    opsnn_kernels_select(-1);
    free(a);
    free(b);
    free(y);
}

#define ROWS(t) (t), sizeof(t) / sizeof((t)[0])

static void selu_float32_golden_bits(void **state)
{
    (void)state;
    check_rows(1, ACL_FLOAT, ROWS(SELU_F32), "selu f32");
}

static void selu_float16_golden_bits(void **state)
{
    (void)state;
    check_rows(1, ACL_FLOAT16, ROWS(SELU_F16), "selu f16");
}

static void selu_bfloat16_golden_bits(void **state)
{
    (void)state;
    check_rows(1, ACL_BF16, ROWS(SELU_BF16), "selu bf16");
}

static void selu_int8_golden_bits(void **state)
{
    (void)state;
    check_rows(1, ACL_INT8, ROWS(SELU_I8), "selu i8");
}

static void selu_int32_golden_bits(void **state)
{
    (void)state;
    check_rows(1, ACL_INT32, ROWS(SELU_I32), "selu i32");
}

static void softshrink_golden_bits(void **state)
{
    (void)state;
    check_rows(0, ACL_FLOAT, ROWS(SHRINK_F32), "softshrink f32");
    check_rows(0, ACL_FLOAT16, ROWS(SHRINK_F16), "softshrink f16");
    check_rows(0, ACL_BF16, ROWS(SHRINK_BF16), "softshrink bf16");
}

/* Ascend910B with package opp ("ops-nn": experimental; "builtin": TBE). */
static void use_910b(const char *opp)
{
    assert_int_equal(opsnn_set_soc("Ascend910B"), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_opp(opp), ACLNN_SUCCESS);
}

static void use_default(void)
{
    assert_int_equal(opsnn_set_opp(NULL), ACLNN_SUCCESS);
    assert_int_equal(opsnn_set_soc(NULL), ACLNN_SUCCESS);
}

static void experimental_golden_bits(void **state)
{
    (void)state;
    use_910b("ops-nn");
    check_rows(1, ACL_FLOAT, ROWS(SELU_F32_EXP), "experimental selu f32");
    check_rows(1, ACL_FLOAT16, ROWS(SELU_F16_EXP), "experimental selu f16");
    check_rows(1, ACL_BF16, ROWS(SELU_BF16_EXP), "experimental selu bf16");
    check_rows(1, ACL_INT8, ROWS(SELU_I8_EXP), "experimental selu i8");
    check_rows(1, ACL_UINT8, ROWS(SELU_U8_EXP), "experimental selu u8");
    check_rows(1, ACL_INT32, ROWS(SELU_I32_EXP), "experimental selu i32");
    check_rows(0, ACL_FLOAT, ROWS(SHRINK_F32_LE), "experimental softshrink f32");
    check_rows(0, ACL_FLOAT16, ROWS(SHRINK_F16_LE), "experimental softshrink f16");
    check_rows(0, ACL_BF16, ROWS(SHRINK_BF16_LE), "experimental softshrink bf16");
    use_default();
}

static void tbe_golden_bits(void **state)
{
    (void)state;
    use_910b("builtin");
    check_rows(1, ACL_FLOAT, ROWS(SELU_F32_TBE), "tbe selu f32");
    check_rows(1, ACL_FLOAT16, ROWS(SELU_F16_TBE), "tbe selu f16");
    check_rows(1, ACL_BF16, ROWS(SELU_BF16_TBE), "tbe selu bf16");
    check_rows(1, ACL_INT8, ROWS(SELU_I8_TBE), "tbe selu i8");
    check_rows(1, ACL_INT32, ROWS(SELU_I32_TBE), "tbe selu i32");
    check_rows(0, ACL_FLOAT, ROWS(SHRINK_F32_LE), "tbe softshrink f32");
    check_rows(0, ACL_FLOAT16, ROWS(SHRINK_F16_LE), "tbe softshrink f16");
    check_rows(0, ACL_BF16, ROWS(SHRINK_BF16_LE), "tbe softshrink bf16");
    use_default();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(selu_float32_golden_bits),  cmocka_unit_test(selu_float16_golden_bits),
        cmocka_unit_test(selu_bfloat16_golden_bits), cmocka_unit_test(selu_int8_golden_bits),
        cmocka_unit_test(selu_int32_golden_bits),    cmocka_unit_test(softshrink_golden_bits),
        cmocka_unit_test(experimental_golden_bits),  cmocka_unit_test(tbe_golden_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
