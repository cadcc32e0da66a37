/* The micro-kernel table, filled once. Operators reach kernels only through
 * opsnn_ukernel_get() and opsnn_cvt_get(). The first lookup fills it for the
 * best path the CPU has (or OPSNN_ISA's choice); opsnn_kernels_select()
 * refills it, which is allowed only while no kernel is running.
 *
 * Each build knows an ordered list of paths (BUILD_ISAS, scalar first, best
 * last); everything here walks that list, never a range of enum values. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#if OPSNN_HAVE_X86_KERNELS
#include <cpuid.h>
#endif
#if OPSNN_HAVE_NEON_KERNELS
#include <sys/auxv.h>
#endif

#include "kernels.h"
#include "once.h"

/* aclDataType values run from 0 to ACL_COMPLEX32 (33). */
#define DTYPE_SLOTS 34

/* The paths this build has, in order: scalar first, best last. */
static const opsnn_isa BUILD_ISAS[] = {
    OPSNN_ISA_SCALAR,
#if OPSNN_HAVE_X86_KERNELS
    OPSNN_ISA_AVX2,
    OPSNN_ISA_AVX512,
#endif
#if OPSNN_HAVE_NEON_KERNELS
    OPSNN_ISA_NEON,
#endif
};
#define BUILD_ISA_COUNT (sizeof BUILD_ISAS / sizeof BUILD_ISAS[0])

/* The kernel layer's own rows (copy); the operators' come from
 * opsnn_ukernel_rows (ops/kernels.c, generated from the manifest). */
