/* Softshrink, CANN built-in TBE kernel (tbe.h), AVX2: the arch35
 * kernels of this path, FLOAT16 with lambd rounded to half, and a NaN lambd
 * keeping x. */
#include "tbe.h"

OPSNN_SOFTSHRINK_TBE(avx2)
