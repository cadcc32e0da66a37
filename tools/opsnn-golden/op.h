/* The operator sub-commands: read the inputs, run the operator through the
 * public aclnn two-phase API, write gradInput. */
#ifndef OPSNN_GOLDEN_OP_H_
#define OPSNN_GOLDEN_OP_H_

#include "aclnn/acl_meta.h"
#include "err.h"

/** Phase 1 + phase 2 of aclnnSoftshrinkBackward (lambda != NULL),
 *  aclnnSeluBackward, or aclnnSelu (x == NULL: g is its self) on described
 *  tensors; the library's message on failure. */
int golden_op_execute(const aclTensor *g, const aclTensor *x, const aclScalar *lambda, aclTensor *y,
                      golden_err *e);

/** Destroy what golden_op_execute ran on (NULLs are skipped). */
void golden_op_release(aclTensor *g, aclTensor *x, aclScalar *lambda, aclTensor *y);

int golden_cmd_softshrink(int argc, char **argv);
int golden_cmd_selu(int argc, char **argv);

#endif
