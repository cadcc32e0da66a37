/* Unit suite of the case-file side of opsnn-golden: SHA-256 against the
 * FIPS 180-2 vectors, TTK's case-directory name rule, the literal and CSV
 * readers on good, bad and hostile input (from memory, as a fuzzer feeds
 * them), the ATK/TTK readers, and the kit comparison methods on hand-derived
 * verdicts at their thresholds. */
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

#include "cases.h"
#include "compare_method.h"
#include "csv.h"
#include "lit.h"
#include "npy.h"
#include "prepare.h"
#include "sha256.h"

static void sha256_fips_vectors(void **state)
{
    (void)state;
    char hex[65];
    golden_sha256_hex("abc", 3, hex);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    golden_sha256_hex("", 0, hex);
    assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    golden_sha256_hex(m, strlen(m), hex);
    assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    /* one million 'a', fed in uneven pieces */
    golden_sha256 s;
    unsigned char d[32];
    char a[1000];
    memset(a, 'a', sizeof a);
    golden_sha256_init(&s);
    for (int i = 0; i < 1000; i++) {
        golden_sha256_update(&s, a, 999);
        golden_sha256_update(&s, a, 1);
    }
    golden_sha256_final(&s, d);
    static const unsigned char want[4] = {0xcd, 0xc7, 0x6e, 0x5c};
    assert_memory_equal(d, want, 4); /* cdc76e5c 9914fb92 81a1c7e2 84d73e67 ... */
    assert_int_equal(d[31], 0xd0);
}

static void dirname_rule(void **state)
{
    (void)state;
    char out[256];
    golden_case_dirname("plain-Name_1.0", out, sizeof out);
    assert_string_equal(out, "plain-Name_1.0");
    /* runs of other characters become one '_', sha256 suffix of the full name */
    golden_case_dirname("with space/and:colon", out, sizeof out);
    char hex[65];
    golden_sha256_hex("with space/and:colon", 20, hex);
    char want[64];
    snprintf(want, sizeof want, "with_space_and_colon-%.12s", hex);
    assert_string_equal(out, want);
    golden_case_dirname("_x_", out, sizeof out); /* stripped, so hashed */
    assert_int_equal(strncmp(out, "x-", 2), 0);
    assert_int_equal(strlen(out), 14);
    golden_case_dirname("...", out, sizeof out);
    assert_int_equal(strncmp(out, "case-", 5), 0);
    char longname[200];
    memset(longname, 'y', 121);
    longname[121] = '\0';
    golden_case_dirname(longname, out, sizeof out);
    assert_int_equal(strlen(out), 96 + 1 + 12);
    longname[120] = '\0'; /* exactly 120: kept */
    golden_case_dirname(longname, out, sizeof out);
    assert_string_equal(out, longname);
    golden_shape s = {3, {2, 0, 3}};
    golden_shape_token(&s, out, sizeof out);
    assert_string_equal(out, "2x0x3");
    s.ndim = 0;
    golden_shape_token(&s, out, sizeof out);
    assert_string_equal(out, "scalar");
}

static void lit_reads_python_and_json(void **state)
{
    (void)state;
    golden_lit_doc *doc;
    const golden_lit *v;
    golden_err e;
    const char *t = " ((4, 2), None, [1e-08, -inf], {'lambd': 0.5, \"x\": True}, 'a\\'b') ";
    assert_int_equal(golden_lit_parse(t, strlen(t), &doc, &v, &e), 0);
    assert_int_equal(v->kind, LIT_LIST);
    assert_int_equal(v->n, 5);
    assert_int_equal(v->items[0]->items[1]->ival, 2);
    assert_int_equal(v->items[1]->kind, LIT_NONE);
    assert_true(v->items[2]->items[0]->num == 1e-08);
    assert_true(isinf(v->items[2]->items[1]->num) && v->items[2]->items[1]->num < 0);
    assert_true(golden_lit_get(v->items[3], "lambd")->num == 0.5);
    assert_int_equal(golden_lit_get(v->items[3], "x")->boolean, 1);
    assert_string_equal(v->items[4]->str, "a'b");
    golden_lit_free(doc);
    const char *f = "(float('inf'), float(\"-inf\"), float('nan'), float('1.5'))";
    assert_int_equal(golden_lit_parse(f, strlen(f), &doc, &v, &e), 0);
    assert_true(isinf(v->items[0]->num) && v->items[0]->num > 0 && v->items[1]->num < 0);
    assert_true(isnan(v->items[2]->num) && v->items[3]->num == 1.5);
    golden_lit_free(doc);
    assert_int_equal(golden_lit_parse("float(1)", 8, &doc, &v, &e), -1);
    assert_int_equal(golden_lit_parse("float('x')", 10, &doc, &v, &e), -1);
}

