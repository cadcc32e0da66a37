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
 *  restores the default: OPSNN_NUM_THREADS, else, on the OpenMP backend, the
 *  runtime's omp_get_max_threads() of the calling thread, or, on the pool,
 *  OMP_NUM_THREADS, else the CPUs the process may use; a value above those
 *  CPUs is lowered to them. Returns the number now in effect. Results never
 *  depend on it. */
OPSNN_API int opsnn_set_num_threads(int n);
OPSNN_API int opsnn_get_num_threads(void);

/** The threads phase 2 runs on, chosen when the library was built
 *  (-DOPSNN_THREADING): "openmp" (parallel regions of the OpenMP runtime the
 *  library links) or "pool" (the library's own pthread pool). */
OPSNN_API const char *opsnn_get_threading(void);

/** The instruction-set path the kernels run on: "avx512", "avx2" or "scalar"
 *  on x86-64, "neon" or "scalar" on aarch64 (chosen once from the CPU;
 *  OPSNN_ISA=scalar|avx2|avx512 on x86-64, scalar|neon on aarch64 (sve means
 *  neon: there are no SVE kernels yet), forces a lower one; any other value
 *  is logged as a warning and ignored). */
OPSNN_API const char *opsnn_get_isa(void);

/* ---- status codes (optable) ---- */

/** The name of an ACL or ACLNN status code as the headers spell it
 *  ("ACLNN_ERR_PARAM_INVALID", "ACL_ERROR_BAD_ALLOC"; 0 is "ACLNN_SUCCESS",
 *  the value ACL_SUCCESS shares), or "UNKNOWN" for a value no header
 *  defines. Never NULL; the string is static. */
OPSNN_API const char *opsnn_status_name(int status);
/** What the code means, in one lower-case phrase ("a parameter has an
 *  invalid value"), or "unknown status code". Never NULL; static. The
 *  details of a particular failure are in aclGetRecentErrMsg(). */
OPSNN_API const char *opsnn_status_message(int status);

/** bfloat16 <-> float, the conversions the kernels use (acl_base.h has the
 *  fp16 pair only): float -> bf16 rounds to nearest even (overflow to inf);
 *  a NaN keeps its sign and top payload bits and comes out quiet, both ways. */
OPSNN_API uint16_t opsnn_float_to_bf16(float value);
OPSNN_API float opsnn_bf16_to_float(uint16_t value);

/*
 * The Ascend SoC the library imitates. ops-nn's host code behaves per chip
 * (which dtypes an operator accepts, the tiling's core count and UB size);
 * libopsnn does the same for the SoC chosen here. Names as CANN spells them,
 * any letter case: Ascend910 (and 910A, 910ProA, 910PremiumA, 910ProB),
 * Ascend310P (310P1, 310P3), Ascend910B (910B1, 910B2, 910B2C, 910B3, 910B4),
 * Ascend910_93 (910_9391, 910_9392), Ascend950 (950PR, 950DT, 950PR_9599,
 * 950PR_9589, 910_95).
 */

/** Imitate SoC `name` from now on, in every thread. NULL returns to the
 *  default: the OPSNN_SOC environment variable (read once, on first use),
 *  else "Ascend950". Unknown name -> ACLNN_ERR_PARAM_INVALID (the message
 *  lists the accepted names) and the setting is unchanged. An unknown
 *  OPSNN_SOC value is an error: every operator call and opsnn_check_config()
 *  return ACLNN_ERR_PARAM_INVALID naming it, until opsnn_set_soc() chooses a
 *  SoC. Set it before building executors. */
OPSNN_API aclnnStatus opsnn_set_soc(const char *name);
/** Canonical name of the SoC now imitated (e.g. "Ascend910B3" for "ascend910b3"). */
OPSNN_API const char *opsnn_get_soc(void);

/*
 * The operator package imitated on that SoC (docs/soc.md): "builtin", the
 * kernels of CANN's stock operator package (TBE DSL kernels on Ascend910,
 * 310P, 910B and 910_93; the ops-nn arch35 kernels on Ascend950), or
 * "ops-nn", what hicann/ops-nn master builds for the SoC (arch35 on
 * Ascend950, the experimental operators on 910B and 910_93, nothing on
 * Ascend910 and 310P). The pair decides the op_api's checks and the kernel
 * generation, hence the output bits.
 */

