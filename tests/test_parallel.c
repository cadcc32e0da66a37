/*
 * test_parallel.c - results are bit-identical for every ISA path and thread
 * count (determinism, docs/precision.md; the performance issue's bit-exactness rule).
 *
 * Each case runs through the public API once per (ISA the machine has) x
 * (1, 2, 3 threads) and compares output bits with the scalar single-thread
 * run; the sizes are large enough to be split into several tiling blocks.
 * The scalar run itself is checked against the independent reference of
 * test_util.h for the contiguous cases.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kernels/kernels.h"
#include "ops/kernels.h"
#include "opsnn/opsnn.h"
#include "test_util.h"

#define N_BIG 200003 /* odd: every block split has a ragged tail */


/* Random values salted with the special values of docs/precision.md. */
static float special_or_random(tu_rng *r)
{
    static const float specials[] = {0.0f, -0.0f, 0.5f, -0.5f, 1e-40f, -1e-40f, 65520.0f, 3e38f};
    uint32_t k = tu_below(r, 64);
    if (k < 8) {
        return specials[k];
    }
    if (k == 8) {
        return opsnn_bits_f32(0x7fc00001u | (tu_below(r, 2) << 31)); /* NaN, either sign */
    }
    if (k == 9) {
        return tu_below(r, 2) ? INFINITY : -INFINITY;
    }
    return tu_uniform(r, -3.0f, 3.0f);
}

static void *random_buffer(aclDataType dt, size_t n, uint64_t seed)
{
    tu_rng r = {seed};
    void *buf = malloc(n * tu_dtype_size(dt) + 64);
    assert_non_null(buf);
    for (size_t i = 0; i < n; i++) {
        if (dt == ACL_INT8) {
            ((int8_t *)buf)[i] = (int8_t)(tu_next(&r) & 0xff);
        } else if (dt == ACL_INT32) {
            ((int32_t *)buf)[i] = (int32_t)(uint32_t)tu_next(&r);
        } else {
            tu_store_f32(buf, dt, i, special_or_random(&r));
        }
    }
    return buf;
}

typedef void (*case_fn)(void *out, size_t out_bytes);

/* Run `c` under every ISA x {1,2,3} threads; every output equals the scalar
 * single-thread output bit for bit. Returns the reference output (malloc'ed). */
static unsigned char *run_everywhere(case_fn c, size_t out_bytes)
{
    unsigned char *ref = malloc(out_bytes);
    unsigned char *got = malloc(out_bytes);
    assert_non_null(ref);
    assert_non_null(got);
    /* Elements outside a strided output's view must keep this pattern too. */
    memset(ref, 0xA5, out_bytes);
    opsnn_kernels_select(OPSNN_ISA_SCALAR);
    opsnn_set_num_threads(1);
    c(ref, out_bytes);
    opsnn_isa isas[OPSNN_ISA_COUNT];
    size_t nisas = opsnn_isa_available(isas);
    for (size_t i = 0; i < nisas; i++) {
        for (int threads = 1; threads <= 3; threads++) {
            assert_int_equal(opsnn_kernels_select((int)isas[i]), (int)isas[i]);
            assert_int_equal(opsnn_set_num_threads(threads), threads);
            memset(got, 0xA5, out_bytes);
            c(got, out_bytes);
            char what[64];
            snprintf(what, sizeof what, "%s, %d threads", opsnn_isa_name((int)isas[i]), threads);
            tu_assert_bits_equal(got, ref, out_bytes, 1, what);
        }
    }
    opsnn_set_num_threads(0);
    opsnn_kernels_select(-1);
    free(got);
    return ref;
}

/* ---- contiguous softshrink, every dtype ---------------------------------- */

static aclDataType g_dt;

