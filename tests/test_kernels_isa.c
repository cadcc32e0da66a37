/*
 * test_kernels_isa.c - every vector micro-kernel gives the scalar kernel's
 * bits (results are bit-identical for any ISA path, docs/precision.md), for every ISA this
 * machine has; and the ISA selection (opsnn_kernels_select, OPSNN_ISA) does
 * what kernels.h says.
 *
 * Each case runs the scalar and the vector kernel on identical buffers and
 * memcmp's the whole buffer, guard bytes around the output included: sizes
 * around every vector width, inputs and output offset by one element, exact
 * in-place (y == a, y == b), nt_store each way (off, streamed, streamed with
 * the fence left to the caller), data salted with NaN (both signs,
 * signalling and quiet payloads), +-0, +-inf, subnormals, the largest finite
 * value, |x| == lambda and its neighbours, values that round to fp16
 * overflow, and int8/int32 extremes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if OPSNN_HAVE_X86_KERNELS
#include <cpuid.h>
#endif

#include "kernels/cvt.h"
#include "kernels/kernels.h"
#include "kernels/lut16.h"
#include "ops/kernels.h"
#include "ops/selu/op_kernel/selu-fwd.h"
#include "opsnn/opsnn.h"
#include "rng.h"

/* ---- deterministic data --------------------------------------------------- */

static tu_rng rng_state = {0x9e3779b97f4a7c15u};

static uint64_t rng(void)
{
    return tu_next(&rng_state);
}

static float rng_uniform(float lo, float hi)
{
    return tu_uniform(&rng_state, lo, hi);
}

static const uint32_t F32_SPECIALS[] = {
    0x7fc00000u, 0xffc00000u, /* quiet NaN, both signs */
    0x7f800001u, 0xff800001u, /* signalling NaN, smallest payload */
    0x7fa5a5a5u, 0xffb00001u, /* signalling NaN, payloads */
    0x7fffffffu, 0xffe12345u, /* quiet NaN, payloads */
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, /* +-0, +-inf */
    0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00400000u, /* subnormals */
    0x00800000u, 0x80800000u, 0x7f7fffffu, 0xff7fffffu, /* FLT_MIN, FLT_MAX */
    0x477fe000u, 0x477fefffu, 0x477ff000u, 0xc77ff000u, /* 65504, below/at the fp16 overflow tie */
    0x33800000u, 0x33000000u, 0x33000001u, 0xb3400000u, /* fp16 subnormal range and ties */
    0x3f800000u, 0xbf800000u, 0x3f3504f3u, 0xbfe10a3du, /* ordinary */
    0xbfe10966u, /* -SCALE_ALPHA: t == 0, so inf * t makes a NaN */
};

static const uint16_t F16_SPECIALS[] = {
    0x7e00u, 0xfe00u, 0x7c01u, 0xfc01u, 0x7d55u, 0xfdffu, 0x7fffu, 0xffffu, /* NaNs */
    0x0000u, 0x8000u, 0x7c00u, 0xfc00u, /* +-0, +-inf */
    0x0001u, 0x8001u, 0x03ffu, 0x83ffu, 0x0200u, /* subnormals */
    0x0400u, 0x8400u, 0x7bffu, 0xfbffu, 0x7bfeu, 0x7800u, 0xf800u, /* min normal, 65504 */
    0x3c00u, 0xbc00u, 0xc000u, 0xbfffu, 0x4248u,
};

static const uint16_t BF16_SPECIALS[] = {
    0x7fc0u, 0xffc0u, 0x7f81u, 0xff81u, 0x7fa5u, 0xffbfu, 0x7fffu, 0xffffu, /* NaNs */
    0x0000u, 0x8000u, 0x7f80u, 0xff80u, /* +-0, +-inf */
    0x0001u, 0x8001u, 0x007fu, 0x807fu, 0x0040u, /* subnormals */
    0x0080u, 0x8080u, 0x7f7fu, 0xff7fu, 0x7f7eu, /* min normal, largest finite */
    0x3f80u, 0xbf80u, 0xc000u, 0xbfe1u, 0x4780u,
};

