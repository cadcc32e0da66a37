#include "csv.h"

#include <stdlib.h>
#include <string.h>

/* One pass that splits into cells; out == NULL only counts. Returns the
 * number of bytes the cells need (with NULs) or -1 on a syntax error. */
typedef struct {
    char **cells; /* flat array of cell pointers, or NULL while counting */
    size_t ncells;
    int *row_start; /* index of each row's first cell */
    int *row_line;
    size_t nrows;
} split_out;

static long long split(const char *buf, size_t len, char *pool, split_out *o, int *bad_line)
{
    size_t i = 0, used = 0;
    int line = 1;
    o->ncells = 0;
    o->nrows = 0;
    while (i < len) {
        /* skip blank lines */
        if (buf[i] == '\n' || buf[i] == '\r') {
            line += buf[i] == '\n';
            i++;
            continue;
        }
        if (o->row_start != NULL) {
            o->row_start[o->nrows] = (int)o->ncells;
            o->row_line[o->nrows] = line;
        }
        o->nrows++;
        for (;;) { /* cells of one row */
            char *cell = pool != NULL ? pool + used : NULL;
            if (i < len && buf[i] == '"') {
                int start_line = line;
                i++;
                for (;;) {
                    if (i >= len) {
                        *bad_line = start_line;
                        return -1;
                    }
                    if (buf[i] == '"') {
                        if (i + 1 < len && buf[i + 1] == '"') {
                            i++;
                        } else {
                            i++;
                            break;
                        }
                    }
                    line += buf[i] == '\n';
                    if (pool != NULL) {
                        pool[used] = buf[i];
                    }
                    used++;
                    i++;
                }
                /* anything up to the separator after a closing quote is kept */
            }
            while (i < len && buf[i] != ',' && buf[i] != '\n' && buf[i] != '\r') {
                if (pool != NULL) {
                    pool[used] = buf[i];
                }
                used++;
                i++;
            }
            if (pool != NULL) {
                pool[used] = '\0';
                o->cells[o->ncells] = cell;
            }
            used++;
            o->ncells++;
            if (i < len && buf[i] == ',') {
                i++;
                continue;
            }
            break;
        }
        if (i < len && buf[i] == '\r') {
            i++;
        }
        if (i < len && buf[i] == '\n') {
            i++;
            line++;
        }
        if (o->nrows > GOLDEN_CSV_MAX_ROWS) {
            *bad_line = line;
            return -2;
        }
    }
    return (long long)used;
}

int golden_csv_parse(const char *buf, size_t len, golden_csv *csv, golden_err *e)
{
    memset(csv, 0, sizeof *csv);
    split_out o = {0};
    int bad_line = 0;
    long long need = split(buf, len, NULL, &o, &bad_line);
    if (need == -1) {
        return golden_fail(e, "line %d: unterminated quoted field", bad_line);
    }
    if (need == -2) {
        return golden_fail(e, "more than %d rows", GOLDEN_CSV_MAX_ROWS);
    }
    if (o.nrows == 0) {
        return golden_fail(e, "no header row");
    }
    size_t ncells = o.ncells, nrows = o.nrows;
    csv->pool = malloc((size_t)need + 1);
    char **cells = malloc((ncells + 1) * sizeof *cells);
    int *rs = malloc((nrows + 1) * sizeof *rs), *rl = malloc((nrows + 1) * sizeof *rl);
    int rc = -1;
    if (csv->pool == NULL || cells == NULL || rs == NULL || rl == NULL) {
        golden_fail(e, "out of memory");
        goto out;
    }
    o.cells = cells;
    o.row_start = rs;
    o.row_line = rl;
    split(buf, len, csv->pool, &o, &bad_line);
    int ncols = nrows > 1 ? rs[1] - rs[0] : (int)ncells;
    if (ncols > GOLDEN_CSV_MAX_COLS) {
        golden_fail(e, "more than %d columns", GOLDEN_CSV_MAX_COLS);
        goto out;
    }
    csv->ncols = ncols;
    csv->nrows = (int)nrows - 1;
    csv->header = malloc((size_t)ncols * sizeof *csv->header);
    csv->rows = calloc(nrows, sizeof *csv->rows);
    if (csv->header == NULL || csv->rows == NULL) {
        golden_fail(e, "out of memory");
        goto out;
    }
    memcpy(csv->header, cells, (size_t)ncols * sizeof *cells);
    static char empty[1];
    for (size_t r = 1; r < nrows; r++) {
        int first = rs[r], n = (r + 1 < nrows ? rs[r + 1] : (int)ncells) - first;
        golden_csv_row *row = &csv->rows[r - 1];
        row->line = rl[r];
        if (n > ncols) {
            golden_fail(e, "line %d: %d cells, but the header has %d columns", rl[r], n, ncols);
            csv->nrows = (int)r - 1;
            goto out;
        }
        row->cells = malloc((size_t)ncols * sizeof *row->cells);
        if (row->cells == NULL) {
            csv->nrows = (int)r - 1;
            golden_fail(e, "out of memory");
            goto out;
        }
        for (int c = 0; c < ncols; c++) {
            row->cells[c] = c < n ? cells[first + c] : empty;
        }
    }
    rc = 0;
out:
    free(cells);
    free(rs);
    free(rl);
    if (rc != 0) {
        golden_csv_free(csv);
    }
    return rc;
}

void golden_csv_free(golden_csv *csv)
{
    if (csv->rows != NULL) {
        for (int r = 0; r < csv->nrows; r++) {
            free(csv->rows[r].cells);
        }
    }
    free(csv->rows);
    free(csv->header);
    free(csv->pool);
    memset(csv, 0, sizeof *csv);
}

int golden_csv_col(const golden_csv *csv, const char *name)
{
    for (int c = 0; c < csv->ncols; c++) {
        const char *h = csv->header[c];
        /* a UTF-8 byte-order mark before the first name is ignored */
        if (c == 0 && (unsigned char)h[0] == 0xef && (unsigned char)h[1] == 0xbb && (unsigned char)h[2] == 0xbf) {
            h += 3;
        }
        if (strcmp(h, name) == 0) {
            return c;
        }
    }
    return -1;
}
