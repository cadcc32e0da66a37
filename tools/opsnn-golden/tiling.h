/* The `tiling` sub-command: the NPU tiling data of SoftShrinkGrad / SeluGrad
 * (SPEC §8) from the library's calculator in opsnn/opsnn.h. */
#ifndef OPSNN_GOLDEN_TILING_H_
#define OPSNN_GOLDEN_TILING_H_

#include <stddef.h>

#include "opsnn/opsnn.h"

/* Bytes of the NPU structs: SoftShrinkGradTilingData is 4 int64 + 1 float,
 * padded to 8-byte alignment (40); SeluGradTilingData is 3 int64 (24). */
#define GOLDEN_SOFTSHRINK_TILING_BYTES 40
#define GOLDEN_SELU_TILING_BYTES 24

/** The NPU struct bytes, little-endian, padding zeroed. */
void golden_softshrink_tiling_bytes(const opsnn_softshrink_grad_tiling_data *d,
                                    unsigned char out[GOLDEN_SOFTSHRINK_TILING_BYTES]);
void golden_selu_tiling_bytes(const opsnn_selu_grad_tiling_data *d,
                              unsigned char out[GOLDEN_SELU_TILING_BYTES]);

int golden_cmd_tiling(int argc, char **argv);

#endif
