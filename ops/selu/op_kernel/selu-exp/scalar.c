/* Selu, ops-nn experimental kernel (exp.h), portable C: FLOAT16 in half and
 * INT8 with saturating casts; FLOAT, BF16 and INT32 are arch35's kernels. */
#include "exp.h"

OPSNN_SELU_EXP(scalar, opsnn_lut16_apply__scalar)
