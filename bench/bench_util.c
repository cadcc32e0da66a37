/* Benchmark cases, calls, timing and test data; see bench_util.h. */
#include "bench_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "opsnn/opsnn.h"

/* A batch of calls lasts at least this long, so the clock's resolution and
 * the cost of reading it (~20 ns) stay below 0.1%; no longer, so that on a
 * shared machine some batches run without being preempted. */
#define BATCH_MIN_NS 20000.0

static const char *const layout_names[BENCH_LAYOUT_COUNT] = {"contiguous", "transposed",
                                                            "bcast-row", "bcast-col", "mixed"};

bench_op bench_op_at(size_t i)
{
    return opsnn_op_at(i);
}

const char *bench_op_name(bench_op op)
{
    return op != NULL ? op->command : "?";
}

const char *bench_layout_name(bench_layout layout)
{
    return layout < BENCH_LAYOUT_COUNT ? layout_names[layout] : "?";
}

const char *bench_dtype_name(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return "fp32";
    case ACL_FLOAT16: return "fp16";
    case ACL_BF16: return "bf16";
    default: return "?";
    }
}

size_t bench_dtype_size(aclDataType dt)
{
    return dt == ACL_FLOAT ? 4 : 2;
}

int bench_parse_op(const char *s, bench_op *op)
{
    *op = opsnn_op_lookup(s); /* command, name, aclnn or kernel op name */
    return *op != NULL ? 0 : -1;
}

int bench_parse_layout(const char *s, bench_layout *layout)
{
    for (int i = 0; i < BENCH_LAYOUT_COUNT; i++) {
        if (strcmp(s, layout_names[i]) == 0) {
            *layout = (bench_layout)i;
            return 0;
        }
    }
    return -1;
}

int bench_parse_dtype(const char *s, aclDataType *dt)
{
    static const aclDataType all[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (strcmp(s, bench_dtype_name(all[i])) == 0) {
            *dt = all[i];
            return 0;
        }
    }
    return -1;
}

int64_t bench_parse_size(const char *s)
{
    char *end = NULL;
    long long v = strtoll(s, &end, 10);
    if (end == s || v <= 0) {
        return -1;
    }
    int shift = 0;
    if (*end == 'K' || *end == 'k') {
        shift = 10;
        end++;
    } else if (*end == 'M' || *end == 'm') {
        shift = 20;
        end++;
    } else if (*end == 'G' || *end == 'g') {
        shift = 30;
        end++;
    }
    if (*end != '\0' || v > (INT64_MAX >> shift)) {
        return -1;
    }
    return (int64_t)v << shift;
}

void bench_format_size(int64_t n, char *buf, size_t size)
{
    if (n >= ((int64_t)1 << 20) && n % ((int64_t)1 << 20) == 0) {
        snprintf(buf, size, "%lldM", (long long)(n >> 20));
    } else if (n >= 1024 && n % 1024 == 0) {
        snprintf(buf, size, "%lldK", (long long)(n >> 10));
    } else {
        snprintf(buf, size, "%lld", (long long)n);
    }
}

int bench_split_list(char *s, char **items, int max)
{
    int count = 0;
    for (char *tok = strtok(s, ","); tok != NULL && count < max; tok = strtok(NULL, ",")) {
        items[count++] = tok;
    }
    return count;
}

/* Tensor inputs and whether the operator works in place. */
static int op_inputs(bench_op op, int *inplace)
{
    int nin = 0;
    *inplace = 0;
    for (int i = 0; i < op->nargs; i++) {
        nin += op->args[i].kind == OPSNN_ARG_TENSOR_IN || op->args[i].kind == OPSNN_ARG_TENSOR_INOUT;
        *inplace |= op->args[i].kind == OPSNN_ARG_TENSOR_INOUT;
    }
    return nin;
}

int bench_layout_supported(bench_op op, bench_layout layout, aclDataType dt)
{
    int inplace, nin = op_inputs(op, &inplace);
    if (op->nargs > BENCH_MAX_ARGS || nin == 0) {
        return 0;
    }
    switch (layout) {
    case BENCH_CONTIGUOUS:
        return 1;
    case BENCH_TRANSPOSED:
        return !inplace;
    case BENCH_BCAST_ROW:
    case BENCH_BCAST_COL:
        return nin >= 2 && (opsnn_op_flags(op) & OPSNN_OP_BROADCAST) != 0;
    case BENCH_MIXED:
        return nin >= 2 && (opsnn_op_flags(op) & OPSNN_OP_MIXED_DTYPE) != 0 && dt != ACL_FLOAT;
    default:
        return 0;
    }
}

