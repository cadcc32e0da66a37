/* The micro-kernel table, filled once. Operators reach kernels only through
 * opsnn_ukernel_get() and opsnn_cvt_get(). The first lookup fills it for the
 * best path the CPU has (or OPSNN_ISA's choice); opsnn_kernels_select()
 * refills it, which is allowed only while no kernel is running. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <strings.h>

#if OPSNN_HAVE_X86_KERNELS
#include <cpuid.h>
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

/* Rows indexed by opsnn_isa. */
static const family softshrink_bwd[] = {
    {opsnn_softshrink_bwd_ukernel__scalar_f32, opsnn_softshrink_bwd_ukernel__scalar_f16,
     opsnn_softshrink_bwd_ukernel__scalar_bf16, NULL, NULL},
#if OPSNN_HAVE_X86_KERNELS
    {opsnn_softshrink_bwd_ukernel__avx2_f32, opsnn_softshrink_bwd_ukernel__avx2_f16,
     opsnn_softshrink_bwd_ukernel__avx2_bf16, NULL, NULL},
    {opsnn_softshrink_bwd_ukernel__avx512_f32, opsnn_softshrink_bwd_ukernel__avx512_f16,
     opsnn_softshrink_bwd_ukernel__avx512_bf16, NULL, NULL},
#endif
};

static const family selu_bwd[] = {
    {opsnn_selu_bwd_ukernel__scalar_f32, opsnn_selu_bwd_ukernel__scalar_f16,
     opsnn_selu_bwd_ukernel__scalar_bf16, opsnn_selu_bwd_ukernel__scalar_i8,
     opsnn_selu_bwd_ukernel__scalar_i32},
#if OPSNN_HAVE_X86_KERNELS
    {opsnn_selu_bwd_ukernel__avx2_f32, opsnn_selu_bwd_ukernel__avx2_f16,
     opsnn_selu_bwd_ukernel__avx2_bf16, opsnn_selu_bwd_ukernel__avx2_i8,
     opsnn_selu_bwd_ukernel__avx2_i32},
    {opsnn_selu_bwd_ukernel__avx512_f32, opsnn_selu_bwd_ukernel__avx512_f16,
     opsnn_selu_bwd_ukernel__avx512_bf16, opsnn_selu_bwd_ukernel__avx512_i8,
     opsnn_selu_bwd_ukernel__avx512_i32},
#endif
};

typedef struct {
    opsnn_cvt_fn f16_to_f32, bf16_to_f32, f32_to_f16, f32_to_bf16;
} cvt_family;

static const cvt_family cvt[] = {
    {opsnn_cvt_ukernel__scalar_f16_to_f32, opsnn_cvt_ukernel__scalar_bf16_to_f32,
     opsnn_cvt_ukernel__scalar_f32_to_f16, opsnn_cvt_ukernel__scalar_f32_to_bf16},
#if OPSNN_HAVE_X86_KERNELS
    {opsnn_cvt_ukernel__avx2_f16_to_f32, opsnn_cvt_ukernel__avx2_bf16_to_f32,
     opsnn_cvt_ukernel__avx2_f32_to_f16, opsnn_cvt_ukernel__avx2_f32_to_bf16},
    {opsnn_cvt_ukernel__avx512_f16_to_f32, opsnn_cvt_ukernel__avx512_bf16_to_f32,
     opsnn_cvt_ukernel__avx512_f32_to_f16, opsnn_cvt_ukernel__avx512_f32_to_bf16},
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
    }
    cvt_table = cvt[isa];
    atomic_store(&selected, isa);
}

int opsnn_cpu_has_isa(opsnn_isa isa)
{
#if OPSNN_HAVE_X86_KERNELS
    unsigned eax, ebx, ecx, edx;
    /* F16C via cpuid: clang 14's __builtin_cpu_supports does not know "f16c". */
    int f16c = __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C);
    __builtin_cpu_init();
    int avx2 = f16c && __builtin_cpu_supports("avx2");
    switch (isa) {
    case OPSNN_ISA_SCALAR: return 1;
    case OPSNN_ISA_AVX2: return avx2;
    case OPSNN_ISA_AVX512:
        return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
    default: return 0;
    }
#else
    return isa == OPSNN_ISA_SCALAR;
#endif
}

/* OPSNN_ISA's path (any case), or the best one (AVX512) when unset or unknown. */
static int requested_isa(void)
{
    const char *env = getenv("OPSNN_ISA");
    if (env == NULL || env[0] == '\0') {
        return OPSNN_ISA_AVX512;
    }
    for (int isa = OPSNN_ISA_SCALAR; isa <= OPSNN_ISA_AVX512; isa++) {
        if (strcasecmp(env, opsnn_isa_name(isa)) == 0) {
            return isa;
        }
    }
    opsnn_log(OPSNN_LOG_WARNING, "OPSNN_ISA=%s is not one of scalar, avx2, avx512; ignored", env);
    return OPSNN_ISA_AVX512;
}

static int resolve(int isa)
{
    if (isa < 0 || isa > OPSNN_ISA_AVX512) {
        isa = requested_isa();
    }
    while (isa > OPSNN_ISA_SCALAR && !opsnn_cpu_has_isa((opsnn_isa)isa)) {
        isa--;
    }
    return isa;
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
    return isa == OPSNN_ISA_AVX512 ? "avx512" : isa == OPSNN_ISA_AVX2 ? "avx2" : "scalar";
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
#if OPSNN_HAVE_X86_KERNELS
    if (atomic_load(&selected) == OPSNN_ISA_AVX512) {
        return elem_size == 4   ? opsnn_panel16_ukernel__avx512_x32
               : elem_size == 2 ? opsnn_panel16_ukernel__avx512_x16
                                : NULL;
    }
#else
    (void)elem_size;
#endif
    return NULL;
}
