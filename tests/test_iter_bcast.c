/*
 * Broadcast inputs through the fused walk (src/executor/walk*.c): self as
 * [rows, 1] (one value per row: the kernel's variant with one b value), self
 * as [cols] (one row read by every row, converted once when its dtype is not
 * the compute dtype) and gradOutput as [rows, 1] (no variant: the generic
 * path) must give, on every kernel path of this CPU, for row lengths 1..40
 * and longer, chunks that start and end mid-row, same and mixed dtypes, NaN,
 * inf, -0, subnormal and |x| == lambda selves and lambda 0, -0, inf, NaN,
 * exactly the bits of an element-by-element emulation of the operator - both
 * with the variant and with the generic path (a kernel without a variant).
 */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/alloc.h"
#include "executor/plan.h"
#include "kernels/cvt.h"
#include "kernels/kernels.h"
#include "ops/kernels.h"
#include "rng.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Which input is broadcast, how: self [rows, 1]; self [cols]; gradOutput
 * [rows, 1]; self expanded from the first column of a [rows, cols] array
 * (strides {cols, 0}: one value per row, rows as far apart as the output's);
 * gradOutput [cols] with self [rows, 1] (both broadcast). */
enum { SELF_COL, SELF_ROW, GRAD_COL, SELF_COL_EXPANDED, GRAD_ROW_SELF_COL, LAYOUTS };

typedef struct {
    aclDataType y, g, x, c; /* gradInput, gradOutput, self, compute dtype */
} dtypes;

static const dtypes DTYPES[] = {
    {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT},
    {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16},
    {ACL_BF16, ACL_BF16, ACL_BF16, ACL_BF16},
    {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}, /* fp32 self, 16-bit gradients */
    {ACL_BF16, ACL_BF16, ACL_FLOAT, ACL_FLOAT},
    {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT}, /* a 16-bit self converted */
    {ACL_FLOAT, ACL_BF16, ACL_BF16, ACL_FLOAT},
};

static const float LAMBDAS[] = {0.5f, 0.0f, -0.0f, INFINITY, NAN};

static size_t esize(aclDataType dt)
{
    return dt == ACL_FLOAT ? 4 : 2;
}

static float widen(const void *buf, aclDataType dt, size_t i)
{
    if (dt == ACL_FLOAT) {
        return ((const float *)buf)[i];
    }
    uint16_t h = ((const uint16_t *)buf)[i];
    return dt == ACL_FLOAT16 ? opsnn_f16_to_f32(h) : opsnn_bf16_to_f32(h);
}

/* Self values: specials first (NaN of both signs, signalling, +-inf, +-0,
 * 0.5 == the usual lambda and its neighbour, a subnormal), then random. */
static void fill_self(void *buf, aclDataType dt, size_t n, tu_rng *r)
{
    static const uint32_t f32[] = {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7f800000u,
                                   0xff800000u, 0x00000000u, 0x80000000u, 0x3f000000u,
                                   0xbf000001u, 0x00000001u};
    static const uint16_t f16[] = {0x7e00u, 0xfe00u, 0x7d01u, 0x7c00u, 0xfc00u,
                                   0x0000u, 0x8000u, 0x3800u, 0xb801u, 0x0001u};
    static const uint16_t bf16[] = {0x7fc0u, 0xffc0u, 0x7f81u, 0x7f80u, 0xff80u,
                                    0x0000u, 0x8000u, 0x3f00u, 0xbf01u, 0x0001u};
    for (size_t i = 0; i < n; i++) {
        size_t s = i % 13; /* specials spread over the rows */
        float v = tu_uniform(r, -2.0f, 2.0f);
        if (dt == ACL_FLOAT) {
            uint32_t bits = s < N_OF(f32) ? f32[s] : opsnn_f32_bits(v);
            memcpy((char *)buf + 4 * i, &bits, 4);
        } else if (dt == ACL_FLOAT16) {
            ((uint16_t *)buf)[i] = s < N_OF(f16) ? f16[s] : opsnn_f32_to_f16(v);
        } else {
            ((uint16_t *)buf)[i] = s < N_OF(bf16) ? bf16[s] : opsnn_f32_to_bf16(v);
        }
    }
}

/* Gradients: random bits (NaNs of every kind among them: copied as bits). */
static void fill_bits(void *buf, size_t bytes, tu_rng *r)
{
    for (size_t i = 0; i < bytes; i++) {
        ((unsigned char *)buf)[i] = (unsigned char)tu_next(r);
    }
}

typedef struct {
    int64_t rows, cols;
    int layout;
    dtypes d;
    void *g, *x, *y, *want;
    int64_t gn, xn, n;
} bcase;

/* The operator element by element: pass when |x| > lambda or x is NaN; in
 * the 16-bit dtypes the gradient's bits or +0, in mixed ones the float32
 * selection rounded to gradInput's dtype. */
static void emulate(bcase *c, float lambda)
{
    for (int64_t i = 0; i < c->rows; i++) {
        for (int64_t j = 0; j < c->cols; j++) {
            size_t e = (size_t)(i * c->cols + j);
            size_t gi = c->layout == GRAD_COL            ? (size_t)i
                      : c->layout == GRAD_ROW_SELF_COL ? (size_t)j
                                                         : e;
            size_t xi = c->layout == SELF_COL || c->layout == GRAD_ROW_SELF_COL ? (size_t)i
                      : c->layout == SELF_ROW            ? (size_t)j
                      : c->layout == SELF_COL_EXPANDED ? (size_t)(i * c->cols)
                                                         : e;
            float x = widen(c->x, c->d.x, xi);
            int pass = fabsf(x) > lambda || x != x;
            if (c->d.c != ACL_FLOAT) {
                uint16_t gb = ((const uint16_t *)c->g)[gi];
                ((uint16_t *)c->want)[e] = pass ? gb : 0;
                continue;
            }
            float v = pass ? widen(c->g, c->d.g, gi) : 0.0f;
            if (c->d.y == ACL_FLOAT) {
                ((float *)c->want)[e] = v;
            } else {
                ((uint16_t *)c->want)[e] =
                    c->d.y == ACL_FLOAT16 ? opsnn_f32_to_f16(v) : opsnn_f32_to_bf16(v);
            }
        }
    }
}

static void setup(bcase *c, int64_t rows, int64_t cols, int layout, dtypes d, uint64_t seed)
{
    tu_rng r = {seed};
    c->rows = rows, c->cols = cols, c->layout = layout, c->d = d;
    c->n = rows * cols;
    c->gn = layout == GRAD_COL ? rows : layout == GRAD_ROW_SELF_COL ? cols : c->n;
    c->xn = layout == SELF_COL || layout == GRAD_ROW_SELF_COL ? rows
          : layout == SELF_ROW                               ? cols
                                                             : c->n;
    c->g = malloc((size_t)c->gn * esize(d.g));
    c->x = malloc((size_t)c->xn * esize(d.x));
    c->y = malloc((size_t)c->n * esize(d.y));
    c->want = malloc((size_t)c->n * esize(d.y));
    assert_true(c->g && c->x && c->y && c->want);
    fill_bits(c->g, (size_t)c->gn * esize(d.g), &r);
    fill_self(c->x, d.x, (size_t)c->xn, &r);
}

static void teardown(bcase *c)
{
    free(c->g), free(c->x), free(c->y), free(c->want);
}

static opsnn_iter make_iter(const bcase *c)
{
    opsnn_iter it;
    memset(&it, 0, sizeof it);
    it.ndim = 2, it.noperands = 3, it.shape[0] = c->rows, it.shape[1] = c->cols;
    void *base[3] = {c->y, c->g, c->x};
    aclDataType dts[3] = {c->d.y, c->d.g, c->d.x};
    for (int k = 0; k < 3; k++) {
        it.base[k] = base[k];
        it.dtype[k] = dts[k];
        it.es[k] = (int64_t)esize(dts[k]);
        it.strides[k][0] = c->cols, it.strides[k][1] = 1;
    }
    int bk = c->layout == GRAD_COL ? 1 : 2;
    if (c->layout == SELF_ROW) {
        it.strides[bk][0] = 0, it.strides[bk][1] = 1;
    } else if (c->layout == SELF_COL_EXPANDED) {
        it.strides[bk][0] = c->cols, it.strides[bk][1] = 0;
    } else if (c->layout == GRAD_ROW_SELF_COL) {
        it.strides[1][0] = 0, it.strides[1][1] = 1;
        it.strides[2][0] = 1, it.strides[2][1] = 0;
    } else {
        it.strides[bk][0] = 1, it.strides[bk][1] = 0;
    }
    opsnn_iter_coalesce(&it);
    return it;
}

/* The selected kernel behind a function the table does not know: a walk
 * given it finds no variant and takes the generic path. */
static opsnn_ukernel_fn wrapped;
static void generic_only(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)
{
    wrapped(n, a, b, y, p);
}

/* Walk [0, n) in chunks of `chunk` with fn and compare with the emulation. */
static void walk_and_compare(const bcase *c, opsnn_ukernel_fn fn, const opsnn_kparams *p,
                             int64_t chunk, const char *what)
{
    opsnn_iter it = make_iter(c);
    size_t es = esize(c->d.y);
    memset(c->y, 0xa5, (size_t)c->n * es);
    for (int64_t pos = 0; pos < c->n; pos += chunk) {
        int64_t end = c->n - pos > chunk ? pos + chunk : c->n;
        assert_int_equal(opsnn_iter_run(&it, fn, c->d.c, p, pos, end), 0);
    }
    if (memcmp(c->y, c->want, (size_t)c->n * es) != 0) {
        for (int64_t e = 0; e < c->n; e++) {
            uint32_t got = 0, want = 0;
            memcpy(&got, (char *)c->y + (size_t)e * es, es);
            memcpy(&want, (char *)c->want + (size_t)e * es, es);
            if (got != want) {
                fail_msg("%s %s: %lldx%lld layout %d dtypes y%d g%d x%d c%d chunk %lld: element "
                         "%lld got %#x want %#x", what, opsnn_isa_name(opsnn_kernels_selected()),
                         (long long)c->rows, (long long)c->cols, c->layout, (int)c->d.y,
                         (int)c->d.g, (int)c->d.x, (int)c->d.c, (long long)chunk, (long long)e,
                         got, want);
            }
        }
    }
}

/* One case on every path, lambda and chunking, with and without the variant. */
static void check_case(bcase *c)
{
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    const int64_t chunks[] = {c->n, 37, c->n / 3 + 1};
    for (size_t l = 0; l < N_OF(LAMBDAS); l++) {
        opsnn_softshrink_bwd_params sp = {LAMBDAS[l]};
        opsnn_kparams p = {&sp, 0, 0};
        emulate(c, LAMBDAS[l]);
        for (size_t ai = 0; ai < nav; ai++) {
            opsnn_kernels_select((int)av[ai]);
            opsnn_ukernel_fn fn = opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, c->d.c);
            wrapped = fn;
            for (size_t k = 0; k < N_OF(chunks); k++) {
                walk_and_compare(c, fn, &p, chunks[k], "variant");
                walk_and_compare(c, generic_only, &p, chunks[k], "generic");
            }
        }
    }
    opsnn_kernels_select(-1);
}

