/*
 * The op_api checks every operator shares (internal): each fails with the
 * status and the message the operators have always given, "<api>: ..."
 * naming the parameter and the bad value, and returns ACLNN_SUCCESS
 * otherwise. An op_api.c calls them in its ops-nn op_api's order.
 */
#ifndef OPSNN_OPS_CHECK_H_
#define OPSNN_OPS_CHECK_H_

#include "executor/opdesc.h"
#include "tensor/tensor.h"

/* ptrs[order[i]] for i < n (order NULL: 0 .. n-1) must not be NULL:
 * ACLNN_ERR_PARAM_NULLPTR, "<api>: <name> must not be NULL, got NULL". */
aclnnStatus opsnn_check_not_null(const char *api, int n, const void *const ptrs[],
                                 const char *const names[], const int order[]);

/* Tensor `name`'s dtype dt is one of op's on soc with package opp:
 * ACLNN_ERR_PARAM_INVALID, "<api>: <name> dtype must be <op's list> on
 * <soc><suffix>, got <dt>" (suffix "" or, e.g., " (ops-nn package)"). */
aclnnStatus opsnn_check_dtype(const char *api, const opsnn_op_info *op, const char *name,
                              aclDataType dt, const opsnn_soc_info *soc, opsnn_opp opp,
                              const char *suffix);

/* The same for n tensors in order. */
aclnnStatus opsnn_check_dtypes(const char *api, const opsnn_op_info *op, int n,
                               const aclTensor *const tensors[], const char *const names[],
                               const opsnn_soc_info *soc, opsnn_opp opp, const char *suffix);

/* Tensor `name` has rank <= max_rank: "<api>: <name> rank must be <= M, got R". */
aclnnStatus opsnn_check_rank(const char *api, const char *name, const aclTensor *t, int max_rank);

/* a and b broadcast (into shape[], *ndim): "<api>: <a_name> shape S and <b_name>
 * shape T must be broadcastable, got incompatible dims". */
aclnnStatus opsnn_check_broadcast(const char *api, const char *a_name, const aclTensor *a,
                                  const char *b_name, const aclTensor *b, int64_t *shape,
                                  int *ndim);

/* Tensor `name` has exactly dims[0 .. ndim-1]: "<api>: <name> shape must
 * equal <what> S, got T", what being e.g. "self shape" or "the broadcast shape". */
aclnnStatus opsnn_check_shape(const char *api, const char *name, const aclTensor *t,
                              const char *what, const int64_t *dims, int ndim);

/* The scalar `name` as float32 (the op_api's ToFloat()) is not below 0 (so
 * NaN and a DOUBLE -1e-300, -0.0f, pass): "<api>: <name> must be >= 0, got
 * V", V printed with %f as in CANN's messages unless that would print a tiny
 * value as -0.000000 (then %g). */
aclnnStatus opsnn_check_scalar_nonneg(const char *api, const char *name, const aclScalar *s);

#endif /* OPSNN_OPS_CHECK_H_ */
