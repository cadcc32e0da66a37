/*
 * opsnn/tiling.h - the reference tiling, one of libopsnn's own extensions
 * (included by opsnn/opsnn.h; self-contained).
 */
#ifndef OPSNN_TILING_H_
#define OPSNN_TILING_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef OPSNN_API
#define OPSNN_API ACL_FUNC_VISIBILITY /* as in opsnn/opsnn.h */
#endif

/*
 * Reference tiling: the host tiling of ops-nn (master e5c3fa93) for
 * SoftShrinkGrad, SeluGrad, HardShrinkGrad and the forward Softshrink and
 * Selu, field for field, so an NPU kernel author can diff the tiling data the
 * kernel received against these. ops-nn has two implementations with
 * different algorithms (and, for the first two, different structs):
 *   OPSNN_TILING_ARCH35  activation/<op>/op_host/arch35/<op>_tiling_arch35.cpp,
 *                        registered for ascend950;
 *   OPSNN_TILING_910B    experimental/activation/<op>/op_host/<op>_tiling.cpp,
 *                        registered for ascend910b and ascend910_93 (there is
 *                        none for Softshrink).
 * The CPU executor blocks its work with the arch35 calculation ("cpu").
 * A tiling the NPU code would refuse (GRAPH_FAILED) returns
 * ACLNN_ERR_PARAM_INVALID with the reason; nothing is written then.
 */

typedef enum {
    OPSNN_TILING_ARCH35 = 0, /* op_host/arch35: SoftShrinkGradTilingData 48 B, SeluGradTilingData 256 B,
                                HardShrinkGradTilingData 32 B, SoftshrinkTilingData 32 B,
                                SeluTilingData 24 B */
    OPSNN_TILING_910B = 1 /* experimental op_host: SoftShrinkGradTilingData 24 B, SeluGradTilingData 16 B,
                             HardShrinkGradTilingData 32 B, SeluTilingData 24 B (both registered
                             for ascend910b only); no Softshrink */
} opsnn_tiling_algo;

/** A platform: which tiling code runs, with which core count and UB size. */
typedef struct {
    char name[24]; /* canonical SoC name ("Ascend910B3", "Ascend950") or "cpu" */
    opsnn_tiling_algo algo;
    int64_t core_num; /* vector cores (PlatformAscendC::GetCoreNumAiv()), 1..INT32_MAX */
    int64_t ub_size; /* unified-buffer bytes per core, 1..INT32_MAX */
} opsnn_platform;

/** Fill *platform for soc: any name opsnn_set_soc() accepts (any case) or
 *  NULL for the current SoC. Ascend950 parts run OPSNN_TILING_ARCH35,
 *  Ascend910B and Ascend910_93 parts OPSNN_TILING_910B, each with the part's
 *  cores and UB (see opsnn_set_soc); Ascend910 and Ascend310P have no ops-nn
 *  AI Core kernel for these operators -> ACLNN_ERR_PARAM_INVALID. "cpu": the
 *  arch35 calculation with opsnn_get_num_threads() cores and
 *  OPSNN_CPU_UB_SIZE bytes. Change core_num / ub_size afterwards to model a
 *  particular device (e.g. 40 cores). */
OPSNN_API aclnnStatus opsnn_platform_get(const char *soc, opsnn_platform *platform);

/** The "UB" of the cpu profile: a per-core cache budget for one chunk of work. */
#define OPSNN_CPU_UB_SIZE 262144

/** One tensor as the tiling sees it: dtype and storage shape. */
typedef struct {
    aclDataType dtype;
    int ndim; /* 0 (a scalar) .. 32 */
    const int64_t *dims; /* ndim entries, each >= 0; may be NULL when ndim == 0 */
} opsnn_tiling_tensor;

/* ---- SoftShrinkGrad ---- */

/** arch35 SoftShrinkGradTilingData (op_kernel/arch35/soft_shrink_grad_tiling_data.h). */
typedef struct {
    int64_t dim0; /* element count (a scalar counts 1) */
    int32_t coreNum; /* equals blockNum */
    int64_t blockFormer; /* elements per core, a multiple of 512 */
    int64_t blockNum; /* cores used */
    int64_t ubFormer; /* elements per UB pass, a multiple of 256 bytes */
    float lambd;
} opsnn_softshrink_grad_tiling_data;
#define OPSNN_SOFTSHRINK_GRAD_TILING_DATA_SIZE 48

/** experimental SoftShrinkGradTilingData (op_kernel/softshrink_grad_tiling_data.h). */
typedef struct {
    int64_t totalNum;
    int64_t blockFactor; /* elements per core */
    int32_t ubFactor; /* elements per UB pass */
    float lambd;
} opsnn_softshrink_grad_tiling_data_910b;
#define OPSNN_SOFTSHRINK_GRAD_TILING_DATA_910B_SIZE 24

