/* The `tiling` sub-command: the NPU tiling data of SoftShrinkGrad / SeluGrad
 * from the library's reference calculator in opsnn/opsnn.h. */
#ifndef OPSNN_GOLDEN_TILING_H_
#define OPSNN_GOLDEN_TILING_H_

int golden_cmd_tiling(int argc, char **argv);

#endif
