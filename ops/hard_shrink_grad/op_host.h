/*
 * HardShrinkGrad reference host tiling (internal), both ops-nn implementations:
 *   arch35: activation/hard_shrink_grad/op_host/arch35/hard_shrink_grad_tiling.cpp
 *           (registered for ascend950)
 *   910b:   experimental/activation/hard_shrink_grad/op_host/hard_shrink_grad_tiling.cpp
 *           (registered for ascend910b)
 * Both fill the same struct, HardShrinkGradTilingData.
 */
#ifndef OPSNN_OPS_HARD_SHRINK_GRAD_OP_HOST_H_
#define OPSNN_OPS_HARD_SHRINK_GRAD_OP_HOST_H_

#include <stddef.h>
#include <stdint.h>

#include "opsnn/opsnn.h"

/* HardShrinkGradTilingData (op_kernel/arch35/hard_shrink_grad_tiling_data.h;
 * the experimental struct is field for field the same). */
typedef struct {
    int64_t totalNum;    /* elements (a scalar counts 1) */
    int64_t blockFactor; /* elements per core */
    int64_t ubFactor;    /* elements per UB pass */
    float lambd;         /* arch35: a negative lambd replaced by 0; 910b: as given */
} opsnn_hardshrink_grad_tiling_data;
#define OPSNN_HARDSHRINK_GRAD_TILING_DATA_SIZE 32

typedef struct {
    opsnn_tiling_algo algo;
    opsnn_hardshrink_grad_tiling_data data;
    /* the template arguments ASCENDC_TPL_SEL_PARAM receives: D_T_X (the
     * dtype of gradients) and BUFFER_MODE (0 single, 1 double buffer) */
    aclDataType dtype;
    uint32_t buffer_mode;
    uint32_t block_dim; /* SetBlockDim */
    uint64_t workspace_size; /* GetWorkspaceSizes(1)[0]: 0 */
} opsnn_hardshrink_grad_tiling;

/* The tiling of gradients, features, backprops with attribute lambd on
 * platform. A tiling the NPU code refuses (GRAPH_FAILED) returns
 * ACLNN_ERR_PARAM_INVALID with the reason, *tiling untouched. */
aclnnStatus opsnn_hardshrink_grad_tiling_compute(const opsnn_platform *platform,
                                                 const opsnn_tiling_tensor *gradients,
                                                 const opsnn_tiling_tensor *features,
                                                 const opsnn_tiling_tensor *backprops, float lambd,
                                                 opsnn_hardshrink_grad_tiling *tiling);

/* The struct's 32 bytes as the kernel receives them (natural alignment,
 * little-endian, padding zero); *written = 32. */
aclnnStatus opsnn_hardshrink_grad_tiling_bytes(const opsnn_hardshrink_grad_tiling *tiling, void *buf,
                                               size_t size, size_t *written);

#endif /* OPSNN_OPS_HARD_SHRINK_GRAD_OP_HOST_H_ */
