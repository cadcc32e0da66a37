/* A downstream program, written against the CANN API only: runs the seed
 * examples of docs/api/ through the two-phase calls and exits 0 when the
 * results are right. Built against an installed libopsnn by CMake
 * (find_package), by pkg-config, and with the CANN link names. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"

#define CHECK(call)                                                                   \
    do {                                                                              \
        long rc_ = (long)(call);                                                      \
        if (rc_ != 0) {                                                               \
            fprintf(stderr, "%s failed: %ld (%s)\n", #call, rc_, aclGetRecentErrMsg()); \
            return 1;                                                                 \
        }                                                                             \
    } while (0)

static int run_softshrink(aclrtStream stream)
{
    int64_t shape[] = {4, 2};
    float g[8] = {0, 1, 2, 3, 4, 5, 6, 7}, x[8] = {1, 1, 1, 2, 1, 2, 3, 3}, y[8];
    static const float want[8] = {0, 0, 0, 3, 0, 5, 6, 7};
    float lambd = 1.2f;
    aclTensor *tg = aclCreateTensor(shape, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 2, g);
    aclTensor *tx = aclCreateTensor(shape, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 2, x);
    aclTensor *ty = aclCreateTensor(shape, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 2, y);
    aclScalar *lambda = aclCreateScalar(&lambd, ACL_FLOAT);
    uint64_t ws_size = 0;
    aclOpExecutor *exec = NULL;
    CHECK(aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, lambda, ty, &ws_size, &exec));
    CHECK(aclnnSoftshrinkBackward(NULL, ws_size, exec, stream));
    CHECK(aclrtSynchronizeStream(stream));
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyScalar(lambda);
    int bad = 0;
    printf("softshrink:");
    for (int i = 0; i < 8; i++) {
        printf(" %g", (double)y[i]);
        bad |= y[i] != want[i];
    }
    printf("%s\n", bad ? "  MISMATCH" : "");
    return bad;
}

static int run_selu(aclrtStream stream)
{
    int64_t shape[] = {8};
    float g[8] = {1, 1, 1, 1, 1, 1, 1, 1}, r[8] = {-2, -1, 0, 1, 2, 3, -0.5f, 0.5f}, y[8];
    /* the official arch35 sample's data: result == 0 takes the result <= 0
     * branch, g * (0 + SCALE_ALPHA) = 1.7581 */
    static const float want[8] = {-0.2419f, 0.7581f, 1.7581f, 1.0507f,
                                  1.0507f,  1.0507f, 1.2581f, 1.0507f};
    aclTensor *tg = aclCreateTensor(shape, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 1, g);
    aclTensor *tr = aclCreateTensor(shape, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 1, r);
    aclTensor *ty = aclCreateTensor(shape, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 1, y);
    uint64_t ws_size = 0;
    aclOpExecutor *exec = NULL;
    CHECK(aclnnSeluBackwardGetWorkspaceSize(tg, tr, ty, &ws_size, &exec));
    CHECK(aclnnSeluBackward(NULL, ws_size, exec, stream));
    CHECK(aclrtSynchronizeStream(stream));
    aclDestroyTensor(tg);
    aclDestroyTensor(tr);
    aclDestroyTensor(ty);
    int bad = 0;
    printf("selu:      ");
    for (int i = 0; i < 8; i++) {
        printf(" %.4f", (double)y[i]);
        bad |= !(fabsf(y[i] - want[i]) < 1e-4f);
    }
    printf("%s\n", bad ? "  MISMATCH" : "");
    return bad;
}

int main(void)
{
    aclrtStream stream = NULL;
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    CHECK(aclrtCreateStream(&stream));
    int bad = run_softshrink(stream) | run_selu(stream);
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad ? 1 : 0;
}
