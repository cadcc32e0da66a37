/* A bounded CSV reader (RFC 4180: comma separated, fields in double quotes
 * may hold commas, quotes written "" and line breaks; CRLF or LF rows), for
 * TTK case tables. Takes memory, not a path. */
#ifndef OPSNN_GOLDEN_CSV_H_
#define OPSNN_GOLDEN_CSV_H_

#include <stddef.h>

#include "err.h"

#define GOLDEN_CSV_MAX_COLS 256
#define GOLDEN_CSV_MAX_ROWS 1000000

typedef struct {
    char **cells; /* ncols NUL-terminated cells; a short row is padded with "" */
    int line; /* 1-based line of the row's start */
} golden_csv_row;

typedef struct {
    char **header;
    int ncols;
    golden_csv_row *rows;
    int nrows;
    char *pool; /* all cell text */
} golden_csv;

/** Parse buf[0..len). The first row is the header. Blank lines are skipped.
 *  A row with more cells than the header is an error naming the line. */
int golden_csv_parse(const char *buf, size_t len, golden_csv *csv, golden_err *e);
void golden_csv_free(golden_csv *csv);

/** Column index of a header name, -1 when absent. */
int golden_csv_col(const golden_csv *csv, const char *name);

#endif
