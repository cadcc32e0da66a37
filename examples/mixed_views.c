/*
 * mixed_views.c - the cases the plain CANN samples do not show: fp16 and bf16
 * data, mixed dtypes, broadcasting and a non-contiguous (transposed) view.
 *
 * For each case the program prints the inputs, the plan phase 1 built
 * (opsnn_plan_dump, a libopsnn extension) and the result, then checks the
 * result against values worked out by hand (or, for selu, against the float32
 * formula evaluated here). Exits 1 if any call fails or any value differs.
 *
 *   1. softshrink: gradOutput fp16 {2,3}, self bf16 {3} broadcast over the
 *      rows, lambda a DOUBLE scalar, gradInput fp16 {2,3}.
 *   2. softshrink: self is a transposed view (shape {2,3}, strides {1,2}) of a
 *      row-major {3,2} buffer; all float32.
 *   3. selu: bf16 everywhere, result a transposed view.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "opsnn/opsnn.h"

#define CHECK_RET(cond, return_expr) \
    do {                             \
        if (!(cond)) {               \
            return_expr;             \
        }                            \
    } while (0)

#define LOG_PRINT(...)       \
    do {                     \
        printf(__VA_ARGS__); \
    } while (0)

#define ROWS 2
#define COLS 3
#define NUM_ELEMS (ROWS * COLS)
#define MAX_OWNED 16

/* ---- bf16 <-> float32 (bf16 is the top half of a float32) ---------------- */

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

static float bits_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

/* Round to nearest even; NaN stays a (quiet) NaN, overflow goes to +-inf. */
static uint16_t FloatToBf16(float f)
{
    uint32_t u = float_bits(f);
    if (isnan(f)) {
        return (uint16_t)((u >> 16) | 0x0040u);
    }
    uint32_t lsb = (u >> 16) & 1u;
    u += 0x7FFFu + lsb;
    return (uint16_t)(u >> 16);
}

static float Bf16ToFloat(uint16_t h)
{
    return bits_float((uint32_t)h << 16);
}

/* ---- resources: everything acquired is recorded and released once -------- */

typedef struct {
    int inited;
    aclrtStream stream;
    void *dev[MAX_OWNED];
    int numDev;
    aclTensor *tensors[MAX_OWNED];
    int numTensors;
    aclScalar *scalars[MAX_OWNED];
    int numScalars;
} Resources;

static int Release(Resources *r)
{
    int failed = 0;
    for (int i = 0; i < r->numTensors; i++) {
        if (aclDestroyTensor(r->tensors[i]) != ACLNN_SUCCESS) failed = 1;
    }
    for (int i = 0; i < r->numScalars; i++) {
        if (aclDestroyScalar(r->scalars[i]) != ACLNN_SUCCESS) failed = 1;
    }
    for (int i = 0; i < r->numDev; i++) {
        if (aclrtFree(r->dev[i]) != ACL_SUCCESS) failed = 1;
    }
    r->numTensors = r->numScalars = r->numDev = 0;
    if (r->inited) {
        if (r->stream != NULL && aclrtDestroyStream(r->stream) != ACL_SUCCESS) failed = 1;
        if (aclrtResetDevice(0) != ACL_SUCCESS) failed = 1;
        if (aclFinalize() != ACL_SUCCESS) failed = 1;
        r->inited = 0;
    }
    if (failed) {
        LOG_PRINT("releasing resources failed: %s\n", aclGetRecentErrMsg());
    }
    return failed;
}

/* Copy `bytes` of host data to new device memory and describe it with the
 * given view (strides NULL: row-major) over a storage of storageDims. */
static int CreateTensor(Resources *r, const void *hostData, size_t bytes, const int64_t *shape,
                        uint64_t rank, const int64_t *strides, const int64_t *storageDims,
                        uint64_t storageRank, aclDataType dataType, void **deviceAddr,
                        aclTensor **tensor)
{
    CHECK_RET(r->numDev < MAX_OWNED && r->numTensors < MAX_OWNED,
              LOG_PRINT("too many resources\n"); return 1);
    aclError ret = aclrtMalloc(deviceAddr, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return 1);
    r->dev[r->numDev++] = *deviceAddr;
    ret = aclrtMemcpy(*deviceAddr, bytes, hostData, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return 1);
    *tensor = aclCreateTensor(shape, rank, dataType, strides, 0, ACL_FORMAT_ND, storageDims,
                              storageRank, *deviceAddr);
    CHECK_RET(*tensor != NULL,
              LOG_PRINT("aclCreateTensor failed: %s\n", aclGetRecentErrMsg()); return 1);
    r->tensors[r->numTensors++] = *tensor;
    return 0;
}

