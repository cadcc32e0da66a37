/*
 * test_cvt_isa.c - the unit-stride conversion micro-kernels
 * (opsnn_cvt_ukernel__<isa>_<from>_to_<to>) give exactly the bits of
 * kernels/cvt.h's scalar functions (docs/precision.md) on every ISA path this machine
 * has, for any length and alignment; opsnn_cvt_get() hands out the selected
 * path's kernels; opsnn_copy_convert() gives the same bits through them.
 *
 * fp16/bf16 -> f32: all 65536 patterns. f32 -> fp16/bf16: every 256th
 * pattern (twice, with different low bytes), every exponent x both signs x
 * mantissas around each rounding position, and a list of named specials. Set
 * OPSNN_CVT_FULL_SWEEP=1 to check all 2^32 patterns instead (about two minutes).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/cvt.h"
#include "kernels/kernels.h"
#include "opsnn/opsnn.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* ---- the kernels and their references ----------------------------------- */

typedef enum { F16_TO_F32, BF16_TO_F32, F32_TO_F16, F32_TO_BF16, NKINDS } kind;

static const struct {
    const char *name;
    aclDataType from, to;
} KINDS[NKINDS] = {
    {"f16_to_f32", ACL_FLOAT16, ACL_FLOAT},
    {"bf16_to_f32", ACL_BF16, ACL_FLOAT},
    {"f32_to_f16", ACL_FLOAT, ACL_FLOAT16},
    {"f32_to_bf16", ACL_FLOAT, ACL_BF16},
};

static size_t src_size(kind k)
{
    return KINDS[k].from == ACL_FLOAT ? 4 : 2;
}

static size_t dst_size(kind k)
{
    return KINDS[k].to == ACL_FLOAT ? 4 : 2;
}

/* cvt.h on one element, as raw bits in and out. */
static uint32_t ref_bits(kind k, uint32_t x)
{
    switch (k) {
    case F16_TO_F32: return opsnn_f32_bits(opsnn_f16_to_f32((uint16_t)x));
    case BF16_TO_F32: return opsnn_f32_bits(opsnn_bf16_to_f32((uint16_t)x));
    case F32_TO_F16: return opsnn_f32_to_f16(opsnn_bits_f32(x));
    default: return opsnn_f32_to_bf16(opsnn_bits_f32(x));
    }
}

static uint32_t load_bits(const void *p, size_t i, size_t es)
{
    if (es == 2) {
        uint16_t h;
        memcpy(&h, (const unsigned char *)p + i * 2, 2);
        return h;
    }
    uint32_t x;
    memcpy(&x, (const unsigned char *)p + i * 4, 4);
    return x;
}

static void store_bits(void *p, size_t i, size_t es, uint32_t x)
{
    if (es == 2) {
        uint16_t h = (uint16_t)x;
        memcpy((unsigned char *)p + i * 2, &h, 2);
    } else {
        memcpy((unsigned char *)p + i * 4, &x, 4);
    }
}

/* 1 when this build and machine have the path. */
static inline int has_isa(int isa)
{
    return opsnn_cpu_has_isa((opsnn_isa)isa);
}

static opsnn_cvt_fn kernel_for(int isa, kind k)
{
    assert_int_equal(opsnn_kernels_select(isa), isa);
    opsnn_cvt_fn fn = opsnn_cvt_get(KINDS[k].from, KINDS[k].to);
    assert_non_null(fn);
    return fn;
}

/* dst (n elements) == cvt.h of src, element by element. */
static void check_against_ref(kind k, int isa, const void *src, const void *dst, size_t n,
                              const char *what)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t x = load_bits(src, i, src_size(k));
        uint32_t want = ref_bits(k, x), got = load_bits(dst, i, dst_size(k));
        if (want != got) {
            fail_msg("%s %s (%s): element %zu of %zu: in=%#x cvt.h=%#x kernel=%#x", KINDS[k].name,
                     opsnn_isa_name(isa), what, i, n, x, want, got);
        }
    }
}

/* ---- selection --------------------------------------------------------------- */

