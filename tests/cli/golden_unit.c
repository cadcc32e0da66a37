/* Unit suite of opsnn-golden's pieces that the CLI test reaches only from
 * outside: the .npy header parser and writer, shape parsing, the compare
 * rule, bf16 rounding, the seeded generator; and what `run --prepare` frees
 * when an allocation fails (strdup and free are wrapped at link time:
 * tools/CMakeLists.txt). */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "compare.h"
#include "dtype.h"
#include "gen.h"
#include "npy.h"
#include "run.h"
#include "shape.h"
#include "opsnn/opsnn.h"

/* A version 1.0/2.0 file image of a header dict, padded as NumPy pads. */
static size_t make_npy(unsigned char *buf, int major, const char *dict)
{
    size_t prefix = major == 1 ? 10 : 12;
    size_t n = strlen(dict) + 1;
    size_t total = (prefix + n + 63) / 64 * 64;
    size_t hlen = total - prefix;
    memcpy(buf, "\x93NUMPY", 6);
    buf[6] = (unsigned char)major;
    buf[7] = 0;
    for (size_t i = 0; i < prefix - 8; i++) {
        buf[8 + i] = (unsigned char)(hlen >> (8 * i));
    }
    memcpy(buf + prefix, dict, n - 1);
    memset(buf + prefix + n - 1, ' ', hlen - n);
    buf[total - 1] = '\n';
    return total;
}

static void npy_parse_reads_version_1_and_2(void **state)
{
    (void)state;
    unsigned char buf[512];
    for (int major = 1; major <= 2; major++) {
        size_t len = make_npy(buf, major, "{'descr': '<f2', 'fortran_order': False, 'shape': (3, 5), }");
        npy_header h;
        golden_err e;
        assert_int_equal(npy_parse(buf, len, &h, &e), 0);
        assert_int_equal(h.major, major);
        assert_string_equal(h.descr, "<f2");
        assert_int_equal(h.fortran_order, 0);
        assert_int_equal(h.shape.ndim, 2);
        assert_int_equal(h.shape.dims[0], 3);
        assert_int_equal(h.shape.dims[1], 5);
        assert_int_equal(h.data_offset, len);
        assert_int_equal(len, 128); /* 10 or 12 bytes of prefix + 61 of dict, padded */
    }
}

static void npy_parse_reads_scalar_one_dim_and_old_long_suffix(void **state)
{
    (void)state;
    unsigned char buf[512];
    npy_header h;
    golden_err e;
    size_t len = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (), }");
    assert_int_equal(npy_parse(buf, len, &h, &e), 0);
    assert_int_equal(h.shape.ndim, 0);
    len = make_npy(buf, 1, "{'descr': '|i1', 'fortran_order': False, 'shape': (7,), }");
    assert_int_equal(npy_parse(buf, len, &h, &e), 0);
    assert_int_equal(h.shape.ndim, 1);
    assert_int_equal(h.shape.dims[0], 7);
    len = make_npy(buf, 1, "{'descr': '<i4', 'fortran_order': True, 'shape': (2L, 3L), }");
    assert_int_equal(npy_parse(buf, len, &h, &e), 0);
    assert_int_equal(h.fortran_order, 1);
    assert_int_equal(h.shape.dims[1], 3);
}

static void expect_refused(const char *dict, const char *text)
{
    unsigned char buf[512];
    size_t len = make_npy(buf, 1, dict);
    npy_header h;
    golden_err e;
    assert_int_equal(npy_parse(buf, len, &h, &e), -1);
    if (strstr(e.msg, text) == NULL) {
        fail_msg("\"%s\": message \"%s\" lacks \"%s\"", dict, e.msg, text);
    }
}

