/*
 * Selu and InplaceSelu's kernel parameter struct (internal): what its op_api hands the
 * family's micro-kernels through opsnn_kparams.op. Each family reads only its
 * own struct; the operator's descriptor names it.
 */
#ifndef OPSNN_OPS_SELU_PARAMS_H_
#define OPSNN_OPS_SELU_PARAMS_H_

/* selu (forward): the two float32 constants of ops-nn's Selu kernel
 * (activation/selu/op_kernel/arch35/selu.h: SCALE_F32, ALPHA_F32). */
typedef struct {
    float scale;
    float alpha;
} opsnn_selu_params;

/* SCALE and ALPHA come in opsnn_selu_params; the op_api fills them with
 * OPSNN_SELU_SCALE (kernels.h) and this float32 value (ops-nn selu.h
 * ALPHA_F32, SCALE_F32). */
#define OPSNN_SELU_ALPHA 1.6732632423543772848170429916717f

#endif /* OPSNN_OPS_SELU_PARAMS_H_ */
