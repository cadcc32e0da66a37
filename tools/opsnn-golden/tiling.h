/* The `tiling` sub-command: the NPU tiling data of SoftShrinkGrad, SeluGrad,
 * HardShrinkGrad and the forward Softshrink and Selu from the library's
 * reference calculators in opsnn/tiling.h. */
#ifndef OPSNN_GOLDEN_TILING_H_
#define OPSNN_GOLDEN_TILING_H_

int golden_cmd_tiling(int argc, char **argv);

#endif
