/*
 * opsnn_bench: time per call, effective GB/s and the ratio to a bandwidth
 * bound measured in the same run, for every operator of the library (its
 * introspection API) over dtypes x sizes x thread counts x layouts.
 *
 * A "call" is what a user pays: GetWorkspaceSize + the run. Bytes per call are
 * the operands as stored. The bound is the faster of two plain
 * elementwise passes (ordinary and streaming stores) over the same bytes on
 * the same thread count (bound.c). Run with --help for the options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "anchor.h"
#include "bench_util.h"
#include "bound.h"
#include "opsnn/opsnn.h"

#define MAX_LIST 16
#define MAX_ROUNDS 16

/* After an OpenMP region libgomp's idle workers spin for about 10-15 ms on
 * the 2-vCPU guests the benchmark has run on before they sleep; a 2-thread case
 * timed in that window shares the second vCPU with a spinning thread. Each
 * round waits this long after the bound's passes before it times a case. */
#define SETTLE_NS 20000000L

typedef struct {
    bench_op ops[MAX_LIST];
    int nops;
    aclDataType dtypes[MAX_LIST];
    int ndtypes;
    int64_t sizes[MAX_LIST];
    int nsizes;
    int threads[MAX_LIST];
    int nthreads;
    int layouts[BENCH_LAYOUT_COUNT]; /* 1: run this layout */
    double budget_s; /* seconds per measurement (more for large sizes: min_reps wins) */
    int min_reps, max_reps, samples;
    int rounds, round_min_reps; /* interleaved rounds; batches per round at least */
    const char *csv_path;
    int quick;
} options;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: opsnn_bench [options]\n"
            "  --quick            small subset for a CI smoke run (sizes 8,1K,64K,1M; short timing)\n"
            "  --csv FILE         also write one machine-readable row per measurement to FILE\n"
            "  --threads LIST     thread counts, e.g. 1,2 (default 1,2)\n"
            "  --ops LIST         operators by opsnn-golden command, e.g. softshrink-backward,selu-backward\n"
            "                     (default: every operator of the library; `opsnn-golden ops` lists them)\n"
            "  --dtypes LIST      fp32,fp16,bf16 (default all)\n"
            "  --sizes LIST       element counts, K/M = 2^10/2^20 (default 8,1K,64K,1M,16M,64M)\n"
            "  --layouts LIST     contiguous,transposed,bcast-row,bcast-col,mixed (default all)\n"
            "  --budget SECONDS   timing budget per measurement (default 0.1; --quick 0.01)\n"
            "  --rounds N         interleaved rounds of a size x dtype, each taking every thread\n"
            "                     count's bound and cases in turn, the budget shared between them\n"
            "                     (default 5; --quick 1)\n"
            "  --soc NAME         the SoC the library imitates (opsnn_set_soc; default: OPSNN_SOC,\n"
            "                     else Ascend950), which with --opp picks the kernel generation timed\n"
            "  --opp NAME         the operator package, builtin or ops-nn (opsnn_set_opp; default:\n"
            "                     OPSNN_OPP, else builtin)\n"
            "  --help             this text\n"
            "Times are the best batch of repeated calls after a warm-up (the median of the rounds'\n"
            "medians is in the CSV).\n");
}

/* Split a comma-separated option value into items that point into buf. */
static int parse_list(const char *arg, const char *what, char *buf, size_t size, char **items)
{
    snprintf(buf, size, "%s", arg);
    int n = bench_split_list(buf, items, MAX_LIST);
    if (n == 0) {
        fprintf(stderr, "opsnn_bench: empty %s list\n", what);
    }
    return n;
}