static void lit_refuses_bad_and_hostile_input(void **state)
{
    (void)state;
    static const char *bad[] = {"", "(", "(1,", "((1, 2)", "{'a' 1}", "{1: 2}", "'abc", "1 2", "-", "@",
                                "[1,]]", "1e", "(1,,2)"};
    golden_lit_doc *doc;
    const golden_lit *v;
    golden_err e;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_not_equal(golden_lit_parse(bad[i], strlen(bad[i]), &doc, &v, &e), 0);
    }
    char deep[200];
    memset(deep, '[', sizeof deep);
    assert_int_not_equal(golden_lit_parse(deep, sizeof deep, &doc, &v, &e), 0);
    assert_non_null(strstr(e.msg, "nested too deeply"));
    /* not NUL-terminated: the length bounds the read */
    char buf[3] = {'(', '1', ')'};
    assert_int_equal(golden_lit_parse(buf, 2, &doc, &v, &e), -1);
    assert_int_equal(golden_lit_parse(buf, 3, &doc, &v, &e), 0);
    golden_lit_free(doc);
}

static void csv_quotes_and_errors(void **state)
{
    (void)state;
    golden_csv c;
    golden_err e;
    const char *t = "a,b,c\r\n1,\"x, \"\"y\"\"\",3\n\n4\n";
    assert_int_equal(golden_csv_parse(t, strlen(t), &c, &e), 0);
    assert_int_equal(c.ncols, 3);
    assert_int_equal(c.nrows, 2);
    assert_string_equal(c.rows[0].cells[1], "x, \"y\"");
    assert_string_equal(c.rows[1].cells[0], "4");
    assert_string_equal(c.rows[1].cells[2], "");
    assert_int_equal(c.rows[1].line, 4);
    assert_int_equal(golden_csv_col(&c, "c"), 2);
    golden_csv_free(&c);
    const char *u = "a,b\n\"open,2\n";
    assert_int_equal(golden_csv_parse(u, strlen(u), &c, &e), -1);
    assert_non_null(strstr(e.msg, "unterminated quoted field"));
    const char *w = "a,b\n1,2,3\n";
    assert_int_equal(golden_csv_parse(w, strlen(w), &c, &e), -1);
    assert_non_null(strstr(e.msg, "line 2: 3 cells"));
    assert_int_equal(golden_csv_parse("", 0, &c, &e), -1);
}