static const int32_t I32_SPECIALS[] = {
    INT32_MIN, INT32_MAX, INT32_MIN + 1, INT32_MAX - 1, 0, 1, -1, -2, 2,
    16777216, 16777217, -16777217, 2043814400, 2043814528, 2043814656,
    2043857792, 2043857856, 2043857920, -2043857856, /* fl(SCALE * 2043857856) == 2^31 */
    -2043814528, -2043814656, 1000000000, -1000000000,
    65504, 65519, 65520, -65504, -65519, -65520, 62336, -62336, /* the fp16 overflow edge */
    2047, 2049, 4097, -4097, 5000, 60000, /* fp16 rounds the inputs */
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

typedef enum { DT_F32, DT_F16, DT_BF16, DT_I8, DT_I32, DT_U8 } dtk;

static size_t esize(dtk d)
{
    return d == DT_I8 || d == DT_U8 ? 1 : d == DT_F16 || d == DT_BF16 ? 2 : 4;
}

static aclDataType acl_dtype(dtk d)
{
    static const aclDataType map[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_INT32, ACL_UINT8};
    return map[d];
}

static const char *dt_name(dtk d)
{
    static const char *names[] = {"f32", "f16", "bf16", "i8", "i32", "u8"};
    return names[d];
}

/* |x| == lambda and its neighbours in dtype d, both signs (raw bits). */
static size_t lambda_neighbours(dtk d, float lambda, uint32_t out[6])
{
    uint32_t c = d == DT_F32    ? opsnn_f32_bits(lambda)
                 : d == DT_F16  ? opsnn_f32_to_f16(lambda)
                                : opsnn_f32_to_bf16(lambda);
    uint32_t sign = d == DT_F32 ? 0x80000000u : 0x8000u;
    uint32_t mag = c & (sign - 1u);
    size_t k = 0;
    for (int delta = -1; delta <= 1; delta++) {
        if (mag == 0 && delta < 0) {
            continue;
        }
        uint32_t m = mag + (uint32_t)delta;
        out[k++] = m;
        out[k++] = m | sign;
    }
    return k;
}

/* One element: mostly ordinary values (both SELU branches, both sides of
 * lambda), salted one in four with specials and raw bit patterns. */
static void gen_elem(dtk d, void *p, size_t i, float lambda)
{
    uint64_t r = rng();
    int pick = (int)(r % 16);
    uint32_t nb[6];
    size_t nnb = lambda_neighbours(d == DT_I8 || d == DT_I32 || d == DT_U8 ? DT_F32 : d, lambda, nb);
    float v = pick < 10 ? rng_uniform(-4.0f, 4.0f) : pick < 12 ? rng_uniform(-70000.0f, 70000.0f) : 0;
    switch (d) {
    case DT_F32: {
        uint32_t b = pick < 12 ? opsnn_f32_bits(v)
                     : pick == 12 ? F32_SPECIALS[(r >> 8) % N_OF(F32_SPECIALS)]
                     : pick == 13 ? nb[(r >> 8) % nnb]
                                  : (uint32_t)(r >> 32);
        ((uint32_t *)p)[i] = b;
        break;
    }
    case DT_F16:
    case DT_BF16: {
        const uint16_t *sp = d == DT_F16 ? F16_SPECIALS : BF16_SPECIALS;
        size_t nsp = d == DT_F16 ? N_OF(F16_SPECIALS) : N_OF(BF16_SPECIALS);
        uint16_t h = d == DT_F16 ? opsnn_f32_to_f16(v) : opsnn_f32_to_bf16(v);
        ((uint16_t *)p)[i] = pick < 12 ? h
                             : pick == 12 ? sp[(r >> 8) % nsp]
                             : pick == 13 ? (uint16_t)nb[(r >> 8) % nnb]
                                          : (uint16_t)(r >> 32);
        break;
    }
    case DT_I8:
        ((int8_t *)p)[i] = pick < 12 ? (int8_t)(r >> 32) : pick < 14 ? -128 : 127;
        break;
    case DT_U8:
        ((uint8_t *)p)[i] = pick < 12 ? (uint8_t)(r >> 32) : pick < 14 ? 0 : 255;
        break;
    case DT_I32: {
        int32_t x = pick < 8 ? (int32_t)(v * 1000.0f) : pick < 12 ? (int32_t)(r >> 32)
                                                                   : I32_SPECIALS[(r >> 8) % N_OF(I32_SPECIALS)];
        ((int32_t *)p)[i] = x;
        break;
    }
    }
}

/* ---- the comparison harness ----------------------------------------------- */

#define GUARD 64 /* bytes of sentinel before and after the output */
#define MAXN 4099

static const size_t SIZES[] = {0, 1, 7, 15, 16, 17, 31, 33, 63, 64, 65, 127, 1000, 4099};

typedef struct {
    opsnn_kernel_kind kind;
    dtk dt;
    opsnn_ukernel_fn ref; /* the scalar kernel */
} kcase;

/* Every row of the manifest's kernel lists (ops/all.def) and of kernels/copy/: the sweep below covers whatever the lists
 * hold (the variants with one value for b: test_kernels_scalar_b.c). */
typedef struct {
    opsnn_kernel_kind kind;
    opsnn_isa isa;
    aclDataType dtype;
    opsnn_ukernel_fn fn;
    const char *name;
} krow;

static const krow ROWS[] = {
#define OPSNN_FAMILY(kind)
#define OPSNN_UKERNEL(kind, isa, dtype, fn) {OPSNN_KERNEL_##kind, OPSNN_ISA_##isa, dtype, fn, #fn},
#define OPSNN_UKERNEL_C(kind, isa, dtype, fn)
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

/* The scalar row of kind x dtype, or NULL. */
static const krow *scalar_row(opsnn_kernel_kind kind, aclDataType dt)
{
    for (size_t r = 0; r < N_OF(ROWS); r++) {
        if (ROWS[r].kind == kind && ROWS[r].dtype == dt && ROWS[r].isa == OPSNN_ISA_SCALAR) {
            return &ROWS[r];
        }
    }
    return NULL;
}

static dtk dtk_of(aclDataType dt)
{
    return dt == ACL_FLOAT ? DT_F32 : dt == ACL_FLOAT16 ? DT_F16 : dt == ACL_BF16 ? DT_BF16
         : dt == ACL_INT8  ? DT_I8  : dt == ACL_UINT8 ? DT_U8 : DT_I32;
}

/* The family's parameter struct behind a kernel call, from the OPSNN_KTEST
 * entry of its op.def (lambda where the family has a threshold); copy takes
 * none, and a family without an entry fails the test rather than running
 * with another family's struct. */
static union {
#define OPSNN_DEF_KERNELS
#define OPSNN_KTEST(kind, type, ...) type kind;
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
} kparams_store;

static opsnn_kparams kargs(opsnn_kernel_kind kind, float lambda, int nt)
{
    opsnn_kparams p = {NULL, nt, 0};
    switch (kind) {
    case OPSNN_KERNEL_COPY: break;
#define OPSNN_DEF_KERNELS
#define OPSNN_KTEST(kind, type, ...)                          \
    case OPSNN_KERNEL_##kind:                                 \
        kparams_store.kind = (type)__VA_ARGS__;               \
        p.op = &kparams_store.kind;                           \
        break;
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
    default: fail_msg("kernel family %d has no OPSNN_KTEST entry in its op.def", (int)kind);
    }
    (void)lambda;
    return p;
}

/* 1 when the manifest has an OPSNN_KTEST entry for the family. */
static int has_ktest(opsnn_kernel_kind kind)
{
    switch (kind) {
#define OPSNN_DEF_KERNELS
#define OPSNN_KTEST(kind, type, ...) case OPSNN_KERNEL_##kind: return 1;
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
    default: return 0;
    }
}

/* Every operator family of the manifest has rows, a scalar row and test
 * parameters, and every row the dispatch reads is in the sweep. */
static void every_family_has_rows_and_test_parameters(void **state)
{
    (void)state;
    for (opsnn_kernel_kind k = OPSNN_KERNEL_COPY + 1; k < OPSNN_KERNEL_COUNT; k++) {
        int rows = 0, scalar = 0;
        for (size_t r = 0; r < N_OF(ROWS); r++) {
            rows += ROWS[r].kind == k;
            scalar += ROWS[r].kind == k && ROWS[r].isa == OPSNN_ISA_SCALAR;
        }
        assert_true(rows > 0);
        assert_true(scalar > 0);
        assert_true(has_ktest(k));
    }
    assert_false(has_ktest(OPSNN_KERNEL_COPY));
    assert_false(has_ktest(OPSNN_KERNEL_COUNT));
    size_t plain = 0;
    for (size_t r = 0; r < opsnn_ukernel_row_count; r++) {
        const opsnn_ukernel_row *w = &opsnn_ukernel_rows[r];
        assert_true(w->kind > OPSNN_KERNEL_COPY && w->kind < OPSNN_KERNEL_COUNT);
        if (w->type != OPSNN_UROW_KERNEL) {
            continue;
        }
        plain++;
        int found = 0;
        for (size_t q = 0; q < N_OF(ROWS) && !found; q++) {
            found = ROWS[q].fn == w->fn && ROWS[q].kind == w->kind && (int)ROWS[q].isa == w->isa &&
                    ROWS[q].dtype == w->cdt;
        }
        assert_true(found);
    }
    size_t copies = 0;
    for (size_t q = 0; q < N_OF(ROWS); q++) {
        copies += ROWS[q].kind == OPSNN_KERNEL_COPY;
    }
    assert_int_equal(plain + copies, N_OF(ROWS));
}

enum { NOT_IN_PLACE, IN_PLACE_A, IN_PLACE_B };

typedef struct {
    _Alignas(64) unsigned char a[GUARD + MAXN * 4 + GUARD];
    _Alignas(64) unsigned char b[GUARD + MAXN * 4 + GUARD];
    _Alignas(64) unsigned char y[GUARD + MAXN * 4 + GUARD];
} bufs;

/* Lay out inputs (offset `in_off` elements) and output (offset `out_off`):
 * for in-place runs the output buffer holds a copy of that input. */
static void layout(bufs *s, const bufs *src, int inplace)
{
    memcpy(s, src, sizeof *s);
    if (inplace == IN_PLACE_A) {
        memcpy(s->y, s->a, sizeof s->y);
    } else if (inplace == IN_PLACE_B) {
        memcpy(s->y, s->b, sizeof s->y);
    }
}

static void run(opsnn_ukernel_fn fn, bufs *s, size_t n, size_t off, size_t yoff, int inplace,
                const opsnn_kparams *p, size_t es)
{
    const void *a = s->a + GUARD + off * es, *b = s->b + GUARD + off * es;
    void *y = s->y + GUARD + yoff * es;
    if (inplace == IN_PLACE_A) {
        a = y;
    } else if (inplace == IN_PLACE_B) {
        b = y;
    }
    fn(n, a, b, y, p);
}

static void report_mismatch(const bufs *ref, const bufs *got, size_t es)
{
    for (size_t k = 0; k < sizeof ref->y; k += es) {
        if (memcmp(ref->y + k, got->y + k, es) != 0) {
            uint32_t r = 0, g = 0, ia = 0, ib = 0;
            memcpy(&r, ref->y + k, es);
            memcpy(&g, got->y + k, es);
            memcpy(&ia, ref->a + k, es);
            memcpy(&ib, ref->b + k, es);
            print_error("first mismatch at byte %zu (guard %d): a=%#x b=%#x scalar=%#x vector=%#x\n",
                        k, GUARD, ia, ib, r, g);
            return;
        }
    }
}

/* Every size x offset x in-place mode x nt_store for one kernel, ISA, lambda. */
static void compare_all(const kcase *kc, opsnn_ukernel_fn fn, int isa, float lambda)
{
    static bufs src, ref, got;
    size_t es = esize(kc->dt);
    for (size_t si = 0; si < N_OF(SIZES); si++) {
        size_t n = SIZES[si];
        memset(&src, 0xa5, sizeof src);
        for (size_t i = 0; i < sizeof src.a / es; i++) {
            gen_elem(kc->dt, src.a, i, lambda);
            gen_elem(kc->dt, src.b, i, lambda);
        }
        memset(src.y, 0xa5, sizeof src.y);
        /* nt: OPSNN_NT_NONE, OPSNN_NT_STREAM, OPSNN_NT_STREAM_UNFENCED */
        for (int cfg = 0; cfg < 4 * 3 * 3; cfg++) {
            size_t off = (size_t)(cfg & 1), yoff = (size_t)((cfg >> 1) & 1);
            int inplace = (cfg >> 2) % 3, nt = cfg / 12;
            if (inplace != NOT_IN_PLACE && off != yoff) {
                continue;
            }
            opsnn_kparams p = kargs(kc->kind, lambda, nt);
            layout(&ref, &src, inplace);
            layout(&got, &src, inplace);
            run(kc->ref, &ref, n, off, yoff, inplace, &p, es);
            run(fn, &got, n, off, yoff, inplace, &p, es);
            opsnn_stream_fence(); /* the caller's part of OPSNN_NT_STREAM_UNFENCED */
            if (memcmp(ref.y, got.y, sizeof ref.y) != 0) {
                report_mismatch(&ref, &got, es);
                fail_msg("%s %s %s: n=%zu in_off=%zu y_off=%zu inplace=%d nt=%d lambda=%a",
                         kc->kind == OPSNN_KERNEL_SOFTSHRINK_BWD ? "softshrink" : "selu",
                         dt_name(kc->dt), opsnn_isa_name(isa), n, off, yoff, inplace, nt,
                         (double)lambda);
            }
        }
    }
}

static const float LAMBDAS[] = {
    1.2f, 0.0f, -0.0f, 0.5f, 1.0f, 3.0f, 0x1p-20f, 0x1p-140f, /* f32 subnormal */
    0x1p-24f, 65504.0f, 65520.0f, FLT_MAX, INFINITY, 1.0e30f,
    NAN, /* passes the op's check (NaN < 0 is false): only NaN x pass */
};

/* Every vector row of the lists that this machine runs: the table hands it
 * out under its path, and it gives its scalar row's bits. */
static void every_listed_vector_kernel_bits_equal_scalar(void **state)
{
    (void)state;
    int tested = 0;
    for (size_t r = 0; r < N_OF(ROWS); r++) {
        const krow *row = &ROWS[r];
        if (row->isa == OPSNN_ISA_SCALAR || row->kind == OPSNN_KERNEL_COPY ||
            !opsnn_cpu_has_isa(row->isa)) {
            continue;
        }
        const krow *ref = scalar_row(row->kind, row->dtype);
        assert_non_null(ref);
        assert_int_equal(opsnn_kernels_select((int)row->isa), (int)row->isa);
        assert_ptr_equal(opsnn_ukernel_get(row->kind, row->dtype), row->fn);
        const kcase kc = {row->kind, dtk_of(row->dtype), ref->fn};
        if (row->kind == OPSNN_KERNEL_SOFTSHRINK_BWD || row->kind == OPSNN_KERNEL_SOFTSHRINK) {
            for (size_t l = 0; l < N_OF(LAMBDAS); l++) {
                compare_all(&kc, row->fn, (int)row->isa, LAMBDAS[l]);
            }
        } else {
            compare_all(&kc, row->fn, (int)row->isa, 0.0f);
        }
        tested++;
    }
    opsnn_kernels_select(-1);
    if (tested == 0) {
        skip();
    }
}

/* Heap buffers of exactly n elements, so that AddressSanitizer builds catch a
 * kernel reading or writing past either end. */
static void vector_kernels_touch_only_n_elements(void **state)
{
    (void)state;
    kcase cases[N_OF(ROWS)];
    size_t ncases = 0;
    for (size_t r = 0; r < N_OF(ROWS); r++) {
        if (ROWS[r].isa == OPSNN_ISA_SCALAR && ROWS[r].kind != OPSNN_KERNEL_COPY) {
            cases[ncases++] = (kcase){ROWS[r].kind, dtk_of(ROWS[r].dtype), ROWS[r].fn};
        }
    }
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 1; ai < nav; ai++) { /* av[0] is scalar */
        int isa = (int)av[ai];
        opsnn_kernels_select(isa);
        for (size_t c = 0; c < ncases; c++) {
            size_t es = esize(cases[c].dt);
            opsnn_ukernel_fn fn = opsnn_ukernel_get(cases[c].kind, acl_dtype(cases[c].dt));
            for (size_t si = 0; si < N_OF(SIZES); si++) {
                size_t n = SIZES[si], bytes = n * es + (n == 0);
                unsigned char *a = malloc(bytes), *b = malloc(bytes);
                unsigned char *yr = malloc(bytes), *yv = malloc(bytes);
                assert_true(a && b && yr && yv);
                for (size_t i = 0; i < n; i++) {
                    gen_elem(cases[c].dt, a, i, 1.0f);
                    gen_elem(cases[c].dt, b, i, 1.0f);
                }
                for (int nt = 0; nt <= 1; nt++) {
                    opsnn_kparams p = kargs(cases[c].kind, 1.0f, nt);
                    memset(yr, 0x5a, bytes);
                    memset(yv, 0x5a, bytes);
                    cases[c].ref(n, a, b, yr, &p);
                    fn(n, a, b, yv, &p);
                    assert_memory_equal(yr, yv, bytes);
                }
                free(a);
                free(b);
                free(yr);
                free(yv);
            }
        }
    }
    opsnn_kernels_select(-1);
}

/* ---- exhaustive 16-bit and 8-bit checks ------------------------------------ */

#define ALL16 65536

/* y(vector) == y(scalar) for b[i] = i (every 16-bit pattern) against fixed a
 * values, and for a[i] = i against fixed b values. */
static void exhaustive16(opsnn_kernel_kind kind, aclDataType dt, opsnn_ukernel_fn ref,
                         const uint16_t *fixed, size_t nfixed, float lambda)
{
    static uint16_t a[ALL16], b[ALL16], yr[ALL16], yv[ALL16];
    opsnn_kparams p = kargs(kind, lambda, 0);
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 1; ai < nav; ai++) { /* av[0] is scalar */
        int isa = (int)av[ai];
        opsnn_kernels_select(isa);
        opsnn_ukernel_fn fn = opsnn_ukernel_get(kind, dt);
        for (size_t f = 0; f < 2 * nfixed; f++) {
            for (size_t i = 0; i < ALL16; i++) {
                a[i] = f < nfixed ? fixed[f] : (uint16_t)i;
                b[i] = f < nfixed ? (uint16_t)i : fixed[f - nfixed];
            }
            ref(ALL16, a, b, yr, &p);
            fn(ALL16, a, b, yv, &p);
            for (size_t i = 0; i < ALL16; i++) {
                if (yr[i] != yv[i]) {
                    fail_msg("%s: a=%#x b=%#x lambda=%a scalar=%#x vector=%#x", opsnn_isa_name(isa),
                             a[i], b[i], (double)lambda, yr[i], yv[i]);
                }
            }
        }
    }
    opsnn_kernels_select(-1);
}

