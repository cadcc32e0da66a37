/*
 * Everything phase 1 decides (internal; plan.c): the operands aligned to the
 * output shape, whether the output needs a temporary, and phase 2's
 * schedule: for each pass of an executor (the kernel pass, and the ViewCopy
 * when the output overlaps an input) the coalesced walk, which walk runs, the
 * kernel with its variants, the blocks of the reference tiling, the work
 * items they are cut into and the thread count. Nothing in it depends on the
 * operands' addresses, so phase 2 only binds them and runs; it plans again
 * only when what the schedule was made for has changed: the thread count,
 * the kernel path, or (after an address was rebound) whether the output
 * needs the temporary.
 */
#ifndef OPSNN_EXECUTOR_PLAN_H_
#define OPSNN_EXECUTOR_PLAN_H_

#include <stdint.h>

#include "executor/walk.h"
#include "kernels/kernels.h"
#include "executor/opdesc.h" /* opsnn_blocking */

/* Blocks of the reference tiling and the work items they are cut into. */
typedef struct {
    opsnn_blocking tiles;
    int threads;
    int64_t chunk; /* elements per iterator call (opsnn_iter_chunk) */
    int one_call; /* opsnn_iter_one_call: a work item is one iterator call */
    int64_t item; /* elements per work item: whole chunks, within one block */
    int64_t items_per_block;
    int64_t block_ps; /* estimated one-thread work of one block, picoseconds */
} opsnn_pass_blocks;

/* One pass: operand 0 is written, the others read. */
typedef struct {
    opsnn_walk w; /* its walk; w.it.base[] is bound by phase 2 */
    int nt_store; /* 1: the pass streams its output (its kernels get
                   * OPSNN_NT_STREAM_UNFENCED, run.c) */
    int64_t traffic; /* bytes it moves: each operand once (INT64_MAX: more) */
    opsnn_pass_blocks b;
} opsnn_pass_plan;

/* Where phase 2 takes each operand's base address from. */
typedef enum { OPSNN_BASE_OUT = 0, OPSNN_BASE_IN0 = 1, OPSNN_BASE_IN1 = 2, OPSNN_BASE_TEMP = 3 } opsnn_base_src;

typedef struct {
    int threads_setting; /* opsnn_get_num_threads() it was made for */
    int isa; /* opsnn_kernels_selected() it was made for */
    int into_temp; /* 1: the kernel pass writes the temporary, then a ViewCopy */
    int npasses; /* 0 for an empty output, else 1 or 2 */
    opsnn_pass_plan pass[2];
    unsigned char base_src[2][OPSNN_ITER_OPERANDS]; /* opsnn_base_src per operand */
} opsnn_schedule;

struct opsnn_executor_s;

/* Phase 1 for a validated descriptor whose configuration is known: the
 * executor's kernel, its copies of the operand views aligned to the output
 * shape, its workspace and its schedule. */
void opsnn_plan_executor(struct opsnn_executor_s *ex);

/* Bytes of temporary the output needs with the executor's current addresses
 * (0: the output can be written directly). */
uint64_t opsnn_executor_temp_bytes(const struct opsnn_executor_s *ex);

/* 1 when the bytes of a non-empty view overlap [wlo, whi). */
int opsnn_view_overlaps(const aclTensor *t, uintptr_t wlo, uintptr_t whi);

/* Plan ex's passes for the current thread setting and kernel path, the
 * kernel pass writing the temporary when into_temp. */
void opsnn_schedule_make(const struct opsnn_executor_s *ex, int into_temp, opsnn_schedule *s);

/* *dst = *src, the passes it has only. */
void opsnn_schedule_copy(opsnn_schedule *dst, const opsnn_schedule *src);

/* 1 when s still fits: made for the current thread setting and kernel path
 * and for the same choice of temporary. */
int opsnn_schedule_current(const opsnn_schedule *s, int into_temp);

/* Tests: how many schedules the calling thread has made. */
long long opsnn_test_schedules_made(void);

/* ---- Planning one walk ---------------------------------------------------- */

/* Order dims so the output's strides decrease outwards, merge dims that are
 * contiguous for every operand, and drop dims of size 1. */
void opsnn_iter_coalesce(opsnn_iter *it);

/* The chunk (in elements) to hand a walk at a time, given the tiling's
 * ubFormer: ubFormer itself, except that a walk that gathers a transposed
 * input gets whole row blocks (256 rows, the panels' outer tiling level), so
 * that blocks are not cut. */
int64_t opsnn_iter_chunk(const opsnn_iter *it, int64_t ub_elems);

/* 1 when any range of the walk may go to the iterator in one call: every
 * walk but one whose transposed input takes panels (its chunks are whole row
 * blocks, opsnn_iter_chunk). Cutting a range into chunks only adds calls:
 * each kernel call restarts the kernel's prefetch, and a chunk that ends
 * mid-row makes a row two kernel calls. */
int opsnn_iter_one_call(const opsnn_iter *it);

/* The rest of the walk over w->it as it is (coalesced or not) with fn
 * computing in cdt: the kernel's variants for its operands, whether they
 * convert, and which walk runs its full rows (with the panel's geometry). */
void opsnn_walk_make(opsnn_walk *w, opsnn_ukernel_fn fn, aclDataType cdt);

/* For a pass that streams its output: the column walk instead of panels
 * (executor/walk.h, "the column walk") when its one input is the panel's,
 * with adjacent rows, in the output's dtype, the compute dtype and 4 bytes
 * wide; the output rows are unit-stride, a whole number of column blocks
 * long and a whole number of lines apart; the selected path streams lines;
 * and the column walk pays on this CPU (opsnn_walk_columns_pay). Then the
 * thread's panel holds at least the walk's two blocks. */
void opsnn_walk_plan_columns(opsnn_walk *w);

/* Whether the column walk pays on this CPU: on Intel's, not on AMD's or
 * others' (executor/walk.h, "the column walk"), unless
 * opsnn_walk_columns_force has said otherwise. */
int opsnn_walk_columns_pay(void);
/* For tests: 1 plans the column walk wherever the pass allows it, 0 never,
 * -1 (the default) by the CPU's rule. Executors planned before keep their
 * walk. */
void opsnn_walk_columns_force(int mode);

#endif /* OPSNN_EXECUTOR_PLAN_H_ */