static void readers_build_cases(void **state)
{
    (void)state;
    golden_caseset s;
    golden_err e;
    const char *atk = "[{\"id\": 7, \"aclnn_name\": \"SoftshrinkBackward\", \"standard\": {\"acc\": \"single_bm\"},"
                      " \"inputs\": [{\"type\": \"tensor\", \"dtype\": \"fp32\", \"shape\": [15, 1], "
                      "\"range_values\": [\"-inf\"]}, {\"type\": \"tensor\", \"dtype\": \"fp32\", \"shape\": [1, 3],"
                      " \"range_values\": [-5, 5]}, {\"type\": \"scalar\", \"dtype\": \"fp32\", \"range_values\": 4}]},"
                      " {\"id\": 8, \"aclnn_name\": \"Nope\", \"inputs\": []}]";
    assert_int_equal(golden_cases_parse(atk, strlen(atk), &s, &e), 0);
    assert_int_equal(s.kind, GOLDEN_CASES_ATK);
    assert_int_equal(s.n, 2);
    golden_case *c = &s.cases[0];
    assert_null(c->error);
    assert_string_equal(c->name, "aclnnSoftshrinkBackward_7");
    assert_true(isinf(c->in[0].range.lo) && c->in[0].range.lo == c->in[0].range.hi);
    assert_true(c->lambd == 4.0 && !c->lambd_random && c->scalar_input);
    assert_int_equal(c->method, GOLDEN_CMP_SINGLE_BM);
    assert_int_equal(c->out.shape.ndim, 2); /* broadcast [15, 1] x [1, 3] */
    assert_int_equal(c->out.shape.dims[1], 3);
    assert_non_null(s.cases[1].error);
    golden_caseset_free(&s);

    /* No storage shape: TTK's storage is the view shape
     * (TensorApiTestcaseBase.flat_storage_shape), and a view reaching past it
     * is refused (TestcaseAclnn._tensor_param_valid); 'lambda' is TTK's key. */
    const char *ttk = "testcase_name,api_name,tensor_view_shapes,tensor_dtypes,tensor_view_strides,"
                      "tensor_view_offsets,tensor_storage_shapes,attributes,precision_tolerances,absolute_precision\n"
                      "v,aclnnSoftshrinkBackward,\"((3, 4), (3, 4), (3, 4))\",\"('float16',)\","
                      "\"((6, 1), None, None)\",\"(5, 0, 0)\",\"((4, 6), None, None)\",{'lambda': 0.25},"
                      "\"((0.01, 0.02),)\",1e-3\n"
                      "w,aclnnSoftshrinkBackward,\"((3, 4), (3, 4), (3, 4))\",\"('float16',)\","
                      "\"((6, 1), None, None)\",\"(5, 0, 0)\",,{'lambd': 0.5},,\n"
                      "x,aclnnSoftshrinkBackward,\"((3, 4), (3, 4), (3, 4))\",\"('float16',)\","
                      "\"((1, 3), None, None)\",,,{'lambd': 0.5},,\n";
    assert_int_equal(golden_cases_parse(ttk, strlen(ttk), &s, &e), 0);
    assert_int_equal(s.kind, GOLDEN_CASES_TTK_ACLNN);
    c = &s.cases[0];
    assert_null(c->error);
    assert_true(c->in[0].strided && c->in[0].offset == 5 && c->in[0].strides[0] == 6);
    assert_int_equal(c->in[0].storage.ndim, 2);
    assert_int_equal(c->in[0].storage.dims[0], 4);
    assert_int_equal(c->in[0].storage.dims[1], 6);
    assert_false(c->in[1].strided);
    assert_true(c->lambd == 0.25 && c->tols.rtol == 0.01 && c->tols.ptol == 0.02 && c->tols.atol == 1e-3);
    assert_non_null(s.cases[1].error); /* offset 5 + reach 17 > 12 view-shaped elements */
    assert_non_null(strstr(s.cases[1].error, "tensor_storage_shapes: tensor 0 has none"));
    c = &s.cases[2]; /* a transposed walk inside its view shape */
    assert_null(c->error);
    assert_true(c->in[0].strided && c->in[0].storage.ndim == 2 && c->in[0].storage.dims[0] == 3 &&
                c->in[0].storage.dims[1] == 4 && c->lambd == 0.5);
    golden_caseset_free(&s);

    assert_int_equal(golden_cases_parse("x,y\n1,2\n", 8, &s, &e), -1);
    assert_non_null(strstr(e.msg, "not a case file"));
}

/* A 1-D fp32 array of n values. */
static golden_array arr(const float *v, int n)
{
    golden_array a;
    golden_shape s = {1, {n}};
    golden_err e;
    assert_int_equal(golden_array_alloc(&a, golden_dtype_by_name("fp32"), &s, &e), 0);
    memcpy(a.data, v, (size_t)n * sizeof *v);
    return a;
}

