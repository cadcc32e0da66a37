/* The precision verdicts of CANN's test kits, computed the way they compute
 * them, so that a case judged here is judged the same on the NPU host:
 *  - TTK (hicann/ops-test-kit, ttk/core_modules/comparison/): `mixed` (its
 *    default, mix_tolerance.py), `stat_rel_err`, `close` (is_close.py),
 *    `cosine` (cosine_similarity.py), `binary` (binary_equal.py);
 *  - ATK's `single_bm` accuracy standard (MERE/MARE, the ops-nn ST jsons);
 *  - `ratio`: this tool's original rule (compare.h), kept under that name.
 * docs/golden.md gives every formula and the revision each follows. */
#ifndef OPSNN_GOLDEN_COMPARE_METHOD_H_
#define OPSNN_GOLDEN_COMPARE_METHOD_H_

#include <stdint.h>

#include "binio.h"

typedef enum {
    GOLDEN_CMP_MIXED,
    GOLDEN_CMP_STAT_REL_ERR,
    GOLDEN_CMP_SINGLE_BM,
    GOLDEN_CMP_CLOSE,
    GOLDEN_CMP_COSINE,
    GOLDEN_CMP_BINARY,
    GOLDEN_CMP_RATIO,
} golden_cmp_method;

/** Look up a method by name ("mixed", "mix_tolerance", "stat_rel_err",
 *  "single_bm", "close", "cosine", "binary", "bin", "binary_equal", "ratio");
 *  -1 when unknown. */
int golden_cmp_method_by_name(const char *name, golden_cmp_method *m);

const char *golden_cmp_method_name(golden_cmp_method m);

/** The method actually applied to an output dtype: integer outputs are always
 *  compared bit for bit (TTK's resolve rule), whatever was asked. */
golden_cmp_method golden_cmp_effective(golden_cmp_method asked, const golden_dtype *out);

/** Tolerances a case file may set (TTK CSV `precision_tolerances` gives
 *  (rtol, ptol) per output, `absolute_precision` the atol); read by `close`
 *  (all three) and `cosine` (rtol) only, like TTK. has_* = 0: dtype default. */
typedef struct {
    double rtol, ptol, atol;
    int has_rtol, has_ptol, has_atol;
} golden_cmp_tols;

typedef struct {
    golden_cmp_method method; /* the method applied */
    int pass;
    int64_t total; /* elements */
    int64_t bad; /* elements that fail the element rule (0 for cosine) */
    double metric; /* matched_ratio | mere | precision | cosine | 1 - bad/total */
    double metric2; /* max_abs_error | mare | 0 */
    char detail[320]; /* one line: the numbers and the thresholds */
} golden_verdict;

/** Judge actual against golden (equal element counts; both arrays hold a
 *  float dtype or both an integer dtype). Never fails on values: NaN, inf and
 *  empty arrays all have a defined verdict. */
int golden_cmp_judge(golden_cmp_method m, const golden_array *golden, const golden_array *actual,
                     const golden_cmp_tols *tols, golden_verdict *v, golden_err *e);

/* The individual methods (compare_*.c); golden_cmp_judge dispatches. */
void golden_cmp_mixed(const golden_array *g, const golden_array *a, golden_verdict *v);
void golden_cmp_stat(const golden_array *g, const golden_array *a, int single_bm, golden_verdict *v);
void golden_cmp_close(const golden_array *g, const golden_array *a, const golden_cmp_tols *t,
                      golden_verdict *v);
void golden_cmp_cosine(const golden_array *g, const golden_array *a, const golden_cmp_tols *t,
                       golden_verdict *v);
void golden_cmp_binary(const golden_array *g, const golden_array *a, golden_verdict *v);

/** Element i as float32, the precision TTK promotes fp16/bf16/fp32 to. */
float golden_cmp_f32(const golden_array *x, int64_t i);

#endif