static void cvt_get_hands_out_the_selected_paths_kernels(void **state)
{
    (void)state;
    assert_int_equal(opsnn_kernels_select(OPSNN_ISA_SCALAR), OPSNN_ISA_SCALAR);
    assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT16, ACL_FLOAT), opsnn_cvt_ukernel__scalar_f16_to_f32);
    assert_ptr_equal(opsnn_cvt_get(ACL_BF16, ACL_FLOAT), opsnn_cvt_ukernel__scalar_bf16_to_f32);
    assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT, ACL_FLOAT16), opsnn_cvt_ukernel__scalar_f32_to_f16);
    assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT, ACL_BF16), opsnn_cvt_ukernel__scalar_f32_to_bf16);
#if OPSNN_HAVE_X86_KERNELS
    if (has_isa(OPSNN_ISA_AVX2)) {
        assert_int_equal(opsnn_kernels_select(OPSNN_ISA_AVX2), OPSNN_ISA_AVX2);
        assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT16, ACL_FLOAT), opsnn_cvt_ukernel__avx2_f16_to_f32);
        assert_ptr_equal(opsnn_cvt_get(ACL_BF16, ACL_FLOAT), opsnn_cvt_ukernel__avx2_bf16_to_f32);
        assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT, ACL_FLOAT16), opsnn_cvt_ukernel__avx2_f32_to_f16);
        assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT, ACL_BF16), opsnn_cvt_ukernel__avx2_f32_to_bf16);
    }
    if (has_isa(OPSNN_ISA_AVX512)) {
        assert_int_equal(opsnn_kernels_select(OPSNN_ISA_AVX512), OPSNN_ISA_AVX512);
        assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT16, ACL_FLOAT), opsnn_cvt_ukernel__avx512_f16_to_f32);
        assert_ptr_equal(opsnn_cvt_get(ACL_BF16, ACL_FLOAT), opsnn_cvt_ukernel__avx512_bf16_to_f32);
        assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT, ACL_FLOAT16), opsnn_cvt_ukernel__avx512_f32_to_f16);
        assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT, ACL_BF16), opsnn_cvt_ukernel__avx512_f32_to_bf16);
    }
#endif
#if OPSNN_HAVE_NEON_KERNELS
    if (has_isa(OPSNN_ISA_NEON)) {
        assert_int_equal(opsnn_kernels_select(OPSNN_ISA_NEON), OPSNN_ISA_NEON);
        assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT16, ACL_FLOAT), opsnn_cvt_ukernel__neon_f16_to_f32);
        assert_ptr_equal(opsnn_cvt_get(ACL_BF16, ACL_FLOAT), opsnn_cvt_ukernel__neon_bf16_to_f32);
        assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT, ACL_FLOAT16), opsnn_cvt_ukernel__neon_f32_to_f16);
        assert_ptr_equal(opsnn_cvt_get(ACL_FLOAT, ACL_BF16), opsnn_cvt_ukernel__neon_f32_to_bf16);
    }
#endif
    /* Pairs without a kernel, on every path. */
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 0; ai < nav; ai++) {
        opsnn_kernels_select((int)av[ai]);
        assert_null(opsnn_cvt_get(ACL_FLOAT16, ACL_BF16));
        assert_null(opsnn_cvt_get(ACL_BF16, ACL_FLOAT16));
        assert_null(opsnn_cvt_get(ACL_FLOAT, ACL_FLOAT));
        assert_null(opsnn_cvt_get(ACL_FLOAT16, ACL_FLOAT16));
        assert_null(opsnn_cvt_get(ACL_INT8, ACL_FLOAT));
        assert_null(opsnn_cvt_get(ACL_FLOAT, ACL_INT32));
        assert_null(opsnn_cvt_get(ACL_DOUBLE, ACL_FLOAT));
        assert_null(opsnn_cvt_get(ACL_FLOAT, ACL_DT_UNDEFINED));
    }
    opsnn_kernels_select(-1);
}

/* ---- fp16 / bf16 -> f32: every pattern ----------------------------------------- */

#define ALL16 65536

static void widen_every_pattern(kind k)
{
    /* +3 elements of room for the misaligned runs */
    static uint16_t src[ALL16 + 3];
    static uint32_t dst[ALL16 + 3];
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 0; ai < nav; ai++) {
        int isa = (int)av[ai];
        opsnn_cvt_fn fn = kernel_for(isa, k);
        for (size_t so = 0; so <= 1; so++) {
            for (size_t dof = 0; dof <= 3; dof += 3) {
                for (size_t i = 0; i < ALL16; i++) {
                    src[so + i] = (uint16_t)i;
                }
                memset(dst, 0xa5, sizeof dst);
                fn(ALL16, src + so, dst + dof);
                check_against_ref(k, isa, src + so, dst + dof, ALL16, "every pattern");
            }
        }
    }
    opsnn_kernels_select(-1);
}

