/*
 * The operator descriptor (internal): the type every operator implements
 * (ops/<op>/op_api.c defines its opsnn_op_<name>) and the only thing the
 * engine knows of an operator — its name, operands, dtype rules per SoC, the
 * kernel family and parameter struct, and how the reference tiling blocks
 * it — so that the executor, the planner and the plan dump never name an
 * operator. The engine owns the type; ops/ includes it (the dependency
 * points down, and src/executor/ includes nothing of ops/).
 */
#ifndef OPSNN_EXECUTOR_OPDESC_H_
#define OPSNN_EXECUTOR_OPDESC_H_

#include <stddef.h>
#include <stdint.h>

#include "common/soc.h"
#include "kernels/kernels.h"
#include "opsnn/opsnn.h"

#define OPSNN_MAX_INPUTS 2
/* Room for the largest parameter struct of an ops/<op>/op_kernel/params.h. */
#define OPSNN_MAX_PARAM_BYTES 32
#define OPSNN_MAX_DTYPES 8

/* How phase 2 splits a pass of numel elements: blocks of block_former
 * elements (block_num of them, shared over threads), each walked in chunks
 * of ub_former elements. The common answer of every operator's tiling. */
typedef struct {
    int64_t block_former;
    int64_t block_num;
    int64_t ub_former;
} opsnn_blocking;

/* The operator's reference tiling on `platform` for a flat pass of numel
 * elements in `dtype`, with the operator's parameter struct. */
typedef aclnnStatus (*opsnn_tiling_fn)(const opsnn_platform *platform, aclDataType dtype,
                                       int64_t numel, const void *params, opsnn_blocking *out);

/* SoC family bits for the dtype rules. */
#define OPSNN_SOC_BIT(family) (1u << (family))
#define OPSNN_SOCS_ALL 0xffffu

/* One supported dtype and the SoC families that accept it (a row with socs
 * == 0 ends the list). */
typedef struct {
    aclDataType dtype;
    unsigned socs;
    unsigned opps; /* OPSNN_OPP_BIT()s of the packages whose op_api accepts it; 0: every one */
} opsnn_dtype_rule;
#define OPSNN_OPP_BIT(opp) (1u << (opp))

typedef struct opsnn_op_info {
    const char *api; /* "aclnnSeluBackward": messages, the plan dump, lookups */
    int ninputs; /* 1 or 2 tensors the kernel reads */
    /* the parameter names: inputs in kernel order (a, b), then the output */
    const char *operands[OPSNN_MAX_INPUTS + 1];
    /* supported dtypes, in the order messages list them */
    opsnn_dtype_rule dtypes[OPSNN_MAX_DTYPES];
    /* the micro-kernel family (OPSNN_KERNEL_<KIND> of ops/kernels.h) of each
     * kernel generation: [OPSNN_GEN_ARCH35], [_EXPERIMENTAL], [_TBE] */
    opsnn_kernel_kind kernels[OPSNN_GEN_NONE];
    size_t params_size; /* sizeof the family's parameter struct (its op_kernel/params.h), or 0 */
    opsnn_tiling_fn tiling;
    /* what phase 2 spends on one output element on one thread, in
     * picoseconds, for a 4-byte (and 1- or 8-byte) [0] and a 2-byte [1]
     * output dtype: the thread choice (executor/plan.c). Measured on the
     * reference machine, in cache (docs/dev/design-notes.md). */
    uint16_t ps_per_elem[2];
} opsnn_op_info;

/* 1 when op accepts dtype dt on SoC soc with package opp. */
int opsnn_op_dtype_ok(const opsnn_op_info *op, aclDataType dt, const opsnn_soc_info *soc,
                      opsnn_opp opp);

/* "FLOAT, FLOAT16 or BF16": op's dtypes on soc with opp, for messages, into buf. */
const char *opsnn_op_dtype_list(const opsnn_op_info *op, const opsnn_soc_info *soc, opsnn_opp opp,
                                char *buf, size_t size);

/* The name of operand k (0 .. ninputs-1) or of OPSNN_OPERAND_OUTPUT. */
const char *opsnn_operand_name(const opsnn_op_info *op, int operand);

#endif /* OPSNN_EXECUTOR_OPDESC_H_ */
