/*
 * Phase 2's schedule, decided in phase 1 (internal): for each pass of an
 * executor (the kernel pass, and the ViewCopy when the output overlaps an
 * input) the coalesced walk, the kernel, the blocks of the reference tiling,
 * the work items they are cut into and the thread count. Nothing in it
 * depends on the operands' addresses, so phase 2 only binds them and runs;
 * it plans again only when what the schedule was made for has changed: the
 * thread count, the kernel path, or (after an address was rebound) whether
 * the output needs the temporary.
 */
#ifndef OPSNN_EXECUTOR_PLANNER_H_
#define OPSNN_EXECUTOR_PLANNER_H_

#include <stdint.h>

#include "executor/iter.h"
#include "kernels/kernels.h"
#include "executor/opdesc.h" /* opsnn_blocking */

/* Blocks of the reference tiling and the work items they are cut into. */
typedef struct {
    opsnn_blocking tiles;
    int threads;
    int64_t chunk; /* elements per iterator call (opsnn_iter_chunk) */
    int flat; /* opsnn_iter_flat: a work item is one iterator call */
    int64_t item; /* elements per work item: whole chunks, within one block */
    int64_t items_per_block;
} opsnn_pass_blocks;

/* One pass: operand 0 is written, the others read. */
typedef struct {
    opsnn_iter it; /* coalesced; it.base[] is bound by phase 2 */
    opsnn_ukernel_fn fn;
    aclDataType cdt; /* the dtype fn computes in */
    int nt_store; /* opsnn_kparams.nt_store for this pass */
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

#endif /* OPSNN_EXECUTOR_PLANNER_H_ */