static int parse_args(int argc, char **argv, options *o)
{
    static const int default_threads[] = {1, 2};
    static const int64_t default_sizes[] = {8, 1 << 10, 64 << 10, 1 << 20, 16 << 20, 64 << 20};
    memset(o, 0, sizeof *o);
    for (size_t i = 0; bench_op_at(i) != NULL && o->nops < MAX_LIST; i++) {
        o->ops[o->nops++] = bench_op_at(i);
    }
    o->dtypes[0] = ACL_FLOAT;
    o->dtypes[1] = ACL_FLOAT16;
    o->dtypes[2] = ACL_BF16;
    o->ndtypes = 3;
    memcpy(o->threads, default_threads, sizeof default_threads);
    o->nthreads = 2;
    memcpy(o->sizes, default_sizes, sizeof default_sizes);
    o->nsizes = 6;
    for (int l = 0; l < BENCH_LAYOUT_COUNT; l++) o->layouts[l] = 1;
    o->budget_s = -1.0;
    int sizes_given = 0;
    char *items[MAX_LIST];
    char buf[1024];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int n;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(a, "--quick") == 0) {
            o->quick = 1;
            continue;
        }
        if (v == NULL) {
            fprintf(stderr, "opsnn_bench: %s needs a value\n", a);
            return -1;
        }
        i++;
        if (strcmp(a, "--csv") == 0) {
            o->csv_path = v;
        } else if (strcmp(a, "--budget") == 0) {
            o->budget_s = atof(v);
            if (o->budget_s <= 0) {
                fprintf(stderr, "opsnn_bench: --budget must be > 0\n");
                return -1;
            }
        } else if (strcmp(a, "--rounds") == 0) {
            o->rounds = atoi(v);
            if (o->rounds < 1 || o->rounds > MAX_ROUNDS) {
                fprintf(stderr, "opsnn_bench: --rounds must be 1..%d\n", MAX_ROUNDS);
                return -1;
            }
        } else if (strcmp(a, "--soc") == 0 || strcmp(a, "--opp") == 0) {
            int soc = strcmp(a, "--soc") == 0;
            if ((soc ? opsnn_set_soc(v) : opsnn_set_opp(v)) != ACLNN_SUCCESS) {
                fprintf(stderr, "opsnn_bench: %s '%s': %s\n", a, v, aclGetRecentErrMsg());
                return -1;
            }
        } else if (strcmp(a, "--threads") == 0) {
            if ((n = parse_list(v, "threads", buf, sizeof buf, items)) == 0) return -1;
            for (int k = 0; k < n; k++) {
                o->threads[k] = atoi(items[k]);
                if (o->threads[k] < 1) {
                    fprintf(stderr, "opsnn_bench: bad thread count '%s'\n", items[k]);
                    return -1;
                }
            }
            o->nthreads = n;
        } else if (strcmp(a, "--ops") == 0) {
            if ((n = parse_list(v, "ops", buf, sizeof buf, items)) == 0) return -1;
            for (int k = 0; k < n; k++) {
                if (bench_parse_op(items[k], &o->ops[k]) != 0) {
                    fprintf(stderr, "opsnn_bench: unknown op '%s'\n", items[k]);
                    return -1;
                }
            }
            o->nops = n;
        } else if (strcmp(a, "--dtypes") == 0) {
            if ((n = parse_list(v, "dtypes", buf, sizeof buf, items)) == 0) return -1;
            for (int k = 0; k < n; k++) {
                if (bench_parse_dtype(items[k], &o->dtypes[k]) != 0) {
                    fprintf(stderr, "opsnn_bench: unknown dtype '%s'\n", items[k]);
                    return -1;
                }
            }
            o->ndtypes = n;
        } else if (strcmp(a, "--sizes") == 0) {
            if ((n = parse_list(v, "sizes", buf, sizeof buf, items)) == 0) return -1;
            for (int k = 0; k < n; k++) {
                if ((o->sizes[k] = bench_parse_size(items[k])) < 0) {
                    fprintf(stderr, "opsnn_bench: bad size '%s'\n", items[k]);
                    return -1;
                }
            }
            o->nsizes = n;
            sizes_given = 1;
        } else if (strcmp(a, "--layouts") == 0) {
            if ((n = parse_list(v, "layouts", buf, sizeof buf, items)) == 0) return -1;
            memset(o->layouts, 0, sizeof o->layouts);
            for (int k = 0; k < n; k++) {
                bench_layout l;
                if (bench_parse_layout(items[k], &l) != 0) {
                    fprintf(stderr, "opsnn_bench: unknown layout '%s'\n", items[k]);
                    return -1;
                }
                o->layouts[l] = 1;
            }
        } else {
            fprintf(stderr, "opsnn_bench: unknown option '%s'\n", a);
            usage(stderr);
            return -1;
        }
    }
    if (o->quick && !sizes_given) {
        o->nsizes = 4; /* 8 .. 1M */
    }
    if (o->budget_s < 0) {
        o->budget_s = o->quick ? 0.01 : 0.1;
    }
    o->min_reps = o->quick ? 2 : 3;
    if (o->rounds == 0) {
        o->rounds = o->quick ? 1 : 5;
    }
    o->round_min_reps = (o->min_reps + o->rounds - 1) / o->rounds;
    o->max_reps = o->quick ? 100 : 2000;
    o->samples = o->quick ? 64 : 256;
    return 0;
}