/** Imitate package `name` ("builtin" or "ops-nn", any case) from now on, in
 *  every thread; NULL returns to OPSNN_OPP (read once, like OPSNN_SOC), else
 *  "builtin". Unknown name -> ACLNN_ERR_PARAM_INVALID, setting unchanged; an
 *  unknown OPSNN_OPP is an error like an unknown OPSNN_SOC. */
OPSNN_API aclnnStatus opsnn_set_opp(const char *name);
/** "builtin" or "ops-nn". */
OPSNN_API const char *opsnn_get_opp(void);
/** The kernel generation the current SoC and package run: "arch35",
 *  "experimental" (ops-nn experimental/activation), "tbe" (CANN built-in)
 *  or "none" (ops-nn builds no kernel of these operators for the SoC). */
OPSNN_API const char *opsnn_get_kernel_generation(void);
/** ACLNN_SUCCESS, or ACLNN_ERR_PARAM_INVALID with the message naming the
 *  bad OPSNN_SOC / OPSNN_OPP value that is in effect. */
OPSNN_API aclnnStatus opsnn_check_config(void);

/** The kinds of step a plan is made of (docs/design.md). */
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
 * Reference tiling: the host tiling of ops-nn (master e5c3fa93) for
 * SoftShrinkGrad and SeluGrad, field for field, so an NPU kernel author can
 * diff the tiling data the kernel received against these. ops-nn has two
 * implementations with different algorithms and structs:
 *   OPSNN_TILING_ARCH35  activation/<op>/op_host/arch35/<op>_tiling_arch35.cpp,
 *                        registered for ascend950;
 *   OPSNN_TILING_910B    experimental/activation/<op>/op_host/<op>_tiling.cpp,
 *                        registered for ascend910b and ascend910_93.
 * The CPU executor blocks its work with the arch35 calculation ("cpu").
 * A tiling the NPU code would refuse (GRAPH_FAILED) returns
 * ACLNN_ERR_PARAM_INVALID with the reason; nothing is written then.
 */

typedef enum {
    OPSNN_TILING_ARCH35 = 0, /* op_host/arch35: SoftShrinkGradTilingData 48 B, SeluGradTilingData 256 B */
    OPSNN_TILING_910B = 1 /* experimental op_host: SoftShrinkGradTilingData 24 B, SeluGradTilingData 16 B */
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

/** The tiling data as the NPU kernel receives it: the filled struct's bytes,
 *  little-endian, natural alignment, padding zero (48, 24, 256 or 16 bytes).
 *  Writes them to buf when size is large enough and sets *written; else
 *  ACLNN_ERR_PARAM_INVALID naming the size needed, nothing written. */
OPSNN_API aclnnStatus opsnn_softshrink_grad_tiling_bytes(const opsnn_softshrink_grad_tiling *tiling,
                                                         void *buf, size_t size, size_t *written);
OPSNN_API aclnnStatus opsnn_selu_grad_tiling_bytes(const opsnn_selu_grad_tiling *tiling, void *buf,
                                                   size_t size, size_t *written);

/*
 * Logging (docs/runtime.md). Records follow CANN's host log: filtered by
 * ASCEND_GLOBAL_LOG_LEVEL / ASCEND_MODULE_LOG_LEVEL (module OP), written to
 * $ASCEND_PROCESS_LOG_PATH/debug/plog/plog-<pid>_<time>.log (default
 * $HOME/ascend/log), or to stdout with ASCEND_SLOG_PRINT_TO_STDOUT=1.
 */

/** Receives each record that passes the level filter: level 0 debug,
 *  1 info, 2 warning, 3 error, and the message text (no header, no newline),
 *  valid during the call only. May be called from any thread. */
typedef void (*opsnn_log_callback)(int level, const char *message, void *user);

/** Send records to `callback` instead of the log file or stdout (NULL
 *  restores them). The level filter still applies. */
OPSNN_API void opsnn_set_log_callback(opsnn_log_callback callback, void *user);

#ifdef __cplusplus
}
#endif

#endif /* OPSNN_OPSNN_H_ */
