/*
 * test_forward_numerics.c - the numbers of aclnnSoftshrink, aclnnSelu and
 * aclnnInplaceSelu, through the public API on every ISA path this machine
 * runs.
 *
 * Softshrink: bit-exact against a reference written here from the ops-nn
 * arch35 kernel's instruction sequence (activation/softshrink/op_kernel/
 * arch35/softshrink.h): all 2^16 fp16 and bf16 inputs and a float32 sweep,
 * for lambd +-0, a subnormal, 0.3 (x - lambd rounds), 0.5, 1, 3e38 (x + lambd
 * overflows where it is not chosen), +inf and NaN, and the floats next to
 * +-lambd, +-2 lambd and +-0 (the vector paths compute max(x - lambd,
 * min(x + lambd, 0)), which must give the compares' bits at every edge).
 * Selu: the float paths against a float64 SELU (relative error bound, and
 * ATK's single-benchmark statistics on ATK-like data); int8 against a
 * step-by-step replay of the kernel's fp16 sequence (ComputeInt8) for all
 * 256 inputs; int32 against hand-derived values; and every path, thread count
 * and the in-place variant bit-identical to the scalar path.
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

#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_softshrink.h"
#include "kernels/kernels.h"
#include "ops/kernels.h"
#include "opsnn/opsnn.h"
#include "test_util.h"

#define SELU_SCALE_D 1.0507009873554804934193349852946
#define SELU_ALPHA_D 1.6732632423543772848170429916717

/* ---- running the operators ---------------------------------------------- */

static void run_softshrink(const void *x, aclDataType dx, void *y, aclDataType dy, int64_t n,
                           float lambd)
{
    aclTensor *tx = tu_tensor(&n, 1, dx, (void *)(uintptr_t)x);
    aclTensor *ty = tu_tensor(&n, 1, dy, y);
    aclScalar *l = tu_scalar_f32(lambd);
    assert_int_equal(tu_softshrink_fwd(tx, l, ty), ACLNN_SUCCESS);
    aclDestroyScalar(l);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
}

static void run_selu(const void *x, aclDataType dx, void *y, aclDataType dy, int64_t n)
{
    aclTensor *tx = tu_tensor(&n, 1, dx, (void *)(uintptr_t)x);
    aclTensor *ty = tu_tensor(&n, 1, dy, y);
    assert_int_equal(tu_selu_fwd(tx, ty), ACLNN_SUCCESS);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
}

static void run_inplace_selu(void *x, aclDataType dt, int64_t n)
{
    aclTensor *t = tu_tensor(&n, 1, dt, x);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnInplaceSeluGetWorkspaceSize(t, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(tu_run_phase2(aclnnInplaceSelu, ex, ws), ACLNN_SUCCESS);
    aclDestroyTensor(t);
}

/* ---- inputs ------------------------------------------------------------- */

/* All 2^16 patterns of a 16-bit dtype. */
static uint16_t *all16(void)
{
    uint16_t *v = malloc(65536 * sizeof *v);
    assert_non_null(v);
    for (uint32_t i = 0; i < 65536; i++) {
        v[i] = (uint16_t)i;
    }
    return v;
}

/* float32 sweep: every bf16 pattern widened (all exponents, both signs, inf,
 * NaN), then random bit patterns. */
#define F32_N (65536 + 65536)
static float *f32_sweep(void)
{
    float *v = malloc(F32_N * sizeof *v);
    assert_non_null(v);
    tu_rng rng = {42};
    for (uint32_t i = 0; i < 65536; i++) {
        v[i] = opsnn_bits_f32(i << 16);
        v[65536 + i] = opsnn_bits_f32((uint32_t)tu_next(&rng));
    }
    return v;
}

/* ---- softshrink reference ----------------------------------------------- */

/* The kernel's float32 order: tmp = x > l ? x - l : +0; y = x < -l ? x + l : tmp. */
static float ref_softshrink(float x, float l)
{
    float sub = x - l, add = x + l;
    float tmp = 0.0f;
    if (x > l) {
        tmp = sub;
    }
    if (x < -l) {
        return add;
    }
    return tmp;
}

static const float LAMBDS[] = {0.0f, -0.0f, 1e-40f, 0.3f, 0.5f, 1.0f, 3.0e38f, INFINITY, NAN};
#define N_LAMBDS (sizeof LAMBDS / sizeof LAMBDS[0])

static void softshrink_f32_is_bit_exact_on_every_path(void **state)
{
    (void)state;
    float *x = f32_sweep(), *y = malloc(F32_N * sizeof *y);
    assert_non_null(y);
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t k = 0; k < nav; k++) {
        opsnn_kernels_select((int)av[k]);
        for (size_t l = 0; l < N_LAMBDS; l++) {
            run_softshrink(x, ACL_FLOAT, y, ACL_FLOAT, F32_N, LAMBDS[l]);
            for (size_t i = 0; i < F32_N; i++) {
                uint32_t want = opsnn_f32_bits(ref_softshrink(x[i], LAMBDS[l]));
                if (opsnn_f32_bits(y[i]) != want) {
                    fail_msg("%s: x 0x%08x lambd %g: got 0x%08x, want 0x%08x",
                             opsnn_isa_name((int)av[k]), opsnn_f32_bits(x[i]), (double)LAMBDS[l],
                             opsnn_f32_bits(y[i]), want);
                }
            }
        }
    }
    opsnn_kernels_select(-1);
    free(x);
    free(y);
}