static int verdict(golden_cmp_method m, const float *g, const float *a, int n)
{
    golden_array ga = arr(g, n), aa = arr(a, n);
    golden_verdict v;
    golden_err e;
    assert_int_equal(golden_cmp_judge(m, &ga, &aa, NULL, &v, &e), 0);
    golden_array_free(&ga);
    golden_array_free(&aa);
    return v.pass;
}

static void methods_at_their_thresholds(void **state)
{
    (void)state;
    float g[100], a[100];
    for (int i = 0; i < 100; i++) {
        g[i] = a[i] = 1.0f;
    }
    /* mixed fp32: one of 100 beyond the element rule but under 1e-2 passes
     * (matched_ratio exactly 0.99), two fail; one 10 off fails on the limit */
    a[0] = 1.005f;
    assert_true(verdict(GOLDEN_CMP_MIXED, g, a, 100));
    a[1] = 1.005f;
    assert_false(verdict(GOLDEN_CMP_MIXED, g, a, 100));
    a[1] = 1.0f;
    a[0] = 11.0f;
    assert_false(verdict(GOLDEN_CMP_MIXED, g, a, 100));
    /* the element limit: |a - g| <= 2^-16 + 2^-10 |g| in float32 */
    float g1 = 0.0f, a1 = 0x1p-16f;
    assert_true(verdict(GOLDEN_CMP_MIXED, &g1, &a1, 1));
    a1 = 0x1.02p-16f;
    assert_false(verdict(GOLDEN_CMP_MIXED, &g1, &a1, 1));
    /* NaN vs NaN matches, NaN vs finite does not */
    float gn = NAN, an = NAN;
    assert_true(verdict(GOLDEN_CMP_MIXED, &gn, &an, 1));
    assert_false(verdict(GOLDEN_CMP_MIXED, &g1, &an, 1));
    /* stat_rel_err fp32: th = 2^-13; mere 1e-4 passes, 2e-4 fails */
    for (int i = 0; i < 100; i++) {
        a[i] = 1.0001f;
    }
    assert_true(verdict(GOLDEN_CMP_STAT_REL_ERR, g, a, 100));
    for (int i = 0; i < 100; i++) {
        a[i] = 1.0002f;
    }
    assert_false(verdict(GOLDEN_CMP_STAT_REL_ERR, g, a, 100));
    /* close fp32: rtol = ptol = 1e-4: one of 100 off fails (1% > 0.01%) */
    for (int i = 0; i < 100; i++) {
        a[i] = 1.0f;
    }
    assert_true(verdict(GOLDEN_CMP_CLOSE, g, a, 100));
    a[3] = 1.001f;
    assert_false(verdict(GOLDEN_CMP_CLOSE, g, a, 100));
    /* cosine: direction only; an undefined cosine (all-zero, NaN, inf) is
     * NaN in TTK's CosineSimilarityComparison.compare_impl and fails there */
    assert_true(verdict(GOLDEN_CMP_COSINE, g, a, 100));
    float z[2] = {0, 0};
    assert_false(verdict(GOLDEN_CMP_COSINE, z, z, 2));
    float nn[2] = {NAN, 1}, ii[2] = {INFINITY, 1};
    assert_false(verdict(GOLDEN_CMP_COSINE, nn, nn, 2));
    assert_false(verdict(GOLDEN_CMP_COSINE, ii, ii, 2));
    float x[2] = {1, 0}, y[2] = {0, 1};
    assert_false(verdict(GOLDEN_CMP_COSINE, x, y, 2));
    /* binary: bits; NaN payloads may differ; -0 is not +0 */
    float n1 = NAN, n2 = -NAN, pz = 0.0f, nz = -0.0f;
    assert_true(verdict(GOLDEN_CMP_BINARY, &n1, &n2, 1));
    assert_false(verdict(GOLDEN_CMP_BINARY, &pz, &nz, 1));
    /* empty arrays pass */
    assert_true(verdict(GOLDEN_CMP_MIXED, g, a, 0));
}

