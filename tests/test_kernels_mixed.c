/*
 * test_kernels_mixed.c - the micro-kernel variants whose operands are stored
 * in other dtypes than the kernel computes in (the OPSNN_UKERNEL_X rows of
 * kernels/<family>/list.inc, e.g. SoftshrinkBackward with fp16 gradOutput and
 * gradInput and a float32 self): on every path this machine runs, each gives
 * the bits of the tile path the walker took before it had them (gather a and
 * b into the compute dtype with opsnn_copy_convert, run the path's kernel of
 * that dtype, scatter y back), for every 16-bit pattern (NaN payloads
 * signalling and quiet, +-0, subnormals, +-inf), float32 specials (NaN
 * payloads, +-0, subnormals, +-inf, values on either side of lambda, the
 * 16-bit rounding ties and overflow boundaries), lambda 0, subnormal, inf and
 * NaN, run lengths 0..40 and a few long ones, offset by one element, in place
 * (y == a) where the dtypes allow, with and without nt_store; the output's
 * guard bytes included. The walker (src/executor/walk_row.c) with the variant
 * gives the bits of its tile path for contiguous, strided (gathered in the
 * operand's own dtype), strided-output and transposed (panelled) operands.
 * And the table hands each variant out for exactly its kernel and dtypes
 * (opsnn_ukernel_mixed).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "executor/plan.h"
#include "kernels/cvt.h"
#include "kernels/kernels.h"
#include "ops/kernels.h"
#include "rng.h"
#include "variant_params.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
    opsnn_kernel_kind kind;
    opsnn_isa isa;
    aclDataType cdt, adt, bdt, ydt;
    opsnn_ukernel_fn fn;
    const char *name;
} xrow;

static const xrow ROWS[] = {
#define OPSNN_FAMILY(kind)
#define OPSNN_UKERNEL(kind, isa, dtype, fn)
#define OPSNN_UKERNEL_C(kind, isa, dtype, fn)
#define OPSNN_UKERNEL_X(kind, isa, cdt, adt, bdt, ydt, fn) \
    {OPSNN_KERNEL_##kind, OPSNN_ISA_##isa, cdt, adt, bdt, ydt, fn, #fn},
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

static const float LAMBDAS[] = {0.5f, 0.0f, 1.0f, 0x1p-140f, 65504.0f, INFINITY, NAN};

/* float32 values: NaN payloads, +-0, +-inf, subnormals, around 0.5 and 1,
 * fp16 and bf16 rounding ties (to even down and up), fp16 overflow and
 * subnormal boundaries. */
static const uint32_t F32_SPECIAL[] = {
    0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff800001u, 0x7fa5a5a5u, 0x7fbfffffu, 0xffffffffu,
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x00000001u, 0x80000001u, 0x007fffffu,
    0x00800000u, 0x7f7fffffu, 0x3f000000u, 0xbf000000u, 0x3f000001u, 0x3effffffu, 0x3f800000u,
    0xbf800001u, 0x3f808000u, 0x3f818000u, 0xbf808000u, 0x3f801000u, 0x3f803000u, 0x3f800fffu,
    0x477fe000u, 0x477ff000u, 0x477fefffu, 0x33000000u, 0x33000001u, 0x33400000u, 0x387fc000u,
    0x7f7f8000u, 0x7f7f7fffu, 0x0c000000u,
};

static size_t esize(aclDataType dt)
{
    return opsnn_dtype_size(dt);
}

/* Element i of an operand in dt: every 16-bit pattern in turn for 16-bit
 * dtypes (starting at `shift`, so a and b do not pair the same way), the
 * float32 specials and then random bits for float32. */
static void fill(unsigned char *dst, aclDataType dt, size_t n, uint32_t shift, tu_rng *r)
{
    for (size_t i = 0; i < n; i++) {
        if (dt == ACL_FLOAT) {
            size_t k = (i + shift) % (N_OF(F32_SPECIAL) * 4);
            uint32_t v = k < N_OF(F32_SPECIAL) ? F32_SPECIAL[k] : (uint32_t)tu_next(r);
            memcpy(dst + i * 4, &v, 4);
        } else {
            uint16_t v = (uint16_t)(i + shift);
            memcpy(dst + i * 2, &v, 2);
        }
    }
}

#define GUARD 64
#define MAXN 65600

typedef struct {
    _Alignas(64) unsigned char a[GUARD + MAXN * 4 + GUARD];
    _Alignas(64) unsigned char b[GUARD + MAXN * 4 + GUARD];
    _Alignas(64) unsigned char y[GUARD + MAXN * 4 + GUARD];
} bufs;

