/*
 * selu_backward.c - the CANN aclnnSeluBackward sample, in C11.
 *
 * The same program an Ascend host would run: initialise ACL, put the inputs in
 * "device" memory, describe them with aclCreateTensor, run the two-phase API
 * (GetWorkspaceSize, then the operator on a stream), synchronise, copy the
 * result back and release everything in reverse order.
 *
 *   gradOutput = {1, 1, 1, 1, 1, 1, 1, 1}             shape {4, 2}, float32
 *   result     = {-2, -1, 0, 1, 2, 3, -0.5, 0.5}       (the SELU forward output)
 *   gradInput  = {-0.2419, 0.7581, 1.7581, 1.0507, 1.0507, 1.0507, 1.2581, 1.0507}
 *
 * gradInput = SCALE * gradOutput where result > 0, and
 * gradOutput * (result + SCALE * ALPHA) where result <= 0 (result == 0
 * included, as in ops-nn's arch35 kernel and its official sample).
 *
 * Exits 0 on success, 1 if any call fails or a result is off by 1e-4 or more.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_selu_backward.h"

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

#define RANK 2
#define NUM_ELEMS 8

static int64_t GetShapeSize(const int64_t *shape, size_t rank)
{
    int64_t size = 1;
    for (size_t i = 0; i < rank; i++) {
        size *= shape[i];
    }
    return size;
}

static int Init(int32_t deviceId, aclrtStream *stream)
{
    aclError ret = aclInit(NULL);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return 1);
    ret = aclrtSetDevice(deviceId);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return 1);
    ret = aclrtCreateStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret); return 1);
    return 0;
}

/* Copy hostData into freshly allocated device memory and describe it as a
 * contiguous ND tensor of `shape` (row-major strides, as the CANN sample does). */
static int CreateAclTensor(const void *hostData, size_t elemSize, const int64_t *shape, size_t rank,
                           void **deviceAddr, aclDataType dataType, aclTensor **tensor)
{
    size_t size = (size_t)GetShapeSize(shape, rank) * elemSize;
    aclError ret = aclrtMalloc(deviceAddr, size, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return 1);
    ret = aclrtMemcpy(*deviceAddr, size, hostData, size, ACL_MEMCPY_HOST_TO_DEVICE);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return 1);

    int64_t strides[RANK];
    strides[rank - 1] = 1;
    for (size_t i = rank - 1; i > 0; i--) {
        strides[i - 1] = shape[i] * strides[i];
    }

    *tensor = aclCreateTensor(shape, rank, dataType, strides, 0, ACL_FORMAT_ND, shape, rank,
                              *deviceAddr);
    CHECK_RET(*tensor != NULL,
              LOG_PRINT("aclCreateTensor failed: %s\n", aclGetRecentErrMsg()); return 1);
    return 0;
}

/* Everything main() acquires, so one function can release it on every path. */
typedef struct {
    int32_t deviceId;
    int inited;
    aclrtStream stream;
    void *gradOutputDeviceAddr;
    void *resultDeviceAddr;
    void *gradInputDeviceAddr;
    void *workspaceAddr;
    aclTensor *gradOutput;
    aclTensor *result;
    aclTensor *gradInput;
} Resources;

/* Release in the sample's order: descriptors, device memory, stream, device,
 * ACL. Returns 0 when every release call succeeded. */
static int Release(Resources *r)
{
    int failed = 0;
    if (r->gradOutput != NULL && aclDestroyTensor(r->gradOutput) != ACLNN_SUCCESS) failed = 1;
    if (r->result != NULL && aclDestroyTensor(r->result) != ACLNN_SUCCESS) failed = 1;
    if (r->gradInput != NULL && aclDestroyTensor(r->gradInput) != ACLNN_SUCCESS) failed = 1;
    if (r->gradOutputDeviceAddr != NULL && aclrtFree(r->gradOutputDeviceAddr) != ACL_SUCCESS) failed = 1;
    if (r->resultDeviceAddr != NULL && aclrtFree(r->resultDeviceAddr) != ACL_SUCCESS) failed = 1;
    if (r->gradInputDeviceAddr != NULL && aclrtFree(r->gradInputDeviceAddr) != ACL_SUCCESS) failed = 1;
    if (r->workspaceAddr != NULL && aclrtFree(r->workspaceAddr) != ACL_SUCCESS) failed = 1;
    if (r->inited) {
        if (r->stream != NULL && aclrtDestroyStream(r->stream) != ACL_SUCCESS) failed = 1;
        if (aclrtResetDevice(r->deviceId) != ACL_SUCCESS) failed = 1;
        if (aclFinalize() != ACL_SUCCESS) failed = 1;
    }
    if (failed) {
        LOG_PRINT("releasing resources failed: %s\n", aclGetRecentErrMsg());
    }
    return failed;
}

