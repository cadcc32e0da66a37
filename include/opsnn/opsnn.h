/*
 * opsnn/opsnn.h - libopsnn's own extensions.
 *
 * Nothing here is needed by host code ported from an Ascend NPU; these calls
 * let a program ask which library it runs on, control threading and look at
 * the plan an executor will run. The reference tiling calculator is in
 * opsnn/tiling.h, which this header includes.
 */
#ifndef OPSNN_OPSNN_H_
#define OPSNN_OPSNN_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "aclnn/aclnn_base.h"
#include "opsnn/tiling.h" /* the reference tiling, part of these extensions */

#ifdef __cplusplus
extern "C" {
#endif

#ifndef OPSNN_API
#define OPSNN_API ACL_FUNC_VISIBILITY /* also defined by opsnn/tiling.h */
#endif

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