/* The tile path: a and b into cdt, the selected path's cdt kernel, y back. */
static void tile_path(const xrow *row, size_t n, const void *a, const void *b, void *y,
                      const opsnn_kparams *p)
{
    static _Alignas(64) unsigned char ta[MAXN * 4], tb[MAXN * 4], ty[MAXN * 4];
    opsnn_ukernel_fn fn = opsnn_ukernel_get(row->kind, row->cdt);
    assert_non_null(fn);
    assert_int_equal(opsnn_copy_convert(ta, row->cdt, 1, a, row->adt, 1, n), 0);
    assert_int_equal(opsnn_copy_convert(tb, row->cdt, 1, b, row->bdt, 1, n), 0);
    fn(n, ta, tb, ty, p);
    assert_int_equal(opsnn_copy_convert(y, row->ydt, 1, ty, row->cdt, 1, n), 0);
}

static const size_t SIZES_LONG[] = {63, 64, 65, 257, 1000, 4099, 65536};

/* One variant against the tile path for one lambda and rule (the family's
 * parameter set, variant_params.h): every size x offset x in-place mode x
 * nt_store. */
static void compare(const xrow *row, float lambda, size_t rule, const bufs *src)
{
    static bufs want, got;
    size_t ae = esize(row->adt), be = esize(row->bdt), ye = esize(row->ydt);
    tv_params sp;
    const void *op = tv_make(row->kind, lambda, rule, &sp);
    for (size_t si = 0; si <= 40 + N_OF(SIZES_LONG); si++) {
        size_t n = si <= 40 ? si : SIZES_LONG[si - 41];
        for (int cfg = 0; cfg < 8; cfg++) {
            size_t off = (size_t)(cfg & 1), yoff = 1 - off;
            int inplace = (cfg >> 1) & 1, nt = cfg >> 2;
            if (inplace && row->adt != row->ydt) {
                continue;
            }
            yoff = inplace ? off : yoff;
            opsnn_kparams p = {op, nt, 0};
            size_t used = 2 * GUARD + (n + 1) * 4; /* the bytes a run of n can reach */
            memcpy(want.a, src->a, used);
            memcpy(want.b, src->b, used);
            memcpy(want.y, inplace ? src->a : src->y, used);
            memcpy(got.a, want.a, used);
            memcpy(got.b, want.b, used);
            memcpy(got.y, want.y, used);
            unsigned char *yw = want.y + GUARD + yoff * ye, *yg = got.y + GUARD + yoff * ye;
            const void *aw = inplace ? (const void *)yw : want.a + GUARD + off * ae;
            const void *ag = inplace ? (const void *)yg : got.a + GUARD + off * ae;
            tile_path(row, n, aw, want.b + GUARD + off * be, yw, &p);
            row->fn(n, ag, got.b + GUARD + off * be, yg, &p);
            if (memcmp(want.y, got.y, used) != 0) {
                size_t i = 0;
                while (want.y[i] == got.y[i]) {
                    i++;
                }
                fail_msg("%s lambda=%a rule %zu n=%zu off=%zu y_off=%zu inplace=%d nt=%d: "
                         "first difference at output byte %zd",
                         row->name, (double)lambda, rule, n, off, yoff, inplace, nt,
                         (ptrdiff_t)i - (ptrdiff_t)(GUARD + yoff * ye));
            }
        }
    }
}

static void variants_give_the_tile_paths_bits_on_every_path(void **state)
{
    (void)state;
    static bufs src;
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    size_t checked = 0;
    for (size_t r = 0; r < N_OF(ROWS); r++) {
        const xrow *row = &ROWS[r];
        /* the family's parameters, every generation's (variant_params.h) */
        assert_true(tv_rules(row->kind) > 0);
        int runs = 0;
        for (size_t k = 0; k < nav; k++) {
            runs |= av[k] == row->isa;
        }
        if (!runs) {
            continue;
        }
        assert_int_equal(opsnn_kernels_select((int)row->isa), (int)row->isa);
        tu_rng rng = {(uint64_t)r + 1};
        memset(&src, 0xa5, sizeof src);
        fill(src.a + GUARD, row->adt, MAXN, 0, &rng);
        fill(src.b + GUARD, row->bdt, MAXN, 0x3c00u, &rng);
        for (size_t l = 0; l < N_OF(LAMBDAS); l++) {
            for (size_t rule = 0; rule < tv_rules(row->kind); rule++) {
                compare(row, LAMBDAS[l], rule, &src);
            }
        }
        checked++;
    }
    opsnn_kernels_select(-1);
    assert_true(checked > 0);
}

/* The selected kernel behind a function the table does not know: a walk
 * given it finds no variant and takes the tile path. */
static opsnn_ukernel_fn wrapped;
static void tiles_only(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)
{
    wrapped(n, a, b, y, p);
}

enum { CONTIGUOUS, GRAD_STRIDED, OUT_STRIDED, SELF_TRANSPOSED, WALKS };

/* A rows x cols walk of the row's dtypes: operand k's element (i, j) at
 * base[k] + (i * outer + j * inner) elements, as the layout has them (the
 * strided operands at every second element). */