static const uint16_t F16_FIXED[] = {
    0x3c00u, 0xbc00u, 0x0000u, 0x8000u, 0x7c00u, 0xfc00u, 0x7e00u, 0xfd01u, 0x7bffu, 0x0001u,
    0xc000u, 0xbe00u, 0x3555u, 0xc70au, 0x7a00u, 0x1400u,
};
static const uint16_t BF16_FIXED[] = {
    0x3f80u, 0xbf80u, 0x0000u, 0x8000u, 0x7f80u, 0xff80u, 0x7fc0u, 0xff81u, 0x7f7fu, 0x0001u,
    0xc000u, 0xbfc0u, 0x3eabu, 0xc2f7u, 0x7f00u, 0x0080u,
};

static void selu_f16_every_value_bits_equal_scalar(void **state)
{
    (void)state;
    exhaustive16(OPSNN_KERNEL_SELU_BWD, ACL_FLOAT16, opsnn_selu_bwd_ukernel__scalar_f16, F16_FIXED,
                 N_OF(F16_FIXED), 0.0f);
}

static void selu_bf16_every_value_bits_equal_scalar(void **state)
{
    (void)state;
    exhaustive16(OPSNN_KERNEL_SELU_BWD, ACL_BF16, opsnn_selu_bwd_ukernel__scalar_bf16, BF16_FIXED,
                 N_OF(BF16_FIXED), 0.0f);
}

