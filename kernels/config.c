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
#include <strings.h>

#if OPSNN_HAVE_X86_KERNELS
#include <cpuid.h>
#endif
#if OPSNN_HAVE_NEON_KERNELS
#include <sys/auxv.h>
#endif

#include "common/error.h"
#include "kernels.h"
#include "opsnn/opsnn.h"
#include "tensor/dtype.h"

/* aclDataType values run from 0 to ACL_COMPLEX32 (33). */
#define DTYPE_SLOTS 34

typedef struct {
    opsnn_ukernel_fn f32, f16, bf16, i8, i32;
} family;

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

/* Rows indexed by opsnn_isa; only the rows of BUILD_ISAS are filled. */
static const family softshrink_bwd[OPSNN_ISA_COUNT] = {
    [OPSNN_ISA_SCALAR] = {opsnn_softshrink_bwd_ukernel__scalar_f32,
                          opsnn_softshrink_bwd_ukernel__scalar_f16,
                          opsnn_softshrink_bwd_ukernel__scalar_bf16, NULL, NULL},
#if OPSNN_HAVE_X86_KERNELS
    [OPSNN_ISA_AVX2] = {opsnn_softshrink_bwd_ukernel__avx2_f32, opsnn_softshrink_bwd_ukernel__avx2_f16,
                        opsnn_softshrink_bwd_ukernel__avx2_bf16, NULL, NULL},
    [OPSNN_ISA_AVX512] = {opsnn_softshrink_bwd_ukernel__avx512_f32,
                          opsnn_softshrink_bwd_ukernel__avx512_f16,
                          opsnn_softshrink_bwd_ukernel__avx512_bf16, NULL, NULL},
#endif
#if OPSNN_HAVE_NEON_KERNELS
    [OPSNN_ISA_NEON] = {opsnn_softshrink_bwd_ukernel__neon_f32, opsnn_softshrink_bwd_ukernel__neon_f16,
                        opsnn_softshrink_bwd_ukernel__neon_bf16, NULL, NULL},
#endif
};

static const family selu_bwd[OPSNN_ISA_COUNT] = {
    [OPSNN_ISA_SCALAR] = {opsnn_selu_bwd_ukernel__scalar_f32, opsnn_selu_bwd_ukernel__scalar_f16,
                          opsnn_selu_bwd_ukernel__scalar_bf16, opsnn_selu_bwd_ukernel__scalar_i8,
                          opsnn_selu_bwd_ukernel__scalar_i32},
#if OPSNN_HAVE_X86_KERNELS
    [OPSNN_ISA_AVX2] = {opsnn_selu_bwd_ukernel__avx2_f32, opsnn_selu_bwd_ukernel__avx2_f16,
                        opsnn_selu_bwd_ukernel__avx2_bf16, opsnn_selu_bwd_ukernel__avx2_i8,
                        opsnn_selu_bwd_ukernel__avx2_i32},
    [OPSNN_ISA_AVX512] = {opsnn_selu_bwd_ukernel__avx512_f32, opsnn_selu_bwd_ukernel__avx512_f16,
                          opsnn_selu_bwd_ukernel__avx512_bf16, opsnn_selu_bwd_ukernel__avx512_i8,
                          opsnn_selu_bwd_ukernel__avx512_i32},
#endif
#if OPSNN_HAVE_NEON_KERNELS
    [OPSNN_ISA_NEON] = {opsnn_selu_bwd_ukernel__neon_f32, opsnn_selu_bwd_ukernel__neon_f16,
                        opsnn_selu_bwd_ukernel__neon_bf16, opsnn_selu_bwd_ukernel__neon_i8,
                        opsnn_selu_bwd_ukernel__neon_i32},
#endif
};

static const family softshrink_fwd[OPSNN_ISA_COUNT] = {
    [OPSNN_ISA_SCALAR] = {opsnn_softshrink_ukernel__scalar_f32, opsnn_softshrink_ukernel__scalar_f16, opsnn_softshrink_ukernel__scalar_bf16, NULL, NULL},
#if OPSNN_HAVE_X86_KERNELS
    [OPSNN_ISA_AVX2] = {opsnn_softshrink_ukernel__avx2_f32, opsnn_softshrink_ukernel__avx2_f16, opsnn_softshrink_ukernel__avx2_bf16, NULL, NULL},
    [OPSNN_ISA_AVX512] = {opsnn_softshrink_ukernel__avx512_f32, opsnn_softshrink_ukernel__avx512_f16, opsnn_softshrink_ukernel__avx512_bf16, NULL, NULL},
#endif
#if OPSNN_HAVE_NEON_KERNELS
    [OPSNN_ISA_NEON] = {opsnn_softshrink_ukernel__neon_f32, opsnn_softshrink_ukernel__neon_f16, opsnn_softshrink_ukernel__neon_bf16, NULL, NULL},
#endif
};

