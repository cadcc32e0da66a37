/* TEMPORARY stand-in for include/opsnn/ops.h (issue 22, being written on
 * branch r22-core): the same types and functions, over a table of today's
 * operators, so the consumers can be made table-driven now. Deleted when the
 * real API is merged. `flags` and `summary` are proposed additions
 * (/work/wt/CONSUMERS-NEEDS.md). */
#ifndef OPSNN_TOOLS_OPS_SHIM_H_
#define OPSNN_TOOLS_OPS_SHIM_H_

#include <stddef.h>
#include <stdint.h>

#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { OPSNN_ARG_TENSOR_IN, OPSNN_ARG_TENSOR_OUT, OPSNN_ARG_TENSOR_INOUT, OPSNN_ARG_SCALAR } opsnn_arg_kind;

typedef struct {
    const char *name, *short_name;
    opsnn_arg_kind kind;
    aclDataType scalar_dtype;
    double scalar_default;
} opsnn_op_arg;

#define OPSNN_OP_BROADCAST 1u   /* tensor inputs broadcast; the output has the broadcast shape */
#define OPSNN_OP_MIXED_DTYPE 2u /* inputs may differ in dtype; the output dtype is free */

typedef struct opsnn_op_meta {
    const char *name, *api, *command, *kernel_op;
    int nargs;
    const opsnn_op_arg *args;
    aclnnStatus (*get_workspace_size)(void *const *operands, uint64_t *workspaceSize, aclOpExecutor **executor);
    aclnnStatus (*run)(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);
    unsigned flags;
    const char *summary;
} opsnn_op_meta;

size_t opsnn_op_count(void);
const opsnn_op_meta *opsnn_op_at(size_t i);
const opsnn_op_meta *opsnn_op_lookup(const char *s);

#ifdef __cplusplus
}
#endif

#endif