static void softshrink_f16_bf16_every_x_bits_equal_scalar(void **state)
{
    (void)state;
    const uint16_t g[] = {0x3c00u, 0x7e01u};
    for (size_t l = 0; l < N_OF(LAMBDAS); l++) {
        exhaustive16(OPSNN_KERNEL_SOFTSHRINK_BWD, ACL_FLOAT16, opsnn_softshrink_bwd_ukernel__scalar_f16,
                     g, N_OF(g), LAMBDAS[l]);
        exhaustive16(OPSNN_KERNEL_SOFTSHRINK_BWD, ACL_BF16, opsnn_softshrink_bwd_ukernel__scalar_bf16,
                     g, N_OF(g), LAMBDAS[l]);
    }
}

static void selu_i8_every_pair_bits_equal_scalar(void **state)
{
    (void)state;
    static int8_t a[ALL16], b[ALL16], yr[ALL16], yv[ALL16];
    opsnn_kparams p = kargs(OPSNN_KERNEL_SELU_BWD, 0.0f, 0);
    for (size_t i = 0; i < ALL16; i++) {
        a[i] = (int8_t)(uint8_t)(i & 0xffu);
        b[i] = (int8_t)(uint8_t)(i >> 8);
    }
    opsnn_selu_bwd_ukernel__scalar_i8(ALL16, a, b, yr, &p);
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 1; ai < nav; ai++) {
        opsnn_kernels_select((int)av[ai]);
        opsnn_ukernel_get(OPSNN_KERNEL_SELU_BWD, ACL_INT8)(ALL16, a, b, yv, &p);
        assert_memory_equal(yr, yv, sizeof yr);
    }
    opsnn_kernels_select(-1);
}

/* ---- selection ------------------------------------------------------------- */

/* The best path of the build this CPU runs at or below list position k. */
static int best_at_or_below(const opsnn_isa *list, size_t k)
{
    for (;; k--) {
        if (opsnn_cpu_has_isa(list[k]) || k == 0) {
            return (int)list[k];
        }
    }
}

static void build_list_is_ordered_and_available_is_its_runnable_subset(void **state)
{
    (void)state;
    const opsnn_isa *list = NULL;
    size_t n = opsnn_isa_build_list(&list);
    assert_non_null(list);
    assert_true(n >= 1 && n <= OPSNN_ISA_COUNT);
    assert_int_equal(list[0], OPSNN_ISA_SCALAR);
#if OPSNN_HAVE_X86_KERNELS
    assert_int_equal(n, 3);
    assert_int_equal(list[1], OPSNN_ISA_AVX2);
    assert_int_equal(list[2], OPSNN_ISA_AVX512);
#elif OPSNN_HAVE_NEON_KERNELS
    assert_int_equal(n, 2);
    assert_int_equal(list[1], OPSNN_ISA_NEON);
    assert_true(opsnn_cpu_has_isa(OPSNN_ISA_NEON)); /* every AArch64 Linux CPU */
#else
    assert_int_equal(n, 1);
#endif
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av), k = 0;
    for (size_t i = 0; i < n; i++) {
        if (opsnn_cpu_has_isa(list[i])) {
            assert_true(k < nav);
            assert_int_equal(av[k++], list[i]);
        }
    }
    assert_int_equal(k, nav);
    /* Another architecture's path is never available. */
    for (int isa = 0; isa < OPSNN_ISA_COUNT; isa++) {
        int in_build = 0;
        for (size_t i = 0; i < n; i++) {
            in_build |= (int)list[i] == isa;
        }
        if (!in_build) {
            assert_false(opsnn_cpu_has_isa((opsnn_isa)isa));
        }
        assert_true(strlen(opsnn_isa_name(isa)) > 0);
    }
    assert_string_equal(opsnn_isa_name(OPSNN_ISA_NEON), "neon");
    assert_string_equal(opsnn_isa_name(OPSNN_ISA_SVE), "sve");
    assert_string_equal(opsnn_isa_name(-1), "scalar");
}

static void select_honours_each_isa_and_falls_back(void **state)
{
    (void)state;
    /* "the best" below is the default without OPSNN_ISA (its reading is
     * select_default_reads_opsnn_isa_env's): the suite also runs under a
     * forced OPSNN_ISA */
    const char *env = getenv("OPSNN_ISA");
    char *saved = env != NULL ? strdup(env) : NULL;
    unsetenv("OPSNN_ISA");
    const opsnn_isa *list = NULL;
    size_t n = opsnn_isa_build_list(&list);
    int best = best_at_or_below(list, n - 1);
    assert_true(opsnn_cpu_has_isa(OPSNN_ISA_SCALAR));
    assert_int_equal(opsnn_kernels_select(OPSNN_ISA_SCALAR), OPSNN_ISA_SCALAR);
    assert_string_equal(opsnn_get_isa(), "scalar");
    assert_ptr_equal(opsnn_ukernel_get(OPSNN_KERNEL_SELU_BWD, ACL_FLOAT),
                     opsnn_selu_bwd_ukernel__scalar_f32);
    assert_ptr_equal(opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, ACL_BF16),
                     opsnn_softshrink_bwd_ukernel__scalar_bf16);

    /* Each path of the build: itself when the CPU has it, else the best below. */
    for (size_t k = 0; k < n; k++) {
        int want = best_at_or_below(list, k);
        assert_int_equal(opsnn_kernels_select((int)list[k]), want);
        assert_string_equal(opsnn_get_isa(), opsnn_isa_name(want));
    }
    /* Another architecture's path, or a value out of range: the best. */
    for (int isa = 0; isa < OPSNN_ISA_COUNT; isa++) {
        if (!opsnn_cpu_has_isa((opsnn_isa)isa) && isa != OPSNN_ISA_SCALAR) {
            int in_build = 0;
            for (size_t k = 0; k < n; k++) {
                in_build |= (int)list[k] == isa;
            }
            if (!in_build) {
                assert_int_equal(opsnn_kernels_select(isa), best);
            }
        }
    }
    assert_int_equal(opsnn_kernels_select(7), best);
    assert_int_equal(opsnn_kernels_select(OPSNN_ISA_COUNT), best);