static void broadcast_short_rows_match_emulation(void **state)
{
    (void)state;
    assert_null(opsnn_ukernel_scalar_b(generic_only)); /* the generic path really is taken */
    for (int layout = 0; layout < LAYOUTS; layout++) {
        for (size_t d = 0; d < N_OF(DTYPES); d++) {
            for (int64_t cols = 1; cols <= 40; cols++) {
                bcase c;
                setup(&c, cols % 3 == 0 ? 1 : 5, cols, layout, DTYPES[d], (uint64_t)cols);
                check_case(&c);
                teardown(&c);
            }
        }
    }
}

/* 256 x 256 (the benchmark's 64K case), rows longer than a tile, many short
 * rows, a [cols] row too long for the thread's buffer (converted per row). */
static void broadcast_long_and_many_rows_match_emulation(void **state)
{
    (void)state;
    static const int64_t shapes[][2] = {{256, 256}, {3, 2500}, {700, 3}, {2, 9000}};
    for (int layout = 0; layout < LAYOUTS; layout++) {
        for (size_t d = 0; d < N_OF(DTYPES); d++) {
            for (size_t s = 0; s < N_OF(shapes); s++) {
                bcase c;
                setup(&c, shapes[s][0], shapes[s][1], layout, DTYPES[d], 99 + s);
                check_case(&c);
                teardown(&c);
            }
        }
    }
}