/* Each of +-lambd, +-2 lambd, +-0 and +-FLT_MAX and the 64 floats on each
 * side of it (where the vector paths' max / min / add change operand or
 * overflow). */
#define EDGE_SIDE 64
#define EDGE_N (8 * (2 * EDGE_SIDE + 1))
static void softshrink_f32_edges_bit_exact_on_every_path(void **state)
{
    (void)state;
    float x[EDGE_N], y[EDGE_N];
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t l = 0; l < N_LAMBDS; l++) {
        float lam = LAMBDS[l];
        const float centre[8] = {lam, -lam, 2.0f * lam, -2.0f * lam, 0.0f, -0.0f, FLT_MAX, -FLT_MAX};
        size_t n = 0;
        for (int c = 0; c < 8; c++) {
            float lo = centre[c], hi = centre[c];
            x[n++] = centre[c];
            for (int s = 0; s < EDGE_SIDE; s++) {
                lo = nextafterf(lo, -INFINITY);
                hi = nextafterf(hi, INFINITY);
                x[n++] = lo;
                x[n++] = hi;
            }
        }
        for (size_t k = 0; k < nav; k++) {
            opsnn_kernels_select((int)av[k]);
            run_softshrink(x, ACL_FLOAT, y, ACL_FLOAT, EDGE_N, lam);
            for (size_t i = 0; i < EDGE_N; i++) {
                uint32_t want = opsnn_f32_bits(ref_softshrink(x[i], lam));
                if (opsnn_f32_bits(y[i]) != want) {
                    fail_msg("%s: x 0x%08x lambd 0x%08x: got 0x%08x, want 0x%08x",
                             opsnn_isa_name((int)av[k]), opsnn_f32_bits(x[i]), opsnn_f32_bits(lam),
                             opsnn_f32_bits(y[i]), want);
                }
            }
        }
    }
    opsnn_kernels_select(-1);
}

static void softshrink_16bit_is_bit_exact_for_every_input(void **state)
{
    (void)state;
    uint16_t *x = all16(), *y = malloc(65536 * sizeof *y);
    assert_non_null(y);
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t k = 0; k < nav; k++) {
        opsnn_kernels_select((int)av[k]);
        for (int bf = 0; bf < 2; bf++) {
            for (size_t l = 0; l < N_LAMBDS; l++) {
                run_softshrink(x, bf ? ACL_BF16 : ACL_FLOAT16, y, bf ? ACL_BF16 : ACL_FLOAT16,
                               65536, LAMBDS[l]);
                for (uint32_t i = 0; i < 65536; i++) {
                    float xf = bf ? opsnn_bf16_to_f32(x[i]) : opsnn_f16_to_f32(x[i]);
                    float r = ref_softshrink(xf, LAMBDS[l]);
                    uint16_t want = bf ? opsnn_f32_to_bf16(r) : opsnn_f32_to_f16(r);
                    if (y[i] != want) {
                        fail_msg("%s %s: x 0x%04x lambd %g: got 0x%04x, want 0x%04x",
                                 opsnn_isa_name((int)av[k]), bf ? "bf16" : "fp16", x[i],
                                 (double)LAMBDS[l], y[i], want);
                    }
                }
            }
        }
    }
    opsnn_kernels_select(-1);
    free(x);
    free(y);
}

/* Hand-derived: lambd 0.5 shrinks every value by 0.5 towards 0; NaN, +-0 and
 * |x| <= lambd give +0; -inf stays -inf. fp16 self with a float32 out is the
 * fp16 result widened (the op_api's Cast after the kernel). */