/* ---- printing ------------------------------------------------------------- */

static void PrintMatrix(const char *name, const char *what, const float *v, int rows, int cols)
{
    LOG_PRINT("  %-10s %s\n", name, what);
    for (int i = 0; i < rows; i++) {
        LOG_PRINT("    [");
        for (int j = 0; j < cols; j++) {
            LOG_PRINT(" %10.5f", v[i * cols + j]);
        }
        LOG_PRINT(" ]\n");
    }
}

static int PrintPlan(const aclOpExecutor *executor)
{
    char small[1024];
    size_t need = opsnn_plan_dump(executor, small, sizeof(small));
    const char *text = small;
    char *big = NULL;
    if (need >= sizeof(small)) {
        big = malloc(need + 1);
        CHECK_RET(big != NULL, LOG_PRINT("out of memory\n"); return 1);
        (void)opsnn_plan_dump(executor, big, need + 1);
        text = big;
    }
    LOG_PRINT("  plan (opsnn_plan_dump, %d steps):\n", opsnn_plan_step_count(executor));
    /* Indent every line of the dump. */
    const char *line = text;
    while (*line != '\0') {
        const char *end = strchr(line, '\n');
        int len = end != NULL ? (int)(end - line) : (int)strlen(line);
        LOG_PRINT("    | %.*s\n", len, line);
        line += len + (end != NULL ? 1 : 0);
    }
    free(big);
    return 0;
}

/* Phase 2 after phase 1: workspace (if any), run, synchronise. Frees the
 * workspace again; a failed run does not consume the executor, so free it. */
typedef aclnnStatus (*RunFn)(void *, uint64_t, aclOpExecutor *, aclrtStream);