/* ---- measurement callbacks ---- */

typedef struct {
    const bench_case *c;
    aclOpExecutor *ex;
} call_ctx;

static int fn_call(void *p)
{
    return bench_case_call(((call_ctx *)p)->c);
}

static int fn_plan(void *p)
{
    call_ctx *ctx = p;
    return bench_plan_run(ctx->c, ctx->ex);
}

typedef struct {
    bound_kind kind;
    void *y;
    const void *a, *b;
    size_t nbytes;
    int threads;
} bound_ctx;

static int fn_bound(void *p)
{
    bound_ctx *b = p;
    bound_pass(b->kind, b->y, b->a, b->b, b->nbytes, b->threads);
    return 0;
}

typedef struct {
    void *y;
    const void *a;
    int64_t rows, cols;
    int threads;
} anchor_ctx;

static int fn_anchor_copy(void *p)
{
    anchor_ctx *c = p;
    anchor_copy(c->y, c->a, (size_t)(c->rows * c->cols) * sizeof(float), c->threads);
    return 0;
}

static int fn_anchor_transpose(void *p)
{
    anchor_ctx *c = p;
    anchor_transpose(c->y, c->a, c->rows, c->cols, c->threads);
    return 0;
}

/* ---- output ---- */

typedef struct {
    double plain_gbps, nt_gbps, gbps;
    bound_kind kind;
} bound_result;

/* Other work on the machine shows up in every number: say how much there was. */
static void read_loadavg(char *buf, size_t size)
{
    snprintf(buf, size, "unknown");
    FILE *f = fopen("/proc/loadavg", "r");
    if (f == NULL) {
        return;
    }
    if (fgets(buf, (int)size, f) != NULL) {
        buf[strcspn(buf, "\n")] = '\0';
    }
    fclose(f);
}

static void print_header(FILE *out, const options *o)
{
    char cpu[256], date[64], loadavg[64];
    bench_cpu_model(cpu, sizeof cpu);
    read_loadavg(loadavg, sizeof loadavg);
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S %Z", localtime(&now));
    fprintf(out, "# opsnn_bench, libopsnn %s, isa %s, threads %s\n", opsnn_version_string(),
            opsnn_get_isa(), opsnn_get_threading());
    fprintf(out, "# soc %s, package %s: %s kernels\n", opsnn_get_soc(), opsnn_get_opp(),
            opsnn_get_kernel_generation());
    fprintf(out, "# cpu: %s, %ld online\n", cpu, sysconf(_SC_NPROCESSORS_ONLN));
    fprintf(out, "# date: %s, load average at start: %s\n", date, loadavg);
    fprintf(out, "# time = best of >= %d batches in %d interleaved round(s) (for each thread "
                 "count: bound, %d ms pause, each case), a warm-up each; both phases per call; "
                 "GB/s = operand bytes / time; bound = %s\n",
            o->round_min_reps * o->rounds, o->rounds, (int)(SETTLE_NS / 1000000),
            bound_kind_available(BOUND_NT)
                ? "faster of plain/NT-store a+b pass"
                : "plain a+b pass (no streaming-store bound: x86 only; bound_nt_gbps is 0)");
    if (anchor_available()) {
        fprintf(out, "# anchor = memcpy time / %s time for the transposed case's float32 "
                     "matrix, same threads (a transposed case's vs_ctg is judged against it)\n",
                anchor_name());
    } else {
        fprintf(out, "# anchor: not measured (built without OpenBLAS; transpose_anchor is -1)\n");
    }
}