static void softshrink_hand_derived_values(void **state)
{
    (void)state;
    const float x[8] = {-2.0f, -1.0f, -0.5f, -0.0f, 0.25f, 1.0f, 3.0f, -INFINITY};
    const float want[8] = {-1.5f, -0.5f, 0.0f, 0.0f, 0.0f, 0.5f, 2.5f, -INFINITY};
    float y[8];
    run_softshrink(x, ACL_FLOAT, y, ACL_FLOAT, 8, 0.5f);
    tu_assert_bits_equal(y, want, 8, sizeof(float), "softshrink f32");
    uint16_t xh[3] = {tu_h(1.0009765625f), tu_h(-3.0f), tu_h(NAN)};
    float yf[3];
    run_softshrink(xh, ACL_FLOAT16, yf, ACL_FLOAT, 3, 0.001f);
    /* 1.0009765625 - 0.001 = 0.9999765... in float32, rounded to fp16: 1.0 */
    assert_true(yf[0] == 1.0f);
    assert_true(yf[1] == opsnn_f16_to_f32(tu_h(-3.0f + 0.001f)));
    assert_int_equal(opsnn_f32_bits(yf[2]), 0u);
}

/* ---- selu references ---------------------------------------------------- */

static double ref_selu_d(double x)
{
    return x > 0 ? SELU_SCALE_D * x : SELU_SCALE_D * SELU_ALPHA_D * expm1(x);
}

/* Within a few float32 ulps of the float64 SELU wherever the result is a
 * normal float; NaN in gives NaN out, +-inf give +inf and -SCALE*ALPHA. */
static void selu_f32_is_within_a_few_ulp_of_float64(void **state)
{
    (void)state;
    float *x = f32_sweep(), *y = malloc(F32_N * sizeof *y);
    assert_non_null(y);
    run_selu(x, ACL_FLOAT, y, ACL_FLOAT, F32_N);
    double worst = 0;
    for (size_t i = 0; i < F32_N; i++) {
        if (x[i] != x[i]) {
            assert_true(y[i] != y[i]);
            continue;
        }
        double g = ref_selu_d((double)x[i]);
        if (g > 0x1.fffffefffffffp127) { /* rounds to +inf in float32 */
            assert_true(isinf(y[i]) && y[i] > 0);
            continue;
        }
        if (fabs(g) < 1e-36) { /* subnormal results: absolute error */
            assert_true(fabs((double)y[i] - g) <= 0x1p-21 * fabs(g) + 0x1p-147); /* 4 subnormal ulps */
            continue;
        }
        double rel = fabs((double)y[i] - g) / fabs(g);
        if (rel > 0x1p-21) {
            fail_msg("selu f32 x %a: got %a, float64 %a", (double)x[i], (double)y[i], g);
        }
        worst = rel > worst ? rel : worst;
    }
    /* 4 ulp of float32 (2^-21): the polynomial, the reduction and the two
     * final roundings; the worst case measured is below 2^-22. */
    if (worst > 0x1p-21) {
        fail_msg("selu f32: worst relative error %g above 2^-21", worst);
    }
    float sp[4] = {INFINITY, -INFINITY, 0.0f, -0.0f}, ys[4];
    run_selu(sp, ACL_FLOAT, ys, ACL_FLOAT, 4);
    assert_true(isinf(ys[0]) && ys[0] > 0);
    assert_true(fabsf(ys[1] + 1.7580993f) < 1e-6f); /* -SCALE * ALPHA */
    assert_int_equal(opsnn_f32_bits(ys[2]), 0u);
    assert_int_equal(opsnn_f32_bits(ys[3]), 0u);
    free(x);
    free(y);
}

/* ATK's single benchmark (stat_rel_err, docs/golden.md): rel = |a - g| /
 * (|g| + 1e-7) against the float64 golden; MERE < th, MARE < 10 th, th =
 * 2^-13 (fp32), 2^-10 (fp16), 2^-7 (bf16). Data as the ops-nn ATK config
 * draws it (activation/selu/tests/st/aclnnSelu/atk_aclnnSelu.json): normal,
 * mean in [-100, 100], std in [1, 25]; here means -3, 0, 3 and -100 too. */
