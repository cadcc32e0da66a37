/*
 * test_kernels_scalar_b.c - the micro-kernel variants whose second input is
 * one value for the whole run (the OPSNN_UKERNEL_C rows of kernels/<family>/list.inc,
 * XNNPACK's vopc kernels): on every path this machine runs, each gives the
 * bits of its family's scalar kernel run over that value repeated n times,
 * for run lengths 0..40 and a few long ones, inputs and output offset by one
 * element, in place (y == a), with and without nt_store, self values NaN (both
 * signs, signalling and quiet), +-0, +-inf, subnormal and on either side of
 * lambda, lambda 0, -0, subnormal, inf and NaN, and every 16-bit self value;
 * the output's guard bytes included. And the table hands the variant out for
 * exactly the kernel it belongs to (opsnn_ukernel_scalar_b).
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

#include "kernels/cvt.h"
#include "kernels/kernels.h"
#include "ops/kernels.h"
#include "ops/soft_shrink_grad/op_kernel/softshrink-bwd/splat.h"
#include "rng.h"
#include "sweep.h"
#include "variant_params.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
    opsnn_kernel_kind kind;
    opsnn_isa isa;
    aclDataType dtype;
    opsnn_ukernel_fn fn;
    int scalar_b; /* an OPSNN_UKERNEL_C row */
} krow;

static const krow ROWS[] = {
#define OPSNN_FAMILY(kind)
#define OPSNN_UKERNEL(kind, isa, dtype, fn) {OPSNN_KERNEL_##kind, OPSNN_ISA_##isa, dtype, fn, 0},
#define OPSNN_UKERNEL_C(kind, isa, dtype, fn) {OPSNN_KERNEL_##kind, OPSNN_ISA_##isa, dtype, fn, 1},
#define OPSNN_UKERNEL_X(kind, isa, cdt, adt, bdt, ydt, fn)
#define OPSNN_DEF_KERNELS
#include "ops/manifest.h"
#include "ops/all.def"
#include "kernels/copy/list.inc"
#include "ops/manifest_end.h"
#undef OPSNN_FAMILY
#undef OPSNN_UKERNEL
#undef OPSNN_UKERNEL_C
#undef OPSNN_UKERNEL_X
};

/* The scalar kernel (not a variant) of kind x dtype: the reference. */
static opsnn_ukernel_fn reference(opsnn_kernel_kind kind, aclDataType dt)
{
    for (size_t r = 0; r < N_OF(ROWS); r++) {
        if (ROWS[r].kind == kind && ROWS[r].dtype == dt && ROWS[r].isa == OPSNN_ISA_SCALAR &&
            !ROWS[r].scalar_b) {
            return ROWS[r].fn;
        }
    }
    return NULL;
}

static const float LAMBDAS[] = {0.5f, 0.0f, -0.0f, 1.0f, 0x1p-140f, 65504.0f, INFINITY, NAN};

static const uint32_t F32_SELF[] = {
    0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff800001u, 0x7fa5a5a5u, /* NaN */
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,              /* +-0, +-inf */
    0x00000001u, 0x80000001u, 0x007fffffu, 0x00800000u,              /* subnormal, FLT_MIN */
    0x7f7fffffu, 0x3f000000u, 0xbf000000u, 0x3f000001u, 0x3effffffu, /* FLT_MAX, +-0.5, next */
    0x3f800000u, 0xbf800001u, 0x477fe000u, 0x0c000000u,
};

static size_t esize(aclDataType dt)
{
    return dt == ACL_FLOAT ? 4 : 2;
}

/* The self value `i` of the sweep in dt: the float32 specials (rounded to
 * 16 bits as bits, so NaN payloads stay NaN) then random bit patterns. */
static uint32_t self_value(aclDataType dt, size_t i, tu_rng *r)
{
    uint32_t v = i < N_OF(F32_SELF) ? F32_SELF[i] : (uint32_t)tu_next(r);
    return dt == ACL_FLOAT ? v : dt == ACL_BF16 ? v >> 16 : opsnn_f32_to_f16(opsnn_bits_f32(v));
}

