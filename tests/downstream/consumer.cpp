// The C++ consumer: the headers are extern "C", so a C++17 program calls the
// library as it would on an NPU. Checks the softshrink seed example of ops/soft_shrink_grad/docs/softshrink_backward.md.
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "opsnn/opsnn.h"

int main()
{
    std::vector<int64_t> shape{4, 2};
    std::vector<float> g{0, 1, 2, 3, 4, 5, 6, 7}, x{1, 1, 1, 2, 1, 2, 3, 3}, y(8, -1.0f);
    const std::vector<float> want{0, 0, 0, 3, 0, 5, 6, 7};
    float lambd = 1.2f;
    auto tensor = [&](std::vector<float> &v) {
        return aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND,
                               shape.data(), shape.size(), v.data());
    };
    aclTensor *tg = tensor(g), *tx = tensor(x), *ty = tensor(y);
    aclScalar *lambda = aclCreateScalar(&lambd, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    if (aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, lambda, ty, &ws, &exec) != ACLNN_SUCCESS ||
        aclnnSoftshrinkBackward(nullptr, ws, exec, nullptr) != ACLNN_SUCCESS) {
        std::fprintf(stderr, "aclnnSoftshrinkBackward: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyScalar(lambda);
    std::printf("libopsnn %s, softshrink:", opsnn_version_string());
    for (float v : y) {
        std::printf(" %g", static_cast<double>(v));
    }
    const bool ok = y == want;
    std::printf("\n%s\n", ok ? "OK" : "FAIL");
    return ok ? 0 : 1;
}