#if OPSNN_HAVE_X86_KERNELS
    if (opsnn_cpu_has_isa(OPSNN_ISA_AVX2)) {
        opsnn_kernels_select(OPSNN_ISA_AVX2);
        assert_ptr_equal(opsnn_ukernel_get(OPSNN_KERNEL_SELU_BWD, ACL_INT8),
                         opsnn_selu_bwd_ukernel__avx2_i8);
        assert_ptr_equal(opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, ACL_FLOAT16),
                         opsnn_softshrink_bwd_ukernel__avx2_f16);
        assert_ptr_equal(opsnn_panel16_get(4), opsnn_panel16_ukernel__avx2_x32);
        assert_ptr_equal(opsnn_panel16_get(2), opsnn_panel16_ukernel__avx2_x16);
        assert_null(opsnn_panel16_get(1));
    }
    if (opsnn_cpu_has_isa(OPSNN_ISA_AVX512)) {
        opsnn_kernels_select(OPSNN_ISA_AVX512);
        assert_ptr_equal(opsnn_ukernel_get(OPSNN_KERNEL_SELU_BWD, ACL_INT32),
                         opsnn_selu_bwd_ukernel__avx512_i32);
        assert_ptr_equal(opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, ACL_FLOAT),
                         opsnn_softshrink_bwd_ukernel__avx512_f32);
        assert_ptr_equal(opsnn_panel16_get(2), opsnn_panel16_ukernel__avx512_x16);
    }
#endif
#if OPSNN_HAVE_NEON_KERNELS
    opsnn_kernels_select(OPSNN_ISA_NEON);
    assert_string_equal(opsnn_get_isa(), "neon");
    assert_ptr_equal(opsnn_ukernel_get(OPSNN_KERNEL_SELU_BWD, ACL_INT8), opsnn_selu_bwd_ukernel__neon_i8);
    assert_ptr_equal(opsnn_ukernel_get(OPSNN_KERNEL_SELU_BWD, ACL_INT32), opsnn_selu_bwd_ukernel__neon_i32);
    assert_ptr_equal(opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, ACL_FLOAT16),
                     opsnn_softshrink_bwd_ukernel__neon_f16);
    assert_ptr_equal(opsnn_panel16_get(4), opsnn_panel16_ukernel__neon_x32);
    assert_ptr_equal(opsnn_panel16_get(2), opsnn_panel16_ukernel__neon_x16);
    assert_null(opsnn_panel16_get(1));
#endif
    /* Pairs that do not exist stay NULL on every path; copies exist on every path. */
    assert_null(opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, ACL_INT8));
    assert_null(opsnn_ukernel_get(OPSNN_KERNEL_SELU_BWD, ACL_UINT8));
    assert_null(opsnn_ukernel_get(OPSNN_KERNEL_SELU_BWD, ACL_DT_UNDEFINED));
    assert_null(opsnn_ukernel_get(OPSNN_KERNEL_COUNT, ACL_FLOAT));
    assert_ptr_equal(opsnn_ukernel_get(OPSNN_KERNEL_COPY, ACL_BF16), opsnn_copy_ukernel__scalar_x16);
    opsnn_kernels_select(OPSNN_ISA_SCALAR);
    assert_null(opsnn_panel16_get(4));
    if (saved != NULL) {
        setenv("OPSNN_ISA", saved, 1);
        free(saved);
    }
    opsnn_kernels_select(-1);
}

static void select_default_reads_opsnn_isa_env(void **state)
{
    (void)state;
    const char *old = getenv("OPSNN_ISA");
    char *saved = old ? strdup(old) : NULL;
    const opsnn_isa *list = NULL;
    size_t n = opsnn_isa_build_list(&list);
    int best = best_at_or_below(list, n - 1);

    /* Every name of the build, in any case. */
    for (size_t k = 0; k < n; k++) {
        int want = best_at_or_below(list, k);
        setenv("OPSNN_ISA", opsnn_isa_name((int)list[k]), 1);
        assert_int_equal(opsnn_kernels_select(-1), want);
        assert_string_equal(opsnn_get_isa(), opsnn_isa_name(want));
        char upper[16];
        snprintf(upper, sizeof upper, "%s", opsnn_isa_name((int)list[k]));
        for (char *c = upper; *c; c++) {
            *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
        }
        setenv("OPSNN_ISA", upper, 1); /* case does not matter */
        assert_int_equal(opsnn_kernels_select(-1), want);
    }
    setenv("OPSNN_ISA", "scalar", 1);
    assert_int_equal(opsnn_kernels_select(-1), OPSNN_ISA_SCALAR);
    assert_ptr_equal(opsnn_ukernel_get(OPSNN_KERNEL_SELU_BWD, ACL_FLOAT16),
                     opsnn_selu_bwd_ukernel__scalar_f16);
    setenv("OPSNN_ISA", "sse9", 1); /* unknown: warned about and ignored */
    assert_int_equal(opsnn_kernels_select(-1), best);
#if OPSNN_HAVE_NEON_KERNELS
    setenv("OPSNN_ISA", "sve", 1); /* no SVE kernels: the best below, NEON */
    assert_int_equal(opsnn_kernels_select(-1), OPSNN_ISA_NEON);
    assert_string_equal(opsnn_get_isa(), "neon");
#endif
    /* A path of another architecture is unknown here too. */
#if OPSNN_HAVE_NEON_KERNELS
    setenv("OPSNN_ISA", "avx2", 1);
#else
    setenv("OPSNN_ISA", "neon", 1);
#endif
    assert_int_equal(opsnn_kernels_select(-1), best);
    /* An explicit request wins over the environment. */
    setenv("OPSNN_ISA", opsnn_isa_name((int)list[n - 1]), 1);
    assert_int_equal(opsnn_kernels_select(OPSNN_ISA_SCALAR), OPSNN_ISA_SCALAR);
    unsetenv("OPSNN_ISA");
    assert_int_equal(opsnn_kernels_select(-1), best);

    if (saved) {
        setenv("OPSNN_ISA", saved, 1);
        free(saved);
    }
    opsnn_kernels_select(-1);
}

/* Every lookup kernel gives table[a[i]]: each pattern once and then some
 * (a 16-bit index from every position of a step), the table's last entry
 * (whose 32-bit gather reads the padding), runs of 1 to 40 elements (the
 * zero-padded tail), an output 0-15 elements past a 32-byte boundary,
 * streamed or not, and in place. Both AVX2 and both AVX-512 ways are run
 * whichever one this CPU's vendor picks. */