static const family selu_fwd[OPSNN_ISA_COUNT] = {
    [OPSNN_ISA_SCALAR] = {opsnn_selu_ukernel__scalar_f32, opsnn_selu_ukernel__scalar_f16, opsnn_selu_ukernel__scalar_bf16, opsnn_selu_ukernel__scalar_i8, opsnn_selu_ukernel__scalar_i32},
#if OPSNN_HAVE_X86_KERNELS
    [OPSNN_ISA_AVX2] = {opsnn_selu_ukernel__avx2_f32, opsnn_selu_ukernel__avx2_f16, opsnn_selu_ukernel__avx2_bf16, opsnn_selu_ukernel__avx2_i8, opsnn_selu_ukernel__avx2_i32},
    [OPSNN_ISA_AVX512] = {opsnn_selu_ukernel__avx512_f32, opsnn_selu_ukernel__avx512_f16, opsnn_selu_ukernel__avx512_bf16, opsnn_selu_ukernel__avx512_i8, opsnn_selu_ukernel__avx512_i32},
#endif
#if OPSNN_HAVE_NEON_KERNELS
    [OPSNN_ISA_NEON] = {opsnn_selu_ukernel__neon_f32, opsnn_selu_ukernel__neon_f16, opsnn_selu_ukernel__neon_bf16, opsnn_selu_ukernel__neon_i8, opsnn_selu_ukernel__neon_i32},
#endif
};

typedef struct {
    opsnn_cvt_fn f16_to_f32, bf16_to_f32, f32_to_f16, f32_to_bf16;
} cvt_family;

static const cvt_family cvt[OPSNN_ISA_COUNT] = {
    [OPSNN_ISA_SCALAR] = {opsnn_cvt_ukernel__scalar_f16_to_f32, opsnn_cvt_ukernel__scalar_bf16_to_f32,
                          opsnn_cvt_ukernel__scalar_f32_to_f16, opsnn_cvt_ukernel__scalar_f32_to_bf16},
#if OPSNN_HAVE_X86_KERNELS
    [OPSNN_ISA_AVX2] = {opsnn_cvt_ukernel__avx2_f16_to_f32, opsnn_cvt_ukernel__avx2_bf16_to_f32,
                        opsnn_cvt_ukernel__avx2_f32_to_f16, opsnn_cvt_ukernel__avx2_f32_to_bf16},
    [OPSNN_ISA_AVX512] = {opsnn_cvt_ukernel__avx512_f16_to_f32, opsnn_cvt_ukernel__avx512_bf16_to_f32,
                          opsnn_cvt_ukernel__avx512_f32_to_f16, opsnn_cvt_ukernel__avx512_f32_to_bf16},
#endif
#if OPSNN_HAVE_NEON_KERNELS
    [OPSNN_ISA_NEON] = {opsnn_cvt_ukernel__neon_f16_to_f32, opsnn_cvt_ukernel__neon_bf16_to_f32,
                        opsnn_cvt_ukernel__neon_f32_to_f16, opsnn_cvt_ukernel__neon_f32_to_bf16},
#endif
};

/* Panel gathers (x32, x16) of the paths that have them. */
typedef struct {
    opsnn_panel16_fn x32, x16;
} panel_family;

static const panel_family panel16[OPSNN_ISA_COUNT] = {
#if OPSNN_HAVE_X86_KERNELS
    [OPSNN_ISA_AVX512] = {opsnn_panel16_ukernel__avx512_x32, opsnn_panel16_ukernel__avx512_x16},
#endif
#if OPSNN_HAVE_NEON_KERNELS
    [OPSNN_ISA_NEON] = {opsnn_panel16_ukernel__neon_x32, opsnn_panel16_ukernel__neon_x16},
#endif
};