/* Three dims that do not merge: self [5, 1] and gradOutput [5, 7] under a
 * [3, 5, 7] output, so runs of whole rows end at each 2-D slice and chunks
 * cross slices. */
static void broadcast_in_three_dims_matches_emulation(void **state)
{
    (void)state;
    enum { D0 = 3, D1 = 5, D2 = 7, N = D0 * D1 * D2 };
    tu_rng r = {5};
    float g[D1 * D2], x[D1], y[N], want[N];
    fill_self(x, ACL_FLOAT, D1, &r);
    for (int i = 0; i < D1 * D2; i++) {
        g[i] = tu_uniform(&r, -2.0f, 2.0f);
    }
    for (int i = 0; i < N; i++) {
        float v = x[i / D2 % D1];
        want[i] = fabsf(v) > 0.5f || v != v ? g[i % (D1 * D2)] : 0.0f;
    }
    opsnn_iter it;
    memset(&it, 0, sizeof it);
    it.ndim = 3, it.noperands = 3;
    it.shape[0] = D0, it.shape[1] = D1, it.shape[2] = D2;
    void *base[3] = {y, g, x};
    const int64_t strides[3][3] = {{D1 * D2, D2, 1}, {0, D2, 1}, {0, 1, 0}};
    for (int k = 0; k < 3; k++) {
        it.base[k] = base[k], it.dtype[k] = ACL_FLOAT, it.es[k] = 4;
        memcpy(it.strides[k], strides[k], sizeof strides[k]);
    }
    opsnn_iter_coalesce(&it);
    assert_int_equal(it.ndim, 3);
    opsnn_softshrink_bwd_params sp = {0.5f};
    opsnn_kparams p = {&sp, 0, 0};
    opsnn_ukernel_fn fn = opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, ACL_FLOAT);
    static const int64_t chunks[] = {N, 9, 40};
    for (size_t ci = 0; ci < N_OF(chunks); ci++) {
        memset(y, 0xa5, sizeof y);
        for (int64_t pos = 0; pos < N; pos += chunks[ci]) {
            int64_t end = N - pos > chunks[ci] ? pos + chunks[ci] : N;
            assert_int_equal(opsnn_iter_run(&it, fn, ACL_FLOAT, &p, pos, end), 0);
        }
        assert_memory_equal(y, want, sizeof y);
    }
}