static void lut16_lookup_kernels_equal_the_table(void **state)
{
    (void)state;
    enum { N = OPSNN_LUT16_ENTRIES + 77 };
    static uint16_t table[OPSNN_LUT16_ENTRIES + 1], in[N], want[N], got[N + 64], inplace[N];
    for (uint32_t i = 0; i <= OPSNN_LUT16_ENTRIES; i++) {
        table[i] = (uint16_t)(i * 2654435761u >> 16);
    }
    table[OPSNN_LUT16_ENTRIES] = 0xdead; /* padding: never an entry */
    for (size_t i = 0; i < N; i++) {
        in[i] = (uint16_t)((uint32_t)i * 40503u + 12345u);
        want[i] = table[in[i]];
    }
    in[N - 1] = 0xffff, want[N - 1] = table[0xffff];
    struct {
        const char *name;
        opsnn_lut16_fn fn;
        opsnn_isa isa;
    } ways[] = {
        {"scalar", opsnn_lut16_apply__scalar, OPSNN_ISA_SCALAR},
#if OPSNN_HAVE_X86_KERNELS
        {"avx2", opsnn_lut16_apply__avx2, OPSNN_ISA_AVX2},
        {"avx2 gathers", opsnn_lut16_apply__avx2_gather, OPSNN_ISA_AVX2},
        {"avx2 loads", opsnn_lut16_apply__avx2_loads, OPSNN_ISA_AVX2},
        {"avx512", opsnn_lut16_apply__avx512, OPSNN_ISA_AVX512},
        {"avx512 gathers", opsnn_lut16_apply__avx512_gather, OPSNN_ISA_AVX512},
        {"avx512 loads", opsnn_lut16_apply__avx512_loads, OPSNN_ISA_AVX512},
#endif
    };
    for (size_t w = 0; w < N_OF(ways); w++) {
        if (!opsnn_cpu_has_isa(ways[w].isa)) {
            continue;
        }
        for (int nt = 0; nt < 2; nt++) {
            for (size_t off = 0; off < 16; off += 5) {
                uint16_t *y = got + (32 - (uintptr_t)got % 32) / 2 + off;
                memset(got, 0x5a, sizeof got);
                ways[w].fn(N, in, y, table, nt ? OPSNN_NT_STREAM : OPSNN_NT_NONE);
                if (memcmp(y, want, sizeof want) != 0 || y[-1] != 0x5a5a || y[N] != 0x5a5a) {
                    fail_msg("%s lookup (nt %d, output %zu past 32 bytes) differs", ways[w].name, nt,
                             off);
                }
            }
        }
        for (size_t n = 1; n <= 40; n++) {
            memset(got, 0x5a, sizeof got);
            ways[w].fn(n, in + 3, got, table, OPSNN_NT_NONE);
            if (memcmp(got, want + 3, n * 2) != 0 || got[n] != 0x5a5a) {
                fail_msg("%s lookup: a %zu-element run differs", ways[w].name, n);
            }
        }
        memcpy(inplace, in, sizeof in);
        ways[w].fn(N, inplace, inplace, table, OPSNN_NT_NONE);
        if (memcmp(inplace, want, sizeof want) != 0) {
            fail_msg("%s lookup: the in-place run differs", ways[w].name);
        }
    }
}

static void cpu_vendor_names_intel_and_amd_only(void **state)
{
    (void)state;
    assert_int_equal(opsnn_cpu_vendor_of("GenuineIntel"), OPSNN_CPU_VENDOR_INTEL);
    assert_int_equal(opsnn_cpu_vendor_of("AuthenticAMD"), OPSNN_CPU_VENDOR_AMD);
    assert_int_equal(opsnn_cpu_vendor_of("HygonGenuine"), OPSNN_CPU_VENDOR_OTHER);
    assert_int_equal(opsnn_cpu_vendor_of("GenuineIntel "), OPSNN_CPU_VENDOR_OTHER);
    assert_int_equal(opsnn_cpu_vendor_of(""), OPSNN_CPU_VENDOR_OTHER);
    assert_int_equal(opsnn_cpu_vendor_of(NULL), OPSNN_CPU_VENDOR_OTHER);
}

/* This CPU's vendor: what CPUID leaf 0 names here (EBX, EDX, ECX, as both
 * vendors' manuals order them) on x86, OTHER elsewhere. Not checked against
 * /proc/cpuinfo: under valgrind CPUID answers "GenuineIntel" on an AMD host,
 * and the library should follow CPUID, which is what the code runs on. */
static void this_cpu_vendor_is_cpuids(void **state)
{
    (void)state;
    opsnn_cpu_vendor_id v = opsnn_cpu_vendor();
    assert_int_equal(opsnn_cpu_vendor(), v);
#if OPSNN_HAVE_X86_KERNELS
    unsigned eax, ebx, ecx, edx;
    char id[13] = "";
    if (__get_cpuid(0, &eax, &ebx, &ecx, &edx)) {
        memcpy(id, &ebx, 4);
        memcpy(id + 4, &edx, 4);
        memcpy(id + 8, &ecx, 4);
    }
    print_message("CPUID vendor %s\n", id);
    assert_int_equal(v, opsnn_cpu_vendor_of(id));
#else
    assert_int_equal(v, OPSNN_CPU_VENDOR_OTHER);
#endif
}

/* Forward Selu in fp16/bf16 looks its results up in a table (kernels/lut16.h)
 * on runs of OPSNN_LUT16_MIN_RUN elements or more, and on any run of a call
 * of OPSNN_LUT16_MIN_CALL elements or more. On every path, for every bit
 * pattern in a scrambled order, long runs (which fill the table and look
 * up) give the bits of short runs of an unknown call (which compute):
 * output offset by one element, streamed, in place, short runs of a long
 * call, and runs just above the threshold with tails around each lookup
 * kernel's width. */
static void selu_16bit_lookup_gives_the_computed_bits(void **state)
{
    (void)state;
    enum { N = OPSNN_LUT16_ENTRIES + 45 };
    static uint16_t in[N], want[N], got[N + 64], inplace[N];
    static const aclDataType dts[] = {ACL_FLOAT16, ACL_BF16};
    const size_t short_run = OPSNN_LUT16_MIN_RUN - 1;
    for (size_t i = 0; i < N; i++) { /* 40503 is odd: every pattern once, then 45 again */
        in[i] = (uint16_t)((uint32_t)i * 40503u + 12345u);
    }
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 0; ai < nav; ai++) {
        opsnn_kernels_select((int)av[ai]);
        for (size_t d = 0; d < N_OF(dts); d++) {
            opsnn_ukernel_fn fn = opsnn_ukernel_get(OPSNN_KERNEL_SELU, dts[d]);
            assert_non_null(fn);
            const char *what = dts[d] == ACL_FLOAT16 ? "fp16" : "bf16";
            opsnn_kparams p = kargs(OPSNN_KERNEL_SELU, 0.0f, 0);
            for (size_t i = 0; i < N; i += short_run) {
                fn(N - i < short_run ? N - i : short_run, in + i, NULL, want + i, &p);
            }
            for (int nt = 0; nt < 2; nt++) {
                p = kargs(OPSNN_KERNEL_SELU, 0.0f, nt);
                uint16_t *y = nt ? got + (64 - (uintptr_t)got % 64) / 2 : got + 1;
                memset(got, 0x5a, sizeof got);
                fn(N, in, NULL, y, &p);
                if (memcmp(y, want, sizeof want) != 0) {
                    fail_msg("%s selu %s: a %u-element run (nt_store %d) differs from short runs",
                             opsnn_isa_name((int)av[ai]), what, (unsigned)N, nt);
                }
            }
            p = kargs(OPSNN_KERNEL_SELU, 0.0f, 0);
            memcpy(inplace, in, sizeof in);
            fn(N, inplace, NULL, inplace, &p);
            if (memcmp(inplace, want, sizeof want) != 0) {
                fail_msg("%s selu %s: the in-place run differs", opsnn_isa_name((int)av[ai]), what);
            }
            /* short runs of a long call (the rows of a transposed operand) look up too */
            p.call_elems = OPSNN_LUT16_MIN_CALL;
            memset(got, 0x5a, sizeof got);
            for (size_t i = 0; i < N; i += 37) {
                fn(N - i < 37 ? N - i : 37, in + i, NULL, got + i, &p);
            }
            if (memcmp(got, want, sizeof want) != 0) {
                fail_msg("%s selu %s: 37-element runs of a long call differ",
                         opsnn_isa_name((int)av[ai]), what);
            }
            p.call_elems = 0;
            for (size_t tail = 0; tail <= 33; tail++) {
                size_t n = OPSNN_LUT16_MIN_RUN + tail;
                memset(got, 0x5a, sizeof got);
                fn(n, in + tail, NULL, got, &p);
                if (memcmp(got, want + tail, n * 2) != 0 || got[n] != 0x5a5a) {
                    fail_msg("%s selu %s: a %zu-element run differs", opsnn_isa_name((int)av[ai]),
                             what, n);
                }
            }
        }
    }
    opsnn_kernels_select(-1);
}