void bench_shape(int64_t n, int64_t *rows, int64_t *cols)
{
    int64_t r = (int64_t)sqrt((double)n);
    while (r > 1 && (r * r > n || n % r != 0)) {
        r--;
    }
    *rows = r < 1 ? 1 : r;
    *cols = n / *rows;
}

int bench_case_init(bench_case *c, bench_op op, bench_layout layout, aclDataType dt, int64_t n,
                    void *g, void *x, void *y)
{
    memset(c, 0, sizeof *c);
    c->op = op;
    c->layout = layout;
    c->dtype = dt;
    c->self_dtype = layout == BENCH_MIXED ? ACL_FLOAT : dt;
    c->n = n;
    c->g = g;
    c->x = x;
    c->y = y;
    c->nin = op_inputs(op, &c->inplace);
    bench_shape(n, &c->rows, &c->cols);
    int64_t shape[2] = {c->rows, c->cols};
    int64_t flat[1] = {n};
    int64_t transposed[2] = {1, c->rows};
    int64_t row_shape[1] = {c->cols};
    int64_t col_shape[2] = {c->rows, 1};
    int ok = op->nargs <= BENCH_MAX_ARGS;
    c->bytes = 0;
    for (int i = 0, k = 0; ok && i < op->nargs; i++) {
        const opsnn_op_arg *a = &op->args[i];
        aclTensor *t = NULL;
        if (a->kind == OPSNN_ARG_SCALAR) {
            c->scalars[i] = (float)a->scalar_default;
            ok = (c->operands[i] = aclCreateScalar(&c->scalars[i], ACL_FLOAT)) != NULL;
            continue;
        }
        if (a->kind == OPSNN_ARG_TENSOR_OUT) {
            t = aclCreateTensor(shape, 2, dt, NULL, 0, ACL_FORMAT_ND, shape, 2, y);
            c->bytes += (double)n * (double)bench_dtype_size(dt);
        } else if (a->kind == OPSNN_ARG_TENSOR_INOUT) { /* read and written: y (bench_case_call copies g in) */
            t = aclCreateTensor(shape, 2, dt, NULL, 0, ACL_FORMAT_ND, shape, 2, y);
            c->bytes += 2.0 * (double)n * (double)bench_dtype_size(dt);
            k++;
        } else if (k++ == 0) { /* the first input */
            if (layout == BENCH_TRANSPOSED) {
                t = aclCreateTensor(shape, 2, dt, transposed, 0, ACL_FORMAT_ND, flat, 1, g);
            } else {
                t = aclCreateTensor(shape, 2, dt, NULL, 0, ACL_FORMAT_ND, shape, 2, g);
            }
            c->bytes += (double)n * (double)bench_dtype_size(dt);
        } else if (layout == BENCH_BCAST_ROW) {
            t = aclCreateTensor(row_shape, 1, dt, NULL, 0, ACL_FORMAT_ND, row_shape, 1, x);
            c->bytes += (double)c->cols * (double)bench_dtype_size(dt);
        } else if (layout == BENCH_BCAST_COL) {
            t = aclCreateTensor(col_shape, 2, dt, NULL, 0, ACL_FORMAT_ND, col_shape, 2, x);
            c->bytes += (double)c->rows * (double)bench_dtype_size(dt);
        } else {
            t = aclCreateTensor(shape, 2, c->self_dtype, NULL, 0, ACL_FORMAT_ND, shape, 2, x);
            c->bytes += (double)n * (double)bench_dtype_size(c->self_dtype);
        }
        ok = (c->operands[i] = t) != NULL;
    }
    if (ok && c->inplace) {
        memcpy(y, g, (size_t)n * bench_dtype_size(dt)); /* the in-place operand starts as the input data */
    }
    if (!ok) {
        fprintf(stderr, "bench: cannot create the operands of %s/%s/%s n=%lld: %s\n",
                bench_op_name(op), bench_dtype_name(dt), bench_layout_name(layout), (long long)n,
                aclGetRecentErrMsg());
        bench_case_destroy(c);
        return -1;
    }
    return 0;
}

void bench_case_destroy(bench_case *c)
{
    for (int i = 0; c->op != NULL && i < c->op->nargs && i < BENCH_MAX_ARGS; i++) {
        if (c->operands[i] == NULL) {
            continue;
        }
        if (c->op->args[i].kind == OPSNN_ARG_SCALAR) {
            aclDestroyScalar(c->operands[i]);
        } else {
            aclDestroyTensor(c->operands[i]);
        }
        c->operands[i] = NULL;
    }
}