static const opsnn_ukernel_row SHARED_ROWS[] = {
#define OPSNN_UKERNEL(kind, isa, dtype, fn) \
    {OPSNN_KERNEL_##kind, OPSNN_ISA_##isa, OPSNN_UROW_KERNEL, dtype, dtype, dtype, dtype, fn, #fn},
#include "copy/list.inc"
#undef OPSNN_UKERNEL
};
#define SHARED_ROW_COUNT (sizeof SHARED_ROWS / sizeof SHARED_ROWS[0])

/* Room for the variants with operands in other dtypes (OPSNN_UKERNEL_X rows):
 * a list, since they are few and a table over four dtypes would be large. */
#define X_ROW_MAX 256

/* Every row of the lists, built once from SHARED_ROWS and opsnn_ukernel_rows:
 * the kernels at [path][family][dtype] (the rest NULL), the variants with one
 * value for b (OPSNN_UKERNEL_C) at the same place, and the mixed-dtype
 * variants as a list. */
static opsnn_ukernel_fn ROWS[OPSNN_ISA_COUNT][OPSNN_KERNEL_MAX][DTYPE_SLOTS];
static opsnn_ukernel_fn C_ROWS[OPSNN_ISA_COUNT][OPSNN_KERNEL_MAX][DTYPE_SLOTS];
static const opsnn_ukernel_row *X_ROWS[X_ROW_MAX];
static size_t X_ROW_COUNT;
static pthread_once_t rows_once = PTHREAD_ONCE_INIT;

static int dtype_ok(aclDataType dt)
{
    return (unsigned)dt < DTYPE_SLOTS;
}

static void add_row(const opsnn_ukernel_row *w)
{
    if ((unsigned)w->kind >= OPSNN_KERNEL_MAX || (unsigned)w->isa >= OPSNN_ISA_COUNT ||
        !dtype_ok(w->cdt) || !dtype_ok(w->adt) || !dtype_ok(w->bdt) || !dtype_ok(w->ydt)) {
        opsnn_kernels_log(OPSNN_KLOG_WARNING, "kernel row %s is out of range: ignored", w->name);
        return;
    }
    switch (w->type) {
    case OPSNN_UROW_KERNEL: ROWS[w->isa][w->kind][w->cdt] = w->fn; break;
    case OPSNN_UROW_SCALAR_B: C_ROWS[w->isa][w->kind][w->cdt] = w->fn; break;
    case OPSNN_UROW_MIXED:
        if (X_ROW_COUNT < X_ROW_MAX) {
            X_ROWS[X_ROW_COUNT++] = w;
        } else {
            opsnn_kernels_log(OPSNN_KLOG_WARNING, "more than %d mixed-dtype kernel rows: %s ignored",
                              X_ROW_MAX, w->name);
        }
        break;
    }
}

static void build_rows(void)
{
    for (size_t r = 0; r < SHARED_ROW_COUNT; r++) {
        add_row(&SHARED_ROWS[r]);
    }
    for (size_t r = 0; r < opsnn_ukernel_row_count; r++) {
        add_row(&opsnn_ukernel_rows[r]);
    }
}

/* The conversions of cvt/list.inc at [path][pair]. */
enum { F16_TO_F32, BF16_TO_F32, F32_TO_F16, F32_TO_BF16, CVT_PAIRS };
#define CVT_PAIR(from, to) \
    ((from) == ACL_FLOAT16 ? F16_TO_F32 : (from) == ACL_BF16 ? BF16_TO_F32 \
     : (to) == ACL_FLOAT16 ? F32_TO_F16 : F32_TO_BF16)
static const opsnn_cvt_fn CVT_ROWS[OPSNN_ISA_COUNT][CVT_PAIRS] = {
#define OPSNN_CVT(isa, from, to, fn) [OPSNN_ISA_##isa][CVT_PAIR(from, to)] = fn,
#include "cvt/list.inc"
#undef OPSNN_CVT
};

/* The panel gathers of transpose/list.inc at [path][0: 32-bit, 1: 16-bit]. */
static const opsnn_panel16_fn PANEL_ROWS[OPSNN_ISA_COUNT][2] = {
#define OPSNN_PANEL16(isa, bits, fn) [OPSNN_ISA_##isa][(bits) == 16] = fn,
#define OPSNN_LINES_NT(isa, fn)
#include "transpose/list.inc"
#undef OPSNN_PANEL16
#undef OPSNN_LINES_NT
};
/* and their streamed line copies, by path (none for scalar code; an aarch64
 * build has none at all, and ISO C wants one initializer) */
static const opsnn_lines_nt_fn LINES_NT_ROWS[OPSNN_ISA_COUNT] = {
    [OPSNN_ISA_SCALAR] = NULL,
#define OPSNN_PANEL16(isa, bits, fn)
#define OPSNN_LINES_NT(isa, fn) [OPSNN_ISA_##isa] = fn,
#include "transpose/list.inc"
#undef OPSNN_PANEL16
#undef OPSNN_LINES_NT
};

static opsnn_ukernel_fn table[OPSNN_KERNEL_MAX][DTYPE_SLOTS];
/* The selected kernels that have a variant with one value for b, and that
 * variant: a short list (one entry per such kind x dtype) searched by kernel. */
static struct {
    opsnn_ukernel_fn fn, c;
} c_pairs[OPSNN_KERNEL_MAX * DTYPE_SLOTS];
static size_t c_npairs;
/* The selected variants with operands in other dtypes, by kernel and dtypes:
 * for each kind x cdt x dtypes, the row of the best path up to the selected
 * one. */
static struct {
    opsnn_ukernel_fn fn, x;
    opsnn_kernel_kind kind;
    aclDataType cdt, adt, bdt, ydt;
} x_pairs[X_ROW_MAX];
static size_t x_npairs;
static opsnn_cvt_fn cvt_table[CVT_PAIRS];
static opsnn_panel16_fn panel_table[2];
static opsnn_lines_nt_fn lines_nt_fn;
static atomic_int selected = -1;
static opsnn_once_flag once = OPSNN_ONCE_INIT;

/* Position of isa in BUILD_ISAS, or -1 when this build does not have it. */
static int build_index(int isa)
{
    for (size_t k = 0; k < BUILD_ISA_COUNT; k++) {
        if ((int)BUILD_ISAS[k] == isa) {
            return (int)k;
        }
    }
    return -1;
}

/* The row of rows[][k][dt] of the path at list position top, or of the best
 * path below it that has one; NULL when none has. */
static opsnn_ukernel_fn best_row(opsnn_ukernel_fn rows[][OPSNN_KERNEL_MAX][DTYPE_SLOTS],
                                 int top, int k, int dt)
{
    opsnn_ukernel_fn fn = NULL;
    for (int j = top; j >= 0 && fn == NULL; j--) {
        fn = rows[BUILD_ISAS[j]][k][dt];
    }
    return fn;
}

/* x_pairs for the paths up to list position top: a later path's row
 * replaces an earlier one's for the same kind x dtypes. Needs table[]. */
static void fill_mixed(int top)
{
    x_npairs = 0;
    for (int j = 0; j <= top; j++) {
        for (size_t r = 0; r < X_ROW_COUNT; r++) {
            const opsnn_ukernel_row *w = X_ROWS[r];
            if (w->isa != (int)BUILD_ISAS[j] || table[w->kind][w->cdt] == NULL) {
                continue;
            }
            size_t i = 0;
            while (i < x_npairs && !(x_pairs[i].kind == w->kind && x_pairs[i].cdt == w->cdt &&
                                     x_pairs[i].adt == w->adt && x_pairs[i].bdt == w->bdt &&
                                     x_pairs[i].ydt == w->ydt)) {
                i++;
            }
            x_npairs += i == x_npairs;
            x_pairs[i].fn = table[w->kind][w->cdt];
            x_pairs[i].x = w->fn;
            x_pairs[i].kind = w->kind;
            x_pairs[i].cdt = w->cdt;
            x_pairs[i].adt = w->adt;
            x_pairs[i].bdt = w->bdt;
            x_pairs[i].ydt = w->ydt;
        }
    }
}

/* Each slot gets the kernel of the path at list position k, or, where that
 * path has none (copy, a conversion), of the best path below it that has one;
 * the same for the variants with one value for b. */
static void fill(int isa)
{
    pthread_once(&rows_once, build_rows);
    int top = build_index(isa);
    c_npairs = 0;
    for (int k = 0; k < OPSNN_KERNEL_MAX; k++) {
        for (int dt = 0; dt < DTYPE_SLOTS; dt++) {
            table[k][dt] = best_row(ROWS, top, k, dt);
            opsnn_ukernel_fn c = best_row(C_ROWS, top, k, dt);
            if (table[k][dt] != NULL && c != NULL) {
                c_pairs[c_npairs].fn = table[k][dt];
                c_pairs[c_npairs++].c = c;
            }
        }
    }
    fill_mixed(top);
    for (int c = 0; c < CVT_PAIRS; c++) {
        opsnn_cvt_fn fn = NULL;
        for (int j = top; j >= 0 && fn == NULL; j--) {
            fn = CVT_ROWS[BUILD_ISAS[j]][c];
        }
        cvt_table[c] = fn;
    }
    /* no fallback: a path without a panel kernel runs the portable loop */
    panel_table[0] = PANEL_ROWS[isa][0];
    panel_table[1] = PANEL_ROWS[isa][1];
    lines_nt_fn = LINES_NT_ROWS[isa];
    atomic_store(&selected, isa);
}

size_t opsnn_isa_build_list(const opsnn_isa **list)
{
    if (list != NULL) {
        *list = BUILD_ISAS;
    }
    return BUILD_ISA_COUNT;
}

int opsnn_cpu_has_isa(opsnn_isa isa)
{
    if (build_index((int)isa) < 0) {
        return 0;
    }
#if OPSNN_HAVE_X86_KERNELS
    unsigned eax, ebx, ecx, edx;
    /* F16C via cpuid: clang 14's __builtin_cpu_supports does not know "f16c". */
    int f16c = __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C);
    __builtin_cpu_init();
    int avx2 = f16c && __builtin_cpu_supports("avx2");
    switch (isa) {
    case OPSNN_ISA_AVX2: return avx2;
    case OPSNN_ISA_AVX512:
#if OPSNN_EMULATE_AVX512
        /* Test build (-DOPSNN_EMULATE_AVX512=ON): the avx512 kernels are
         * compiled against SIMDe and need no AVX-512 unit. */
        return avx2;
#else
        return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
#endif
    default: break;
    }
#endif
#if OPSNN_HAVE_NEON_KERNELS
    /* Advanced SIMD and FP are part of the AArch64 base ISA, but a kernel may
     * still hide them (HWCAP_FP, bit 0; HWCAP_ASIMD, bit 1). The fp16 <-> fp32
     * conversions (FCVTL/FCVTN) belong to the base ISA, not to FEAT_FP16. */
    if (isa == OPSNN_ISA_NEON) {
        unsigned long hw = getauxval(AT_HWCAP);
        return (hw & 3ul) == 3ul;
    }
#endif
    return isa == OPSNN_ISA_SCALAR;
}

