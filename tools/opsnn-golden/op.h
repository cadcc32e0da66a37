/* The operator sub-commands, one per operator of the library (opinfo.h):
 * read the inputs, run the operator through the public aclnn two-phase API,
 * write its output. The options come from the operator's arguments: --SHORT
 * FILE per tensor input, --out FILE, --SHORT V per scalar (default: the
 * library's), --dtype/--shape for raw inputs; an operator whose inputs may
 * differ in dtype (OPSNN_OP_MIXED_DTYPE) also takes --SHORT-dtype/--SHORT-shape
 * for its other inputs and --out-dtype. */
#ifndef OPSNN_GOLDEN_OP_H_
#define OPSNN_GOLDEN_OP_H_

#include <stddef.h>

#include "opinfo.h"

/** The synopsis of m's sub-command (one or more lines, each ending in \n). */
void golden_op_synopsis(const opsnn_op_meta *m, char *buf, size_t size);
/** The rest of its help: what it computes and its options. */
void golden_op_details(const opsnn_op_meta *m, char *buf, size_t size);

/** Run m's sub-command on the words after its name; exit status. */
int golden_cmd_op(const opsnn_op_meta *m, int argc, char **argv);

#endif