static aclnnStatus phase1(const bench_case *c, uint64_t *ws, aclOpExecutor **ex)
{
    return c->op->get_workspace_size(c->operands, ws, ex);
}

static aclnnStatus phase2(const bench_case *c, void *ws, uint64_t ws_size, aclOpExecutor *ex)
{
    return c->op->run(ws, ws_size, ex, NULL);
}

int bench_case_call(const bench_case *c)
{
    uint64_t ws_size = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus rc = phase1(c, &ws_size, &ex);
    if (rc != ACLNN_SUCCESS) {
        return (int)rc;
    }
    /* None of the benchmark's cases needs workspace; a user would allocate it. */
    void *ws = ws_size > 0 ? malloc((size_t)ws_size) : NULL;
    rc = phase2(c, ws, ws_size, ex);
    free(ws);
    return (int)rc;
}

aclOpExecutor *bench_case_plan(const bench_case *c)
{
    uint64_t ws_size = 0;
    aclOpExecutor *ex = NULL;
    if (phase1(c, &ws_size, &ex) != ACLNN_SUCCESS || ws_size != 0) {
        return NULL;
    }
    if (aclSetAclOpExecutorRepeatable(ex) != ACLNN_SUCCESS) {
        aclDestroyAclOpExecutor(ex);
        return NULL;
    }
    return ex;
}

int bench_plan_run(const bench_case *c, aclOpExecutor *executor)
{
    return (int)phase2(c, NULL, 0, executor);
}

/* ---- the sampled check ---- */

static uint32_t load_bits(const void *buf, aclDataType dt, int64_t i)
{
    return bench_dtype_size(dt) == 4 ? ((const uint32_t *)buf)[i] : ((const uint16_t *)buf)[i];
}

/* Element i of the case's logical [rows, cols] input k, as bytes into dst. */
static void gather(const bench_case *c, int k, int64_t i, void *dst)
{
    int64_t r = i / c->cols, col = i % c->cols;
    const void *src = k == 0 ? c->g : c->x;
    aclDataType dt = k == 0 ? c->dtype : c->self_dtype;
    int64_t si = i;
    if (k == 0 && c->layout == BENCH_TRANSPOSED) {
        si = col * c->rows + r;
    } else if (k > 0 && c->layout == BENCH_BCAST_ROW) {
        si = col;
    } else if (k > 0 && c->layout == BENCH_BCAST_COL) {
        si = r;
    }
    size_t sz = bench_dtype_size(dt);
    memcpy((char *)dst + (size_t)i * sz, (const char *)src + (size_t)si * sz, sz);
}

int64_t bench_case_verify(const bench_case *c, int samples, int threads)
{
    int64_t n = c->n, bad = 0;
    size_t isz = bench_dtype_size(c->dtype), xsz = bench_dtype_size(c->self_dtype);
    void *in0 = malloc((size_t)n * isz), *in1 = malloc((size_t)n * xsz), *ref = malloc((size_t)n * isz);
    bench_case r;
    memset(&r, 0, sizeof r);
    int ok = in0 != NULL && in1 != NULL && ref != NULL;
    if (ok && c->inplace) {
        memcpy(in0, c->g, (size_t)n * isz); /* the input the case's call started from */
    } else if (ok) {
        for (int64_t i = 0; i < n; i++) {
            gather(c, 0, i, in0);
            if (c->nin > 1) {
                gather(c, 1, i, in1);
            }
        }
    }
    opsnn_set_num_threads(1);
    ok = ok && bench_case_init(&r, c->op, c->layout == BENCH_MIXED ? BENCH_MIXED : BENCH_CONTIGUOUS, c->dtype, n,
                               in0, in1, ref) == 0;
    ok = ok && bench_case_call(&r) == 0;
    opsnn_set_num_threads(threads);
    bench_case_destroy(&r);
    if (!ok) {
        fprintf(stderr, "bench: %s/%s/%s n=%lld: the contiguous reference run failed: %s\n", bench_op_name(c->op),
                bench_dtype_name(c->dtype), bench_layout_name(c->layout), (long long)n, aclGetRecentErrMsg());
        bad = 1;
    }
    uint64_t s = 0x9e3779b97f4a7c15ull ^ (uint64_t)n;
    for (int k = 0; ok && k < samples; k++) {
        int64_t i;
        if (k == 0) {
            i = 0;
        } else if (k == 1) {
            i = n - 1;
        } else {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            i = (int64_t)((s >> 11) % (uint64_t)n);
        }
        uint32_t want = load_bits(ref, c->dtype, i), got = load_bits(c->y, c->dtype, i);
        if (want != got) {
            if (bad < 3) {
                fprintf(stderr, "bench: %s/%s/%s n=%lld: element %lld is 0x%x, expected 0x%x\n",
                        bench_op_name(c->op), bench_dtype_name(c->dtype),
                        bench_layout_name(c->layout), (long long)n, (long long)i, got, want);
            }
            bad++;
        }
    }
    free(in0);
    free(in1);
    free(ref);
    return bad;
}

