/*
 * Table lookup for 16-bit elementwise kernels (internal).
 *
 * A unary kernel on fp16 or bf16 (y depends on a alone, through fixed
 * parameters) has only 65536 possible inputs. When its arithmetic costs more
 * than the memory it moves (forward Selu: a float32 expm1 sequence of about
 * 35 vector instructions per 16 lanes), a table of its 65536 results makes
 * each element one lookup. The table is filled by the kernel itself, run
 * once over every bit pattern, so a lookup gives the bits the kernel
 * computes, NaN payloads and signed zeros included; each ISA path fills its
 * own table with its own kernel, so each path's arithmetic stays the one its
 * tests check.
 *
 * A table is filled once per process, by the first run that may use it,
 * and used by every run of at least OPSNN_LUT16_MIN_RUN elements, or of any
 * length in a call of at least OPSNN_LUT16_MIN_CALL elements
 * (opsnn_kparams.call_elems: the short rows of a transposed or strided
 * operand, where the first rows bring the table into the cache for the
 * rest). Filling costs about one 64K-element run of the kernel. While one
 * thread fills it, every other run computes (nothing waits); a table filled
 * with other parameter values is not used for these (the run computes).
 */
#ifndef OPSNN_KERNELS_LUT16_H_
#define OPSNN_KERNELS_LUT16_H_

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

#define OPSNN_LUT16_ENTRIES 65536u
/* Below this a lookup run whose table has left the caches is no faster than
 * the arithmetic: on the 2-vCPU Xeon guest (AVX-512, forward Selu fp16,
 * docs/dev/performance-history.md, 2026-12-06) 256 elements took 0.75 us
 * against 0.48 us of arithmetic, 1K 1.1 us against 1.7 us, 64K 15 us
 * against 36 us (10.9 us with the table in cache). */
#define OPSNN_LUT16_MIN_RUN 1024u
/* A call this long pays a table's trip from memory in its first rows: 16K
 * fp16 elements in one run took 5.3 us with the table out of the caches
 * against 10.2 us of arithmetic (same machine). */
#define OPSNN_LUT16_MIN_CALL 16384u
#define OPSNN_LUT16_KEY_BYTES 16u

/* Zero-initialise (static storage): empty. */
typedef struct {
    atomic_int state;                         /* empty, filling, ready */
    unsigned char key[OPSNN_LUT16_KEY_BYTES]; /* the parameter bytes it was filled with */
    /* +1: a 32-bit gather of the last entry reads the two bytes after it */
    uint16_t v[OPSNN_LUT16_ENTRIES + 1];
} opsnn_lut16;

/* y[i] = table[a[i]] for i < n: one lookup kernel per path, each the same
 * bits. a and y may be the same buffer (in place); `nt` as opsnn_kparams's
 * nt_store. */
typedef void (*opsnn_lut16_fn)(size_t n, const uint16_t *a, uint16_t *y, const uint16_t *table,
                               int nt);
void opsnn_lut16_apply__scalar(size_t n, const uint16_t *a, uint16_t *y, const uint16_t *table,
                               int nt);
/* 1 when the x86 lookup kernels read the table with vpgatherdd: on an Intel
 * CPU (the Xeon guest's gathers); elsewhere a gather costs more than its
 * scalar loads (Zen 3 with AVX2, Zen 5 with AVX-512). */
int opsnn_lut16_gathers_pay(void);
/* AVX2: with gathers where they pay, else with one scalar load per entry
 * (lut16/avx2.c); the two ways are also callable on their own (tests). */
void opsnn_lut16_apply__avx2(size_t n, const uint16_t *a, uint16_t *y, const uint16_t *table,
                             int nt);
void opsnn_lut16_apply__avx2_gather(size_t n, const uint16_t *a, uint16_t *y,
                                    const uint16_t *table, int nt);
void opsnn_lut16_apply__avx2_loads(size_t n, const uint16_t *a, uint16_t *y,
                                   const uint16_t *table, int nt);
/* AVX-512: the same two ways, chosen the same way (lut16/avx512.c). */
void opsnn_lut16_apply__avx512(size_t n, const uint16_t *a, uint16_t *y, const uint16_t *table,
                               int nt);
void opsnn_lut16_apply__avx512_gather(size_t n, const uint16_t *a, uint16_t *y,
                                      const uint16_t *table, int nt);
void opsnn_lut16_apply__avx512_loads(size_t n, const uint16_t *a, uint16_t *y,
                                     const uint16_t *table, int nt);

/*
 * One run of a 16-bit unary kernel: through `table` (filling it first when
 * this run may) with `apply`, or with `compute` itself. `compute` is the
 * kernel's arithmetic (an opsnn_ukernel_fn that ignores b and works in
 * place); p->op points at its parameters, param_bytes of them (at most
 * OPSNN_LUT16_KEY_BYTES, no padding bytes).
 */
void opsnn_lut16_run(opsnn_lut16 *table, opsnn_lut16_fn apply, opsnn_ukernel_fn compute, size_t n,
                     const void *a, void *y, const opsnn_kparams *p, size_t param_bytes);

/* Defines the micro-kernel `name` (opsnn_ukernel_fn) as a run of `compute`
 * through a table of its own, with the path's lookup kernel `apply` and
 * parameters of type `param_type` (opsnn_lut16_run). */
#define OPSNN_LUT16_UKERNEL(name, apply, compute, param_type)                             \
    void name(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)    \
    {                                                                                    \
        _Static_assert(sizeof(param_type) <= OPSNN_LUT16_KEY_BYTES,                      \
                       "the parameters fit a table's key");                              \
        static opsnn_lut16 table;                                                        \
        (void)b;                                                                         \
        opsnn_lut16_run(&table, apply, compute, n, a, y, p, sizeof(param_type));         \
    }

#endif /* OPSNN_KERNELS_LUT16_H_ */