opsnn_cpu_vendor_id opsnn_cpu_vendor_of(const char *cpuid_vendor)
{
    if (cpuid_vendor != NULL && strcmp(cpuid_vendor, "GenuineIntel") == 0) {
        return OPSNN_CPU_VENDOR_INTEL;
    }
    if (cpuid_vendor != NULL && strcmp(cpuid_vendor, "AuthenticAMD") == 0) {
        return OPSNN_CPU_VENDOR_AMD;
    }
    return OPSNN_CPU_VENDOR_OTHER;
}

opsnn_cpu_vendor_id opsnn_cpu_vendor(void)
{
    static atomic_int cached; /* 0: not read yet (CPUID is a VM exit in a guest) */
    int v = atomic_load_explicit(&cached, memory_order_relaxed);
    if (v != 0) {
        return (opsnn_cpu_vendor_id)v;
    }
    char id[13] = "";
#if OPSNN_HAVE_X86_KERNELS
    unsigned eax, ebx, ecx, edx;
    if (__get_cpuid(0, &eax, &ebx, &ecx, &edx)) { /* the name is in EBX, EDX, ECX */
        memcpy(id, &ebx, 4);
        memcpy(id + 4, &edx, 4);
        memcpy(id + 8, &ecx, 4);
    }
#endif
    v = (int)opsnn_cpu_vendor_of(id);
    atomic_store_explicit(&cached, v, memory_order_relaxed);
    return (opsnn_cpu_vendor_id)v;
}

