/*
 * Shared by opsnn_bench.c and vs_libtorch.cpp: the benchmark cases (operator
 * x dtype x layout over caller-owned buffers), the calls through the public
 * aclnn API, timing, test data, option-list parsing and a sampled check of
 * the results.
 */
#ifndef OPSNN_BENCH_UTIL_H_
#define OPSNN_BENCH_UTIL_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "opsnn/ops.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The operators are the library's (its introspection API, opsnn/ops.h): every
 * one of them is benchmarked, named by its opsnn-golden command
 * (softshrink-backward, selu-backward, ...). */
typedef const opsnn_op_meta *bench_op;
#define BENCH_MAX_ARGS 8

/* How the operands are laid out. Every case has n = rows * cols output
 * elements, written contiguously. Which layouts an operator gets follows from
 * what the library says of it (bench_layout_supported). */
typedef enum {
    BENCH_CONTIGUOUS = 0, /* every operand contiguous, one dtype: every operator */
    BENCH_TRANSPOSED = 1, /* the first input is the transpose of a [cols, rows] array (not in place) */
    BENCH_BCAST_ROW = 2, /* broadcasting operators: the second input has shape [cols] (a row broadcast down) */
    BENCH_BCAST_COL = 3, /* broadcasting operators: the second input has shape [rows, 1] */
    BENCH_MIXED = 4, /* mixed-dtype operators: first input and output fp16/bf16, the second input fp32 */
    BENCH_LAYOUT_COUNT
} bench_layout;

typedef struct {
    bench_op op;
    bench_layout layout;
    aclDataType dtype; /* the first input and the output */
    aclDataType self_dtype; /* the other inputs (FLOAT for BENCH_MIXED, else dtype) */
    int64_t n, rows, cols;
    void *g, *x, *y; /* first input, other inputs (one buffer), output storage */
    double bytes; /* bytes of the operands as stored (what one call must move) */
    int nin; /* tensor inputs */
    int inplace; /* the output is the first input (g is then y) */
    void *operands[BENCH_MAX_ARGS]; /* aclTensor* / aclScalar*, signature order */
    float scalars[BENCH_MAX_ARGS]; /* the scalars' values: each its default (the shrink
                                     * operators' 0.5; test data is uniform in [-2, 2), so
                                     * about 3/4 of the elements pass their gradient) */
} bench_case;

/* The operators: bench_op_at(i) for i = 0.. until NULL. */
bench_op bench_op_at(size_t i);

/* Names used on the command line, in the tables and in the CSV. */
const char *bench_op_name(bench_op op);
const char *bench_layout_name(bench_layout layout);
const char *bench_dtype_name(aclDataType dt); /* "fp32", "fp16", "bf16" */
size_t bench_dtype_size(aclDataType dt);
int bench_parse_op(const char *s, bench_op *op);
int bench_parse_layout(const char *s, bench_layout *layout);
int bench_parse_dtype(const char *s, aclDataType *dt);
/* "8", "1K", "64K", "1M", "16M" (binary multiples), "1000": > 0, or -1. */
int64_t bench_parse_size(const char *s);
/* "65536" -> "64K": exact binary multiples get a suffix. */
void bench_format_size(int64_t n, char *buf, size_t size);
/* Split a comma-separated list in place; returns the item count (<= max). */
int bench_split_list(char *s, char **items, int max);

/* 1 when the operator accepts the layout: contiguous always; transposed when
 * not in place; bcast-row/-col when it broadcasts (OPSNN_OP_BROADCAST) and has
 * a second input; mixed when its dtypes may differ (OPSNN_OP_MIXED_DTYPE), it
 * has a second input and dt is not fp32. */
int bench_layout_supported(bench_op op, bench_layout layout, aclDataType dt);
/* The [rows, cols] shape used for n elements: rows is the largest divisor of
 * n not above sqrt(n). */
void bench_shape(int64_t n, int64_t *rows, int64_t *cols);

/* Create the operands of a case over the given storage; g and y must hold n
 * elements of dt, x n elements of the self dtype (an in-place case runs on y,
 * copied from g). Returns 0, or -1 with a message on stderr. */
int bench_case_init(bench_case *c, bench_op op, bench_layout layout, aclDataType dt, int64_t n,
                    void *g, void *x, void *y);
void bench_case_destroy(bench_case *c);
/* One call as a user pays it: GetWorkspaceSize, then the run (which frees the
 * single-use executor). Returns the first non-success status, or 0. */
int bench_case_call(const bench_case *c);
/* Phase 1 once, marked repeatable; run it with bench_plan_run and free it
 * with aclDestroyAclOpExecutor. NULL on failure. */
aclOpExecutor *bench_case_plan(const bench_case *c);
int bench_plan_run(const bench_case *c, aclOpExecutor *executor);
/* Sampled check of the output of the last bench_case_call (up to `samples`
 * positions, first and last included) against the same operator run on
 * contiguous copies of the operands on one thread: what the layouts and the
 * thread count must not change (the library is bit-exact across paths; the
 * values themselves are pinned by the test suites). Returns the number of
 * mismatches and prints the first few to stderr; restores `threads`. */
int64_t bench_case_verify(const bench_case *c, int samples, int threads);

/* Uniform values in [-2, 2) from a fixed seed, stored as dt (rounded to
 * nearest even for fp16/bf16); the same seed gives the same values in every
 * dtype, up to that rounding. */
void bench_fill(void *buf, aclDataType dt, int64_t n, uint64_t seed);

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t bench_now_ns(void);

/* Timing: the callable is warmed up once, then run in batches long enough to
 * make the clock's resolution irrelevant (>= 20 us; short, so that some
 * batches escape preemption on a busy machine). Batches run until
 * (batches x best batch time) reaches budget_s, so preempted batches do not
 * use up the budget, but for no more than BENCH_WALL_FACTOR x budget_s of
 * wall time, and for at least min_reps and at most max_reps batches.
 * best_ns is the fastest batch divided by its length; median_ns the median. */
#define BENCH_WALL_FACTOR 3.0
typedef int (*bench_fn)(void *ctx);
typedef struct {
    double best_ns, median_ns;
    int reps, batch;
} bench_timing;
int bench_measure(bench_fn fn, void *ctx, double budget_s, int min_reps, int max_reps,
                  bench_timing *t);
/* The median of v[0..n) (n >= 1); sorts v in place. */
double bench_median(double *v, int n);
/* Calls per batch so one batch lasts >= 20 us, given one call's time. */
int bench_batch_for(double call_ns);

/* First "model name" line of /proc/cpuinfo, or "unknown". */
void bench_cpu_model(char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* OPSNN_BENCH_UTIL_H_ */