static opsnn_iter walk_of(const xrow *row, int layout, int64_t rows, int64_t cols, void *y,
                          void *g, void *x)
{
    opsnn_iter it;
    memset(&it, 0, sizeof it);
    it.ndim = 2, it.noperands = 3, it.shape[0] = rows, it.shape[1] = cols;
    void *base[3] = {y, g, x};
    aclDataType dts[3] = {row->ydt, row->adt, row->bdt};
    for (int k = 0; k < 3; k++) {
        it.base[k] = base[k];
        it.dtype[k] = dts[k];
        it.es[k] = (int64_t)esize(dts[k]);
        it.strides[k][0] = cols, it.strides[k][1] = 1;
    }
    int sk = layout == GRAD_STRIDED ? 1 : layout == OUT_STRIDED ? 0 : -1;
    if (sk >= 0) {
        it.strides[sk][0] = 2 * cols, it.strides[sk][1] = 2;
    }
    if (layout == SELF_TRANSPOSED) {
        it.strides[2][0] = 1, it.strides[2][1] = rows;
    }
    opsnn_iter_coalesce(&it);
    return it;
}

static void walker_with_the_variant_gives_the_tile_paths_bits(void **state)
{
    (void)state;
    enum { ROWS_N = 300, COLS_N = 70 };
    size_t cap = (size_t)ROWS_N * COLS_N * 2 * 4;
    unsigned char *g = malloc(cap), *x = malloc(cap), *yv = malloc(cap), *yt = malloc(cap);
    assert_true(g && x && yv && yt);
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    size_t walked = 0;
    for (size_t r = 0; r < N_OF(ROWS); r++) {
        const xrow *row = &ROWS[r];
        if (row->isa != OPSNN_ISA_SCALAR) {
            continue; /* the dtypes once; every path below */
        }
        tu_rng rng = {(uint64_t)r + 7};
        fill(g, row->adt, cap / 4, 0, &rng);
        fill(x, row->bdt, cap / 4, 0x3c00u, &rng);
        for (size_t k = 0; k < nav; k++) {
            opsnn_kernels_select((int)av[k]);
            opsnn_ukernel_fn fn = opsnn_ukernel_get(row->kind, row->cdt);
            assert_non_null(opsnn_ukernel_mixed(fn, row->adt, row->bdt, row->ydt));
            wrapped = fn;
            for (int layout = 0; layout < WALKS; layout++) {
                for (size_t l = 0; l < N_OF(LAMBDAS) * tv_rules(row->kind); l++) {
                    size_t rule = l % tv_rules(row->kind);
                    float lambda = LAMBDAS[l / tv_rules(row->kind)];
                    tv_params sp;
                    opsnn_kparams p = {tv_make(row->kind, lambda, rule, &sp), 0, 0};
                    memset(yv, 0x5a, cap);
                    memset(yt, 0x5a, cap);
                    opsnn_iter iv = walk_of(row, layout, ROWS_N, COLS_N, yv, g, x);
                    opsnn_iter itl = walk_of(row, layout, ROWS_N, COLS_N, yt, g, x);
                    int64_t n = (int64_t)ROWS_N * COLS_N;
                    assert_int_equal(opsnn_iter_run(&iv, fn, row->cdt, &p, 0, n), 0);
                    assert_int_equal(opsnn_iter_run(&itl, tiles_only, row->cdt, &p, 0, n), 0);
                    if (memcmp(yv, yt, cap) != 0) {
                        fail_msg("%s on %s, layout %d, lambda %a rule %zu: the walk with the "
                                 "variant differs from the tile path", row->name,
                                 opsnn_isa_name((int)av[k]), layout, (double)lambda, rule);
                    }
                    walked++;
                }
            }
        }
    }
    opsnn_kernels_select(-1);
    free(g), free(x), free(yv), free(yt);
    assert_true(walked > 0);
}

/* The table hands a variant out for its own kernel and dtypes only, and the
 * selected path's row (or the best path's below it) is the one handed out. */
static void table_hands_out_each_variant_for_its_kernel_and_dtypes(void **state)
{
    (void)state;
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t k = 0; k < nav; k++) {
        opsnn_kernels_select((int)av[k]);
        for (size_t r = 0; r < N_OF(ROWS); r++) {
            const xrow *row = &ROWS[r];
            if (row->isa != av[k]) {
                continue;
            }
            opsnn_ukernel_fn fn = opsnn_ukernel_get(row->kind, row->cdt);
            assert_ptr_equal(opsnn_ukernel_mixed(fn, row->adt, row->bdt, row->ydt), row->fn);
            /* the same dtypes for another kernel, or all in cdt: none */
            assert_null(opsnn_ukernel_mixed(fn, row->cdt, row->cdt, row->cdt));
            opsnn_ukernel_fn other = opsnn_ukernel_get(OPSNN_KERNEL_COPY, row->cdt);
            if (other != fn) {
                assert_null(opsnn_ukernel_mixed(other, row->adt, row->bdt, row->ydt));
            }
        }
    }
    opsnn_kernels_select(-1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(variants_give_the_tile_paths_bits_on_every_path),
        cmocka_unit_test(walker_with_the_variant_gives_the_tile_paths_bits),
        cmocka_unit_test(table_hands_out_each_variant_for_its_kernel_and_dtypes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
