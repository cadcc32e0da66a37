/* TEMPORARY: see ops_shim.h. */
#include "ops_shim.h"

#include <string.h>

#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink.h"
#include "aclnnop/aclnn_softshrink_backward.h"

#define T(x) ((aclTensor *)(x))
#define S(x) ((aclScalar *)(x))

static aclnnStatus ssb(void *const *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnSoftshrinkBackwardGetWorkspaceSize(T(o[0]), T(o[1]), S(o[2]), T(o[3]), w, e);
}
static aclnnStatus sb(void *const *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnSeluBackwardGetWorkspaceSize(T(o[0]), T(o[1]), T(o[2]), w, e);
}
static aclnnStatus ss(void *const *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnSoftshrinkGetWorkspaceSize(T(o[0]), S(o[1]), T(o[2]), w, e);
}
static aclnnStatus se(void *const *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnSeluGetWorkspaceSize(T(o[0]), T(o[1]), w, e);
}
static aclnnStatus ise(void *const *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnInplaceSeluGetWorkspaceSize(T(o[0]), w, e);
}

static const opsnn_op_arg A_SSB[] = {
    {"gradOutput", "grad", OPSNN_ARG_TENSOR_IN, ACL_FLOAT, 0},
    {"self", "self", OPSNN_ARG_TENSOR_IN, ACL_FLOAT, 0},
    {"lambda", "lambda", OPSNN_ARG_SCALAR, ACL_FLOAT, 0.5},
    {"gradInput", "out", OPSNN_ARG_TENSOR_OUT, ACL_FLOAT, 0},
};
static const opsnn_op_arg A_SB[] = {
    {"gradOutput", "grad", OPSNN_ARG_TENSOR_IN, ACL_FLOAT, 0},
    {"result", "result", OPSNN_ARG_TENSOR_IN, ACL_FLOAT, 0},
    {"gradInput", "out", OPSNN_ARG_TENSOR_OUT, ACL_FLOAT, 0},
};
static const opsnn_op_arg A_SS[] = {
    {"self", "self", OPSNN_ARG_TENSOR_IN, ACL_FLOAT, 0},
    {"lambd", "lambd", OPSNN_ARG_SCALAR, ACL_FLOAT, 0.5},
    {"out", "out", OPSNN_ARG_TENSOR_OUT, ACL_FLOAT, 0},
};
static const opsnn_op_arg A_SE[] = {
    {"self", "self", OPSNN_ARG_TENSOR_IN, ACL_FLOAT, 0},
    {"out", "out", OPSNN_ARG_TENSOR_OUT, ACL_FLOAT, 0},
};
static const opsnn_op_arg A_ISE[] = {
    {"selfRef", "selfRef", OPSNN_ARG_TENSOR_INOUT, ACL_FLOAT, 0},
};

static const opsnn_op_meta OPS[] = {
    {"softshrink_backward", "aclnnSoftshrinkBackward", "softshrink-backward", "soft_shrink_grad", 4, A_SSB, ssb,
     aclnnSoftshrinkBackward, OPSNN_OP_BROADCAST | OPSNN_OP_MIXED_DTYPE,
     "gradInput = gradOutput where |self| > lambda (or self is NaN), else 0"},
    {"selu_backward", "aclnnSeluBackward", "selu-backward", "selu_grad", 3, A_SB, sb, aclnnSeluBackward, 0,
     "gradInput of SELU from the forward output `result`"},
    {"softshrink", "aclnnSoftshrink", "softshrink", "softshrink", 3, A_SS, ss, aclnnSoftshrink, 0,
     "out = self - lambd where self > lambd, self + lambd where self < -lambd, else 0"},
    {"selu", "aclnnSelu", "selu", "selu", 2, A_SE, se, aclnnSelu, 0,
     "out = SCALE * (max(self, 0) + min(ALPHA * (exp(self) - 1), 0))"},
    {"inplace_selu", "aclnnInplaceSelu", "inplace-selu", "selu", 1, A_ISE, ise, aclnnInplaceSelu, 0,
     "selfRef = selu(selfRef), in place"},
};

size_t opsnn_op_count(void)
{
    return sizeof OPS / sizeof OPS[0];
}

const opsnn_op_meta *opsnn_op_at(size_t i)
{
    return i < opsnn_op_count() ? &OPS[i] : NULL;
}

const opsnn_op_meta *opsnn_op_lookup(const char *s)
{
    for (size_t i = 0; s != NULL && i < opsnn_op_count(); i++) {
        const opsnn_op_meta *m = &OPS[i];
        if (strcmp(s, m->name) == 0 || strcmp(s, m->api) == 0 || strcmp(s, m->command) == 0 ||
            strcmp(s, m->kernel_op) == 0) {
            return m;
        }
    }
    return NULL;
}
