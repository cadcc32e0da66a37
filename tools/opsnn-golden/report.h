/* Results of a batch run, one row per case, written as a CSV with TTK-style
 * status columns, a JSON document, or a JUnit XML file for CI dashboards. */
#ifndef OPSNN_GOLDEN_REPORT_H_
#define OPSNN_GOLDEN_REPORT_H_

#include <stdio.h>

#include "err.h"

typedef enum {
    GOLDEN_ST_GOLDEN, /* golden produced (and prepared), nothing to compare */
    GOLDEN_ST_PASS,
    GOLDEN_ST_FAIL,
    GOLDEN_ST_SKIP, /* disabled, or larger than --max-numel */
    GOLDEN_ST_ERROR, /* a bad row, a refused case, a missing NPU output */
} golden_status;

typedef struct {
    char name[512];
    char op[32];
    char dtype[16];
    char shape[160];
    golden_status status;
    char method[16];
    double metric;
    int has_metric;
    double seconds;
    char message[1024];
    double lambd; /* SoftshrinkBackward: the lambda used (drawn or given) */
    int produced; /* a golden was computed */
} golden_result;

const char *golden_status_name(golden_status s);

/** One CSV field as RFC 4180 writes it: in double quotes, a quote doubled
 *  (commas and line breaks stay inside the quotes). */
void golden_csv_cell(FILE *f, const char *s);

int golden_report_csv(const char *path, const golden_result *r, int n, golden_err *e);
int golden_report_json(const char *path, const char *cases_file, const golden_result *r, int n, golden_err *e);
int golden_report_junit(const char *path, const char *cases_file, const golden_result *r, int n, golden_err *e);

#endif