static void f16_to_f32_every_pattern_bits_equal_cvt_h(void **state)
{
    (void)state;
    /* The reference itself, on a few values worked out by hand. */
    assert_int_equal(ref_bits(F16_TO_F32, 0x3c00u), 0x3f800000u);  /* 1 */
    assert_int_equal(ref_bits(F16_TO_F32, 0x8001u), 0xb3800000u);  /* -2^-24 */
    assert_int_equal(ref_bits(F16_TO_F32, 0x03ffu), 0x387fc000u);  /* largest subnormal */
    assert_int_equal(ref_bits(F16_TO_F32, 0xfc00u), 0xff800000u);  /* -inf */
    assert_int_equal(ref_bits(F16_TO_F32, 0x7c01u), 0x7fc02000u);  /* sNaN quieted */
    assert_int_equal(ref_bits(F16_TO_F32, 0xfdffu), 0xffffe000u);
    widen_every_pattern(F16_TO_F32);
}

static void bf16_to_f32_every_pattern_bits_equal_cvt_h(void **state)
{
    (void)state;
    assert_int_equal(ref_bits(BF16_TO_F32, 0x3f80u), 0x3f800000u);
    assert_int_equal(ref_bits(BF16_TO_F32, 0x0001u), 0x00010000u);  /* subnormal kept */
    assert_int_equal(ref_bits(BF16_TO_F32, 0xff80u), 0xff800000u);
    assert_int_equal(ref_bits(BF16_TO_F32, 0x7f81u), 0x7fc10000u);  /* sNaN quieted */
    assert_int_equal(ref_bits(BF16_TO_F32, 0xffbfu), 0xffff0000u);
    assert_int_equal(ref_bits(BF16_TO_F32, 0x7fc0u), 0x7fc00000u);
    widen_every_pattern(BF16_TO_F32);
}

/* ---- f32 -> fp16 / bf16: dense sweep ------------------------------------------- */

#define CHUNK 65536

/* Mantissas around every rounding position: 2^j and its neighbours, and the
 * odd-multiple ties 3 * 2^j; 0 and all ones. */
static size_t edge_mantissas(uint32_t out[200])
{
    size_t k = 0;
    out[k++] = 0;
    out[k++] = 0x7fffffu;
    for (uint32_t j = 0; j < 23; j++) {
        uint32_t p = 1u << j, t = 3u << j;
        out[k++] = p;
        out[k++] = p - 1u;
        out[k++] = p + 1u;
        out[k++] = (t - 1u) & 0x7fffffu;
        out[k++] = t & 0x7fffffu;
        out[k++] = (t + 1u) & 0x7fffffu;
    }
    return k;
}

static const uint32_t F32_NAMED[] = {
    0x477fe000u, 0xc77fe000u, /* 65504, fp16's largest finite */
    0x477fefffu, 0x477ff000u, 0xc77ff000u, 0x477ff001u, /* around 65520, the overflow tie */
    0x7f7fffffu, 0xff7fffffu, 0x7f7f8000u, 0x7f7f7fffu, /* FLT_MAX, bf16's overflow tie */
    0x7f800000u, 0xff800000u, 0x00000000u, 0x80000000u, /* +-inf, +-0 */
    0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff800001u, 0x7fa5a5a5u, 0xffbfffffu, /* NaNs */
    0x7fffffffu, 0x7f802000u, 0x7f801fffu, 0x7f80ffffu, 0x7f810000u, /* payload edges */
    0x00000001u, 0x807fffffu, 0x00008000u, 0x00018000u, 0x00008001u, /* f32 subnormals */
    0x33000000u, 0x33000001u, 0xb3000000u, 0x33400000u, 0x337fffffu, /* fp16 smallest subnormal */
    0x387fc000u, 0x387fe000u, 0x387ff000u, 0x38800000u, /* fp16 subnormal -> normal */
    0x3f808000u, 0x3f818000u, 0x3f808001u, 0x3f801000u, 0x3f803000u, /* ties */
};

/* The kernel of every path on `n` patterns (src offset so, dst offset dof),
 * checked against cvt.h. */