/* ---- data ---- */

static uint32_t f32_to_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* Round to nearest even; the benchmark data holds no NaN. */
static uint16_t f32_to_bf16(float f)
{
    uint32_t u = f32_to_bits(f);
    u += 0x7fffu + ((u >> 16) & 1u);
    return (uint16_t)(u >> 16);
}

static uint32_t store_bits(float v, aclDataType dt)
{
    return dt == ACL_FLOAT ? f32_to_bits(v)
           : dt == ACL_FLOAT16 ? aclFloatToFloat16(v)
                               : f32_to_bf16(v);
}
static uint64_t splitmix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void bench_fill(void *buf, aclDataType dt, int64_t n, uint64_t seed)
{
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
    for (int64_t i = 0; i < n; i++) {
        /* 24 random bits -> exact float32 in [-2, 2) */
        float v = (float)(splitmix64(seed * 0x100000001b3ull + (uint64_t)i) >> 40) *
                      (4.0f / 16777216.0f) - 2.0f;
        if (dt == ACL_FLOAT) {
            ((float *)buf)[i] = v;
        } else {
            ((uint16_t *)buf)[i] = (uint16_t)store_bits(v, dt);
        }
    }
}

/* ---- timing ---- */

uint64_t bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int bench_batch_for(double call_ns)
{
    if (call_ns >= BATCH_MIN_NS) {
        return 1;
    }
    double b = ceil(BATCH_MIN_NS / (call_ns > 1.0 ? call_ns : 1.0));
    return b > 1e6 ? 1000000 : (int)b;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int run_batch(bench_fn fn, void *ctx, int batch, double *ns)
{
    uint64_t t0 = bench_now_ns();
    for (int i = 0; i < batch; i++) {
        int rc = fn(ctx);
        if (rc != 0) {
            return rc;
        }
    }
    *ns = (double)(bench_now_ns() - t0);
    return 0;
}

int bench_measure(bench_fn fn, void *ctx, double budget_s, int min_reps, int max_reps,
                  bench_timing *t)
{
    double one;
    int rc = run_batch(fn, ctx, 1, &one); /* warm-up: caches, pages, thread team */
    if (rc != 0) {
        return rc;
    }
    if (one < 1e6) { /* fast enough to afford a calibration batch */
        int b = bench_batch_for(one);
        if ((rc = run_batch(fn, ctx, b, &one)) != 0) {
            return rc;
        }
        one /= b;
    }
    int batch = bench_batch_for(one);
    double *samples = malloc((size_t)max_reps * sizeof *samples);
    if (samples == NULL) {
        return -1;
    }
    /* Stop once the batches would have filled the budget at the best speed
     * seen, i.e. once there was enough clean time; a preempted batch does not
     * count, up to BENCH_WALL_FACTOR x the budget of wall time. */
    double best = 1e300, budget_ns = budget_s * 1e9;
    uint64_t start = bench_now_ns();
    int reps = 0;
    while (reps < max_reps) {
        if (reps >= min_reps &&
            ((double)reps * best * batch >= budget_ns ||
             (double)(bench_now_ns() - start) >= BENCH_WALL_FACTOR * budget_ns)) {
            break;
        }
        if ((rc = run_batch(fn, ctx, batch, &samples[reps])) != 0) {
            free(samples);
            return rc;
        }
        samples[reps] /= batch;
        best = samples[reps] < best ? samples[reps] : best;
        reps++;
    }
    t->median_ns = bench_median(samples, reps); /* sorts them */
    t->best_ns = samples[0];
    t->reps = reps;
    t->batch = batch;
    free(samples);
    return 0;
}

void bench_cpu_model(char *buf, size_t size)
{
    snprintf(buf, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL) {
        return;
    }
    char line[512];
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "model name", 10) == 0) {
            char *p = strchr(line, ':');
            if (p != NULL) {
                p++;
                while (*p == ' ' || *p == '\t') p++;
                p[strcspn(p, "\n")] = '\0';
                snprintf(buf, size, "%s", p);
            }
            break;
        }
    }
    fclose(f);
}
