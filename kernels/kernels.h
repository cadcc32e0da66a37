/*
 * The kernel layer's internal interface.
 *
 * A micro-kernel computes one operator for one dtype over a contiguous run of
 * n elements: y[i] = op(a[i], b[i]). For the backward operators a is
 * gradOutput and b is self (softshrink) or result (selu). Micro-kernels are
 * named XNNPACK-style, <op>_ukernel__<isa>_<dtype>, live one family per
 * folder and one ISA per file, and are only reached through the table that
 * opsnn_ukernel_get() fills once.
 */
#ifndef OPSNN_KERNELS_KERNELS_H_
#define OPSNN_KERNELS_KERNELS_H_

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "acl/acl_base.h"

/* What every elementwise micro-kernel gets besides its operands. */
typedef struct {
    const void *op; /* the family's parameter struct (ops/<op>/op_kernel/params.h); NULL for copy */
    int nt_store;   /* OPSNN_NT_*: whether kernels may use non-temporal stores (the
                     * output is larger than the last-level cache) and who fences them */
    size_t call_elems; /* the output elements of the whole call this run is part of (0:
                        * not known): a kernel with two ways to the same bits may pick by
                        * it (kernels/lut16.h); nothing else may depend on it */
} opsnn_kparams;

typedef void (*opsnn_ukernel_fn)(size_t n, const void *a, const void *b, void *y,
                                 const opsnn_kparams *params);

/* opsnn_kparams.nt_store. Non-temporal stores are weakly ordered: another
 * thread may see them only after an sfence. A kernel given OPSNN_NT_STREAM
 * fences before it returns; one given OPSNN_NT_STREAM_UNFENCED does not, and
 * its caller runs opsnn_stream_fence() before anything reads the output or
 * tells another thread it is written. The fence waits until the
 * write-combining buffers have drained, about a memory round trip: the
 * executor's walks, which make one kernel call per row (a transposed input's
 * panel rows, 4 KiB each), fence once per work item instead. */
enum { OPSNN_NT_NONE = 0, OPSNN_NT_STREAM = 1, OPSNN_NT_STREAM_UNFENCED = 2 };

/* Orders this thread's non-temporal stores before its later stores (a no-op
 * where the kernels make none). */
static inline void opsnn_stream_fence(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_sfence();
#endif
}

/* Whether a kernel with `nt` (opsnn_kparams.nt_store) streams its output y,
 * whose elements are ysize bytes: asked to and y holds whole elements. If
 * so, *head is how many of its n elements come before the first one at an
 * `align`-byte boundary (they are stored normally); else 0. */
static inline int opsnn_stream_head(const void *y, int nt, size_t ysize, size_t align, size_t n,
                                    size_t *head)
{
    int stream = nt != OPSNN_NT_NONE && (uintptr_t)y % ysize == 0;
    size_t h = stream ? (align - (uintptr_t)y % align) % align / ysize : 0;
    *head = h < n ? h : n;
    return stream;
}

/* How many elements ahead of the one they work on the vector loops prefetch
 * their inputs: `bytes` of input in all, shared out over the distinct inputs
 * (a kernel with one input passes it as both a and b), so that each is the
 * same number of elements ahead. The loops ask for 4 KiB. They counted 1 KiB
 * of output before: on the 2-vCPU Xeon guest the backward operators'
 * 64M-element calls then read 0.93-1.01 of the bandwidth bound where they
 * read 1.02-1.06 now, and 2 KiB of output (a float32 self of a 16-bit
 * gradient 4 KiB ahead, 6 KiB in all) held the mixed-dtype ones to 0.80-0.95
 * (docs/dev/performance-history.md, ninth session). */
static inline size_t opsnn_prefetch_ahead(size_t bytes, const void *a, const void *b,
                                          size_t asize, size_t bsize)
{
    return bytes / (b == a ? asize : asize + bsize);
}

/*
 * A micro-kernel family. The kernel layer owns one, OPSNN_KERNEL_COPY (the
 * ViewCopy of a temporary, kernels/copy/); the operators' families are
 * OPSNN_KERNEL_<KIND> of ops/kernels.h, generated from the operator manifest
 * (ops/all.def), numbered from 1 and fewer than OPSNN_KERNEL_MAX.
 */
