/* Command-line options of the sub-commands: "--name value", "--name=value" and
 * flags, checked against each sub-command's table. */
#ifndef OPSNN_GOLDEN_ARGS_H_
#define OPSNN_GOLDEN_ARGS_H_

#include <stdint.h>

#include "dtype.h"
#include "err.h"
#include "shape.h"

typedef struct {
    const char *name; /* without the leading "--" */
    int takes_value;
    int repeatable;
} golden_optspec;

#define GOLDEN_MAX_OPTS 64
#define GOLDEN_MAX_POS 4

typedef struct {
    struct {
        const char *name;
        const char *value; /* NULL for a flag */
    } vals[GOLDEN_MAX_OPTS];
    int nvals;
    const char *pos[GOLDEN_MAX_POS];
    int npos;
} golden_opts;

/** Parse argv[0..argc) (the words after the sub-command name) against spec,
 *  whose last entry has name NULL. Unknown options, missing values and
 *  repeated non-repeatable options are errors. */
int golden_opts_parse(int argc, char **argv, const golden_optspec *spec, golden_opts *o,
                      golden_err *e);

/** The value of an option, or NULL when absent. */
const char *golden_opt(const golden_opts *o, const char *name);

/** 1 when a flag (or option) is present. */
int golden_opt_has(const golden_opts *o, const char *name);

/** The values of a repeatable option, in order; returns how many (at most max). */
int golden_opt_all(const golden_opts *o, const char *name, const char **vals, int max);

/** The value of a required option; error naming it when absent. */
int golden_opt_required(const golden_opts *o, const char *name, const char **value, golden_err *e);

/** Parse option --name as a dtype; *dt = NULL when absent. */
int golden_opt_dtype(const golden_opts *o, const char *name, const golden_dtype **dt, golden_err *e);

/** Parse option --name as a shape; returns 1 when present, 0 when absent, -1 on error. */
int golden_opt_shape(const golden_opts *o, const char *name, golden_shape *s, golden_err *e);

/** Parse a whole string as a double ("nan" and "inf" included); opt names it in messages. */
int golden_parse_double(const char *opt, const char *text, double *v, golden_err *e);

/** Parse a whole string as a float with one rounding (strtof: exactly what
 *  "float l = 1.2f;" gives, which strtod + a cast can miss by double rounding). */
int golden_parse_float(const char *opt, const char *text, float *v, golden_err *e);

/** Parse option --name as a finite double >= 0; keeps *v when absent. */
int golden_opt_nonneg(const golden_opts *o, const char *name, double *v, golden_err *e);

/** Parse a whole string as an integer in [lo, hi]. */
int golden_parse_i64(const char *opt, const char *text, int64_t lo, int64_t hi, int64_t *v,
                     golden_err *e);

#endif
