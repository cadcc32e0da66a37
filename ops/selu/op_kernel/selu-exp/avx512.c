/* Selu, ops-nn experimental kernel (exp.h), AVX-512: FLOAT16 in half and
 * INT8 with saturating casts; FLOAT, BF16 and INT32 are arch35's kernels. */
#include "exp.h"

OPSNN_SELU_EXP(avx512, opsnn_lut16_apply__avx512)