/* Forward Selu float32 runs long calls in blocks whose lanes x <= 0 are
 * computed apart from the others (ops/selu/op_kernel/selu/avx512.c), and on
 * AVX2 in 128-element tiles, a part of the sequence at a time
 * (ops/selu/op_kernel/selu/avx2.c). On every path, against the scalar
 * kernel: runs of nothing but x <= 0 (-0, +0, -inf and negative subnormals
 * among them), of nothing but x > 0 or NaN, of alternating signs in runs of
 * 1 to 17, whole calls of one kind, lengths around the blocks' 512 elements
 * (and so around whole tiles, 64 below one), outputs 0-15 elements past a
 * 64-byte line (so a streamed call starts with plain steps), streamed or
 * not, in place or not. */
static float selu_pattern_elem(int pattern, size_t i)
{
    static const uint32_t NONPOS[] = {0x80000000u, 0x00000000u, 0xff800000u, 0x80000001u,
                                      0x807fffffu, 0xc2ae0000u /* -87 */, 0xc2b00000u};
    static const uint32_t POS[] = {0x7fc00000u, 0xffc00001u, 0x7f800001u, 0x7f800000u,
                                   0x00000001u, 0x7f7fffffu};
    uint64_t r = rng();
    float mag = rng_uniform(0.0f, 4.0f);
    int pick = (int)(r % 8);
    int nonpos;
    switch (pattern) {
    case 0: nonpos = 1; break;                          /* the whole call x <= 0 */
    case 1: nonpos = 0; break;                          /* the whole call x > 0 or NaN */
    case 2: nonpos = (i / 512) % 2 == 0; break;         /* 512-element runs */
    default: nonpos = (i / (1 + (i / 64) % 17)) % 2; /* runs of 1 to 17 */
    }
    if (pick == 0) {
        return opsnn_bits_f32(nonpos ? NONPOS[(r >> 8) % N_OF(NONPOS)] : POS[(r >> 8) % N_OF(POS)]);
    }
    return nonpos ? -mag : mag + 0x1p-20f;
}

static void selu_f32_sign_runs_bits_equal_scalar(void **state)
{
    (void)state;
    enum { N = 4099 };
    static float in[N], want[N], got[N + 32];
    static const size_t LENS[] = {64, 511, 512, 513, 1024, 1573, 4080};
    static const size_t YOFF[] = {0, 1, 7, 15};
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (int pattern = 0; pattern < 4; pattern++) {
        for (size_t i = 0; i < N; i++) {
            in[i] = selu_pattern_elem(pattern, i);
        }
        opsnn_kparams p = kargs(OPSNN_KERNEL_SELU, 0.0f, 0);
        opsnn_kernels_select(OPSNN_ISA_SCALAR);
        opsnn_ukernel_get(OPSNN_KERNEL_SELU, ACL_FLOAT)(N, in, NULL, want, &p);
        for (size_t ai = 1; ai < nav; ai++) { /* av[0] is scalar */
            opsnn_kernels_select((int)av[ai]);
            opsnn_ukernel_fn fn = opsnn_ukernel_get(OPSNN_KERNEL_SELU, ACL_FLOAT);
            for (size_t l = 0; l < N_OF(LENS); l++) {
                for (size_t o = 0; o < N_OF(YOFF); o++) {
                    for (int mode = 0; mode < 4; mode++) { /* nt 0-2, then in place */
                        size_t n = LENS[l];
                        float *y = got + (64 - (uintptr_t)got % 64) / 4 + YOFF[o];
                        p = kargs(OPSNN_KERNEL_SELU, 0.0f, mode < 3 ? mode : 0);
                        memset(got, 0x5a, sizeof got);
                        if (mode == 3) {
                            memcpy(y, in, n * sizeof *in);
                        }
                        fn(n, mode == 3 ? y : in, NULL, y, &p);
                        opsnn_stream_fence();
                        if (memcmp(y, want, n * sizeof *y) != 0 || opsnn_f32_bits(y[n]) != 0x5a5a5a5au ||
                            (y > got && opsnn_f32_bits(y[-1]) != 0x5a5a5a5au)) {
                            fail_msg("%s selu fp32: pattern %d, n=%zu, y offset %zu, mode %d differs",
                                     opsnn_isa_name((int)av[ai]), pattern, n, YOFF[o], mode);
                        }
                    }
                }
            }
        }
    }
    opsnn_kernels_select(-1);
}

/* The vector paths' float32 Selu shortcuts (rint in one instruction, no final
 * min, AVX-512's two fused steps whose product is exact: selu-fwd.h) give
 * the scalar sequence's bits: every 1021st float32 in [-87, -0], and around
 * each t = -(n - 1/2) ln2 and -n ln2 (where k = t log2(e) rounds to a tie
 * or an integer) the 64 floats nearest, through one long call (the AVX-512
 * kernel's blocks, the AVX2 kernel's tiles) and through calls of 37
 * elements. Rounding k toward zero, or fusing a step of the polynomial,
 * makes it fail. (Fusing r - nf * LN2_LO, whose product is not exact
 * either, changes only 8 of the 2^31 inputs: the exhaustive comparison of
 * docs/dev/design-notes.md found them, a sweep cannot.) */
static void selu_f32_nonpositive_sweep_bits_equal_scalar(void **state)
{
    (void)state;
    enum { STEP = 1021, PER_N = 64, NS = 126 };
    const uint32_t lo = 0x80000000u, hi = 0xc2ae0000u; /* -0 and -87 */
    size_t n = (hi - lo) / STEP + 1 + 2 * NS * PER_N;
    float *in = malloc(n * sizeof *in), *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got);
    assert_true(in && want && got);
    size_t m = 0;
    for (uint32_t b = lo; b <= hi - STEP; b += STEP) {
        in[m++] = opsnn_bits_f32(b);
    }
    in[m++] = opsnn_bits_f32(hi);
    for (int k = 1; k <= NS; k++) {
        for (int half = 0; half < 2; half++) {
            float t = -((float)k - (half ? 0.5f : 0.0f)) * 0.693147180559945f;
            uint32_t c = opsnn_f32_bits(t) - PER_N / 2;
            for (int j = 0; j < PER_N; j++) {
                in[m++] = opsnn_bits_f32(c + (uint32_t)j);
            }
        }
    }
    assert_true(m <= n);
    opsnn_kparams p = kargs(OPSNN_KERNEL_SELU, 0.0f, 0);
    opsnn_kernels_select(OPSNN_ISA_SCALAR);
    opsnn_ukernel_get(OPSNN_KERNEL_SELU, ACL_FLOAT)(m, in, NULL, want, &p);
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 1; ai < nav; ai++) { /* av[0] is scalar */
        opsnn_kernels_select((int)av[ai]);
        opsnn_ukernel_fn fn = opsnn_ukernel_get(OPSNN_KERNEL_SELU, ACL_FLOAT);
        for (int piece = 0; piece < 2; piece++) {
            size_t len = piece ? 37 : m;
            memset(got, 0, m * sizeof *got);
            for (size_t i = 0; i < m; i += len) {
                fn(m - i < len ? m - i : len, in + i, NULL, got + i, &p);
            }
            for (size_t i = 0; i < m; i++) {
                if (opsnn_f32_bits(got[i]) != opsnn_f32_bits(want[i])) {
                    fail_msg("%s selu fp32 x 0x%08x (%s calls): got 0x%08x, scalar 0x%08x",
                             opsnn_isa_name((int)av[ai]), opsnn_f32_bits(in[i]), piece ? "37-element" : "one",
                             opsnn_f32_bits(got[i]), opsnn_f32_bits(want[i]));
                }
            }
        }
    }
    opsnn_kernels_select(-1);
    free(in);
    free(want);
    free(got);
}