static const char *const csv_columns =
    "op,dtype,layout,elems,threads,bytes,call_ns,call_ns_median,p2_ns,gbps,bound_gbps,"
    "bound_kind,bound_plain_gbps,bound_nt_gbps,ratio,vs_contig,reps,batch,transpose_anchor";

static void print_table_header(void)
{
    printf("%-19s %-5s %-10s %6s %3s %12s %12s %12s %8s %8s %6s %7s %7s\n", "op", "dtype", "layout",
           "elems", "thr", "call_us", "median_us", "p2_us", "GB/s", "bound", "ratio", "vs_ctg",
           "anchor");
}

typedef struct {
    const bench_case *c;
    int threads;
    bench_timing call;
    double p2_ns; /* < 0: not measured */
    bound_result bound;
    double contig_ns; /* < 0: no contiguous case to compare with */
    double anchor; /* transposed cases: memcpy / somatcopy time; < 0: not measured */
} row;

static void emit_row(FILE *csv, const row *r)
{
    char size[32], p2[32], vs[32], anchor[32];
    bench_format_size(r->c->n, size, sizeof size);
    double gbps = r->c->bytes / r->call.best_ns;
    double ratio = gbps / r->bound.gbps;
    double vs_contig = r->contig_ns > 0 ? r->contig_ns / r->call.best_ns : -1.0;
    if (r->p2_ns >= 0) snprintf(p2, sizeof p2, "%12.3f", r->p2_ns / 1e3);
    else snprintf(p2, sizeof p2, "%12s", "-");
    if (vs_contig >= 0) snprintf(vs, sizeof vs, "%7.2f", vs_contig);
    else snprintf(vs, sizeof vs, "%7s", "-");
    if (r->anchor >= 0) snprintf(anchor, sizeof anchor, "%7.2f", r->anchor);
    else snprintf(anchor, sizeof anchor, "%7s", "-");
    printf("%-19s %-5s %-10s %6s %3d %12.3f %12.3f %s %8.2f %8.2f %6.2f %s %s\n",
           bench_op_name(r->c->op), bench_dtype_name(r->c->dtype), bench_layout_name(r->c->layout),
           size, r->threads, r->call.best_ns / 1e3, r->call.median_ns / 1e3, p2, gbps,
           r->bound.gbps, ratio, vs, anchor);
    fflush(stdout);
    if (csv != NULL) {
        fprintf(csv,
                "%s,%s,%s,%lld,%d,%.0f,%.1f,%.1f,%.1f,%.4f,%.4f,%s,%.4f,%.4f,%.4f,%.4f,%d,%d,%.4f\n",
                bench_op_name(r->c->op), bench_dtype_name(r->c->dtype),
                bench_layout_name(r->c->layout), (long long)r->c->n, r->threads, r->c->bytes,
                r->call.best_ns, r->call.median_ns, r->p2_ns, gbps, r->bound.gbps,
                bound_kind_name(r->bound.kind), r->bound.plain_gbps, r->bound.nt_gbps, ratio,
                vs_contig, r->call.reps, r->call.batch, r->anchor);
        fflush(csv);
    }
}

/* ---- the run ---- */

/* Combine measurements of the same thing from several rounds: the best of
 * all, the median of the rounds' medians, the batches added up. */
static void merge_timing(bench_timing *acc, const bench_timing *t, double *medians, int round)
{
    medians[round] = t->median_ns;
    if (round == 0) {
        *acc = *t;
    } else {
        acc->best_ns = t->best_ns < acc->best_ns ? t->best_ns : acc->best_ns;
        acc->reps += t->reps;
    }
    double m[MAX_ROUNDS];
    memcpy(m, medians, (size_t)(round + 1) * sizeof *m);
    acc->median_ns = bench_median(m, round + 1);
}