size_t opsnn_isa_available(opsnn_isa out[OPSNN_ISA_COUNT])
{
    size_t n = 0;
    for (size_t k = 0; k < BUILD_ISA_COUNT; k++) {
        if (opsnn_cpu_has_isa(BUILD_ISAS[k])) {
            out[n++] = BUILD_ISAS[k];
        }
    }
    return n;
}

/* The best path of the build the CPU runs, starting at list position k and
 * going down. */
static int best_from(int k)
{
    for (; k > 0; k--) {
        if (opsnn_cpu_has_isa(BUILD_ISAS[k])) {
            return (int)BUILD_ISAS[k];
        }
    }
    return OPSNN_ISA_SCALAR;
}

/* "scalar, neon" and the like: the paths this CPU runs, for messages. */
static void available_names(char *buf, size_t size)
{
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t n = opsnn_isa_available(av), used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < n && used < size; k++) {
        int w = snprintf(buf + used, size - used, "%s%s", k ? ", " : "", opsnn_isa_name(av[k]));
        used += w > 0 ? (size_t)w : 0;
    }
}

/* OPSNN_ISA's path (any case), or -1 (the best) when unset, unknown or not a
 * path of this build; the last two are warned about with the paths there are. */
static int requested_isa(void)
{
    const char *env = getenv("OPSNN_ISA");
    if (env == NULL || env[0] == '\0') {
        return -1;
    }
    for (size_t k = 0; k < BUILD_ISA_COUNT; k++) {
        if (strcasecmp(env, opsnn_isa_name(BUILD_ISAS[k])) == 0) {
            return (int)BUILD_ISAS[k];
        }
    }
#if OPSNN_HAVE_NEON_KERNELS
    if (strcasecmp(env, opsnn_isa_name(OPSNN_ISA_SVE)) == 0) {
        opsnn_kernels_log(OPSNN_KLOG_INFO,
                          "OPSNN_ISA=%s: this build has no SVE kernels; NEON is the best below",
                          env);
        return OPSNN_ISA_NEON;
    }
#endif
    char names[64];
    available_names(names, sizeof names);
    opsnn_kernels_log(OPSNN_KLOG_WARNING,
                      "OPSNN_ISA=%s names no path of this build; available here: %s; "
                      "using the best", env, names);
    return -1;
}