static void npy_parse_refuses_malformed_headers(void **state)
{
    (void)state;
    expect_refused("{'descr': '<f4', 'fortran_order': False}", "missing key 'shape'");
    expect_refused("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), 'x': 1}", "key 'x'");
    expect_refused("{'descr': '<f4', 'fortran_order': False, 'shape': (4), }", "malformed");
    expect_refused("{'descr': '<f4', 'fortran_order': False, 'shape': [4], }", "must be a tuple");
    expect_refused("{'descr': '<f4', 'fortran_order': False, 'shape': (-4,), }", "non-negative");
    expect_refused("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }",
                   "does not fit int64");
    expect_refused("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4,), }", "structured");
    expect_refused("{'descr': '<f4', 'fortran_order': false, 'shape': (4,), }", "True or False");
    expect_refused("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), } x", "text after the dict");
    expect_refused("{'descr': '<f4' 'fortran_order': False, 'shape': (4,), }", "expected ',' or '}'");
    expect_refused("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), ", "expected a quoted key");
}

static void npy_parse_refuses_bad_prefix(void **state)
{
    (void)state;
    unsigned char buf[512];
    npy_header h;
    golden_err e;
    size_t len = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }");
    buf[6] = 3;
    assert_int_equal(npy_parse(buf, len, &h, &e), -1);
    assert_non_null(strstr(e.msg, "version 3.0"));
    buf[6] = 1;
    assert_int_equal(npy_parse(buf, 9, &h, &e), -1);
    assert_non_null(strstr(e.msg, "truncated"));
    assert_int_equal(len, 128);
    assert_int_equal(npy_parse(buf, 40, &h, &e), -1); /* the header says 118 bytes */
    assert_non_null(strstr(e.msg, "truncated .npy header: it says 118 bytes, the file has 30"));
    buf[0] = 'X';
    assert_int_equal(npy_parse(buf, len, &h, &e), -1);
    assert_non_null(strstr(e.msg, "not a .npy file"));
}

static void npy_build_pads_to_64_bytes_and_parses_back(void **state)
{
    (void)state;
    golden_shape s;
    golden_err e;
    const char *shapes[] = {"", "8", "4,2", "1,2,3,4,5,6,7,8"};
    const char *want[] = {"()", "(8,)", "(4, 2)", "(1, 2, 3, 4, 5, 6, 7, 8)"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(golden_shape_parse(shapes[i], &s, &e), 0);
        unsigned char *b;
        size_t len;
        assert_int_equal(npy_build("<f4", &s, &b, &len, &e), 0);
        assert_int_equal(len % 64, 0);
        assert_int_equal(b[6], 1);
        assert_int_equal(b[len - 1], '\n');
        assert_int_equal((size_t)b[8] | (size_t)b[9] << 8, len - 10);
        char text[256];
        snprintf(text, sizeof text, "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }", want[i]);
        assert_memory_equal(b + 10, text, strlen(text));
        npy_header h;
        assert_int_equal(npy_parse(b, len, &h, &e), 0);
        assert_true(golden_shape_equal(&h.shape, &s));
        assert_int_equal(h.data_offset, len);
        free(b);
    }
}

static void shape_parse_accepts_the_documented_forms(void **state)
{
    (void)state;
    golden_shape s;
    golden_err e;
    const char *forms[] = {"4,2", "[4, 2]", "(4,2)", "4x2", " 4 , 2 "};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(golden_shape_parse(forms[i], &s, &e), 0);
        assert_int_equal(s.ndim, 2);
        assert_int_equal(s.dims[0], 4);
        assert_int_equal(s.dims[1], 2);
    }
    const char *scalars[] = {"", "()", "[]", "scalar"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(golden_shape_parse(scalars[i], &s, &e), 0);
        assert_int_equal(s.ndim, 0);
    }
    assert_int_equal(golden_shape_parse("4,-2", &s, &e), -1);
    assert_int_equal(golden_shape_parse("4,,2", &s, &e), -1);
    assert_int_equal(golden_shape_parse("[4,2", &s, &e), -1);
    assert_int_equal(golden_shape_parse("4.5", &s, &e), -1);
    assert_int_equal(golden_shape_parse("4294967296,4294967296", &s, &e), -1);
    assert_non_null(strstr(e.msg, "int64"));
}