#define GUARD 64
#define MAXN 1100

typedef struct {
    _Alignas(64) unsigned char a[GUARD + MAXN * 4 + GUARD];
    _Alignas(64) unsigned char b[GUARD + MAXN * 4 + GUARD];
    _Alignas(64) unsigned char y[GUARD + MAXN * 4 + GUARD];
} bufs;

static const size_t SIZES_LONG[] = {63, 64, 65, 257, 1000, 1099};

/* One variant against its reference for one self value: every size x offset
 * x in-place mode x nt_store. */
static void compare_value(const krow *row, opsnn_ukernel_fn ref, const void *value, float lambda,
                          size_t rule, const bufs *src)
{
    static bufs want, got;
    size_t es = esize(row->dtype);
    tv_params sp;
    const void *op = tv_make(row->kind, lambda, rule, &sp);
    for (size_t si = 0; si <= 40 + N_OF(SIZES_LONG); si++) {
        size_t n = si <= 40 ? si : SIZES_LONG[si - 41];
        for (int cfg = 0; cfg < 8; cfg++) {
            size_t off = (size_t)(cfg & 1), yoff = off;
            int inplace = (cfg >> 1) & 1, nt = cfg >> 2;
            if (!inplace) {
                yoff = 1 - off;
            }
            opsnn_kparams p = {op, nt, 0};
            memcpy(&want, src, sizeof want);
            for (size_t i = 0; i < n; i++) { /* b: the value repeated */
                memcpy(want.b + GUARD + (off + i) * es, value, es);
            }
            if (inplace) {
                memcpy(want.y, want.a, sizeof want.y);
            }
            memcpy(&got, &want, sizeof got);
            unsigned char *ya = want.y + GUARD + yoff * es, *yg = got.y + GUARD + yoff * es;
            const void *aw = inplace ? (const void *)ya : want.a + GUARD + off * es;
            ref(n, aw, want.b + GUARD + off * es, ya, &p);
            row->fn(n, inplace ? (const void *)yg : got.a + GUARD + off * es, value, yg, &p);
            if (memcmp(want.y, got.y, sizeof want.y) != 0) {
                uint32_t v = 0;
                memcpy(&v, value, es);
                fail_msg("%s kind %d dtype %d: self=%#x lambda=%a rule %zu n=%zu off=%zu y_off=%zu "
                         "inplace=%d nt=%d",
                         opsnn_isa_name(row->isa), (int)row->kind, (int)row->dtype, v,
                         (double)lambda, rule, n, off, yoff, inplace, nt);
            }
        }
    }
}

/* Gradients: random bits with NaNs of every kind among them (the variant must
 * copy them as bits). */
static void fill_sources(bufs *src, size_t es, tu_rng *r)
{
    memset(src, 0xa5, sizeof *src);
    for (size_t i = 0; i < sizeof src->a / es; i++) {
        uint32_t v = (uint32_t)tu_next(r);
        v = i % 7 == 3 ? F32_SELF[tu_below(r, 5)] : v;
        memcpy(src->a + i * es, es == 4 ? (const void *)&v : (const void *)((const char *)&v + 2),
               es);
    }
}

static int runs(const krow *row)
{
    return row->scalar_b && opsnn_cpu_has_isa(row->isa);
}

static void every_scalar_b_variant_bits_equal_reference(void **state)
{
    (void)state;
    static bufs src;
    tu_rng r = {0x5eed5eedu};
    const uint32_t stride = tu_sweep_stride();
    int tested = 0;
    for (size_t k = 0; k < N_OF(ROWS); k++) {
        const krow *row = &ROWS[k];
        if (!runs(row)) {
            continue;
        }
        opsnn_ukernel_fn ref = reference(row->kind, row->dtype);
        assert_non_null(ref);
        /* the family's params, every generation's (variant_params.h) */
        assert_true(tv_rules(row->kind) > 0);
        size_t es = esize(row->dtype);
        fill_sources(&src, es, &r);
        for (size_t l = 0; l < N_OF(LAMBDAS); l++) {
            /* sampled (sweep.h): each lambda starts at another value */
            for (size_t v = l % stride; v < N_OF(F32_SELF) + 8; v += stride) {
                uint32_t bits = self_value(row->dtype, v, &r);
                uint16_t half = (uint16_t)bits;
                unsigned char value[4];
                memcpy(value, es == 4 ? (const void *)&bits : (const void *)&half, es);
                for (size_t rule = 0; rule < tv_rules(row->kind); rule++) {
                    compare_value(row, ref, value, LAMBDAS[l], rule, &src);
                }
            }
        }
        tested++;
    }
    if (tested == 0) {
        skip();
    }
}

