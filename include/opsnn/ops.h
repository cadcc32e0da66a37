/*
 * opsnn/ops.h - the operators this library has, for programs that enumerate
 * them (the golden CLI, the Python package, benchmarks, fuzzers): each one's
 * names, phase-1 parameters in C-signature order, and phase 1 / phase 2 as
 * calls that take the operands as an array. Generated inside the library
 * from its operator manifest, so it always lists exactly what is built in.
 */
#ifndef OPSNN_OPS_H_
#define OPSNN_OPS_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "aclnn/aclnn_base.h"
#include "opsnn/opsnn.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What a phase-1 parameter is. */
typedef enum {
    OPSNN_ARG_TENSOR_IN,    /**< const aclTensor *: read */
    OPSNN_ARG_TENSOR_OUT,   /**< aclTensor *: written */
    OPSNN_ARG_TENSOR_INOUT, /**< aclTensor *: read and written (InplaceSelu's selfRef) */
    OPSNN_ARG_SCALAR        /**< const aclScalar * */
} opsnn_arg_kind;

/** One phase-1 parameter (workspaceSize and executor are not listed). */
typedef struct {
    const char *name;       /**< the aclnn parameter name: "gradOutput" */
    const char *short_name; /**< the CLI option / Python keyword: "grad" */
    opsnn_arg_kind kind;
    aclDataType scalar_dtype; /**< a scalar's dtype as the tools create it */
    double scalar_default;    /**< a scalar's default value; 0 for tensors */
} opsnn_op_arg;

/** One aclnn operator. */
typedef struct opsnn_op_meta {
    const char *name;      /**< "softshrink_backward" (C and Python name) */
    const char *api;       /**< "aclnnSoftshrinkBackward" */
    const char *command;   /**< "softshrink-backward" (opsnn-golden command) */
    const char *kernel_op; /**< "soft_shrink_grad" (ops-nn folder, ATK/TTK op name) */
    int nargs;
    const opsnn_op_arg *args; /**< nargs of them, in signature order */
    /** aclnn<Api>GetWorkspaceSize with operands[0 .. nargs-1] (aclTensor * or
     *  aclScalar * as void *) in signature order. */
    aclnnStatus (*get_workspace_size)(void *const *operands, uint64_t *workspaceSize,
                                      aclOpExecutor **executor);
    /** aclnn<Api>. */
    aclnnStatus (*run)(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                       aclrtStream stream);
} opsnn_op_meta;

/** The number of operators. */
OPSNN_API size_t opsnn_op_count(void);
/** Operator i (0 .. opsnn_op_count()-1), or NULL past the end. */
OPSNN_API const opsnn_op_meta *opsnn_op_at(size_t i);
/** The operator whose name, api, command or kernel_op is s (exact spelling;
 *  the first in table order), or NULL (also for s NULL). */
OPSNN_API const opsnn_op_meta *opsnn_op_lookup(const char *s);

#ifdef __cplusplus
}
#endif

#endif /* OPSNN_OPS_H_ */
