/* The operators, as the library describes them (its introspection API:
 * opsnn_op_count / opsnn_op_at / opsnn_op_lookup): every part of the tool
 * that names an operator — its sub-command, the case readers, the batch run —
 * goes through here, so a new row of the library's manifest is a new
 * sub-command and a new case kind with no edit in tools/. */
#ifndef OPSNN_GOLDEN_OPINFO_H_
#define OPSNN_GOLDEN_OPINFO_H_

#include <stddef.h>

#include "err.h"
#include "opsnn/ops.h"

#define GOLDEN_MAX_IN 4

/** Where the roles of the tool sit in one operator's signature. */
typedef struct {
    const opsnn_op_meta *m;
    int nin; /* tensor inputs (TENSOR_IN, TENSOR_INOUT), signature order */
    int in_arg[GOLDEN_MAX_IN];
    int out_arg; /* the TENSOR_OUT, or the TENSOR_INOUT of an in-place operator */
    int inplace;
    int scalar_arg; /* the SCALAR argument, or -1 */
} golden_opinfo;

/** The roles of m; an operator the tool cannot drive (no tensor input, more
 *  than GOLDEN_MAX_IN inputs, several outputs or scalars) is an error. */
int golden_opinfo_of(const opsnn_op_meta *m, golden_opinfo *o, golden_err *e);

/** Operator number i of the library (NULL past the end). */
const opsnn_op_meta *golden_op_at(size_t i);
/** By aclnn name with or without the "aclnn" prefix, kernel op name, name or
 *  command; NULL when unknown. */
const opsnn_op_meta *golden_op_find(const char *s);
/** The aclnn name without "aclnn" (SoftshrinkBackward). */
const char *golden_op_bare(const opsnn_op_meta *m);
/** Number of tensors of the signature (inputs and outputs). */
int golden_op_ntensors(const opsnn_op_meta *m);

/** "a, b or c": what field(m) gives for every operator (repeats once), for
 *  "is not ..." messages. */
void golden_op_list(char *buf, size_t size, const char *(*field)(const opsnn_op_meta *m));
const char *golden_op_field_api(const opsnn_op_meta *m);
const char *golden_op_field_kernel(const opsnn_op_meta *m);

/** name, or, when name is a Python keyword (lambda), name without its last
 *  letter (lambd: torch's and the ops-nn kernels' spelling); in buf. */
const char *golden_py_alias(const char *name, char *buf, size_t size);

/** Phase 1 + phase 2 on the operands in signature order (aclTensor* and
 *  aclScalar*); the library's message, naming the aclnn API, on failure. */
int golden_op_execute(const opsnn_op_meta *m, void *const *operands, golden_err *e);

#endif
