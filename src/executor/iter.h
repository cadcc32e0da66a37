/*
 * Fused strided iteration (internal), after PyTorch's TensorIterator: the
 * output and inputs are walked together over one shape with per-operand
 * strides (0 for a broadcast input) and dtypes; dims are coalesced first, and
 * the micro-kernel runs over contiguous runs, with strided or differently
 * typed operands gathered / scattered one small tile at a time.
 */
#ifndef OPSNN_EXECUTOR_ITER_H_
#define OPSNN_EXECUTOR_ITER_H_

#include <stdint.h>

#include "kernels/kernels.h"
#include "tensor/tensor.h"

#define OPSNN_ITER_OPERANDS 3

typedef struct {
    int ndim;
    int noperands; /* 1 output + 1 or 2 inputs */
    int64_t shape[OPSNN_MAX_RANK];
    char *base[OPSNN_ITER_OPERANDS]; /* element (0, ..., 0) of each operand */
    aclDataType dtype[OPSNN_ITER_OPERANDS];
    int64_t es[OPSNN_ITER_OPERANDS];
    int64_t strides[OPSNN_ITER_OPERANDS][OPSNN_MAX_RANK]; /* elements */
} opsnn_iter;

/* Order dims so the output's strides decrease outwards, merge dims that are
 * contiguous for every operand, and drop dims of size 1. */
void opsnn_iter_coalesce(opsnn_iter *it);

/* The chunk (in elements) to hand opsnn_iter_run at a time, given the tiling's
 * ubFormer: ubFormer itself, except that a walk that gathers a transposed
 * input gets whole row blocks (256 rows, the panels' outer tiling level), so
 * that blocks are not cut. */
int64_t opsnn_iter_chunk(const opsnn_iter *it, int64_t ub_elems);

/* 1 when the walk is a single unit-stride run (after opsnn_iter_coalesce)
 * with every operand in cdt, or in the dtypes of a variant of fn that
 * converts in registers (opsnn_ukernel_mixed): then any range of it is one
 * micro-kernel call, and cutting it into chunks only adds calls (each
 * streamed call ends in an sfence, and the kernel's prefetch restarts). 0
 * otherwise. */
int opsnn_iter_flat(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt);

/* Run fn (computing in dtype cdt) over flat output indices [begin, end).
 * Returns 0, or -1 when an operand's dtype cannot be converted to or from cdt
 * (checked before anything is written; the planner never lets one through). */
int opsnn_iter_run(const opsnn_iter *it, opsnn_ukernel_fn fn, aclDataType cdt,
                   const opsnn_kparams *params, int64_t begin, int64_t end);

/* Tests: bytes of transposed-walk panels alive now, over every thread. */
long long opsnn_test_panel_bytes(void);

#endif /* OPSNN_EXECUTOR_ITER_H_ */
