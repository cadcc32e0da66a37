/* SoftshrinkBackward, experimental / TBE rule (le.h), AVX-512: the arch35
 * kernels of this path with a NaN lambda copying g, and their
 * variants for 16-bit g and y with a float32 x. */
#include "../params.h"
#include "le.h"

OPSNN_SOFTSHRINK_BWD_LE(avx512_f32, 4)
OPSNN_SOFTSHRINK_BWD_LE(avx512_f16, 2)
OPSNN_SOFTSHRINK_BWD_LE(avx512_bf16, 2)
OPSNN_SOFTSHRINK_BWD_LE_MIXED(avx512)
