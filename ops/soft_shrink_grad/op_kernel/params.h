/*
 * SoftshrinkBackward's kernel parameter struct (internal): what its op_api hands the
 * family's micro-kernels through opsnn_kparams.op. Each family reads only its
 * own struct; the operator's descriptor names it.
 */
#ifndef OPSNN_OPS_SOFT_SHRINK_GRAD_PARAMS_H_
#define OPSNN_OPS_SOFT_SHRINK_GRAD_PARAMS_H_

/* softshrink-bwd: the threshold as float32: >= 0, +-0, +inf or NaN (the op
 * rejects only lambda < 0); see opsnn_softshrink_threshold(). */
typedef struct {
    float lambda;
} opsnn_softshrink_bwd_params;

#endif /* OPSNN_OPS_SOFT_SHRINK_GRAD_PARAMS_H_ */