static int RunPlanned(Resources *r, const char *opName, RunFn run, aclOpExecutor *executor,
                      uint64_t workspaceSize)
{
    void *workspace = NULL;
    LOG_PRINT("  workspace: %lu bytes\n", (unsigned long)workspaceSize);
    if (workspaceSize > 0) {
        aclError aret = aclrtMalloc(&workspace, (size_t)workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(aret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", aret);
                  (void)aclDestroyAclOpExecutor(executor); return 1);
    }
    aclnnStatus st = run(workspace, workspaceSize, executor, r->stream);
    int failed = 0;
    if (st != ACLNN_SUCCESS) {
        LOG_PRINT("%s failed. ERROR: %d (%s)\n", opName, (int)st, aclGetRecentErrMsg());
        (void)aclDestroyAclOpExecutor(executor);
        failed = 1;
    } else {
        aclError aret = aclrtSynchronizeStream(r->stream);
        if (aret != ACL_SUCCESS) {
            LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", aret);
            failed = 1;
        }
    }
    if (workspace != NULL && aclrtFree(workspace) != ACL_SUCCESS) {
        LOG_PRINT("aclrtFree(workspace) failed: %s\n", aclGetRecentErrMsg());
        failed = 1;
    }
    return failed;
}

static int CheckEqual(const char *caseName, const float *got, const float *want, int n, float tol)
{
    for (int i = 0; i < n; i++) {
        int same = (isnan(got[i]) && isnan(want[i])) || fabsf(got[i] - want[i]) <= tol;
        if (!same) {
            LOG_PRINT("%s: result[%d] = %f, expected %f\n", caseName, i, got[i], want[i]);
            return 1;
        }
    }
    LOG_PRINT("  check: OK\n\n");
    return 0;
}

/* ---- case 1: fp16 x bf16, broadcast, DOUBLE lambda ------------------------ */

static int CaseMixedBroadcast(Resources *r)
{
    LOG_PRINT("== 1. softshrink: fp16 gradOutput {2,3}, bf16 self {3} (broadcast), fp16 gradInput\n");
    const int64_t gradShape[2] = {ROWS, COLS};
    const int64_t selfShape[1] = {COLS};
    const float gradValues[NUM_ELEMS] = {-1.5f, 0.25f, 3.0f, 7.5f, -2.0f, 0.1f};
    const float selfValues[COLS] = {-0.75f, 0.25f, NAN};
    double lambdaValue = 0.5;

    aclFloat16 gradHost[NUM_ELEMS];
    float gradShown[NUM_ELEMS];
    for (int i = 0; i < NUM_ELEMS; i++) {
        gradHost[i] = aclFloatToFloat16(gradValues[i]);
        gradShown[i] = aclFloat16ToFloat(gradHost[i]);
    }
    uint16_t selfHost[COLS];
    float selfShown[COLS];
    for (int i = 0; i < COLS; i++) {
        selfHost[i] = FloatToBf16(selfValues[i]);
        selfShown[i] = Bf16ToFloat(selfHost[i]);
    }
    aclFloat16 outHost[NUM_ELEMS] = {0};

    PrintMatrix("gradOutput", "fp16, shape {2,3}", gradShown, ROWS, COLS);
    PrintMatrix("self", "bf16, shape {3}, broadcast to {2,3}", selfShown, 1, COLS);
    LOG_PRINT("  lambda     %g (ACL_DOUBLE scalar)\n", lambdaValue);

    void *gradDev = NULL, *selfDev = NULL, *outDev = NULL;
    aclTensor *grad = NULL, *self = NULL, *out = NULL;
    CHECK_RET(CreateTensor(r, gradHost, sizeof(gradHost), gradShape, 2, NULL, gradShape, 2,
                           ACL_FLOAT16, &gradDev, &grad) == 0, return 1);
    CHECK_RET(CreateTensor(r, selfHost, sizeof(selfHost), selfShape, 1, NULL, selfShape, 1, ACL_BF16,
                           &selfDev, &self) == 0, return 1);
    CHECK_RET(CreateTensor(r, outHost, sizeof(outHost), gradShape, 2, NULL, gradShape, 2,
                           ACL_FLOAT16, &outDev, &out) == 0, return 1);
    aclScalar *lambda = aclCreateScalar(&lambdaValue, ACL_DOUBLE);
    CHECK_RET(lambda != NULL, LOG_PRINT("aclCreateScalar failed: %s\n", aclGetRecentErrMsg()); return 1);
    r->scalars[r->numScalars++] = lambda;

    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = NULL;
    aclnnStatus st = aclnnSoftshrinkBackwardGetWorkspaceSize(grad, self, lambda, out, &workspaceSize,
                                                             &executor);
    CHECK_RET(st == ACLNN_SUCCESS,
              LOG_PRINT("aclnnSoftshrinkBackwardGetWorkspaceSize failed. ERROR: %d (%s)\n", (int)st,
                        aclGetRecentErrMsg());
              return 1);
    CHECK_RET(PrintPlan(executor) == 0, (void)aclDestroyAclOpExecutor(executor); return 1);
    CHECK_RET(RunPlanned(r, "aclnnSoftshrinkBackward", aclnnSoftshrinkBackward, executor,
                         workspaceSize) == 0, return 1);

    aclError aret = aclrtMemcpy(outHost, sizeof(outHost), outDev, sizeof(outHost),
                                ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(aret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", aret); return 1);
    float got[NUM_ELEMS];
    for (int i = 0; i < NUM_ELEMS; i++) {
        got[i] = aclFloat16ToFloat(outHost[i]);
    }
    PrintMatrix("gradInput", "fp16, shape {2,3}", got, ROWS, COLS);

    /* |-0.75| > 0.5 and NaN pass the gradient; |0.25| <= 0.5 gives 0. */
    const float want[NUM_ELEMS] = {gradShown[0], 0.0f, gradShown[2], gradShown[3], 0.0f, gradShown[5]};
    return CheckEqual("case 1", got, want, NUM_ELEMS, 0.0f);
}

/* ---- case 2: transposed self view ----------------------------------------- */

static int CaseTransposedSelf(Resources *r)
{
    LOG_PRINT("== 2. softshrink: float32, self a transposed view (strides {1,2}) of a {3,2} buffer\n");
    const int64_t viewShape[2] = {ROWS, COLS};
    const int64_t selfStorage[2] = {COLS, ROWS};
    const int64_t selfStrides[2] = {1, ROWS};
    const float gradHost[NUM_ELEMS] = {1, 2, 3, 4, 5, 6};
    /* Row-major {3,2}; the view reads column j of this buffer as row j. */
    const float selfHost[NUM_ELEMS] = {
        -3.0f, 0.5f,
        0.25f, -2.0f,
        1.5f, 1.0f,
    };
    float lambdaValue = 1.0f;
    float outHost[NUM_ELEMS] = {0};

    float selfShown[NUM_ELEMS];
    for (int i = 0; i < ROWS; i++) {
        for (int j = 0; j < COLS; j++) {
            selfShown[i * COLS + j] = selfHost[i * selfStrides[0] + j * selfStrides[1]];
        }
    }
    PrintMatrix("gradOutput", "float32, shape {2,3}", gradHost, ROWS, COLS);
    PrintMatrix("self buffer", "float32, storage {3,2}, row-major", selfHost, COLS, ROWS);
    PrintMatrix("self", "float32, view {2,3}, strides {1,2} (the transpose)", selfShown, ROWS, COLS);
    LOG_PRINT("  lambda     %g (ACL_FLOAT scalar)\n", (double)lambdaValue);

    void *gradDev = NULL, *selfDev = NULL, *outDev = NULL;
    aclTensor *grad = NULL, *self = NULL, *out = NULL;
    CHECK_RET(CreateTensor(r, gradHost, sizeof(gradHost), viewShape, 2, NULL, viewShape, 2, ACL_FLOAT,
                           &gradDev, &grad) == 0, return 1);
    CHECK_RET(CreateTensor(r, selfHost, sizeof(selfHost), viewShape, 2, selfStrides, selfStorage, 2,
                           ACL_FLOAT, &selfDev, &self) == 0, return 1);
    CHECK_RET(CreateTensor(r, outHost, sizeof(outHost), viewShape, 2, NULL, viewShape, 2, ACL_FLOAT,
                           &outDev, &out) == 0, return 1);
    aclScalar *lambda = aclCreateScalar(&lambdaValue, ACL_FLOAT);
    CHECK_RET(lambda != NULL, LOG_PRINT("aclCreateScalar failed: %s\n", aclGetRecentErrMsg()); return 1);
    r->scalars[r->numScalars++] = lambda;

    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = NULL;
    aclnnStatus st = aclnnSoftshrinkBackwardGetWorkspaceSize(grad, self, lambda, out, &workspaceSize,
                                                             &executor);
    CHECK_RET(st == ACLNN_SUCCESS,
              LOG_PRINT("aclnnSoftshrinkBackwardGetWorkspaceSize failed. ERROR: %d (%s)\n", (int)st,
                        aclGetRecentErrMsg());
              return 1);
    CHECK_RET(PrintPlan(executor) == 0, (void)aclDestroyAclOpExecutor(executor); return 1);
    CHECK_RET(RunPlanned(r, "aclnnSoftshrinkBackward", aclnnSoftshrinkBackward, executor,
                         workspaceSize) == 0, return 1);

    aclError aret = aclrtMemcpy(outHost, sizeof(outHost), outDev, sizeof(outHost),
                                ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(aret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", aret); return 1);
    PrintMatrix("gradInput", "float32, shape {2,3}", outHost, ROWS, COLS);

    /* self view = {{-3, 0.25, 1.5}, {0.5, -2, 1}}: |x| > 1 at (0,0), (0,2), (1,1). */
    const float want[NUM_ELEMS] = {1, 0, 3, 0, 5, 0};
    return CheckEqual("case 2", outHost, want, NUM_ELEMS, 0.0f);
}

/* ---- case 3: selu in bf16 with a transposed result view ------------------- */

static int CaseSeluBf16(Resources *r)
{
    LOG_PRINT("== 3. selu: bf16 everywhere, result a transposed view (strides {1,2})\n");
    const int64_t viewShape[2] = {ROWS, COLS};
    const int64_t resStorage[2] = {COLS, ROWS};
    const int64_t resStrides[2] = {1, ROWS};
    const float gradValues[NUM_ELEMS] = {1.0f, 1.0f, 1.0f, 2.0f, 0.5f, -1.0f};
    const float resValues[NUM_ELEMS] = {
        -2.0f, 0.5f,
        0.0f, -0.5f,
        1.0f, 3.0f,
    };

    uint16_t gradHost[NUM_ELEMS], resHost[NUM_ELEMS], outHost[NUM_ELEMS] = {0};
    float gradShown[NUM_ELEMS], resShown[NUM_ELEMS], resView[NUM_ELEMS];
    for (int i = 0; i < NUM_ELEMS; i++) {
        gradHost[i] = FloatToBf16(gradValues[i]);
        gradShown[i] = Bf16ToFloat(gradHost[i]);
        resHost[i] = FloatToBf16(resValues[i]);
        resShown[i] = Bf16ToFloat(resHost[i]);
    }
    for (int i = 0; i < ROWS; i++) {
        for (int j = 0; j < COLS; j++) {
            resView[i * COLS + j] = resShown[i * resStrides[0] + j * resStrides[1]];
        }
    }
    PrintMatrix("gradOutput", "bf16, shape {2,3}", gradShown, ROWS, COLS);
    PrintMatrix("result", "bf16, view {2,3}, strides {1,2} of a {3,2} buffer", resView, ROWS, COLS);

    void *gradDev = NULL, *resDev = NULL, *outDev = NULL;
    aclTensor *grad = NULL, *res = NULL, *out = NULL;
    CHECK_RET(CreateTensor(r, gradHost, sizeof(gradHost), viewShape, 2, NULL, viewShape, 2, ACL_BF16,
                           &gradDev, &grad) == 0, return 1);
    CHECK_RET(CreateTensor(r, resHost, sizeof(resHost), viewShape, 2, resStrides, resStorage, 2,
                           ACL_BF16, &resDev, &res) == 0, return 1);
    CHECK_RET(CreateTensor(r, outHost, sizeof(outHost), viewShape, 2, NULL, viewShape, 2, ACL_BF16,
                           &outDev, &out) == 0, return 1);

    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = NULL;
    aclnnStatus st = aclnnSeluBackwardGetWorkspaceSize(grad, res, out, &workspaceSize, &executor);
    CHECK_RET(st == ACLNN_SUCCESS,
              LOG_PRINT("aclnnSeluBackwardGetWorkspaceSize failed. ERROR: %d (%s)\n", (int)st,
                        aclGetRecentErrMsg());
              return 1);
    CHECK_RET(PrintPlan(executor) == 0, (void)aclDestroyAclOpExecutor(executor); return 1);
    CHECK_RET(RunPlanned(r, "aclnnSeluBackward", aclnnSeluBackward, executor, workspaceSize) == 0,
              return 1);

    aclError aret = aclrtMemcpy(outHost, sizeof(outHost), outDev, sizeof(outHost),
                                ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(aret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", aret); return 1);
    float got[NUM_ELEMS], want[NUM_ELEMS];
    for (int i = 0; i < NUM_ELEMS; i++) {
        got[i] = Bf16ToFloat(outHost[i]);
    }
    PrintMatrix("gradInput", "bf16, shape {2,3}", got, ROWS, COLS);

    /* The float32 sequence of the ops-nn kernel (result <= 0 takes the
     * SCALE_ALPHA branch), rounded to bf16. */
    const float scale = 1.0507009873554804934193349852946f;
    const float scaleAlpha = 1.7580993408473768599402175208123f;
    for (int i = 0; i < NUM_ELEMS; i++) {
        float y;
        if (resView[i] <= 0.0f) {
            volatile float t = resView[i] + scaleAlpha;
            y = gradShown[i] * t;
        } else {
            y = scale * gradShown[i];
        }
        want[i] = Bf16ToFloat(FloatToBf16(y));
    }
    return CheckEqual("case 3", got, want, NUM_ELEMS, 0.0f);
}

int main(int argc, char **argv)
{
    if (argc > 1) { /* --help: usage on stdout, status 0; anything else is an error */
        int help = strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0;
        fprintf(help ? stdout : stderr, "usage: %s\n  runs the fp16/bf16, mixed-dtype, broadcast and strided-view cases and checks them (no options)\n", argv[0]);
        return help ? 0 : 2;
    }
    Resources r;
    memset(&r, 0, sizeof(r));
    LOG_PRINT("libopsnn %s\n\n", opsnn_version_string());

    int failed = 0;
    aclError ret = aclInit(NULL);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return 1);
    r.inited = 1;
    ret = aclrtSetDevice(0);
    if (ret == ACL_SUCCESS) {
        ret = aclrtCreateStream(&r.stream);
    }
    if (ret != ACL_SUCCESS) {
        LOG_PRINT("device/stream setup failed. ERROR: %d\n", ret);
        failed = 1;
    }
    if (!failed) failed |= CaseMixedBroadcast(&r);
    if (!failed) failed |= CaseTransposedSelf(&r);
    if (!failed) failed |= CaseSeluBf16(&r);
    failed |= Release(&r);
    LOG_PRINT("%s\n", failed ? "FAILED" : "all cases OK");
    return failed ? 1 : 0;
}