static opsnn_ukernel_fn table[OPSNN_KERNEL_COUNT][DTYPE_SLOTS];
static cvt_family cvt_table;
static atomic_int selected = -1;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static opsnn_ukernel_fn pick(const family *f, aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return f->f32;
    case ACL_FLOAT16: return f->f16;
    case ACL_BF16: return f->bf16;
    case ACL_INT8: return f->i8;
    case ACL_INT32: return f->i32;
    default: return NULL;
    }
}

/* The copies stay memcpy-based on every path. */
static opsnn_ukernel_fn copy_kernel(aclDataType dt)
{
    switch (opsnn_dtype_size(dt)) {
    case 1: return opsnn_copy_ukernel__scalar_x8;
    case 2: return opsnn_copy_ukernel__scalar_x16;
    case 4: return opsnn_copy_ukernel__scalar_x32;
    default: return NULL;
    }
}

static void fill(int isa)
{
    for (int dt = 0; dt < DTYPE_SLOTS; dt++) {
        table[OPSNN_KERNEL_SOFTSHRINK_BWD][dt] = pick(&softshrink_bwd[isa], (aclDataType)dt);
        table[OPSNN_KERNEL_SELU_BWD][dt] = pick(&selu_bwd[isa], (aclDataType)dt);
        table[OPSNN_KERNEL_COPY][dt] = copy_kernel((aclDataType)dt);
        table[OPSNN_KERNEL_SOFTSHRINK][dt] = pick(&softshrink_fwd[isa], (aclDataType)dt);
        table[OPSNN_KERNEL_SELU][dt] = pick(&selu_fwd[isa], (aclDataType)dt);
    }
    cvt_table = cvt[isa];
    atomic_store(&selected, isa);
}

size_t opsnn_isa_build_list(const opsnn_isa **list)
{
    if (list != NULL) {
        *list = BUILD_ISAS;
    }
    return BUILD_ISA_COUNT;
}

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
        return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
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
        opsnn_log(OPSNN_LOG_INFO, "OPSNN_ISA=%s: this build has no SVE kernels; NEON is the best below",
                  env);
        return OPSNN_ISA_NEON;
    }
#endif
    char names[64];
    available_names(names, sizeof names);
    opsnn_log(OPSNN_LOG_WARNING, "OPSNN_ISA=%s names no path of this build; available here: %s; "
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
    opsnn_log(OPSNN_LOG_INFO, "kernel path %s (best this CPU has, OPSNN_ISA=%s)", opsnn_isa_name(isa),
              getenv("OPSNN_ISA") != NULL ? getenv("OPSNN_ISA") : "(unset)");
}

int opsnn_kernels_select(int isa)
{
    pthread_once(&once, fill_default); /* a later first lookup must not undo this choice */
    int eff = resolve(isa);
    fill(eff);
    opsnn_log(OPSNN_LOG_INFO, "kernel path %s selected (asked for %s)", opsnn_isa_name(eff),
              isa < 0 ? "the default" : opsnn_isa_name(isa));
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

const char *opsnn_get_isa(void)
{
    pthread_once(&once, fill_default);
    return opsnn_isa_name(atomic_load(&selected));
}

opsnn_ukernel_fn opsnn_ukernel_get(opsnn_kernel_kind kind, aclDataType dtype)
{
    pthread_once(&once, fill_default);
    if ((unsigned)kind >= OPSNN_KERNEL_COUNT || (unsigned)dtype >= DTYPE_SLOTS) {
        return NULL;
    }
    return table[kind][dtype];
}

opsnn_cvt_fn opsnn_cvt_get(aclDataType from, aclDataType to)
{
    pthread_once(&once, fill_default);
    if (to == ACL_FLOAT) {
        switch (from) {
        case ACL_FLOAT16: return cvt_table.f16_to_f32;
        case ACL_BF16: return cvt_table.bf16_to_f32;
        default: return NULL;
        }
    }
    if (from == ACL_FLOAT) {
        switch (to) {
        case ACL_FLOAT16: return cvt_table.f32_to_f16;
        case ACL_BF16: return cvt_table.f32_to_bf16;
        default: return NULL;
        }
    }
    return NULL;
}

opsnn_panel16_fn opsnn_panel16_get(size_t elem_size)
{
    pthread_once(&once, fill_default);
    const panel_family *p = &panel16[atomic_load(&selected)];
    return elem_size == 4 ? p->x32 : elem_size == 2 ? p->x16 : NULL;
}
