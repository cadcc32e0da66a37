/* Benchmark cases, calls, timing and test data; see bench_util.h. */
#include "bench_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"

/* SeluGrad's constants as float32. */
#define SELU_SCALE 1.0507009873554804934193349852946f
#define SELU_SCALE_ALPHA 1.7580993408473768599402175208123f

/* A batch of calls lasts at least this long, so the clock's resolution and
 * the cost of reading it (~20 ns) stay below 0.1%; no longer, so that on a
 * shared machine some batches run without being preempted. */
#define BATCH_MIN_NS 20000.0

static const char *const op_names[BENCH_OP_COUNT] = {"softshrink", "selu"};
static const char *const layout_names[BENCH_LAYOUT_COUNT] = {"contiguous", "transposed",
                                                            "bcast-row", "bcast-col", "mixed"};

const char *bench_op_name(bench_op op)
{
    return op < BENCH_OP_COUNT ? op_names[op] : "?";
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
    for (int i = 0; i < BENCH_OP_COUNT; i++) {
        if (strcmp(s, op_names[i]) == 0) {
            *op = (bench_op)i;
            return 0;
        }
    }
    return -1;
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

int bench_layout_supported(bench_op op, bench_layout layout, aclDataType dt)
{
    switch (layout) {
    case BENCH_CONTIGUOUS:
    case BENCH_TRANSPOSED:
        return 1;
    case BENCH_BCAST_ROW:
    case BENCH_BCAST_COL:
        return op == BENCH_OP_SOFTSHRINK;
    case BENCH_MIXED:
        return op == BENCH_OP_SOFTSHRINK && dt != ACL_FLOAT;
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
    bench_shape(n, &c->rows, &c->cols);

    int64_t shape[2] = {c->rows, c->cols};
    int64_t flat[1] = {n};
    int64_t transposed[2] = {1, c->rows};
    int64_t row_shape[1] = {c->cols};
    int64_t col_shape[2] = {c->rows, 1};
    int64_t x_elems = n;

    if (layout == BENCH_TRANSPOSED) {
        c->tg = aclCreateTensor(shape, 2, dt, transposed, 0, ACL_FORMAT_ND, flat, 1, g);
    } else {
        c->tg = aclCreateTensor(shape, 2, dt, NULL, 0, ACL_FORMAT_ND, shape, 2, g);
    }
    if (layout == BENCH_BCAST_ROW) {
        c->tx = aclCreateTensor(row_shape, 1, dt, NULL, 0, ACL_FORMAT_ND, row_shape, 1, x);
        x_elems = c->cols;
    } else if (layout == BENCH_BCAST_COL) {
        c->tx = aclCreateTensor(col_shape, 2, dt, NULL, 0, ACL_FORMAT_ND, col_shape, 2, x);
        x_elems = c->rows;
    } else {
        c->tx = aclCreateTensor(shape, 2, c->self_dtype, NULL, 0, ACL_FORMAT_ND, shape, 2, x);
    }
    c->ty = aclCreateTensor(shape, 2, dt, NULL, 0, ACL_FORMAT_ND, shape, 2, y);
    float lambd = BENCH_LAMBDA;
    c->lambda = aclCreateScalar(&lambd, ACL_FLOAT);
    c->bytes = (double)n * (double)bench_dtype_size(dt) * 2.0 +
               (double)x_elems * (double)bench_dtype_size(c->self_dtype);
    if (c->tg == NULL || c->tx == NULL || c->ty == NULL || c->lambda == NULL) {
        fprintf(stderr, "bench: cannot create the tensors of %s/%s/%s n=%lld: %s\n",
                bench_op_name(op), bench_dtype_name(dt), bench_layout_name(layout), (long long)n,
                aclGetRecentErrMsg());
        bench_case_destroy(c);
        return -1;
    }
    return 0;
}

void bench_case_destroy(bench_case *c)
{
    if (c->tg != NULL) aclDestroyTensor(c->tg);
    if (c->tx != NULL) aclDestroyTensor(c->tx);
    if (c->ty != NULL) aclDestroyTensor(c->ty);
    if (c->lambda != NULL) aclDestroyScalar(c->lambda);
    c->tg = c->tx = c->ty = NULL;
    c->lambda = NULL;
}

static aclnnStatus phase1(const bench_case *c, uint64_t *ws, aclOpExecutor **ex)
{
    if (c->op == BENCH_OP_SOFTSHRINK) {
        return aclnnSoftshrinkBackwardGetWorkspaceSize(c->tg, c->tx, c->lambda, c->ty, ws, ex);
    }
    return aclnnSeluBackwardGetWorkspaceSize(c->tg, c->tx, c->ty, ws, ex);
}

static aclnnStatus phase2(const bench_case *c, void *ws, uint64_t ws_size, aclOpExecutor *ex)
{
    if (c->op == BENCH_OP_SOFTSHRINK) {
        return aclnnSoftshrinkBackward(ws, ws_size, ex, NULL);
    }
    return aclnnSeluBackward(ws, ws_size, ex, NULL);
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

/* ---- reference values for the sampled check ---- */

static float bits_to_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static uint32_t f32_to_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0x1f) {
        return bits_to_f32(sign | 0x7f800000u | (m << 13));
    }
    if (e == 0) { /* zero or subnormal: m * 2^-24 */
        float v = (float)m * 5.9604644775390625e-8f;
        return sign ? -v : v;
    }
    return bits_to_f32(sign | ((e + 112u) << 23) | (m << 13));
}

/* Round to nearest even; the benchmark data holds no NaN. */
static uint16_t f32_to_bf16(float f)
{
    uint32_t u = f32_to_bits(f);
    u += 0x7fffu + ((u >> 16) & 1u);
    return (uint16_t)(u >> 16);
}

static float load(const void *buf, aclDataType dt, int64_t i)
{
    if (dt == ACL_FLOAT) {
        return ((const float *)buf)[i];
    }
    uint16_t h = ((const uint16_t *)buf)[i];
    return dt == ACL_FLOAT16 ? f16_to_f32(h) : bits_to_f32((uint32_t)h << 16);
}

static uint32_t load_bits(const void *buf, aclDataType dt, int64_t i)
{
    return dt == ACL_FLOAT ? ((const uint32_t *)buf)[i] : ((const uint16_t *)buf)[i];
}

static uint32_t store_bits(float v, aclDataType dt)
{
    return dt == ACL_FLOAT ? f32_to_bits(v)
           : dt == ACL_FLOAT16 ? aclFloatToFloat16(v)
                               : f32_to_bf16(v);
}

static uint32_t expected_bits(const bench_case *c, int64_t i)
{
    int64_t r = i / c->cols, col = i % c->cols;
    int64_t gi = c->layout == BENCH_TRANSPOSED ? col * c->rows + r : i;
    int64_t xi = c->layout == BENCH_BCAST_ROW ? col : c->layout == BENCH_BCAST_COL ? r : i;
    float x = load(c->x, c->self_dtype, xi);
    if (c->op == BENCH_OP_SOFTSHRINK) {
        /* gradOutput and gradInput share a dtype in every case: a bit copy or +0. */
        return (fabsf(x) > BENCH_LAMBDA || x != x) ? load_bits(c->g, c->dtype, gi) : 0u;
    }
    float g = load(c->g, c->dtype, gi);
    volatile float t = x + SELU_SCALE_ALPHA; /* no fused multiply-add */
    float y = (x > 0.0f || x != x) ? SELU_SCALE * g : g * t; /* result <= 0: the t branch */
    return store_bits(y, c->dtype);
}

int64_t bench_case_verify(const bench_case *c, int samples)
{
    int64_t bad = 0;
    uint64_t s = 0x9e3779b97f4a7c15ull ^ (uint64_t)c->n;
    for (int k = 0; k < samples; k++) {
        int64_t i;
        if (k == 0) {
            i = 0;
        } else if (k == 1) {
            i = c->n - 1;
        } else {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            i = (int64_t)((s >> 11) % (uint64_t)c->n);
        }
        uint32_t want = expected_bits(c, i), got = load_bits(c->y, c->dtype, i);
        if (want != got) {
            if (bad < 3) {
                fprintf(stderr, "bench: %s/%s/%s n=%lld: element %lld is 0x%x, expected 0x%x\n",
                        bench_op_name(c->op), bench_dtype_name(c->dtype),
                        bench_layout_name(c->layout), (long long)c->n, (long long)i, got, want);
            }
            bad++;
        }
    }
    return bad;
}

/* ---- data ---- */

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