typedef struct {
    opsnn_tiling_algo algo; /* which struct below is filled; the other is all zero */
    opsnn_softshrink_grad_tiling_data data; /* OPSNN_TILING_ARCH35 */
    opsnn_softshrink_grad_tiling_data_910b data_910b; /* OPSNN_TILING_910B */
    uint64_t tiling_key; /* arch35: BUFFER_MODE (0 single, 1 double buffer); 910b: schMode 0..5 */
    uint32_t block_dim; /* SetBlockDim */
    uint64_t workspace_size; /* GetWorkspaceSizes(1)[0] */
} opsnn_softshrink_grad_tiling;

/** SoftShrinkGrad tiling of input_grad, input_x, output_y (the NPU op's
 *  tensors; output_y's shape and dtype are read only by the 910b code) with
 *  attribute lambd. Like the NPU code a NaN lambd is accepted and a negative
 *  one refused. */
OPSNN_API aclnnStatus opsnn_softshrink_grad_tiling_compute(const opsnn_platform *platform,
                                                           const opsnn_tiling_tensor *input_grad,
                                                           const opsnn_tiling_tensor *input_x,
                                                           const opsnn_tiling_tensor *output_y,
                                                           float lambd,
                                                           opsnn_softshrink_grad_tiling *tiling);

/* ---- SeluGrad ---- */

#define OPSNN_SELU_GRAD_MAX_DIM 8

/** arch35 SeluGradTilingData (op_kernel/arch35/selu_grad_tiling_data.h). */
typedef struct {
    int64_t totalElements;
    int64_t blockFormer; /* one-dim: elements per core; broadcast: work items per core */
    int64_t ubFormer; /* one-dim: elements per UB pass; broadcast: work items per UB pass */
    int32_t needBroadcast;
    int32_t shapeLen;
    int64_t innerSize;
    int64_t totalRows;
    int64_t innerChunkSize;
    int32_t numInnerChunks;
    int64_t outputDims[OPSNN_SELU_GRAD_MAX_DIM];
    int64_t gradStrides[OPSNN_SELU_GRAD_MAX_DIM];
    int64_t outStrides[OPSNN_SELU_GRAD_MAX_DIM];
} opsnn_selu_grad_tiling_data;
#define OPSNN_SELU_GRAD_TILING_DATA_SIZE 256

/** experimental SeluGradTilingData (op_kernel/selu_grad_tiling_data.h). */
typedef struct {
    uint64_t totalNum;
    uint32_t blockFactor;
    uint32_t ubFactor;
} opsnn_selu_grad_tiling_data_910b;
#define OPSNN_SELU_GRAD_TILING_DATA_910B_SIZE 16

typedef struct {
    opsnn_tiling_algo algo; /* which struct below is filled; the other is all zero */
    opsnn_selu_grad_tiling_data data; /* OPSNN_TILING_ARCH35 */
    opsnn_selu_grad_tiling_data_910b data_910b; /* OPSNN_TILING_910B */
    uint64_t tiling_key; /* arch35: schMode 0 one-dim, 1 broadcast; 910b: schMode 0..5 by dtype */
    uint32_t block_dim;
    uint64_t workspace_size;
} opsnn_selu_grad_tiling;

/** SeluGrad tiling of gradients, outputs and y (the NPU op's tensors; the
 *  arch35 code reads y's shape and broadcasts gradients/outputs to it). */
OPSNN_API aclnnStatus opsnn_selu_grad_tiling_compute(const opsnn_platform *platform,
                                                     const opsnn_tiling_tensor *gradients,
                                                     const opsnn_tiling_tensor *outputs,
                                                     const opsnn_tiling_tensor *y,
                                                     opsnn_selu_grad_tiling *tiling);

/* ---- HardShrinkGrad ---- */

/** HardShrinkGradTilingData (op_kernel/arch35/hard_shrink_grad_tiling_data.h;
 *  the experimental struct is field for field the same). */
typedef struct {
    int64_t totalNum; /* element count (a scalar counts 1) */
    int64_t blockFactor; /* elements per core */
    int64_t ubFactor; /* elements per UB pass */
    float lambd; /* arch35: a negative lambd stored as 0; 910b: as given */
} opsnn_hardshrink_grad_tiling_data;
#define OPSNN_HARDSHRINK_GRAD_TILING_DATA_SIZE 32

typedef struct {
    opsnn_tiling_algo algo; /* which code filled data */
    opsnn_hardshrink_grad_tiling_data data;
    /* the kernel template's arguments as ASCENDC_TPL_SEL_PARAM receives
     * them (ops-nn does not pack them into one number here): D_T_X, the
     * dtype of gradients, and BUFFER_MODE (0 single, 1 double buffer) */
    aclDataType dtype;
    uint32_t buffer_mode;
    uint32_t block_dim; /* SetBlockDim */
    uint64_t workspace_size; /* GetWorkspaceSizes(1)[0]: 0 */
} opsnn_hardshrink_grad_tiling;