static void selu_meets_atk_single_benchmark(void **state)
{
    (void)state;
    enum { N = 50000 };
    static const float means[] = {-100.0f, -3.0f, 0.0f, 3.0f, 100.0f};
    static const float stds[] = {1.0f, 25.0f};
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    static const double th[] = {0x1p-13, 0x1p-10, 0x1p-7};
    float *xf = malloc(N * sizeof *xf);
    void *xb = malloc(N * 4), *yb = malloc(N * 4);
    assert_true(xf && xb && yb);
    tu_rng rng = {7};
    for (size_t m = 0; m < sizeof means / sizeof means[0]; m++) {
        for (size_t s = 0; s < 2; s++) {
            for (size_t d = 0; d < 3; d++) {
                for (int i = 0; i < N; i++) {
                    /* Box-Muller from two uniforms */
                    double u1 = (tu_next(&rng) >> 11) * 0x1p-53 + 0x1p-60;
                    double u2 = (tu_next(&rng) >> 11) * 0x1p-53;
                    double z = sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
                    tu_store_f32(xb, dts[d], (size_t)i, (float)(means[m] + stds[s] * z));
                    xf[i] = tu_load_f32(xb, dts[d], (size_t)i);
                }
                run_selu(xb, dts[d], yb, dts[d], N);
                double sum = 0, max = 0;
                for (int i = 0; i < N; i++) {
                    double g = ref_selu_d((double)xf[i]);
                    double rel = fabs((double)tu_load_f32(yb, dts[d], (size_t)i) - g) / (fabs(g) + 1e-7);
                    sum += rel;
                    max = rel > max ? rel : max;
                }
                if (sum / N >= th[d] || max >= 10 * th[d]) {
                    fail_msg("dtype %d mean %g std %g: MERE %g MARE %g, limits %g / %g", (int)dts[d],
                             (double)means[m], (double)stds[s], sum / N, max, th[d], 10 * th[d]);
                }
            }
        }
    }
    free(xf);
    free(xb);
    free(yb);
}

/* Hand-derived (float64 SELU rounded): selu(1) = SCALE, selu(-1) =
 * SCALE*ALPHA*(e^-1 - 1) = -1.1113307378..., selu(2) = 2.1014019747... */
static void selu_hand_derived_values(void **state)
{
    (void)state;
    float x[4] = {1.0f, -1.0f, 2.0f, -0.5f}, y[4];
    run_selu(x, ACL_FLOAT, y, ACL_FLOAT, 4);
    assert_float_equal(y[0], 1.0507009873554805, 1e-7);
    assert_float_equal(y[1], -1.1113307378125625, 2e-7);
    assert_float_equal(y[2], 2.101401974710961, 2e-7);
    assert_float_equal(y[3], -0.6917581878028, 2e-7);
    /* the positive branch is one float32 multiply, exact like the NPU's */
    assert_int_equal(opsnn_f32_bits(y[0]), opsnn_f32_bits(1.0f * OPSNN_SELU_SCALE));
    assert_int_equal(opsnn_f32_bits(y[2]), opsnn_f32_bits(2.0f * OPSNN_SELU_SCALE));
}

/* The int8 kernel (ComputeInt8) replayed in fp16 with a float64 exp rounded to
 * fp16, for all 256 inputs: the result must not depend on the exp's last bits. */
static int8_t replay_int8(int8_t v)
{
    float x = (float)v;
    float pos = (x > 0 ? x : 0) * 1.05078125f; /* exact in float32 */
    /* CAST_TRUNC to fp16: the largest fp16 <= pos (pos >= 0) */
    uint16_t h = opsnn_f32_to_f16(pos);
    if (opsnn_f16_to_f32(h) > pos) {
        h--;
    }
    float posh = opsnn_f16_to_f32(h);
    float xm = x < 0 ? x : 0;
    float e = opsnn_f16_to_f32(opsnn_f32_to_f16((float)exp((double)xm)));
    e = opsnn_f16_to_f32(opsnn_f32_to_f16(e - 1.0f));
    e = opsnn_f16_to_f32(opsnn_f32_to_f16(e * opsnn_f16_to_f32(opsnn_f32_to_f16(1.75809934085f))));
    float neg = ceilf(e);
    float sum = opsnn_f16_to_f32(opsnn_f32_to_f16(neg + posh));
    int t = (int)truncf(sum);
    if (t >= 128) {
        t -= 256;
    }
    return (int8_t)t;
}

static void selu_int8_replays_the_kernel_for_every_input(void **state)
{
    (void)state;
    int8_t x[256], y[256];
    for (int i = 0; i < 256; i++) {
        x[i] = (int8_t)(i - 128);
    }
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t k = 0; k < nav; k++) {
        opsnn_kernels_select((int)av[k]);
        run_selu(x, ACL_INT8, y, ACL_INT8, 256);
        for (int i = 0; i < 256; i++) {
            if (y[i] != replay_int8(x[i])) {
                fail_msg("%s: selu int8 %d: got %d, the kernel's sequence gives %d",
                         opsnn_isa_name((int)av[k]), x[i], y[i], replay_int8(x[i]));
            }
        }
    }
    opsnn_kernels_select(-1);
    /* hand-derived: 59 -> floor(61.996) = 61, 127 -> 133 wraps to -123, -1 -> -1 */
    assert_int_equal(y[128 + 59], 61);
    assert_int_equal(y[128 + 127], -123);
    assert_int_equal(y[128 - 1], -1);
    assert_int_equal(y[128], 0);
}