static void narrow_chunk(kind k, opsnn_cvt_fn fn[3], const uint32_t *pat, size_t n, size_t so,
                         size_t dof, const char *what)
{
    static uint32_t src[CHUNK + 3];
    static uint16_t dst[CHUNK + 3], want[CHUNK];
    memcpy(src + so, pat, n * 4);
    for (size_t i = 0; i < n; i++) {
        want[i] = (uint16_t)ref_bits(k, pat[i]);
    }
    for (int isa = 0; isa < OPSNN_ISA_COUNT; isa++) {
        if (fn[isa] == NULL) {
            continue;
        }
        memset(dst, 0xa5, sizeof dst);
        fn[isa](n, src + so, dst + dof);
        if (memcmp(dst + dof, want, n * 2) != 0) {
            check_against_ref(k, isa, src + so, dst + dof, n, what); /* names the element */
        }
        if (dof > 0) {
            assert_int_equal(dst[dof - 1], 0xa5a5u);
        }
        assert_int_equal(dst[dof + n], 0xa5a5u);
    }
}

static void narrow_sweep(kind k)
{
    opsnn_cvt_fn fn[OPSNN_ISA_COUNT] = {NULL};
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 0; ai < nav; ai++) {
        fn[av[ai]] = kernel_for((int)av[ai], k);
    }
    opsnn_kernels_select(-1);
    static uint32_t pat[CHUNK];
    const char *full = getenv("OPSNN_CVT_FULL_SWEEP");
    int all = full != NULL && strcmp(full, "1") == 0;
    /* Every 256th pattern (or every one), low byte 0 and low byte varied. */
    uint64_t step = all ? 1 : 256, chunks = (1ull << 32) / step / CHUNK;
    for (uint64_t c = 0; c < chunks; c++) {
        for (int lowbyte = 0; lowbyte <= (all ? 0 : 1); lowbyte++) {
            for (size_t i = 0; i < CHUNK; i++) {
                uint64_t idx = c * CHUNK + i;
                pat[i] = (uint32_t)(idx * step) | (lowbyte ? (uint32_t)(idx * 167u) & 0xffu : 0u);
            }
            /* CHUNK - c % 4 elements: lengths and alignments vary across chunks */
            narrow_chunk(k, fn, pat, CHUNK - (size_t)(c % 4), (size_t)(c & 1), (size_t)(c % 3),
                         "sweep");
        }
    }
    /* Every exponent x edge mantissas, one sign per run. */
    uint32_t mant[200];
    size_t nm = edge_mantissas(mant);
    for (uint32_t s = 0; s < 2; s++) {
        size_t n = 0;
        for (uint32_t e = 0; e < 256; e++) {
            for (size_t m = 0; m < nm; m++) {
                pat[n++] = s << 31 | e << 23 | mant[m];
            }
        }
        assert_true(n <= CHUNK);
        narrow_chunk(k, fn, pat, n, s, 1, "exponents x edge mantissas");
    }
    narrow_chunk(k, fn, F32_NAMED, N_OF(F32_NAMED), 0, 0, "named specials");
}

static void f32_to_f16_dense_sweep_bits_equal_cvt_h(void **state)
{
    (void)state;
    assert_int_equal(ref_bits(F32_TO_F16, 0x477fe000u), 0x7bffu); /* 65504 */
    assert_int_equal(ref_bits(F32_TO_F16, 0x477fefffu), 0x7bffu);
    assert_int_equal(ref_bits(F32_TO_F16, 0xc77ff000u), 0xfc00u); /* -65520 -> -inf */
    assert_int_equal(ref_bits(F32_TO_F16, 0x33000000u), 0x0000u); /* 2^-25: tie to even 0 */
    assert_int_equal(ref_bits(F32_TO_F16, 0x33000001u), 0x0001u);
    assert_int_equal(ref_bits(F32_TO_F16, 0x33c00000u), 0x0002u); /* 1.5 * 2^-24: tie to 2 */
    assert_int_equal(ref_bits(F32_TO_F16, 0x7f800001u), 0x7e00u); /* sNaN quieted */
    assert_int_equal(ref_bits(F32_TO_F16, 0xffa5a5a5u), 0xff2du);
    assert_int_equal(ref_bits(F32_TO_F16, 0x3f801000u), 0x3c00u); /* tie to even */
    assert_int_equal(ref_bits(F32_TO_F16, 0x3f803000u), 0x3c02u);
    narrow_sweep(F32_TO_F16);
}