/** HardShrinkGrad tiling of gradients, features and backprops (the NPU op's
 *  tensors; the experimental code reads only the first two) with attribute
 *  lambd. Like the NPU code any lambd is accepted. An empty tensor is refused
 *  on arch35 (the op_api never launches one; the NPU code would divide by
 *  zero) and gives zeros and blockDim 1 on 910b, as that code does. */
OPSNN_API aclnnStatus opsnn_hardshrink_grad_tiling_compute(const opsnn_platform *platform,
                                                           const opsnn_tiling_tensor *gradients,
                                                           const opsnn_tiling_tensor *features,
                                                           const opsnn_tiling_tensor *backprops,
                                                           float lambd,
                                                           opsnn_hardshrink_grad_tiling *tiling);

/* ---- Softshrink (forward) ---- */

/** arch35 SoftshrinkTilingData (op_kernel/arch35/softshrink_tiling_data.h). */
typedef struct {
    int64_t totalNum; /* element count (a scalar counts 1) */
    int64_t blockFactor; /* elements per core */
    int64_t ubFactor; /* elements per UB pass */
    float lambd; /* the attribute, as given */
} opsnn_softshrink_tiling_data;
#define OPSNN_SOFTSHRINK_TILING_DATA_SIZE 32

typedef struct {
    opsnn_tiling_algo algo; /* OPSNN_TILING_ARCH35: ops-nn has no other */
    opsnn_softshrink_tiling_data data;
    uint64_t tiling_key; /* schMode by dtype: 0 FLOAT, 1 FLOAT16, 2 BF16 */
    uint32_t block_dim;
    uint64_t workspace_size;
} opsnn_softshrink_tiling;

/** Softshrink tiling of x (the NPU op's input; y is not read) with attribute
 *  lambd (any value: the NPU code only warns on NaN and infinity). Only the
 *  arch35 code exists: an OPSNN_TILING_910B platform is refused. */
OPSNN_API aclnnStatus opsnn_softshrink_tiling_compute(const opsnn_platform *platform,
                                                      const opsnn_tiling_tensor *x, float lambd,
                                                      opsnn_softshrink_tiling *tiling);

/* ---- Selu (forward) ---- */

/** SeluTilingData (op_kernel/arch35/selu_tiling_data.h; the experimental
 *  struct is field for field the same). */
typedef struct {
    int64_t totalElements;
    int64_t blockFactor; /* elements per core, a whole number of 32-byte blocks */
    int64_t ubFactor; /* elements per UB pass */
} opsnn_selu_tiling_data;
#define OPSNN_SELU_TILING_DATA_SIZE 24

typedef struct {
    opsnn_tiling_algo algo;
    opsnn_selu_tiling_data data;
    uint64_t tiling_key; /* arch35: schMode, always 0 */
    aclDataType dtype; /* 910b: the template argument D_T_X, x's dtype */
    uint32_t block_dim;
    uint64_t workspace_size;
} opsnn_selu_tiling;

/** Selu tiling of x (the NPU op's input; y is not read). */
OPSNN_API aclnnStatus opsnn_selu_tiling_compute(const opsnn_platform *platform,
                                                const opsnn_tiling_tensor *x, opsnn_selu_tiling *tiling);

/** The tiling data as the NPU kernel receives it: the filled struct's bytes,
 *  little-endian, natural alignment, padding zero (48, 24, 256, 16, 32, 32 or
 *  24 bytes).
 *  Writes them to buf when size is large enough and sets *written; else
 *  ACLNN_ERR_PARAM_INVALID naming the size needed, nothing written. */
OPSNN_API aclnnStatus opsnn_softshrink_grad_tiling_bytes(const opsnn_softshrink_grad_tiling *tiling,
                                                         void *buf, size_t size, size_t *written);
OPSNN_API aclnnStatus opsnn_selu_grad_tiling_bytes(const opsnn_selu_grad_tiling *tiling, void *buf,
                                                   size_t size, size_t *written);
OPSNN_API aclnnStatus opsnn_hardshrink_grad_tiling_bytes(const opsnn_hardshrink_grad_tiling *tiling,
                                                         void *buf, size_t size, size_t *written);
OPSNN_API aclnnStatus opsnn_softshrink_tiling_bytes(const opsnn_softshrink_tiling *tiling, void *buf,
                                                    size_t size, size_t *written);
OPSNN_API aclnnStatus opsnn_selu_tiling_bytes(const opsnn_selu_tiling *tiling, void *buf, size_t size,
                                              size_t *written);

#ifdef __cplusplus
}
#endif

#endif /* OPSNN_TILING_H_ */
