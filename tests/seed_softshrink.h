/* One successful aclnnSoftshrinkBackward call (both phases) on the seed
 * example, for the logging checks (tests/test_logging.c, tests/cli/log_probe.c):
 * returns 1 when every call succeeds and the result is right. */
#ifndef OPSNN_TESTS_SEED_SOFTSHRINK_H_
#define OPSNN_TESTS_SEED_SOFTSHRINK_H_

#include <stdint.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_softshrink_backward.h"

static inline int seed_softshrink_call(void)
{
    int64_t shape[] = {4, 2};
    float g[8] = {0, 1, 2, 3, 4, 5, 6, 7}, x[8] = {1, 1, 1, 2, 1, 2, 3, 3}, y[8] = {0};
    float lambd = 1.2f;
    aclTensor *tg = aclCreateTensor(shape, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 2, g);
    aclTensor *tx = aclCreateTensor(shape, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 2, x);
    aclTensor *ty = aclCreateTensor(shape, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 2, y);
    aclScalar *l = aclCreateScalar(&lambd, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    int ok = aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, l, ty, &ws, &ex) == ACLNN_SUCCESS &&
             aclnnSoftshrinkBackward(NULL, ws, ex, NULL) == ACLNN_SUCCESS && y[0] == 0.0f &&
             y[3] == 3.0f && y[4] == 0.0f && y[7] == 7.0f;
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyScalar(l);
    return ok;
}

#endif /* OPSNN_TESTS_SEED_SOFTSHRINK_H_ */