static void f32_to_bf16_dense_sweep_bits_equal_cvt_h(void **state)
{
    (void)state;
    assert_int_equal(ref_bits(F32_TO_BF16, 0x3f808000u), 0x3f80u); /* tie to even */
    assert_int_equal(ref_bits(F32_TO_BF16, 0x3f818000u), 0x3f82u);
    assert_int_equal(ref_bits(F32_TO_BF16, 0x00018000u), 0x0002u); /* subnormal, not flushed */
    assert_int_equal(ref_bits(F32_TO_BF16, 0x00008000u), 0x0000u);
    assert_int_equal(ref_bits(F32_TO_BF16, 0x7f7fffffu), 0x7f80u); /* FLT_MAX -> inf */
    assert_int_equal(ref_bits(F32_TO_BF16, 0x7f800001u), 0x7fc0u); /* sNaN quieted */
    assert_int_equal(ref_bits(F32_TO_BF16, 0xffbfffffu), 0xffffu);
    narrow_sweep(F32_TO_BF16);
}

/* ---- lengths and alignments -------------------------------------------------- */

static uint64_t rng_state = 0x2545f4914f6cdd1du;

static uint64_t rng(void) /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Random raw patterns, one in four from the named specials. */
static uint32_t random_pattern(size_t es)
{
    uint64_t r = rng();
    if (es == 4) {
        return r % 4 == 0 ? F32_NAMED[(r >> 8) % N_OF(F32_NAMED)] : (uint32_t)(r >> 32);
    }
    static const uint16_t x16[] = {0x7c01u, 0xfe00u, 0x7f81u, 0xffc1u, 0x0001u, 0x83ffu, 0x7c00u};
    return r % 4 == 0 ? x16[(r >> 8) % N_OF(x16)] : (uint16_t)(r >> 32);
}

#define GUARD 64 /* bytes of sentinel before the output and, with `trail`, after it */

/* n elements from src offset `so` to dst offset `dof` (elements). The source
 * ends exactly at its allocation; the output does too unless `trail`, so
 * AddressSanitizer catches a read or write past the end and the sentinels
 * catch the rest. */
static void one_run(kind k, int isa, opsnn_cvt_fn fn, size_t n, size_t so, size_t dof, int trail)
{
    size_t ss = src_size(k), ds = dst_size(k);
    size_t sbytes = (so + n) * ss, dbytes = GUARD + (dof + n) * ds + (trail ? GUARD : 0);
    unsigned char *src = malloc(sbytes + 1), *dst = malloc(dbytes + 1);
    assert_true(src != NULL && dst != NULL);
    for (size_t i = 0; i < so + n; i++) {
        store_bits(src, i, ss, random_pattern(ss));
    }
    memset(dst, 0xa5, dbytes);
    unsigned char *d = dst + GUARD + dof * ds;
    fn(n, src + so * ss, d);
    check_against_ref(k, isa, src + so * ss, d, n, "length/alignment");
    for (unsigned char *p = dst; p < d; p++) {
        if (*p != 0xa5) {
            fail_msg("%s %s n=%zu: wrote %td bytes before dst", KINDS[k].name, opsnn_isa_name(isa),
                     n, d - p);
        }
    }
    for (unsigned char *p = d + n * ds; p < dst + dbytes; p++) {
        if (*p != 0xa5) {
            fail_msg("%s %s n=%zu: wrote past dst", KINDS[k].name, opsnn_isa_name(isa), n);
        }
    }
    free(src);
    free(dst);
}

static void cvt_kernels_any_length_and_alignment_bits_equal_cvt_h(void **state)
{
    (void)state;
    static const size_t big[] = {1000, 1023, 1024, 1025, 4099};
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 0; ai < nav; ai++) {
        int isa = (int)av[ai];
        for (kind k = 0; k < NKINDS; k++) {
            opsnn_cvt_fn fn = kernel_for(isa, k);
            for (size_t n = 0; n <= 70 + N_OF(big); n++) {
                size_t len = n <= 70 ? n : big[n - 71];
                for (size_t off = 0; off < 16; off++) {
                    one_run(k, isa, fn, len, off % 4, off / 4, (int)(off & 1));
                }
            }
        }
    }
    opsnn_kernels_select(-1);
}

