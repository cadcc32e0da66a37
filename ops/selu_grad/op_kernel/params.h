/*
 * SeluBackward's kernel parameter struct (internal): what its op_api hands the
 * family's micro-kernels through opsnn_kparams.op. Each family reads only its
 * own struct; the operator's descriptor names it.
 */
#ifndef OPSNN_OPS_SELU_GRAD_PARAMS_H_
#define OPSNN_OPS_SELU_GRAD_PARAMS_H_

/* selu-bwd: the constants of the ops-nn SeluGrad kernel as float32
 * (OPSNN_SELU_SCALE, OPSNN_SELU_SCALE_ALPHA), read from here like every
 * other parameter, so kernels hold no operator constant of their own. */
typedef struct {
    float scale;
    float scale_alpha;
} opsnn_selu_bwd_params;

/* SELU constants of the ops-nn SeluGrad kernel, as float32 (aclnnSelu
 * uses the same SCALE). */
#define OPSNN_SELU_SCALE 1.0507009873554804934193349852946f
#define OPSNN_SELU_SCALE_ALPHA 1.7580993408473768599402175208123f

#endif /* OPSNN_OPS_SELU_GRAD_PARAMS_H_ */