/* One round of the bound: each store kind, keeping the best GB/s seen. */
static int measure_bound(const options *o, void *y, const void *a, const void *b, size_t nbytes,
                         int threads, bound_result *out)
{
    for (int k = 0; k < BOUND_KIND_COUNT; k++) {
        if (!bound_kind_available((bound_kind)k)) {
            continue; /* 0 GB/s in the CSV: not measured */
        }
        bound_ctx ctx = {(bound_kind)k, y, a, b, nbytes, threads};
        bench_timing t;
        if (bench_measure(fn_bound, &ctx, o->budget_s / o->rounds, o->round_min_reps, o->max_reps,
                          &t) != 0) {
            return -1;
        }
        double gbps = 3.0 * (double)nbytes / t.best_ns;
        double *best = k == BOUND_NT ? &out->nt_gbps : &out->plain_gbps;
        *best = gbps > *best ? gbps : *best;
    }
    out->kind = out->nt_gbps > out->plain_gbps ? BOUND_NT : BOUND_PLAIN;
    out->gbps = out->kind == BOUND_NT ? out->nt_gbps : out->plain_gbps;
    return 0;
}

/* A case of the group being measured, with what its rounds found. */
typedef struct {
    bench_case c;
    row r;
    double call_medians[MAX_ROUNDS], p2_medians[MAX_ROUNDS];
    bench_timing p2;
    int failed;
} group_case;

/* One round of a case: the call (and, for contiguous, phase 2 alone on a
 * repeatable executor). Returns 0, or -1 after saying what failed. */
static int measure_case(const options *o, group_case *g, int round)
{
    call_ctx ctx = {&g->c, NULL};
    double budget = o->budget_s / o->rounds;
    bench_timing t;
    int rc = bench_measure(fn_call, &ctx, budget, o->round_min_reps, o->max_reps, &t);
    if (rc == 0) {
        merge_timing(&g->r.call, &t, g->call_medians, round);
    }
    if (rc == 0 && g->c.layout == BENCH_CONTIGUOUS) {
        ctx.ex = bench_case_plan(&g->c);
        rc = ctx.ex == NULL ? -1 : bench_measure(fn_plan, &ctx, budget, o->round_min_reps,
                                                 o->max_reps, &t);
        if (ctx.ex != NULL) aclDestroyAclOpExecutor(ctx.ex);
        if (rc == 0) {
            merge_timing(&g->p2, &t, g->p2_medians, round);
            g->r.p2_ns = g->p2.best_ns;
        }
    }
    if (rc != 0) {
        fprintf(stderr, "opsnn_bench: %s/%s/%s n=%lld failed with %d: %s\n",
                bench_op_name(g->c.op), bench_dtype_name(g->c.dtype),
                bench_layout_name(g->c.layout), (long long)g->c.n, rc, aclGetRecentErrMsg());
        return -1;
    }
    return 0;
}

/* One size x dtype: for each thread count every case and the bound,
 * measured in o->rounds interleaved rounds (in each round, for each thread
 * count: the bound, then each case), so that a stretch of low memory
 * bandwidth on a shared host, or of a slower core, lands on both sides of a
 * ratio, the 1-thread / 2-thread one included; then each output is checked
 * and the rows printed, thread count by thread count. Returns the failures. */