static void shape_broadcast_and_unravel(void **state)
{
    (void)state;
    golden_shape a, b, r;
    golden_err e;
    char buf[64];
    golden_shape_parse("4,1,3", &a, &e);
    golden_shape_parse("2,1", &b, &e);
    assert_int_equal(golden_shape_broadcast(&a, &b, &r, &e), 0);
    golden_shape_format(&r, buf, sizeof buf);
    assert_string_equal(buf, "[4, 2, 3]");
    golden_shape_unravel(&r, 23, buf, sizeof buf);
    assert_string_equal(buf, "[3, 1, 2]");
    golden_shape_parse("3", &b, &e);
    golden_shape_parse("2", &a, &e);
    assert_int_equal(golden_shape_broadcast(&a, &b, &r, &e), -1);
}

static void compare_rule_at_and_past_the_tolerance(void **state)
{
    (void)state;
    golden_tol t = {0.25, 0.5, 0.0};
    /* allowed = 0.5 + 0.25 * |g|: 1.5 for g = 4 */
    assert_false(golden_is_error(4.0, 5.5, &t));
    assert_false(golden_is_error(4.0, 2.5, &t));
    assert_true(golden_is_error(4.0, nextafter(5.5, 10.0), &t));
    assert_true(golden_is_error(-4.0, nextafter(-5.5, -10.0), &t));
    assert_false(golden_is_error(NAN, NAN, &t));
    assert_true(golden_is_error(NAN, 0.0, &t));
    assert_true(golden_is_error(0.0, NAN, &t));
    assert_false(golden_is_error(INFINITY, INFINITY, &t));
    assert_false(golden_is_error(-INFINITY, -INFINITY, &t));
    assert_true(golden_is_error(INFINITY, -INFINITY, &t));
    assert_true(golden_is_error(INFINITY, 1e300, &t));
    assert_true(golden_is_error(1.0, INFINITY, &t));
}

static void compare_defaults_per_dtype(void **state)
{
    (void)state;
    golden_tol t;
    golden_default_tol(golden_dtype_by_name("float"), &t);
    assert_true(t.rtol == 1e-4 && t.atol == 1e-4 && t.ratio == 1e-4);
    golden_default_tol(golden_dtype_by_name("half"), &t);
    assert_true(t.rtol == 1e-3 && t.atol == 1e-3 && t.ratio == 1e-3);
    golden_default_tol(golden_dtype_by_name("bfloat16"), &t);
    assert_true(t.rtol == 4e-3 && t.atol == 4e-3 && t.ratio == 4e-3);
    golden_default_tol(golden_dtype_by_name("int32"), &t);
    assert_true(t.rtol == 0 && t.atol == 0 && t.ratio == 0);
}

static void compare_counts_errors_and_statistics(void **state)
{
    (void)state;
    const golden_dtype *f32 = golden_dtype_by_name("fp32");
    float gv[5] = {1.0f, 2.0f, 0.0f, NAN, 4.0f};
    float av[5] = {1.0f, 2.5f, 0.25f, NAN, 4.0f};
    golden_array g = {f32, {1, {5}}, 5, gv, sizeof gv};
    golden_array a = {f32, {1, {5}}, 5, av, sizeof av};
    golden_tol t = {0.0, 0.25, 0.4};
    golden_cmp_result r;
    golden_err e;
    assert_int_equal(golden_compare(&g, &a, &t, 10, &r, &e), 0);
    assert_int_equal(r.total, 5);
    assert_int_equal(r.errors, 1); /* 2 vs 2.5; 0 vs 0.25 is at the limit */
    assert_int_equal(r.first[0].index, 1);
    assert_int_equal(r.special_matched, 1);
    assert_int_equal(r.finite, 4);
    assert_true(r.max_abs == 0.5 && r.max_abs_index == 1);
    assert_true(r.mean_abs == 0.1875);
    assert_int_equal(r.rel_count, 3);
    assert_true(r.max_rel == 0.25 && r.mean_rel == 0.25 / 3);
    assert_true(r.error_ratio == 0.2 && r.pass);
    golden_cmp_result_free(&r);
    t.ratio = 0.19;
    assert_int_equal(golden_compare(&g, &a, &t, 0, &r, &e), 0);
    assert_false(r.pass);
    assert_int_equal(r.nfirst, 0);
    golden_cmp_result_free(&r);
}