/* Write a .npy file of descr/shape/data and load it as dtype. */
static int load_npy_file(const char *descr, int64_t n, const void *data, size_t nbytes, const char *dtype,
                         golden_array *a, golden_err *e)
{
    golden_shape s = {1, {n}};
    unsigned char *hdr;
    size_t nh;
    assert_int_equal(npy_build(descr, &s, &hdr, &nh, e), 0);
    char dir[] = "/tmp/golden_kit_unitXXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/a.npy", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(hdr, 1, nh, f);
    fwrite(data, 1, nbytes, f);
    fclose(f);
    free(hdr);
    int rc = golden_load(path, dtype ? golden_dtype_by_name(dtype) : NULL, "--dtype", NULL, a, e);
    remove(path);
    rmdir(dir);
    return rc;
}

static void npy_float64_rounds_once(void **state)
{
    (void)state;
    /* 1 + 2^-11 + 2^-30: float32 first would give 1 + 2^-11, a tie that fp16
     * rounds to 1.0; one rounding gives 1 + 2^-10 (0x3c01) */
    double d[4] = {1.0 + 0x1p-11 + 0x1p-30, 1.0 / 3.0, 70000.0, 0x1.8p-26};
    golden_array a;
    golden_err e;
    assert_int_equal(load_npy_file("<f8", 4, d, sizeof d, "fp16", &a, &e), 0);
    uint16_t h[4];
    memcpy(h, a.data, sizeof h);
    assert_int_equal(h[0], 0x3c01);
    assert_int_equal(h[1], 0x3555);
    assert_int_equal(h[2], 0x7c00); /* overflow to inf */
    assert_int_equal(h[3], 0x0000); /* 0.375 * 2^-24 rounds to 0 */
    golden_array_free(&a);
    /* bf16: 1 + 2^-8 + 2^-40 rounds up to 1 + 2^-7 (0x3f81) */
    double b = 1.0 + 0x1p-8 + 0x1p-40;
    assert_int_equal(load_npy_file("<f8", 1, &b, sizeof b, "bf16", &a, &e), 0);
    assert_int_equal(((uint16_t *)a.data)[0], 0x3f81);
    golden_array_free(&a);
    /* no dtype: float32, one rounding */
    assert_int_equal(load_npy_file("<f8", 1, &d[1], 8, NULL, &a, &e), 0);
    assert_string_equal(a.dtype->name, "fp32");
    assert_true(((float *)a.data)[0] == (float)(1.0 / 3.0));
    golden_array_free(&a);
    assert_int_equal(load_npy_file("<f8", 1, &d[1], 8, "int32", &a, &e), -1);
    assert_non_null(strstr(e.msg, "float64 data (descr '<f8') converts only to fp32, fp16 or bf16"));
    /* truncated float64 data names the float64 sizes */
    assert_int_equal(load_npy_file("<f8", 4, d, 31, "fp32", &a, &e), -1);
    assert_non_null(strstr(e.msg, "too short"));
    /* torch bf16 through an int16 view */
    int16_t i2[2] = {0x3fc0, 0x4000};
    assert_int_equal(load_npy_file("<i2", 2, i2, sizeof i2, "bf16", &a, &e), 0);
    assert_true(golden_get(a.dtype, a.data, 0) == 1.5 && golden_get(a.dtype, a.data, 1) == 2.0);
    golden_array_free(&a);
    assert_int_equal(load_npy_file("<i2", 2, i2, sizeof i2, NULL, &a, &e), -1);
    assert_non_null(strstr(e.msg, "read only as bfloat16 bits"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sha256_fips_vectors),
        cmocka_unit_test(dirname_rule),
        cmocka_unit_test(lit_reads_python_and_json),
        cmocka_unit_test(lit_refuses_bad_and_hostile_input),
        cmocka_unit_test(csv_quotes_and_errors),
        cmocka_unit_test(readers_build_cases),
        cmocka_unit_test(methods_at_their_thresholds),
        cmocka_unit_test(npy_float64_rounds_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