static int Run(Resources *r)
{
    /* 1. device/stream initialisation (fixed boilerplate). */
    int ret = Init(r->deviceId, &r->stream);
    CHECK_RET(ret == 0, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return 1);
    r->inited = 1;

    /* 2. inputs and output. */
    const int64_t gradOutputShape[RANK] = {4, 2};
    const int64_t resultShape[RANK] = {4, 2};
    const int64_t gradInputShape[RANK] = {4, 2};
    const float gradOutputHostData[NUM_ELEMS] = {1, 1, 1, 1, 1, 1, 1, 1};
    const float resultHostData[NUM_ELEMS] = {-2, -1, 0, 1, 2, 3, -0.5f, 0.5f};
    const float gradInputHostData[NUM_ELEMS] = {0, 0, 0, 0, 0, 0, 0, 0};

    ret = CreateAclTensor(gradOutputHostData, sizeof(float), gradOutputShape, RANK,
                          &r->gradOutputDeviceAddr, ACL_FLOAT, &r->gradOutput);
    CHECK_RET(ret == 0, return 1);
    ret = CreateAclTensor(resultHostData, sizeof(float), resultShape, RANK, &r->resultDeviceAddr,
                          ACL_FLOAT, &r->result);
    CHECK_RET(ret == 0, return 1);
    ret = CreateAclTensor(gradInputHostData, sizeof(float), gradInputShape, RANK,
                          &r->gradInputDeviceAddr, ACL_FLOAT, &r->gradInput);
    CHECK_RET(ret == 0, return 1);

    /* 3. the two-phase call. Phase 1 validates and plans; phase 2 runs (and
     *    frees the single-use executor). */
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = NULL;
    aclnnStatus st = aclnnSeluBackwardGetWorkspaceSize(r->gradOutput, r->result, r->gradInput,
                                                       &workspaceSize, &executor);
    CHECK_RET(st == ACLNN_SUCCESS,
              LOG_PRINT("aclnnSeluBackwardGetWorkspaceSize failed. ERROR: %d (%s)\n", (int)st,
                        aclGetRecentErrMsg());
              return 1);
    if (workspaceSize > 0) {
        aclError aret = aclrtMalloc(&r->workspaceAddr, (size_t)workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(aret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", aret);
                  aclDestroyAclOpExecutor(executor); return 1);
    }
    st = aclnnSeluBackward(r->workspaceAddr, workspaceSize, executor, r->stream);
    /* A failed phase 2 does not consume the executor: free it here. */
    CHECK_RET(st == ACLNN_SUCCESS,
              LOG_PRINT("aclnnSeluBackward failed. ERROR: %d (%s)\n", (int)st, aclGetRecentErrMsg());
              (void)aclDestroyAclOpExecutor(executor); return 1);

    /* 4. wait for the stream (fixed boilerplate). */
    aclError aret = aclrtSynchronizeStream(r->stream);
    CHECK_RET(aret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", aret); return 1);

    /* 5. copy the result back to the host and print it. */
    int64_t size = GetShapeSize(gradInputShape, RANK);
    float resultData[NUM_ELEMS] = {0};
    aret = aclrtMemcpy(resultData, sizeof(resultData), r->gradInputDeviceAddr,
                       (size_t)size * sizeof(resultData[0]), ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(aret == ACL_SUCCESS,
              LOG_PRINT("copy result from device to host failed. ERROR: %d\n", aret); return 1);
    for (int64_t i = 0; i < size; i++) {
        LOG_PRINT("result[%ld] is: %f\n", (long)i, resultData[i]);
    }

    /* The official arch35 sample's expected output, to 1e-4. */
    const float expected[NUM_ELEMS] = {-0.2419f, 0.7581f, 1.7581f, 1.0507f,
                                       1.0507f,  1.0507f, 1.2581f, 1.0507f};
    for (int64_t i = 0; i < size; i++) {
        float err = resultData[i] - expected[i];
        if (!(err < 1e-4f && err > -1e-4f)) {
            LOG_PRINT("result[%ld] = %f, expected %f (+-1e-4)\n", (long)i, resultData[i], expected[i]);
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1) { /* --help: usage on stdout, status 0; anything else is an error */
        int help = strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0;
        fprintf(help ? stdout : stderr, "usage: %s\n  runs aclnnSeluBackward on the sample data and prints the result (no options)\n", argv[0]);
        return help ? 0 : 2;
    }
    Resources r;
    memset(&r, 0, sizeof(r));
    r.deviceId = 0;
    int failed = Run(&r);
    /* 6-7. release descriptors and device resources, whatever happened. */
    failed |= Release(&r);
    return failed ? 1 : 0;
}