static int run_group(const options *o, FILE *csv, aclDataType dt, int64_t n,
                     const double *anchors, void *a, void *b, void *x32, void *y)
{
    enum { PER_THREADS = MAX_LIST * BENCH_LAYOUT_COUNT };
    group_case *all = calloc((size_t)o->nthreads * PER_THREADS, sizeof *all);
    if (all == NULL) {
        fprintf(stderr, "opsnn_bench: out of memory\n");
        return 1;
    }
    int ncases[MAX_LIST] = {0}, bound_ok[MAX_LIST], failures = 0;
    bound_result bound[MAX_LIST];
    for (int t = 0; t < o->nthreads; t++) {
        group_case *cases = all + (size_t)t * PER_THREADS;
        for (int k = 0; k < o->nops; k++) {
            for (int l = 0; l < BENCH_LAYOUT_COUNT; l++) {
                if (!o->layouts[l] || !bench_layout_supported(o->ops[k], (bench_layout)l, dt) ||
                    ncases[t] == PER_THREADS) {
                    continue;
                }
                group_case *g = &cases[ncases[t]];
                void *x = l == BENCH_MIXED ? x32 : b;
                if (bench_case_init(&g->c, o->ops[k], (bench_layout)l, dt, n, a, x, y) != 0) {
                    failures++;
                    continue;
                }
                g->r.c = &g->c;
                g->r.threads = o->threads[t];
                g->r.p2_ns = -1.0;
                g->r.contig_ns = -1.0;
                g->r.anchor = l == BENCH_TRANSPOSED ? anchors[t] : -1.0;
                ncases[t]++;
            }
        }
        bound[t] = (bound_result){0, 0, 0, BOUND_PLAIN};
        bound_ok[t] = 1;
    }
    size_t nbytes = (size_t)n * bench_dtype_size(dt);
    for (int round = 0; round < o->rounds; round++) {
        for (int t = 0; t < o->nthreads; t++) {
            if (!bound_ok[t]) {
                continue;
            }
            opsnn_set_num_threads(o->threads[t]);
            if (measure_bound(o, y, a, b, nbytes, o->threads[t], &bound[t]) != 0) {
                failures++;
                bound_ok[t] = 0; /* nothing to compare with: no rows */
                continue;
            }
            struct timespec settle = {0, SETTLE_NS};
            nanosleep(&settle, NULL);
            group_case *cases = all + (size_t)t * PER_THREADS;
            for (int i = 0; i < ncases[t]; i++) {
                if (!cases[i].failed && measure_case(o, &cases[i], round) != 0) {
                    cases[i].failed = 1;
                }
            }
        }
    }
    for (int t = 0; t < o->nthreads; t++) {
        group_case *cases = all + (size_t)t * PER_THREADS;
        opsnn_set_num_threads(o->threads[t]);
        for (int i = 0; i < ncases[t] && bound_ok[t]; i++) {
            group_case *g = &cases[i];
            if (g->failed) {
                failures++;
                continue;
            }
            g->r.bound = bound[t];
            for (int j = 0; j < ncases[t]; j++) {
                if (!cases[j].failed && cases[j].c.op == g->c.op &&
                    cases[j].c.layout == BENCH_CONTIGUOUS && g->c.layout != BENCH_CONTIGUOUS) {
                    g->r.contig_ns = cases[j].r.call.best_ns;
                }
            }
            if (g->c.inplace) { /* the in-place operand starts again from the input data */
                memcpy(y, a, (size_t)n * bench_dtype_size(dt));
            } else {
                memset(y, 0xff, (size_t)n * bench_dtype_size(dt)); /* the check must see fresh output */
            }
            int rc = bench_case_call(&g->c);
            int64_t bad = rc != 0 ? 1 : bench_case_verify(&g->c, o->samples, o->threads[t]);
            emit_row(csv, &g->r);
            failures += bad != 0;
        }
        for (int i = 0; i < ncases[t]; i++) {
            bench_case_destroy(&cases[i].c);
        }
    }
    free(all);
    return failures;
}

static int any_16bit(const options *o)
{
    for (int d = 0; d < o->ndtypes; d++) {
        if (o->dtypes[d] != ACL_FLOAT) return 1;
    }
    return 0;
}

static void *alloc_buffer(size_t bytes)
{
    void *p = NULL;
    if (aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        return NULL;
    }
    memset(p, 0, bytes); /* fault the pages in before any timing */
    return p;
}

/* The transposed anchor of an n-element case on `threads` threads: the best
 * memcpy and the best somatcopy of its float32 matrix (a, filled with
 * ordinary float32 values, into y) over o->rounds alternating rounds.
 * Returns memcpy time / transpose time, or -1 when it is not measured. */
