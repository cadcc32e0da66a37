/* Element-wise precision comparison with the NPU operator acceptance rule:
 * an element is an error when |actual - golden| > atol + rtol * |golden|, and
 * the comparison passes when errors / elements <= the error-ratio threshold.
 * NaN matches NaN; an infinity matches an infinity of the same sign. */
#ifndef OPSNN_GOLDEN_COMPARE_H_
#define OPSNN_GOLDEN_COMPARE_H_

#include <stdint.h>

#include "binio.h"

typedef struct {
    double rtol, atol, ratio;
} golden_tol;

/** Defaults per dtype: fp32 1e-4 (all three), fp16 1e-3, bf16 4e-3,
 *  integers 0 (exact). */
void golden_default_tol(const golden_dtype *dt, golden_tol *t);

typedef struct {
    int64_t index;
    double golden, actual;
} golden_mismatch;

typedef struct {
    int64_t total, errors;
    int64_t special_matched; /* NaN/NaN and same-sign inf pairs */
    int64_t finite; /* pairs with both values finite: the error statistics */
    double max_abs, mean_abs;
    int64_t max_abs_index;
    int64_t rel_count; /* finite pairs with golden != 0: the relative statistics */
    double max_rel, mean_rel;
    int64_t max_rel_index;
    double error_ratio;
    int pass;
    golden_mismatch *first; /* the first nfirst errors, in index order */
    int nfirst;
} golden_cmp_result;

/** 1 when the pair is an error under t. */
int golden_is_error(double golden, double actual, const golden_tol *t);

/** Compare two arrays of equal element count; keeps up to max_show errors. */
int golden_compare(const golden_array *golden, const golden_array *actual, const golden_tol *t,
                   int max_show, golden_cmp_result *r, golden_err *e);

void golden_cmp_result_free(golden_cmp_result *r);

/** The worst element of actual against golden: a NaN/inf where the other
 *  differs first (error inf), else the largest |actual - golden|. 0 when the
 *  arrays are empty or equal everywhere (NaN matching NaN). */
int golden_worst_element(const golden_array *golden, const golden_array *actual, golden_mismatch *w,
                         double *error);

/** The `compare` sub-command: exit 0 pass, 1 fail, 2 bad input. */
int golden_cmd_compare(int argc, char **argv);

#endif