/* Every 16-bit self value, one run of 37 elements (a vector body and a tail),
 * against the reference, for lambdas that split the values differently. */
static void every_16bit_self_value_bits_equal_reference(void **state)
{
    (void)state;
    enum { N = 37 };
    static const float lambdas[] = {0.5f, 0.0f, NAN, INFINITY};
    tu_rng r = {77};
    const uint32_t stride = tu_sweep_stride();
    uint16_t g[N], x[N], want[N + 2], got[N + 2];
    for (size_t i = 0; i < N; i++) {
        g[i] = (uint16_t)tu_next(&r);
    }
    int tested = 0;
    for (size_t k = 0; k < N_OF(ROWS); k++) {
        const krow *row = &ROWS[k];
        if (!runs(row) || row->dtype == ACL_FLOAT) {
            continue;
        }
        opsnn_ukernel_fn ref = reference(row->kind, row->dtype);
        assert_true(tv_rules(row->kind) > 0);
        for (size_t l = 0; l < N_OF(lambdas) * tv_rules(row->kind); l++) {
            size_t rule = l % tv_rules(row->kind);
            float lambda = lambdas[l / tv_rules(row->kind)];
            tv_params sp;
            opsnn_kparams p = {tv_make(row->kind, lambda, rule, &sp), 0, 0};
            for (uint32_t v = 0; v < 65536; v += stride) {
                uint16_t value = (uint16_t)v;
                for (size_t i = 0; i < N; i++) {
                    x[i] = value;
                }
                memset(want, 0x5a, sizeof want);
                memset(got, 0x5a, sizeof got);
                ref(N, g, x, want + 1, &p);
                row->fn(N, g, &value, got + 1, &p);
                if (memcmp(want, got, sizeof want) != 0) {
                    fail_msg("%s kind %d dtype %d: self=%#x lambda=%a rule %zu",
                             opsnn_isa_name(row->isa), (int)row->kind, (int)row->dtype, v,
                             (double)lambda, rule);
                }
            }
        }
        tested++;
    }
    if (tested == 0) {
        skip();
    }
}

/* Heap buffers of exactly n elements and a one-element b, so that
 * AddressSanitizer builds catch a variant that reads b[1] or past a or y. */
static void variants_touch_only_n_elements_and_one_value(void **state)
{
    (void)state;
    static const size_t sizes[] = {0, 1, 7, 15, 16, 17, 31, 33, 64, 65, 1000};
    for (size_t k = 0; k < N_OF(ROWS); k++) {
        const krow *row = &ROWS[k];
        if (!runs(row)) {
            continue;
        }
        tv_params sp;
        const void *op = tv_make(row->kind, 0.5f, 0, &sp);
        size_t es = esize(row->dtype);
        for (size_t s = 0; s < N_OF(sizes); s++) {
            size_t n = sizes[s], bytes = n * es + (n == 0);
            unsigned char *a = malloc(bytes), *y = malloc(bytes), *b = malloc(es);
            assert_true(a && y && b);
            memset(a, 0x3c, bytes);
            memset(b, 0x3f, es); /* passes in every dtype: y must be a */
            for (int nt = OPSNN_NT_NONE; nt <= OPSNN_NT_STREAM_UNFENCED; nt++) {
                opsnn_kparams p = {op, nt, 0};
                memset(y, 0, bytes);
                row->fn(n, a, b, y, &p);
                opsnn_stream_fence();
                assert_memory_equal(y, a, n * es);
            }
            free(a), free(y), free(b);
        }
    }
}

