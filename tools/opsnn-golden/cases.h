/* Test cases read from the files CANN's test kits run: ATK json
 * (ops-nn tests/st/aclnnXxx/atk_aclnnXxx.json, by aclnn_name), TTK kernel CSV
 * (by op_name: the operator's ops-nn kernel op, soft_shrink_grad, ...) and
 * TTK aclnn CSV (by api_name: aclnnSoftshrinkBackward, ...), for every
 * operator of the library (opinfo.h). A bad row becomes a case with an error
 * message; the others still run. docs/golden.md lists the columns. */
#ifndef OPSNN_GOLDEN_CASES_H_
#define OPSNN_GOLDEN_CASES_H_

#include <stddef.h>
#include <stdint.h>

#include "compare_method.h"
#include "dtype.h"
#include "err.h"
#include "lit.h"
#include "opinfo.h"
#include "shape.h"

typedef enum { GOLDEN_CASES_ATK, GOLDEN_CASES_TTK_KERNEL, GOLDEN_CASES_TTK_ACLNN } golden_cases_kind;

#define GOLDEN_CASE_MAX_MUST 8

/** How an input's values are drawn: uniform in [lo, hi] (lo == hi: every
 *  element is lo, infinities included), plus TTK's "must appear" values; or,
 *  with `normal` (ATK's {"name": "nd", "mean": [a, b], "std": [c, d]}), from a
 *  normal distribution whose mean is drawn uniformly from [mean_lo, mean_hi]
 *  and standard deviation from [std_lo, std_hi], once per tensor. */
typedef struct {
    double lo, hi;
    int normal;
    double mean_lo, mean_hi, std_lo, std_hi;
    double must[GOLDEN_CASE_MAX_MUST];
    int nmust;
} golden_vrange;

typedef struct {
    const golden_dtype *dtype;
    golden_shape shape; /* view shape */
    int strided; /* aclnn: strides/offset/storage given */
    int64_t strides[GOLDEN_MAX_RANK];
    int64_t offset;
    golden_shape storage; /* the backing storage (the shape of the input file) */
    golden_vrange range;
    int given; /* the file gave this tensor's shape */
} golden_case_tensor;

typedef struct {
    char *name; /* testcase_name (ATK: <aclnn_name>_<id>) */
    int line; /* CSV line, or ATK list index */
    const opsnn_op_meta *op; /* NULL until the row names a known operator */
    golden_opinfo info; /* where inputs, output and scalar sit in op's signature */
    golden_case_tensor in[GOLDEN_MAX_IN]; /* the tensor inputs, info.nin of them */
    golden_case_tensor out;
    int scalar_input; /* aclnn/ATK: the operator's scalar (lambda) is a scalar slot */
    int output_slot; /* aclnn/ATK: the output's backing storage is input slot nin, as
                        TTK saves every tensor of an aclnn signature (its initial
                        content: out.range, zeros by default) */
    const golden_dtype *scalar_dtype;
    /* The operator's scalar argument (lambda), when it has one: */
    int lambd_random; /* draw it from lambd_range */
    golden_vrange lambd_range;
    double lambd; /* when not random (default: the library's default) */
    int has_method; /* the file names a standard (ATK single_bm) */
    golden_cmp_method method;
    golden_cmp_tols tols;
    int disabled; /* is_enabled False */
    char *error; /* a bad row: why; NULL when the case is usable */
} golden_case;

typedef struct {
    golden_cases_kind kind;
    golden_case *cases;
    int n;
} golden_caseset;

/** Recognise the content (a JSON list -> ATK; a CSV whose header has
 *  api_name -> TTK aclnn, op_name -> TTK kernel) and read every case. Fails
 *  only when the file as a whole cannot be read. */
int golden_cases_parse(const char *buf, size_t len, golden_caseset *s, golden_err *e);
int golden_cases_parse_atk(const char *buf, size_t len, golden_caseset *s, golden_err *e);
int golden_cases_parse_ttk(const char *buf, size_t len, golden_caseset *s, golden_err *e);
void golden_caseset_free(golden_caseset *s);

const char *golden_cases_kind_name(golden_cases_kind k);

/** NumPy's name of a dtype (float32, float16, bfloat16, int8, int32, uint8):
 *  the dtype part of TTK's data file names. */
const char *golden_numpy_name(const golden_dtype *dt);

/* Helpers shared by the readers (cases.c). */
golden_case *golden_cases_add(golden_caseset *s, golden_err *e);
void golden_case_error(golden_case *c, const char *fmt, ...) GOLDEN_PRINTF(2, 3);
int golden_case_set_name(golden_case *c, const char *name);
/** A dtype from a file's spelling (float16/fp16, bfloat16/bf16, ...). */
const golden_dtype *golden_case_dtype(const char *name);
/** A shape from a list literal of non-negative integers. */
int golden_case_shape(const golden_lit *v, golden_shape *s, golden_err *e);
/** A range from (lo, hi[, must...]), [x] (every element x), a number, or None
 *  (TTK's default [-2, 2]), or ATK's {"name": "nd", "mean": [a, b], "std": [c, d]}. */
int golden_case_range(const golden_lit *v, golden_vrange *r, golden_err *e);
/** Set the case's operator (its info; the scalar's default); 0, or -1 with
 *  the case's error set. */
int golden_case_set_op(golden_case *c, const opsnn_op_meta *m);
/** Set the operator whose aclnn name (kernel: ops-nn kernel op) is exactly
 *  name; otherwise the case's error: COLUMN 'SHOWN' is not <every operator's
 *  name of that kind> (quote: ' or "). 0, or -1. */
int golden_case_find_op(golden_case *c, const char *name, int kernel, const char *column, char quote,
                        const char *shown);
/** Final checks and derived fields (output dtype/shape, storage). */
void golden_case_finish(golden_case *c);

#endif