/* A path of this build the CPU lacks falls back to the best one below it in
 * the build's list; -1, another architecture's path or an out-of-range
 * value mean OPSNN_ISA's choice, else the best. */
static int resolve(int isa)
{
    int k = build_index(isa);
    if (k < 0) {
        isa = requested_isa();
        k = isa < 0 ? (int)BUILD_ISA_COUNT - 1 : build_index(isa);
    }
    return best_from(k);
}

static void fill_default(void)
{
    int isa = resolve(-1);
    fill(isa);
    opsnn_kernels_log(OPSNN_KLOG_INFO, "kernel path %s (best this CPU has, OPSNN_ISA=%s)",
                      opsnn_isa_name(isa), getenv("OPSNN_ISA") != NULL ? getenv("OPSNN_ISA") : "(unset)");
}

int opsnn_kernels_select(int isa)
{
    opsnn_once(&once, fill_default); /* a later first lookup must not undo this choice */
    int eff = resolve(isa);
    fill(eff);
    opsnn_kernels_log(OPSNN_KLOG_INFO, "kernel path %s selected (asked for %s)",
                      opsnn_isa_name(eff), isa < 0 ? "the default" : opsnn_isa_name(isa));
    return eff;
}

const char *opsnn_isa_name(int isa)
{
    static const char *const names[OPSNN_ISA_COUNT] = {
        [OPSNN_ISA_SCALAR] = "scalar", [OPSNN_ISA_AVX2] = "avx2", [OPSNN_ISA_AVX512] = "avx512",
        [OPSNN_ISA_NEON] = "neon", [OPSNN_ISA_SVE] = "sve",
    };
    return isa >= 0 && isa < OPSNN_ISA_COUNT ? names[isa] : names[OPSNN_ISA_SCALAR];
}

int opsnn_kernels_selected(void)
{
    opsnn_once(&once, fill_default);
    return atomic_load(&selected);
}

opsnn_ukernel_fn opsnn_ukernel_get(opsnn_kernel_kind kind, aclDataType dtype)
{
    opsnn_once(&once, fill_default);
    if ((unsigned)kind >= OPSNN_KERNEL_MAX || (unsigned)dtype >= DTYPE_SLOTS) {
        return NULL;
    }
    return table[kind][dtype];
}

opsnn_ukernel_fn opsnn_ukernel_scalar_b(opsnn_ukernel_fn fn)
{
    opsnn_once(&once, fill_default);
    for (size_t i = 0; i < c_npairs; i++) {
        if (c_pairs[i].fn == fn) {
            return c_pairs[i].c;
        }
    }
    return NULL;
}

opsnn_ukernel_fn opsnn_ukernel_mixed(opsnn_ukernel_fn fn, aclDataType adt, aclDataType bdt,
                                     aclDataType ydt)
{
    if (adt == bdt && bdt == ydt) {
        return NULL; /* a variant has an operand in another dtype: none to look for */
    }
    opsnn_once(&once, fill_default);
    for (size_t i = 0; i < x_npairs; i++) {
        if (x_pairs[i].fn == fn && x_pairs[i].adt == adt && x_pairs[i].bdt == bdt &&
            x_pairs[i].ydt == ydt) {
            return x_pairs[i].x;
        }
    }
    return NULL;
}

opsnn_cvt_fn opsnn_cvt_get(aclDataType from, aclDataType to)
{
    opsnn_once(&once, fill_default);
    int f16 = from == ACL_FLOAT16 || from == ACL_BF16, t16 = to == ACL_FLOAT16 || to == ACL_BF16;
    if ((f16 && to == ACL_FLOAT) || (from == ACL_FLOAT && t16)) {
        return cvt_table[CVT_PAIR(from, to)];
    }
    return NULL;
}

opsnn_panel16_fn opsnn_panel16_get(size_t elem_size)
{
    opsnn_once(&once, fill_default);
    return elem_size == 4 ? panel_table[0] : elem_size == 2 ? panel_table[1] : NULL;
}

opsnn_lines_nt_fn opsnn_lines_nt_get(void)
{
    opsnn_once(&once, fill_default);
    return lines_nt_fn;
}