static void bf16_rounds_to_nearest_even_and_keeps_nan_quiet(void **state)
{
    (void)state;
    const struct {
        uint32_t in;
        uint16_t out;
    } cases[] = {
        {0x3f808000u, 0x3f80}, /* tie, even below */
        {0x3f818000u, 0x3f82}, /* tie, odd below: up */
        {0x3f808001u, 0x3f81}, /* just past the tie */
        {0x7f7fffffu, 0x7f80}, /* FLT_MAX overflows to inf */
        {0x00000001u, 0x0000}, /* smallest subnormal rounds to 0 */
        {0x7f800001u, 0x7fc0}, /* signalling NaN -> quiet */
        {0xff800000u, 0xff80}, /* -inf */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        float f;
        memcpy(&f, &cases[i].in, sizeof f);
        assert_int_equal(opsnn_float_to_bf16(f), cases[i].out);
    }
    assert_true(opsnn_bf16_to_float(0x3f81) == 1.0078125f);
    /* widening quiets a signalling NaN too, keeping sign and payload */
    float q = opsnn_bf16_to_float(0xff81);
    uint32_t qb;
    memcpy(&qb, &q, sizeof qb);
    assert_int_equal(qb, 0xffc10000u);
}

static void dtype_names_and_element_access(void **state)
{
    (void)state;
    assert_ptr_equal(golden_dtype_by_name("float16"), golden_dtype_by_name("fp16"));
    assert_null(golden_dtype_by_name("fp64"));
    const golden_dtype *i8 = golden_dtype_by_name("int8");
    int8_t b[2];
    golden_set(i8, b, 0, -128);
    golden_set(i8, b, 1, 127);
    assert_true(golden_get(i8, b, 0) == -128 && golden_get(i8, b, 1) == 127);
    const golden_dtype *f16 = golden_dtype_by_name("fp16");
    uint16_t h;
    golden_set(f16, &h, 0, 65520.0); /* rounds past the largest half */
    assert_int_equal(h, 0x7c00);
}

static void rng_is_xoshiro256starstar_seeded_by_splitmix64(void **state)
{
    (void)state;
    /* Reference values from an independent implementation of the algorithm. */
    golden_rng r;
    golden_rng_seed(&r, 0, 0);
    assert_true(golden_rng_next(&r) == 0x99ec5f36cb75f2b4u);
    assert_true(golden_rng_next(&r) == 0xbf6e1f784956452au);
    golden_rng_seed(&r, 42, 1);
    assert_true(golden_rng_next(&r) == 0x0030425e2a3dc334u);
    for (int i = 0; i < 1000; i++) {
        double u = golden_rng_unit(&r);
        assert_true(u >= 0.0 && u < 1.0);
    }
}

/* ---- strdup and free of the golden core, wrapped (-Wl,--wrap): the nth
 * strdup of one string can be made to fail, and the strings strdup made are
 * tracked until freed. */
char *__real_strdup(const char *s);
void __real_free(void *p);
char *__wrap_strdup(const char *s);
void __wrap_free(void *p);

static const char *strdup_fail_of; /* this string's ... */
static int strdup_fail_nth;        /* ... nth strdup from now fails */
static int strdup_failed;
static void *strdup_live[1024];
static int strdup_nlive, strdup_untracked;