typedef int opsnn_kernel_kind;
#define OPSNN_KERNEL_COPY 0
#define OPSNN_KERNEL_MAX 32

/*
 * One row of an elementwise family's list (ops/<op>/op_kernel/<family>/list.inc,
 * kernels/copy/list.inc), as the manifest's macros write it:
 *   OPSNN_UKERNEL(kind, isa, dtype, fn)      a micro-kernel: family
 *       OPSNN_KERNEL_<kind>, path OPSNN_ISA_<isa>, aclDataType <dtype>;
 *   OPSNN_UKERNEL_C(kind, isa, dtype, fn)    a variant of such a kernel whose
 *       second input is one value for the whole run, y[i] = op(a[i], b[0])
 *       (XNNPACK's vopc kernels): a family may have them for some paths and
 *       dtypes or none; without one a broadcast value takes the generic path;
 *   OPSNN_UKERNEL_X(kind, isa, cdt, adt, bdt, ydt, fn)  a variant of the
 *       kernel of compute dtype cdt whose operands a, b and y are stored as
 *       adt, bdt and ydt (not all cdt): it converts them in registers, with
 *       the bits of a gather into cdt, the cdt kernel and a scatter back;
 *       without one such a call goes through tiles.
 * A path's rows sit inside the #if of the builds that compile that path's
 * files (CMake picks the files by name: <family>/avx2.c, avx512.c, neon.c).
 */
typedef enum { OPSNN_UROW_KERNEL, OPSNN_UROW_SCALAR_B, OPSNN_UROW_MIXED } opsnn_ukernel_row_type;
typedef struct {
    opsnn_kernel_kind kind;
    int isa; /* opsnn_isa */
    opsnn_ukernel_row_type type;
    aclDataType cdt;           /* the dtype the kernel computes in (the row's dtype) */
    aclDataType adt, bdt, ydt; /* OPSNN_UROW_MIXED: the operands' dtypes; else cdt */
    opsnn_ukernel_fn fn;
    const char *name; /* the function's name, for messages */
} opsnn_ukernel_row;

/* The operators' rows, every family of the manifest: defined above the kernel
 * layer (ops/kernels.c) and read by the dispatch when it fills its table, so
 * that kernels/ holds no operator list. */
extern const opsnn_ukernel_row opsnn_ukernel_rows[];
extern const size_t opsnn_ukernel_row_count;

/* The micro-kernel for kind x dtype, or NULL when that pair does not exist. */
opsnn_ukernel_fn opsnn_ukernel_get(opsnn_kernel_kind kind, aclDataType dtype);

/* The variant of the selected kernel fn whose b is one value for the whole
 * run (an OPSNN_UKERNEL_C row, same signature, b pointing at that value in
 * fn's dtype): y[i] = op(a[i], b[0]), the bits fn gives with that value
 * repeated. NULL when fn has none or is not a kernel of the selected path.
 * The walker asks for it by fn, so that a broadcast operand needs nothing
 * from the operator's side. */
opsnn_ukernel_fn opsnn_ukernel_scalar_b(opsnn_ukernel_fn fn);

/* The variant of the selected kernel fn (of some compute dtype) whose a, b
 * and y are stored as adt, bdt and ydt (an OPSNN_UKERNEL_X row, same
 * signature): it converts in registers and gives the bits of gathering a and
 * b into fn's dtype, running fn and scattering y back. NULL when fn has none
 * for these dtypes (then the walker goes through tiles). */
opsnn_ukernel_fn opsnn_ukernel_mixed(opsnn_ukernel_fn fn, aclDataType adt, aclDataType bdt,
                                     aclDataType ydt);

/* Instruction-set paths. Every path gives the same bits as the scalar one.
 * A build has an ordered subset (opsnn_isa_build_list): scalar, avx2, avx512
 * on x86-64; scalar, neon on aarch64; scalar elsewhere. */
typedef enum {
    OPSNN_ISA_SCALAR = 0,
    OPSNN_ISA_AVX2 = 1,
    OPSNN_ISA_AVX512 = 2,
    OPSNN_ISA_NEON = 3,
    OPSNN_ISA_SVE = 4, /* a name only: no build has SVE kernels yet (OPSNN_ISA=sve -> neon) */
    OPSNN_ISA_COUNT
} opsnn_isa;

/* The paths this build has, scalar first and best last; *list (when not
 * NULL) points at them. Returns their number. */
