/*
 * opsnn/opsnn.h - libopsnn's own extensions.
 *
 * Nothing here is needed by host code ported from an Ascend NPU; these calls
 * let a program ask which library it runs on, control threading and look at
 * the plan an executor will run.
 */
#ifndef OPSNN_OPSNN_H_
#define OPSNN_OPSNN_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OPSNN_API ACL_FUNC_VISIBILITY

#define OPSNN_VERSION_MAJOR 0
#define OPSNN_VERSION_MINOR 1
#define OPSNN_VERSION_PATCH 0

/** "MAJOR.MINOR.PATCH" of the library actually linked. */
OPSNN_API const char *opsnn_version_string(void);
/** MAJOR * 10000 + MINOR * 100 + PATCH of the library actually linked. */
OPSNN_API unsigned opsnn_version_number(void);

/** Threads used by phase 2 (1 = serial): the work is split into that many
 *  blocks, run on at most as many threads as the process may use CPUs. n <= 0
 *  restores the default (OPSNN_NUM_THREADS, else OMP_NUM_THREADS, else the
 *  CPUs the process may use; a value above them is lowered to them). Returns
 *  the number now in effect. Results never depend on it. */
OPSNN_API int opsnn_set_num_threads(int n);
OPSNN_API int opsnn_get_num_threads(void);

/** The instruction-set path the kernels run on: "avx512", "avx2" or "scalar"
 *  (chosen once from the CPU; OPSNN_ISA=scalar|avx2|avx512 forces a lower one). */
OPSNN_API const char *opsnn_get_isa(void);

/** The kinds of step a plan is made of (SPEC §5). */
typedef enum {
    OPSNN_STEP_CONTIGUOUS = 0, /* gather a strided input view */
    OPSNN_STEP_BROADCAST_TO = 1, /* expand an input to the output shape */
    OPSNN_STEP_CAST = 2, /* convert an input to the compute dtype */
    OPSNN_STEP_KERNEL = 3, /* the operator's elementwise kernel */
    OPSNN_STEP_CAST_BACK = 4, /* convert the result to gradInput's dtype */
    OPSNN_STEP_VIEW_COPY = 5 /* scatter the result into a strided/overlapping output */
} opsnn_step_kind;

/** Operand numbers in a step: inputs in parameter order, then the output. */
#define OPSNN_OPERAND_NONE (-1)
#define OPSNN_OPERAND_OUTPUT 100

typedef struct {
    opsnn_step_kind kind;
    int operand; /* 0, 1: inputs in parameter order; OPSNN_OPERAND_OUTPUT; or NONE */
    int fused; /* 1: done in the kernel's loop, in registers; no intermediate tensor */
    aclDataType src_dtype; /* dtype read by the step */
    aclDataType dst_dtype; /* dtype written by the step */
    uint64_t workspace_bytes; /* workspace this step's result occupies (0 when fused) */
} opsnn_plan_step;

/** Number of steps in the executor's plan, or -1 for an invalid executor. */
OPSNN_API int opsnn_plan_step_count(const aclOpExecutor *executor);
/** Copy step `index` (0-based) into *step. */
OPSNN_API aclnnStatus opsnn_plan_get_step(const aclOpExecutor *executor, int index,
                                          opsnn_plan_step *step);
/** Human-readable plan, snprintf-style: writes at most size bytes (NUL
 *  included) and returns the length the full text needs. */
OPSNN_API size_t opsnn_plan_dump(const aclOpExecutor *executor, char *buf, size_t size);
/** Name of a step kind ("Contiguous", "BroadcastTo", ...). */
OPSNN_API const char *opsnn_step_kind_name(opsnn_step_kind kind);

/*
 * Reference tiling (SPEC §8): the same calculation as the NPU host tiling of
 * SoftShrinkGrad and SeluGrad, so NPU kernel authors can check their tiling
 * data. The CPU kernels use it too, with the "cpu" profile.
 */

/** A platform profile: vector cores and unified-buffer bytes per core. */
typedef struct {
    char name[16]; /* "Ascend910B", "Ascend950", "cpu" */
    int64_t core_num;
    int64_t ub_size;
} opsnn_platform;

/** Fill *platform for soc ("Ascend910B": 48 cores, 196608 B; "Ascend950": 64
 *  cores, 245760 B; "cpu": OpenMP threads, OPSNN_CPU_UB_SIZE). Unknown soc ->
 *  ACLNN_ERR_PARAM_INVALID. */
OPSNN_API aclnnStatus opsnn_platform_get(const char *soc, opsnn_platform *platform);

/** The "UB" of the cpu profile: a per-core cache budget for one chunk of work. */
#define OPSNN_CPU_UB_SIZE 262144

/** Field layout of the NPU's SoftShrinkGradTilingData. */
typedef struct {
    int64_t blockNum; /* blocks that run (can be fewer than usedCoreNum) */
    int64_t blockFormer; /* elements per block; the last takes blockTail */
    int64_t dim0; /* element count (rank 0 counts 1) */
    int64_t ubFormer; /* elements per UB chunk */
    float lambd;
} opsnn_softshrink_grad_tiling_data;

typedef struct {
    opsnn_softshrink_grad_tiling_data data;
    int64_t usedCoreNum;
    int64_t blockTail; /* elements of the last block (0 when empty) */
    int bufferMode; /* 1: double buffering (dim0 > 1024) */
} opsnn_softshrink_grad_tiling;

/** Field layout of the NPU's SeluGradTilingData. */
typedef struct {
    int64_t totalElements;
    int64_t blockFormer;
    int64_t ubFormer;
} opsnn_selu_grad_tiling_data;

typedef struct {
    opsnn_selu_grad_tiling_data data;
    int64_t usedCoreNum;
    int64_t blockTail; /* elements of the last block (0 when empty) */
} opsnn_selu_grad_tiling;

/** SoftShrinkGrad tiling for a shape (ndim 0..8) and dtype FLOAT, FLOAT16 or
 *  BF16 on a platform. */
OPSNN_API aclnnStatus opsnn_softshrink_grad_tiling_compute(const opsnn_platform *platform,
                                                           aclDataType dtype, const int64_t *dims,
                                                           int ndim, float lambd,
                                                           opsnn_softshrink_grad_tiling *tiling);

/** SeluGrad one-dim tiling for a shape (rank 0..32) and dtype FLOAT, FLOAT16,
 *  BF16, INT32, INT8 or UINT8 (the NPU kernel has UINT8; the aclnn API does not). */
OPSNN_API aclnnStatus opsnn_selu_grad_tiling_compute(const opsnn_platform *platform,
                                                     aclDataType dtype, const int64_t *dims,
                                                     int ndim, opsnn_selu_grad_tiling *tiling);

#ifdef __cplusplus
}
#endif

#endif /* OPSNN_OPSNN_H_ */
