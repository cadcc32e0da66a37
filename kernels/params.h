/*
 * Per-family parameter structs (internal): what an operator hands its
 * family's micro-kernels through opsnn_kparams.op. Each family reads only its
 * own struct; the operator table (src/ops/) names the struct of each operator.
 */
#ifndef OPSNN_KERNELS_PARAMS_H_
#define OPSNN_KERNELS_PARAMS_H_

/* softshrink-bwd: the threshold as float32: >= 0, +-0, +inf or NaN (the op
 * rejects only lambda < 0); see opsnn_softshrink_threshold(). */
typedef struct {
    float lambda;
} opsnn_softshrink_bwd_params;

/* selu-bwd: the constants of the ops-nn SeluGrad kernel as float32
 * (OPSNN_SELU_SCALE, OPSNN_SELU_SCALE_ALPHA), read from here like every
 * other parameter, so kernels hold no operator constant of their own. */
typedef struct {
    float scale;
    float scale_alpha;
} opsnn_selu_bwd_params;

/* softshrink (forward): lambd as float32, >= 0, +-0, +inf or NaN (a NaN
 * fails both of the kernel's compares: every output is +0). */
typedef struct {
    float lambd;
} opsnn_softshrink_params;

/* selu (forward): the two float32 constants of ops-nn's Selu kernel
 * (activation/selu/op_kernel/arch35/selu.h: SCALE_F32, ALPHA_F32). */
typedef struct {
    float scale;
    float alpha;
} opsnn_selu_params;

#endif /* OPSNN_KERNELS_PARAMS_H_ */