char *__wrap_strdup(const char *s)
{
    if (strdup_fail_of != NULL && strcmp(s, strdup_fail_of) == 0 && --strdup_fail_nth == 0) {
        strdup_failed++;
        errno = ENOMEM;
        return NULL;
    }
    char *p = __real_strdup(s);
    if (p != NULL) {
        if (strdup_nlive < (int)(sizeof strdup_live / sizeof strdup_live[0])) {
            strdup_live[strdup_nlive++] = p;
        } else {
            strdup_untracked++;
        }
    }
    return p;
}

void __wrap_free(void *p)
{
    for (int i = 0; p != NULL && i < strdup_nlive; i++) {
        if (strdup_live[i] == p) {
            strdup_live[i] = strdup_live[--strdup_nlive];
            break;
        }
    }
    __real_free(p);
}

static int run_prepare(const char *csv, const char *dir, const char *testcase)
{
    char *args[] = {(char *)csv, "--prepare", (char *)dir, "--quiet", "--testcase", (char *)testcase,
                    NULL};
    return golden_cmd_run(testcase != NULL ? 6 : 4, args);
}

/* A --testcase re-run of a prepared tree keeps the other cases in its
 * manifest: when copying one of their names fails, the run fails with
 * "out of memory" and frees every name of the manifest it was building
 * (before the fix the list leaked). */
static void prepare_rerun_frees_the_manifest_when_a_copy_fails(void **state)
{
    (void)state;
    char root[] = "/tmp/golden_unit_XXXXXX";
    assert_non_null(mkdtemp(root));
    char csv[64], tree[64], cmd[160];
    snprintf(csv, sizeof csv, "%s/c.csv", root);
    snprintf(tree, sizeof tree, "%s/t", root);
    FILE *f = fopen(csv, "w");
    assert_non_null(f);
    fputs("testcase_name,op_name,input_dtypes,input_shapes,output_dtypes,output_shapes\n"
          "keep_a,selu_grad,\"('float32',)\",\"((2,), (2,))\",\"('float32',)\",\"((2,),)\"\n"
          "keep_b,selu_grad,\"('float32',)\",\"((2,), (2,))\",\"('float32',)\",\"((2,),)\"\n",
          f);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(run_prepare(csv, tree, NULL), 0);
    assert_int_equal(strdup_untracked, 0);
    int live_before = strdup_nlive;
    /* keep_b's name is copied twice by the re-run: reading the old
     * manifest, then merging it into the new one; the second copy fails */
    strdup_fail_of = "keep_b";
    strdup_fail_nth = 2;
    strdup_failed = 0;
    int rc = run_prepare(csv, tree, "keep_a");
    strdup_fail_of = NULL;
    assert_int_equal(strdup_failed, 1);
    assert_int_not_equal(rc, 0);
    assert_int_equal(strdup_untracked, 0);
    if (strdup_nlive != live_before) {
        fail_msg("%d string(s) strdup made in the failed run were never freed",
                 strdup_nlive - live_before);
    }
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(npy_parse_reads_version_1_and_2),
        cmocka_unit_test(npy_parse_reads_scalar_one_dim_and_old_long_suffix),
        cmocka_unit_test(npy_parse_refuses_malformed_headers),
        cmocka_unit_test(npy_parse_refuses_bad_prefix),
        cmocka_unit_test(npy_build_pads_to_64_bytes_and_parses_back),
        cmocka_unit_test(shape_parse_accepts_the_documented_forms),
        cmocka_unit_test(shape_broadcast_and_unravel),
        cmocka_unit_test(compare_rule_at_and_past_the_tolerance),
        cmocka_unit_test(compare_defaults_per_dtype),
        cmocka_unit_test(compare_counts_errors_and_statistics),
        cmocka_unit_test(bf16_rounds_to_nearest_even_and_keeps_nan_quiet),
        cmocka_unit_test(dtype_names_and_element_access),
        cmocka_unit_test(rng_is_xoshiro256starstar_seeded_by_splitmix64),
        cmocka_unit_test(prepare_rerun_frees_the_manifest_when_a_copy_fails),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