size_t opsnn_isa_build_list(const opsnn_isa **list);
/* The paths of the build this CPU runs, in the same order, into out[];
 * returns their number (>= 1: scalar always runs). */
size_t opsnn_isa_available(opsnn_isa out[OPSNN_ISA_COUNT]);
/* 1 when this CPU (and this build) can run the path. */
int opsnn_cpu_has_isa(opsnn_isa isa);

/* Who designed the CPU, for the choices that differ between vendors' cores
 * (the AVX2 and AVX-512 table lookups, kernels/lut16/; the executor's column
 * walk). */
typedef enum {
    OPSNN_CPU_VENDOR_OTHER = 1, /* not x86, or a vendor no rule names */
    OPSNN_CPU_VENDOR_INTEL,
    OPSNN_CPU_VENDOR_AMD,
} opsnn_cpu_vendor_id;
/* The vendor of an x86 CPUID vendor string ("GenuineIntel", "AuthenticAMD";
 * anything else, NULL included, is OTHER). For tests. */
opsnn_cpu_vendor_id opsnn_cpu_vendor_of(const char *cpuid_vendor);
/* This CPU's vendor: CPUID leaf 0 on x86, OTHER elsewhere. Read once. */
opsnn_cpu_vendor_id opsnn_cpu_vendor(void);
/* Fill the kernel table for `isa`; -1 picks the best path, honouring the
 * OPSNN_ISA environment variable (a name of opsnn_isa_name; anything else is
 * warned about, naming the available paths, and ignored). A path of the
 * build the CPU lacks falls back to the best one below it in the build's
 * list; another architecture's path or an out-of-range value is taken as -1.
 * Returns the path now in effect. The first opsnn_ukernel_get() calls this
 * once with -1; tests call it to switch. */
int opsnn_kernels_select(int isa);
/* "scalar", "avx2", "avx512", "neon", "sve". */
const char *opsnn_isa_name(int isa);
/* The path in effect (filling the table first if no lookup has yet). */
int opsnn_kernels_selected(void);

/*
 * The kernel layer's one call upwards: its reports (the path chosen, an
 * OPSNN_ISA value it ignores) go to this function, which the library above
 * defines (src/common/log.c routes it to the CANN-style log), so that
 * kernels/ includes nothing of src/.
 */
