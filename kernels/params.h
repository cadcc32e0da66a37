/* Transitional: the per-operator parameter structs now live in each
 * operator's ops/<op>/op_kernel/params.h. */
#ifndef OPSNN_KERNELS_PARAMS_H_
#define OPSNN_KERNELS_PARAMS_H_
#include "../ops/soft_shrink_grad/op_kernel/params.h"
#include "../ops/selu_grad/op_kernel/params.h"
#include "../ops/softshrink/op_kernel/params.h"
#include "../ops/selu/op_kernel/params.h"
#endif