static double measure_anchor(const options *o, int64_t n, int threads, void *a, void *y)
{
    if (!anchor_available() || !o->layouts[BENCH_TRANSPOSED]) {
        return -1.0;
    }
    anchor_ctx ctx = {y, a, 0, 0, threads};
    bench_shape(n, &ctx.rows, &ctx.cols);
    bench_fill(a, ACL_FLOAT, n, 1);
    double copy_ns = 0, transpose_ns = 0;
    for (int round = 0; round < o->rounds; round++) {
        bench_timing t;
        double budget = o->budget_s / o->rounds;
        if (bench_measure(fn_anchor_copy, &ctx, budget, o->round_min_reps, o->max_reps, &t) != 0) {
            return -1.0;
        }
        copy_ns = round == 0 || t.best_ns < copy_ns ? t.best_ns : copy_ns;
        if (bench_measure(fn_anchor_transpose, &ctx, budget, o->round_min_reps, o->max_reps, &t) !=
            0) {
            return -1.0;
        }
        transpose_ns = round == 0 || t.best_ns < transpose_ns ? t.best_ns : transpose_ns;
    }
    /* The anchor must time a real transpose: check a sample of it. */
    const float *src = a, *dst = y;
    for (int64_t k = 0; k < 64; k++) {
        int64_t r = (k * 7919) % ctx.rows, c = (k * 104729) % ctx.cols;
        if (memcmp(&dst[r * ctx.cols + c], &src[c * ctx.rows + r], sizeof(float)) != 0) {
            fprintf(stderr, "opsnn_bench: the anchor's transpose is wrong at [%lld, %lld]\n",
                    (long long)r, (long long)c);
            return -2.0;
        }
    }
    return transpose_ns > 0 ? copy_ns / transpose_ns : -1.0;
}

static int run_size(const options *o, FILE *csv, int64_t n)
{
    size_t bytes = (size_t)n * 4;
    int need_mixed = o->layouts[BENCH_MIXED] && any_16bit(o);
    void *a = alloc_buffer(bytes), *b = alloc_buffer(bytes), *y = alloc_buffer(bytes);
    void *x32 = need_mixed ? alloc_buffer(bytes) : NULL;
    int failures = 0;
    if (a == NULL || b == NULL || y == NULL || (need_mixed && x32 == NULL)) {
        fprintf(stderr, "opsnn_bench: cannot allocate 4 x %zu bytes\n", bytes);
        failures = 1;
        goto out;
    }
    if (need_mixed) {
        bench_fill(x32, ACL_FLOAT, n, 2);
    }
    double anchors[MAX_LIST];
    for (int t = 0; t < o->nthreads; t++) {
        anchors[t] = measure_anchor(o, n, o->threads[t], a, y);
        failures += anchors[t] < -1.5;
    }
    for (int d = 0; d < o->ndtypes; d++) {
        aclDataType dt = o->dtypes[d];
        bench_fill(a, dt, n, 1);
        bench_fill(b, dt, n, 2);
        failures += run_group(o, csv, dt, n, anchors, a, b, x32, y);
    }
out:
    if (a != NULL) aclrtFree(a);
    if (b != NULL) aclrtFree(b);
    if (y != NULL) aclrtFree(y);
    if (x32 != NULL) aclrtFree(x32);
    return failures;
}

int main(int argc, char **argv)
{
    options o;
    if (parse_args(argc, argv, &o) != 0) {
        return 2;
    }
    anchor_init();
    FILE *csv = NULL;
    if (o.csv_path != NULL) {
        csv = fopen(o.csv_path, "w");
        if (csv == NULL) {
            perror(o.csv_path);
            return 2;
        }
        print_header(csv, &o);
        fprintf(csv, "%s\n", csv_columns);
    }
    print_header(stdout, &o);
    print_table_header();
    uint64_t t0 = bench_now_ns();
    int failures = 0;
    for (int s = 0; s < o.nsizes; s++) {
        failures += run_size(&o, csv, o.sizes[s]);
    }
    opsnn_set_num_threads(0);
    char loadavg[64];
    read_loadavg(loadavg, sizeof loadavg);
    printf("# %d failure(s), %.1f s, load average at end: %s\n", failures,
           (double)(bench_now_ns() - t0) / 1e9, loadavg);
    if (csv != NULL) {
        fclose(csv);
    }
    return failures != 0;
}
