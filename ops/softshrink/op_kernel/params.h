/*
 * Softshrink's kernel parameter struct (internal): what its op_api hands the
 * family's micro-kernels through opsnn_kparams.op. Each family reads only its
 * own struct; the operator's descriptor names it.
 */
#ifndef OPSNN_OPS_SOFTSHRINK_PARAMS_H_
#define OPSNN_OPS_SOFTSHRINK_PARAMS_H_

/* softshrink (forward): lambd as float32, >= 0, +-0, +inf or NaN (a NaN
 * fails both of the kernel's compares: every output is +0). keep_nan: a
 * NaN x is written unchanged instead of +0 (the FLOAT and FLOAT16 kernels;
 * set only on the Ascend910, whose built-in TBE kernel takes its branch for
 * chips without tik.vcopy and selects a NaN x through). */
typedef struct {
    float lambd;
    int keep_nan;
} opsnn_softshrink_params;

#endif /* OPSNN_OPS_SOFTSHRINK_PARAMS_H_ */