/* A [cols] self longer than a tile, in a dtype to convert, is converted once
 * into the thread's panel buffer (allocated on the thread's first use, as
 * for transposed inputs); a fresh thread whose allocation fails converts it
 * for every row instead, with the same bits. */
static void *walk_without_memory(void *arg)
{
    bcase *c = arg;
    opsnn_softshrink_bwd_params sp = {0.5f};
    opsnn_kparams p = {&sp, 0, 0};
    opsnn_test_fail_alloc_at(1);
    walk_and_compare(c, opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, ACL_FLOAT), &p, c->n,
                     "no memory");
    long tried = opsnn_test_alloc_count();
    opsnn_test_fail_alloc_at(0);
    return (void *)(intptr_t)tried;
}

static void resident_row_without_memory_gives_the_same_bits(void **state)
{
    (void)state;
    bcase c;
    setup(&c, 4, 5000, SELF_ROW, DTYPES[5], 7);
    emulate(&c, 0.5f);
    pthread_t t;
    void *tried = NULL;
    assert_int_equal(pthread_create(&t, NULL, walk_without_memory, &c), 0);
    assert_int_equal(pthread_join(t, &tried), 0);
    assert_true((intptr_t)tried >= 1); /* the buffer was asked for (and refused) */
    teardown(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(broadcast_short_rows_match_emulation),
        cmocka_unit_test(broadcast_long_and_many_rows_match_emulation),
        cmocka_unit_test(broadcast_in_three_dims_matches_emulation),
        cmocka_unit_test(resident_row_without_memory_gives_the_same_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