/* The table hands out the variant of the selected path with the kernel it
 * belongs to, and nothing for kernels without one or foreign functions. */
static void scalar_b_lookup_follows_the_selected_path(void **state)
{
    (void)state;
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 0; ai < nav; ai++) {
        opsnn_kernels_select((int)av[ai]);
        for (size_t k = 0; k < N_OF(ROWS); k++) {
            const krow *row = &ROWS[k];
            if (row->scalar_b && row->isa == av[ai]) {
                opsnn_ukernel_fn fn = opsnn_ukernel_get(row->kind, row->dtype);
                assert_non_null(fn);
                assert_ptr_equal(opsnn_ukernel_scalar_b(fn), row->fn);
            }
        }
        assert_null(opsnn_ukernel_scalar_b(opsnn_ukernel_get(OPSNN_KERNEL_SELU_BWD, ACL_FLOAT)));
        assert_null(opsnn_ukernel_scalar_b(opsnn_ukernel_get(OPSNN_KERNEL_COPY, ACL_FLOAT)));
        assert_null(opsnn_ukernel_scalar_b(NULL));
    }
    /* a kernel of another path than the selected one is not paired */
    opsnn_kernels_select(OPSNN_ISA_SCALAR);
    for (size_t k = 0; k < N_OF(ROWS); k++) {
        if (!ROWS[k].scalar_b && ROWS[k].isa != OPSNN_ISA_SCALAR &&
            ROWS[k].kind == OPSNN_KERNEL_SOFTSHRINK_BWD) {
            assert_null(opsnn_ukernel_scalar_b(ROWS[k].fn));
        }
    }
    opsnn_kernels_select(-1);
}

/* The 16-bit threshold of the AVX2 FLOAT16/BF16 kernels: for every 16-bit x
 * and lambdas at every edge (both formats' rounding boundaries, subnormals,
 * the largest finite values, inf, NaN, -0 and a negative one), the signed
 * compare of the magnitude bits with T is the pass rule on the widened x. */
static void threshold_16bit_is_the_pass_rule_for_every_value(void **state)
{
    (void)state;
    static const float lambdas[] = {0.0f, -0.0f, -1.0f, 0.5f, 1.0f, 1.0009765625f, 1.00048828125f,
                                    0x1p-24f, 0x1p-25f, 0x1.8p-25f, 0x1p-149f, 0x1p-133f, 6.1e-5f,
                                    65504.0f, 65519.99f, 65520.0f, 3.3895314e38f, FLT_MAX,
                                    INFINITY, NAN, 1e-3f, 3.14159f, 100.0f};
    static const aclDataType dts[] = {ACL_FLOAT16, ACL_BF16};
    for (size_t d = 0; d < 2; d++) {
        for (size_t l = 0; l < sizeof lambdas / sizeof lambdas[0]; l++) {
            int16_t t = (int16_t)opsnn_softshrink_bwd_t16(lambdas[l], dts[d]);
            for (uint32_t x = 0; x < 65536u; x++) {
                float v = dts[d] == ACL_FLOAT16 ? opsnn_f16_to_f32((uint16_t)x)
                                                : opsnn_bf16_to_f32((uint16_t)x);
                int want = opsnn_softshrink_bwd_passes(v, lambdas[l]);
                int got = (int16_t)(x & 0x7fffu) > t;
                if (want != got) {
                    fail_msg("%s lambda %a x 0x%04x: rule %d, 16-bit compare %d (T 0x%04x)",
                             dts[d] == ACL_FLOAT16 ? "fp16" : "bf16", (double)lambdas[l],
                             (unsigned)x, want, got, (unsigned)(uint16_t)t);
                }
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_scalar_b_variant_bits_equal_reference),
        cmocka_unit_test(threshold_16bit_is_the_pass_rule_for_every_value),
        cmocka_unit_test(every_16bit_self_value_bits_equal_reference),
        cmocka_unit_test(variants_touch_only_n_elements_and_one_value),
        cmocka_unit_test(scalar_b_lookup_follows_the_selected_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