/* int32: float32 SELU truncated toward zero, saturating at the top. */
static void selu_int32_hand_derived(void **state)
{
    (void)state;
    const int32_t x[8] = {-1, 0, 1, 2, 100, -100000, INT32_MAX, INT32_MIN};
    const int32_t want[8] = {-1, 0, 1, 2, 105, -1, INT32_MAX, -1};
    int32_t y[8];
    run_selu(x, ACL_INT32, y, ACL_INT32, 8);
    tu_assert_bits_equal(y, want, 8, sizeof(int32_t), "selu int32");
}

/* Every path gives the scalar path's bits: all fp16 / bf16 patterns, the
 * float32 sweep, an int32 grid; and 1 thread vs all threads. */
static void selu_is_bit_identical_across_paths_and_threads(void **state)
{
    (void)state;
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32};
    float *f = f32_sweep();
    uint16_t *h = all16();
    int32_t *iv = malloc(F32_N * sizeof *iv);
    assert_non_null(iv);
    for (size_t i = 0; i < F32_N; i++) {
        iv[i] = (int32_t)opsnn_f32_bits(f[i]) >> (int)(i % 31);
    }
    void *want = malloc(F32_N * 4), *got = malloc(F32_N * 4);
    assert_true(want && got);
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t d = 0; d < 4; d++) {
        const void *x = dts[d] == ACL_FLOAT ? (const void *)f : dts[d] == ACL_INT32 ? (const void *)iv : (const void *)h;
        int64_t n = dts[d] == ACL_FLOAT16 || dts[d] == ACL_BF16 ? 65536 : F32_N;
        size_t esz = dts[d] == ACL_FLOAT16 || dts[d] == ACL_BF16 ? 2 : 4;
        opsnn_kernels_select(OPSNN_ISA_SCALAR);
        int threads = opsnn_get_num_threads();
        opsnn_set_num_threads(1);
        run_selu(x, dts[d], want, dts[d], n);
        opsnn_set_num_threads(threads);
        for (size_t k = 0; k < nav; k++) {
            opsnn_kernels_select((int)av[k]);
            run_selu(x, dts[d], got, dts[d], n);
            if (memcmp(got, want, (size_t)n * esz) != 0) {
                fail_msg("selu dtype %d: path %s differs from scalar", (int)dts[d],
                         opsnn_isa_name((int)av[k]));
            }
            /* in place gives the same bits */
            memcpy(got, x, (size_t)n * esz);
            run_inplace_selu(got, dts[d], n);
            if (memcmp(got, want, (size_t)n * esz) != 0) {
                fail_msg("inplace selu dtype %d on %s differs", (int)dts[d], opsnn_isa_name((int)av[k]));
            }
        }
    }
    opsnn_kernels_select(-1);
    free(f);
    free(h);
    free(iv);
    free(want);
    free(got);
}

/* fp16 self, float32 out: the fp16 result widened (Cast after the kernel). */
static void selu_casts_after_the_kernel(void **state)
{
    (void)state;
    uint16_t *x = all16(), *y16 = malloc(65536 * 2);
    float *y32 = malloc(65536 * 4);
    assert_true(y16 && y32);
    run_selu(x, ACL_FLOAT16, y16, ACL_FLOAT16, 65536);
    run_selu(x, ACL_FLOAT16, y32, ACL_FLOAT, 65536);
    for (uint32_t i = 0; i < 65536; i++) {
        assert_int_equal(opsnn_f32_bits(y32[i]), opsnn_f32_bits(opsnn_f16_to_f32(y16[i])));
    }
    free(x);
    free(y16);
    free(y32);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(softshrink_f32_is_bit_exact_on_every_path),
        cmocka_unit_test(softshrink_f32_edges_bit_exact_on_every_path),
        cmocka_unit_test(softshrink_16bit_is_bit_exact_for_every_input),
        cmocka_unit_test(softshrink_hand_derived_values),
        cmocka_unit_test(selu_f32_is_within_a_few_ulp_of_float64),
        cmocka_unit_test(selu_meets_atk_single_benchmark),
        cmocka_unit_test(selu_hand_derived_values),
        cmocka_unit_test(selu_int8_replays_the_kernel_for_every_input),
        cmocka_unit_test(selu_int32_hand_derived),
        cmocka_unit_test(selu_is_bit_identical_across_paths_and_threads),
        cmocka_unit_test(selu_casts_after_the_kernel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
