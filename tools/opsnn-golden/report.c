#include "report.h"

#include <math.h>
#include <string.h>

#include "binio.h"

const char *golden_status_name(golden_status s)
{
    switch (s) {
    case GOLDEN_ST_GOLDEN: return "GOLDEN";
    case GOLDEN_ST_PASS: return "PASS";
    case GOLDEN_ST_FAIL: return "FAIL";
    case GOLDEN_ST_SKIP: return "SKIP";
    case GOLDEN_ST_ERROR: return "ERROR";
    }
    return "?";
}

void golden_csv_cell(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s != '\0'; s++) {
        if (*s == '"') {
            fputc('"', f);
        }
        fputc(*s, f);
    }
    fputc('"', f);
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            fprintf(f, "\\%c", c);
        } else if (c < 0x20) {
            fprintf(f, "\\u%04x", c);
        } else {
            fputc(c, f);
        }
    }
    fputc('"', f);
}

static void xml_str(FILE *f, const char *s)
{
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default:
            if (c >= 0x20 || c == '\n' || c == '\t') {
                fputc(c, f);
            }
        }
    }
}

/* TTK's result CSV reports an execution and a precision status per case. */
static const char *exec_status(golden_status s)
{
    return s == GOLDEN_ST_ERROR ? "FAILED" : s == GOLDEN_ST_SKIP ? "SKIPPED" : "SUCCESS";
}

int golden_report_csv(const char *path, const golden_result *r, int n, golden_err *e)
{
    golden_text t;
    if (golden_text_open(&t, e) != 0) {
        return -1;
    }
    FILE *f = t.f;
    fputs("testcase_name,op,dtype,shape,execution_status,precision_status,compare_method,precision,"
          "seconds,message\n", f);
    for (int i = 0; i < n; i++) {
        golden_csv_cell(f, r[i].name);
        fprintf(f, ",%s,%s,", r[i].op, r[i].dtype);
        golden_csv_cell(f, r[i].shape);
        fprintf(f, ",%s,%s,%s,", exec_status(r[i].status), golden_status_name(r[i].status), r[i].method);
        if (r[i].has_metric) {
            fprintf(f, "%.9g", r[i].metric);
        }
        fprintf(f, ",%.6f,", r[i].seconds);
        golden_csv_cell(f, r[i].message);
        fputc('\n', f);
    }
    return golden_text_commit(&t, path, e);
}

int golden_report_json(const char *path, const char *cases_file, const golden_result *r, int n, golden_err *e)
{
    golden_text t;
    if (golden_text_open(&t, e) != 0) {
        return -1;
    }
    FILE *f = t.f;
    int count[5] = {0};
    for (int i = 0; i < n; i++) {
        count[r[i].status]++;
    }
    fputs("{\"cases_file\": ", f);
    json_str(f, cases_file);
    fprintf(f, ", \"summary\": {\"total\": %d, \"golden\": %d, \"pass\": %d, \"fail\": %d, \"skip\": %d, "
               "\"error\": %d},\n \"cases\": [",
            n, count[GOLDEN_ST_GOLDEN], count[GOLDEN_ST_PASS], count[GOLDEN_ST_FAIL], count[GOLDEN_ST_SKIP],
            count[GOLDEN_ST_ERROR]);
    for (int i = 0; i < n; i++) {
        fputs(i ? ",\n  {\"name\": " : "\n  {\"name\": ", f);
        json_str(f, r[i].name);
        fprintf(f, ", \"op\": \"%s\", \"dtype\": \"%s\", \"shape\": ", r[i].op, r[i].dtype);
        json_str(f, r[i].shape);
        fprintf(f, ", \"status\": \"%s\", \"method\": \"%s\", \"metric\": ", golden_status_name(r[i].status),
                r[i].method);
        if (r[i].has_metric && isfinite(r[i].metric)) {
            fprintf(f, "%.9g", r[i].metric);
        } else {
            fputs("null", f);
        }
        fprintf(f, ", \"seconds\": %.6f, \"message\": ", r[i].seconds);
        json_str(f, r[i].message);
        fputc('}', f);
    }
    fputs("\n]}\n", f);
    return golden_text_commit(&t, path, e);
}

int golden_report_junit(const char *path, const char *cases_file, const golden_result *r, int n, golden_err *e)
{
    golden_text t;
    if (golden_text_open(&t, e) != 0) {
        return -1;
    }
    FILE *f = t.f;
    int fails = 0, errors = 0, skips = 0;
    double total = 0;
    for (int i = 0; i < n; i++) {
        fails += r[i].status == GOLDEN_ST_FAIL;
        errors += r[i].status == GOLDEN_ST_ERROR;
        skips += r[i].status == GOLDEN_ST_SKIP;
        total += r[i].seconds;
    }
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n<testsuite name=\"", f);
    xml_str(f, cases_file);
    fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.6f\">\n", n, fails, errors,
            skips, total);
    for (int i = 0; i < n; i++) {
        fputs("  <testcase classname=\"opsnn-golden.", f);
        xml_str(f, r[i].op);
        fputs("\" name=\"", f);
        xml_str(f, r[i].name);
        fprintf(f, "\" time=\"%.6f\">", r[i].seconds);
        const char *tag = r[i].status == GOLDEN_ST_FAIL ? "failure" : r[i].status == GOLDEN_ST_ERROR ? "error"
                          : r[i].status == GOLDEN_ST_SKIP ? "skipped" : NULL;
        if (tag != NULL) {
            fprintf(f, "<%s message=\"", tag);
            xml_str(f, r[i].message);
            fprintf(f, "\"/>");
        }
        fputs("</testcase>\n", f);
    }
    fputs("</testsuite>\n</testsuites>\n", f);
    return golden_text_commit(&t, path, e);
}
