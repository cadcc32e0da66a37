/* SoftshrinkBackward, experimental / TBE rule (le.h), NEON: the arch35
 * kernels of this path with a NaN lambda copying g, and their
 * variants for 16-bit g and y with a float32 x. */
#include "../params.h"
#include "le.h"

OPSNN_SOFTSHRINK_BWD_LE(neon_f32, 4)
OPSNN_SOFTSHRINK_BWD_LE(neon_f16, 2)
OPSNN_SOFTSHRINK_BWD_LE(neon_bf16, 2)
OPSNN_SOFTSHRINK_BWD_LE_MIXED(neon)