static void softshrink_contiguous(void *out, size_t out_bytes)
{
    (void)out_bytes;
    int64_t dims[] = {N_BIG};
    void *g = random_buffer(g_dt, N_BIG, 1), *x = random_buffer(g_dt, N_BIG, 2);
    aclTensor *tg = tu_tensor(dims, 1, g_dt, g), *tx = tu_tensor(dims, 1, g_dt, x);
    aclTensor *ty = tu_tensor(dims, 1, g_dt, out);
    aclScalar *l = tu_scalar_f32(0.5f);
    uint64_t ws = 1;
    assert_int_equal(tu_softshrink(tg, tx, l, ty, &ws), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    aclDestroyTensor(tg), aclDestroyTensor(tx), aclDestroyTensor(ty), aclDestroyScalar(l);
    free(g), free(x);
}

static void softshrink_contiguous_all_dtypes_bit_identical(void **state)
{
    (void)state;
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (size_t d = 0; d < 3; d++) {
        g_dt = dts[d];
        size_t es = tu_dtype_size(g_dt);
        unsigned char *ref = run_everywhere(softshrink_contiguous, N_BIG * es);
        /* the scalar run against the independent reference */
        void *g = random_buffer(g_dt, N_BIG, 1), *x = random_buffer(g_dt, N_BIG, 2);
        for (size_t i = 0; i < N_BIG; i++) {
            float xv = tu_load_f32(x, g_dt, i);
            int pass = fabsf(xv) > 0.5f || xv != xv;
            unsigned char zero[4] = {0, 0, 0, 0};
            assert_memory_equal(ref + i * es, pass ? (unsigned char *)g + i * es : zero, es);
        }
        free(g), free(x), free(ref);
    }
}

/* ---- contiguous selu, every dtype ---------------------------------------- */

static void selu_contiguous(void *out, size_t out_bytes)
{
    (void)out_bytes;
    int64_t dims[] = {N_BIG};
    void *g = random_buffer(g_dt, N_BIG, 3), *r = random_buffer(g_dt, N_BIG, 4);
    aclTensor *tg = tu_tensor(dims, 1, g_dt, g), *tr = tu_tensor(dims, 1, g_dt, r);
    aclTensor *ty = tu_tensor(dims, 1, g_dt, out);
    uint64_t ws = 1;
    assert_int_equal(tu_selu(tg, tr, ty, &ws), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    aclDestroyTensor(tg), aclDestroyTensor(tr), aclDestroyTensor(ty);
    free(g), free(r);
}

static void selu_contiguous_all_dtypes_bit_identical(void **state)
{
    (void)state;
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_INT32};
    for (size_t d = 0; d < 5; d++) {
        g_dt = dts[d];
        unsigned char *ref = run_everywhere(selu_contiguous, N_BIG * tu_dtype_size(g_dt));
        if (g_dt == ACL_FLOAT) { /* spot-check the kernel's float32 sequence */
            float *g = random_buffer(g_dt, N_BIG, 3), *r = random_buffer(g_dt, N_BIG, 4);
            for (size_t i = 0; i < N_BIG; i += 97) {
                float want = tu_selu_f32(g[i], r[i]);
                assert_memory_equal(ref + i * 4, &want, 4);
            }
            free(g), free(r);
        }
        free(ref);
    }
}

/* ---- broadcast + mixed dtypes + strided views ---------------------------- */

#define ROWS 517
#define COLS 389

static void softshrink_broadcast_mixed(void *out, size_t out_bytes)
{
    (void)out_bytes;
    int64_t gd[] = {ROWS, COLS}, xd[] = {COLS};
    void *g = random_buffer(ACL_BF16, ROWS * COLS, 5), *x = random_buffer(ACL_FLOAT16, COLS, 6);
    aclTensor *tg = tu_tensor(gd, 2, ACL_BF16, g), *tx = tu_tensor(xd, 1, ACL_FLOAT16, x);
    aclTensor *ty = tu_tensor(gd, 2, ACL_FLOAT, out);
    aclScalar *l = tu_scalar_f32(0.25f);
    uint64_t ws = 1;
    assert_int_equal(tu_softshrink(tg, tx, l, ty, &ws), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    aclDestroyTensor(tg), aclDestroyTensor(tx), aclDestroyTensor(ty), aclDestroyScalar(l);
    free(g), free(x);
}

static void softshrink_transposed_self_strided_out(void *out, size_t out_bytes)
{
    (void)out_bytes;
    /* self is a transposed view; the output writes every other element */
    int64_t d[] = {ROWS, COLS}, xs[] = {1, ROWS}, ys[] = {2 * COLS, 2};
    void *g = random_buffer(ACL_FLOAT, ROWS * COLS, 7), *x = random_buffer(ACL_FLOAT, ROWS * COLS, 8);
    aclTensor *tg = tu_tensor(d, 2, ACL_FLOAT, g);
    aclTensor *tx = tu_view(d, 2, ACL_FLOAT, xs, 0, ROWS * COLS, x);
    aclTensor *ty = tu_view(d, 2, ACL_FLOAT, ys, 0, 2 * ROWS * COLS, out);
    aclScalar *l = tu_scalar_f32(1.0f);
    uint64_t ws = 1;
    assert_int_equal(tu_softshrink(tg, tx, l, ty, &ws), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    aclDestroyTensor(tg), aclDestroyTensor(tx), aclDestroyTensor(ty), aclDestroyScalar(l);
    free(g), free(x);
}

/* 16-bit transposed input: the paired-column panel transpose, odd widths. */
static void selu_transposed_result_16bit(void *out, size_t out_bytes)
{
    (void)out_bytes;
    int64_t d[] = {ROWS, COLS}, rs[] = {1, ROWS};
    void *g = random_buffer(g_dt, ROWS * COLS, 11), *r = random_buffer(g_dt, ROWS * COLS, 12);
    aclTensor *tg = tu_tensor(d, 2, g_dt, g);
    aclTensor *tr = tu_view(d, 2, g_dt, rs, 0, ROWS * COLS, r);
    aclTensor *ty = tu_tensor(d, 2, g_dt, out);
    uint64_t ws = 1;
    assert_int_equal(tu_selu(tg, tr, ty, &ws), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    aclDestroyTensor(tg), aclDestroyTensor(tr), aclDestroyTensor(ty);
    free(g), free(r);
}

static void strided_and_broadcast_cases_bit_identical(void **state)
{
    (void)state;
    free(run_everywhere(softshrink_broadcast_mixed, ROWS * COLS * 4));
    free(run_everywhere(softshrink_transposed_self_strided_out, 2 * ROWS * COLS * 4));
    g_dt = ACL_BF16;
    free(run_everywhere(selu_transposed_result_16bit, ROWS * COLS * 2));
    g_dt = ACL_FLOAT16;
    free(run_everywhere(selu_transposed_result_16bit, ROWS * COLS * 2));
}

/* ---- overlap: the workspace temporary + ViewCopy path --------------------- */

static void selu_output_shifted_over_input(void *out, size_t out_bytes)
{
    /* gradInput starts one element after gradOutput in the same buffer */
    int64_t d[] = {N_BIG};
    float *buf = random_buffer(ACL_FLOAT, N_BIG + 1, 9);
    void *r = random_buffer(ACL_FLOAT, N_BIG, 10);
    int64_t storage = N_BIG + 1, one = 1;
    aclTensor *tg = aclCreateTensor(d, 1, ACL_FLOAT, &one, 0, ACL_FORMAT_ND, &storage, 1, buf);
    aclTensor *ty = aclCreateTensor(d, 1, ACL_FLOAT, &one, 1, ACL_FORMAT_ND, &storage, 1, buf);
    aclTensor *tr = tu_tensor(d, 1, ACL_FLOAT, r);
    uint64_t ws = 0;
    assert_int_equal(tu_selu(tg, tr, ty, &ws), ACLNN_SUCCESS);
    assert_true(ws >= (uint64_t)N_BIG * 4);
    memcpy(out, buf, out_bytes);
    aclDestroyTensor(tg), aclDestroyTensor(tr), aclDestroyTensor(ty);
    free(buf), free(r);
}

static void overlap_temporary_path_bit_identical(void **state)
{
    (void)state;
    free(run_everywhere(selu_output_shifted_over_input, (N_BIG + 1) * 4));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(softshrink_contiguous_all_dtypes_bit_identical),
        cmocka_unit_test(selu_contiguous_all_dtypes_bit_identical),
        cmocka_unit_test(strided_and_broadcast_cases_bit_identical),
        cmocka_unit_test(overlap_temporary_path_bit_identical),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
