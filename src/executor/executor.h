/*
 * The executor: what phase 1 plans and phase 2 runs (internal).
 *
 * Phase 1 copies the operand descriptors, aligns every operand to the output
 * shape (stride 0 where an input is broadcast), decides whether the output
 * overlaps an input badly enough to need a temporary, and records the plan's
 * steps for inspection. Phase 2 runs one fused elementwise pass (plus a
 * ViewCopy when a temporary was needed).
 */
#ifndef OPSNN_EXECUTOR_EXECUTOR_H_
#define OPSNN_EXECUTOR_EXECUTOR_H_

#include "aclnn/aclnn_base.h"
#include "executor/plan.h"
#include "kernels/kernels.h"
#include "executor/opdesc.h"
#include "opsnn/opsnn.h"
#include "tensor/tensor.h"

/* What an operator's phase 1 hands to opsnn_executor_create after validation. */
typedef struct {
    const opsnn_op_info *op; /* the operator's descriptor (executor/opdesc.h) */
    aclDataType compute_dtype; /* dtype the micro-kernel runs on */
    /* the configuration phase 1 ran under and the micro-kernel family of its
     * kernel generation (op->kernel unless the operator picks another) */
    opsnn_config config;
    opsnn_kernel_kind kernel;
    /* the kernel family's parameter struct, op->params_size bytes, by value:
     * the executor keeps its own copy of the descriptor */
    _Alignas(16) unsigned char params[OPSNN_MAX_PARAM_BYTES];
    const aclTensor *inputs[OPSNN_MAX_INPUTS]; /* op->ninputs of them */
    const aclTensor *output;
} opsnn_op_desc;

/* What phase 1 built. The aclOpExecutor pointer a user holds is not this
 * struct's address but a handle (slot index + generation) into the table of
 * executor.c, so a freed executor is never mistaken for a live one that
 * malloc placed at the same address. */
typedef struct opsnn_executor_s {
    opsnn_op_desc desc; /* tensor pointers inside are not used after phase 1 */
    int repeatable;
    aclTensor out; /* descriptor copies: the user may destroy tensors after phase 1 */
    aclTensor in[OPSNN_MAX_INPUTS];
    int ndim; /* output shape, with every input's strides aligned to it */
    int64_t shape[OPSNN_MAX_RANK];
    int64_t in_strides[OPSNN_MAX_INPUTS][OPSNN_MAX_RANK];
    uint64_t workspace_size;
    int addr_changed; /* an address was rebound since phase 1: re-check overlap */
    opsnn_schedule schedule; /* phase 2's passes, planned in phase 1 */
} opsnn_executor;

/* Right-aligned NumPy broadcast of two shapes; -1 when they do not broadcast
 * (plan.c, as the next one). */
int opsnn_broadcast_shape(const aclTensor *a, const aclTensor *b, int64_t *shape, int *ndim);

/* 1 when the tensor's dims equal shape[0..ndim). */
int opsnn_shape_equals(const aclTensor *t, const int64_t *shape, int ndim);

/* Phase 1 tail shared by the operators (executor.c): reject an output with
 * internal overlap, plan (plan.c), allocate and register the executor. */
aclnnStatus opsnn_executor_create(const opsnn_op_desc *desc, uint64_t *workspaceSize,
                                  aclOpExecutor **executor);

/* Free an executor made by opsnn_executor_create (its block is kept for the
 * next one). */
void opsnn_executor_free(opsnn_executor *ex);

/* Phase 2 shared by the operators (run.c): runs an executor that op's phase 1
 * made. */
aclnnStatus opsnn_executor_run(const opsnn_op_info *op, void *workspace, uint64_t workspaceSize,
                               aclOpExecutor *executor, aclrtStream stream);

#endif /* OPSNN_EXECUTOR_EXECUTOR_H_ */
