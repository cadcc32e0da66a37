/*
 * SoftshrinkBackward's kernel parameter struct (internal): what its op_api hands the
 * family's micro-kernels through opsnn_kparams.op. Each family reads only its
 * own struct; the operator's descriptor names it.
 */
#ifndef OPSNN_OPS_SOFT_SHRINK_GRAD_PARAMS_H_
#define OPSNN_OPS_SOFT_SHRINK_GRAD_PARAMS_H_

#include <math.h>

/* softshrink-bwd: the threshold as float32: >= 0, +-0, +inf or NaN (the op
 * rejects only lambda < 0); see opsnn_softshrink_threshold(). */
typedef struct {
    float lambda;
} opsnn_softshrink_bwd_params;

/*
 * SoftshrinkBackward's threshold as the vector kernels compare it. An element
 * passes when |x| > lambda (an ordered compare, false for NaN lambda) or x is
 * NaN. With NaN lambda only NaN x pass, which is exactly what a +inf
 * threshold gives with the "not (|x| <= t)" compare (true for NaN x) the
 * vector paths use; every other lambda is used as it is.
 */
static inline float opsnn_softshrink_threshold(float lambda)
{
    return lambda != lambda ? INFINITY : lambda;
}

#endif /* OPSNN_OPS_SOFT_SHRINK_GRAD_PARAMS_H_ */