/* ---- opsnn_copy_convert -------------------------------------------------------- */

/* cvt.h's answer for any pair of FLOAT / FLOAT16 / BF16 (16-bit to 16-bit
 * through float32); the same dtype is a bit copy. */
static uint32_t convert_ref(aclDataType from, aclDataType to, uint32_t x)
{
    if (from == to) {
        return x;
    }
    float f = from == ACL_FLOAT     ? opsnn_bits_f32(x)
              : from == ACL_FLOAT16 ? opsnn_f16_to_f32((uint16_t)x)
                                    : opsnn_bf16_to_f32((uint16_t)x);
    return to == ACL_FLOAT     ? opsnn_f32_bits(f)
           : to == ACL_FLOAT16 ? opsnn_f32_to_f16(f)
                               : opsnn_f32_to_bf16(f);
}

static size_t dt_size(aclDataType dt)
{
    return dt == ACL_FLOAT ? 4 : 2;
}

static void copy_convert_unit_and_strided_bits_equal_cvt_h(void **state)
{
    (void)state;
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    static const size_t lens[] = {0, 1, 15, 17, 255, 256, 257, 1000, 4099};
    static const int64_t strides[][2] = {{1, 1}, {2, 1}, {1, 3}, {-1, 1}};
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 0; ai < nav; ai++) {
        int isa = (int)av[ai];
        opsnn_kernels_select(isa);
        for (size_t a = 0; a < N_OF(dts); a++) {
            for (size_t b = 0; b < N_OF(dts); b++) {
                aclDataType from = dts[a], to = dts[b];
                size_t ss = dt_size(from), ds = dt_size(to);
                for (size_t l = 0; l < N_OF(lens); l++) {
                    for (size_t s = 0; s < N_OF(strides); s++) {
                        size_t n = lens[l];
                        int64_t sst = strides[s][0], dst_st = strides[s][1];
                        size_t scount = n * 3 + 1, dcount = n * 3 + 1;
                        unsigned char *src = malloc(scount * ss), *dst = malloc(dcount * ds);
                        assert_true(src != NULL && dst != NULL);
                        for (size_t i = 0; i < scount; i++) {
                            store_bits(src, i, ss, random_pattern(ss));
                        }
                        memset(dst, 0xa5, dcount * ds);
                        /* a negative stride starts at the far end */
                        size_t s0 = sst < 0 ? (n > 0 ? n - 1 : 0) : 0;
                        assert_int_equal(opsnn_copy_convert(dst, to, dst_st, src + s0 * ss, from,
                                                            sst, n),
                                         0);
                        for (size_t i = 0; i < n; i++) {
                            uint32_t x = load_bits(src, (size_t)((int64_t)s0 + (int64_t)i * sst), ss);
                            uint32_t got = load_bits(dst, i * (size_t)dst_st, ds);
                            if (got != convert_ref(from, to, x)) {
                                fail_msg("%s: %d -> %d n=%zu strides %lld/%lld element %zu: in=%#x "
                                         "want=%#x got=%#x",
                                         opsnn_isa_name(isa), (int)from, (int)to, n, (long long)sst,
                                         (long long)dst_st, i, x, convert_ref(from, to, x), got);
                            }
                        }
                        free(src);
                        free(dst);
                    }
                }
            }
        }
    }
    assert_int_equal(opsnn_copy_convert(NULL, ACL_INT8, 1, NULL, ACL_FLOAT, 1, 0), -1);
    assert_int_equal(opsnn_copy_convert(NULL, ACL_FLOAT, 1, NULL, ACL_DOUBLE, 2, 0), -1);
    opsnn_kernels_select(-1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cvt_get_hands_out_the_selected_paths_kernels),
        cmocka_unit_test(f16_to_f32_every_pattern_bits_equal_cvt_h),
        cmocka_unit_test(bf16_to_f32_every_pattern_bits_equal_cvt_h),
        cmocka_unit_test(f32_to_f16_dense_sweep_bits_equal_cvt_h),
        cmocka_unit_test(f32_to_bf16_dense_sweep_bits_equal_cvt_h),
        cmocka_unit_test(cvt_kernels_any_length_and_alignment_bits_equal_cvt_h),
        cmocka_unit_test(copy_convert_unit_and_strided_bits_equal_cvt_h),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