/* Each path's panel gather (16 to 80 adjacent rows: the AVX-512 16-bit
 * kernel takes 32 at a time and a 16-row tail) equals the plain loop, for
 * column counts around the kernels' tile widths, odd pitches and an odd and
 * a power-of-two column stride. */
static void panel16_kernels_equal_the_plain_gather(void **state)
{
    (void)state;
    enum { COLS = 70, MAXSTRIDE = 128, PITCH = 73, ROWS = 80 };
    static const size_t strides[] = {83, 128};
    static uint32_t src[COLS * MAXSTRIDE + ROWS];
    static uint32_t want[ROWS * PITCH], got[ROWS * PITCH];
    for (size_t i = 0; i < N_OF(src); i++) {
        src[i] = (uint32_t)rng();
    }
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    int tested = 0;
    for (size_t ai = 0; ai < nav; ai++) {
        opsnn_kernels_select((int)av[ai]);
        for (size_t es = 2; es <= 4; es += 2) {
            opsnn_panel16_fn fn = opsnn_panel16_get(es);
            if (fn == NULL) {
                continue;
            }
            tested++;
            for (size_t si = 0; si < N_OF(strides); si++) {
                size_t stride = strides[si];
                for (size_t rows = 16; rows <= ROWS; rows += 16) {
                    for (size_t cols = 0; cols <= COLS; cols += cols < 40 ? 1 : 15) {
                        memset(want, 0xa5, sizeof want);
                        memset(got, 0xa5, sizeof got);
                        for (size_t j = 0; j < cols; j++) {
                            for (size_t r = 0; r < rows; r++) {
                                if (es == 4) {
                                    want[r * PITCH + j] = src[j * stride + r];
                                } else {
                                    ((uint16_t *)want)[r * PITCH + j] =
                                        ((const uint16_t *)src)[j * stride + r];
                                }
                            }
                        }
                        for (int pf = 0; pf < 2; pf++) { /* prefetching or not */
                            memset(got, 0xa5, sizeof got);
                            fn(rows, cols, src, (int64_t)stride, got, PITCH, pf);
                            if (memcmp(want, got, sizeof want) != 0) {
                                fail_msg("%s panel16 x%zu: rows=%zu cols=%zu stride=%zu "
                                         "prefetch=%d differs", opsnn_isa_name((int)av[ai]),
                                         es * 8, rows, cols, stride, pf);
                            }
                        }
                    }
                }
            }
        }
    }
    opsnn_kernels_select(-1);
    if (tested == 0) {
        skip();
    }
}

/* The whole panel gather (opsnn_gather_panel: the path's 16-row kernel, then
 * the plain loop for the rows left) equals the plain loop on every path, for
 * odd shapes: 1 x N, N x 1, rows and columns around the tiles (16 and 32 rows,
 * 8 and 16 columns) and their tails, column strides tight, odd and a power
 * of two. */
static void gather_panel_odd_shapes_equal_the_plain_loop(void **state)
{
    (void)state;
    enum { MAXR = 70, MAXC = 70, PITCH = 75 };
    static const size_t nrows[] = {1, 2, 15, 16, 17, 31, 32, 33, 48, 63, 64, 65, 70};
    static const size_t ncols[] = {1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 48, 70};
    static uint32_t src[MAXC * 128 + MAXR];
    static uint32_t want[MAXR * PITCH], got[MAXR * PITCH];
    for (size_t i = 0; i < N_OF(src); i++) {
        src[i] = (uint32_t)rng();
    }
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 0; ai < nav; ai++) {
        opsnn_kernels_select((int)av[ai]);
        for (int wide = 0; wide < 2; wide++) {
            aclDataType dt = wide ? ACL_FLOAT : ACL_FLOAT16;
            for (size_t ri = 0; ri < N_OF(nrows); ri++) {
                size_t rows = nrows[ri];
                const size_t strides[] = {rows, 83, 128};
                for (size_t si = 0; si < N_OF(strides); si++) {
                    size_t stride = strides[si];
                    for (size_t ci = 0; ci < N_OF(ncols); ci++) {
                        size_t cols = ncols[ci];
                        memset(want, 0x5a, sizeof want);
                        memset(got, 0x5a, sizeof got);
                        for (size_t j = 0; j < cols; j++) {
                            for (size_t r = 0; r < rows; r++) {
                                if (wide) {
                                    want[r * PITCH + j] = src[j * stride + r];
                                } else {
                                    ((uint16_t *)want)[r * PITCH + j] =
                                        ((const uint16_t *)src)[j * stride + r];
                                }
                            }
                        }
                        for (int pf = 0; pf < 2; pf++) { /* prefetching or not */
                            memset(got, 0x5a, sizeof got);
                            assert_int_equal(opsnn_gather_panel(got, dt, PITCH, src, dt,
                                                                (int64_t)stride, 1, rows, cols, pf),
                                             0);
                            if (memcmp(want, got, sizeof want) != 0) {
                                fail_msg("%s gather_panel %s: rows=%zu cols=%zu stride=%zu "
                                         "prefetch=%d differs", opsnn_isa_name((int)av[ai]),
                                         wide ? "fp32" : "fp16", rows, cols, stride, pf);
                            }
                        }
                    }
                }
            }
        }
    }
    opsnn_kernels_select(-1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_family_has_rows_and_test_parameters),
        cmocka_unit_test(build_list_is_ordered_and_available_is_its_runnable_subset),
        cmocka_unit_test(select_honours_each_isa_and_falls_back),
        cmocka_unit_test(panel16_kernels_equal_the_plain_gather),
        cmocka_unit_test(lut16_lookup_kernels_equal_the_table),
        cmocka_unit_test(selu_16bit_lookup_gives_the_computed_bits),
        cmocka_unit_test(cpu_vendor_names_intel_and_amd_only),
        cmocka_unit_test(this_cpu_vendor_is_cpuids),
        cmocka_unit_test(selu_f32_sign_runs_bits_equal_scalar),
        cmocka_unit_test(selu_f32_nonpositive_sweep_bits_equal_scalar),
        cmocka_unit_test(gather_panel_odd_shapes_equal_the_plain_loop),
        cmocka_unit_test(select_default_reads_opsnn_isa_env),
        cmocka_unit_test(every_listed_vector_kernel_bits_equal_scalar),
        cmocka_unit_test(vector_kernels_touch_only_n_elements),
        cmocka_unit_test(selu_f16_every_value_bits_equal_scalar),
        cmocka_unit_test(selu_bf16_every_value_bits_equal_scalar),
        cmocka_unit_test(softshrink_f16_bf16_every_x_bits_equal_scalar),
        cmocka_unit_test(selu_i8_every_pair_bits_equal_scalar),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