enum { OPSNN_KLOG_INFO = 1, OPSNN_KLOG_WARNING = 2 };
void opsnn_kernels_log(int level, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Bytes per element of dt; 0 for types without a whole-byte size and unknown
 * values (the fact every layer needs, kept at the bottom one). */
size_t opsnn_dtype_size(aclDataType dt);

/*
 * A conversion micro-kernel: dst[i] = convert(src[i]) for i < n, both
 * unit-stride, no alignment required, src and dst not overlapping. Named
 * opsnn_cvt_ukernel__<isa>_<from>_to_<to>; every path gives cvt.h's bits.
 */
typedef void (*opsnn_cvt_fn)(size_t n, const void *src, void *dst);

/* The selected path's kernel for from -> to: FLOAT16 or BF16 -> FLOAT and
 * FLOAT -> FLOAT16 or BF16; NULL for any other pair. */
opsnn_cvt_fn opsnn_cvt_get(aclDataType from, aclDataType to);

/*
 * Strided copy with dtype conversion: dst[i * dst_stride] = src[i * src_stride]
 * for i < n, strides in elements. Same dtype: a bit copy. Otherwise both are
 * FLOAT, FLOAT16 or BF16, converted as cvt.h does (FLOAT16 <-> BF16 through
 * FLOAT); unit strides on both sides use the selected path's opsnn_cvt_get()
 * kernels. Returns -1 for an unsupported pair.
 */
int opsnn_copy_convert(void *dst, aclDataType dst_dtype, int64_t dst_stride, const void *src,
                       aclDataType src_dtype, int64_t src_stride, size_t n);

/*
 * 2-D gather for transposed operands: dst[r * pitch + j] = src[j * inner_stride
 * + r * outer_stride] for r < rows, j < cols (strides and pitch in elements),
 * converting like opsnn_copy_convert. Returns -1 for an unsupported pair.
 * With `prefetch` the gather asks for the next columns' lines ahead of use
 * (another page each, which the hardware prefetcher does not cross to):
 * worth it when the source comes from memory, wasted instructions when it
 * is still in the cache from an earlier call. The result is the same.
 */
int opsnn_gather_panel(void *dst, aclDataType dst_dtype, size_t pitch, const void *src,
                       aclDataType src_dtype, int64_t inner_stride, int64_t outer_stride,
                       size_t rows, size_t cols, int prefetch);

/* Panel gather of rows (a multiple of 16) whose elements are adjacent in
 * memory: dst[i * pitch + j] = src[j * col_stride + i], i < rows, j < cols (in
 * elements), in 16-row pieces, every piece of a column group before the next
 * group (so each source column is read as one run of rows elements);
 * `prefetch` as for opsnn_gather_panel. */
typedef void (*opsnn_panel16_fn)(size_t rows, size_t cols, const void *src, int64_t col_stride,
                                 void *dst, size_t pitch, int prefetch);
/* The selected path's panel kernel for elem_size-byte elements, or NULL (then
 * the portable loop runs). */
opsnn_panel16_fn opsnn_panel16_get(size_t elem_size);

/* rows rows of row_bytes (a multiple of 64) from the contiguous src (64-byte
 * aligned) to dst + i * pitch (dst and pitch multiples of 64), each line
 * with a non-temporal store and no fence (the caller fences, as after an
 * OPSNN_NT_STREAM_UNFENCED kernel): how the column walk of a transposed
 * input writes its output (executor/walk.h). */
typedef void (*opsnn_lines_nt_fn)(size_t rows, size_t row_bytes, const void *src, void *dst,
                                  size_t pitch);
/* The selected path's, or NULL (then no walk streams lines). */
opsnn_lines_nt_fn opsnn_lines_nt_get(void);

/*
 * A run whose one b value decides every element's answer as "a" or "+0"
 * (a variant with one value for b whose rule picks g or zero bits): a copy
 * of a's bits (memmove: an in-place call has y == a) or a fill with zero
 * bytes, which on short rows costs a fraction of the kernel's vector loop.
 * Does the run and returns 1 unless it is streamed (`stream`: the kernel's
 * loop keeps its non-temporal stores); then returns 0 and does nothing.
 */
static inline int opsnn_run_copy_or_zero(size_t n, const void *a, void *y, size_t esize,
                                         int keep, int stream)
{
    if (stream) {
        return 0;
    }
    if (keep) {
        memmove(y, a, n * esize);
    } else {
        memset(y, 0, n * esize);
    }
    return 1;
}

/*
 * The float32 NaN that every path writes where the arithmetic itself makes a
 * NaN out of non-NaN operands (0 * inf, inf * 0 in SeluBackward's r <= 0
 * branch): positive, quiet, zero payload. x86 would give 0xffc00000 and
 * AArch64 0x7fc00000 by default; the kernels pin this one so every host gives
 * the same bits. A NaN that comes in as an operand is propagated instead,
 * quieted, with its sign and payload. fp16 / bf16 outputs get it rounded:
 * 0x7e00 / 0x7fc0. (decision: the Ascend C documentation does not specify the
 * NaN the vector unit emits; docs/precision.md.)
 */
#define OPSNN_CANONICAL_NAN_BITS 0x7fc00000u

/* The prototypes of the shared micro-kernels (copy); the operators' are in
 * ops/kernels.h. The scalar ones are the portable path, and the reference
 * every other path must match bit for bit. */
#define OPSNN_UKERNEL(kind, isa, dtype, fn) \
    void fn(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *params);
#include "copy/list.inc"
#undef OPSNN_UKERNEL
#define OPSNN_CVT(isa, from, to, fn) void fn(size_t n, const void *src, void *dst);
#include "cvt/list.inc"
#undef OPSNN_CVT
#define OPSNN_PANEL16(isa, bits, fn) \
    void fn(size_t rows, size_t cols, const void *src, int64_t col_stride, void *dst, size_t pitch, \
            int prefetch);
#define OPSNN_LINES_NT(isa, fn) \
    void fn(size_t rows, size_t row_bytes, const void *src, void *dst, size_t pitch);
#include "transpose/list.inc"
#undef OPSNN_PANEL16
#undef OPSNN_LINES_NT

#endif /* OPSNN_KERNELS_KERNELS_H_ */
