/*
 * The operators' micro-kernel families (internal), generated from the
 * manifest's kernel sections (ops/all.def, ops/<op>/op.def): the family enum
 * OPSNN_KERNEL_<KIND>, every operator's parameter struct (its
 * op_kernel/params.h) and the prototype of every micro-kernel of its lists.
 * The rows themselves are ops/kernels.c's opsnn_ukernel_rows, which the
 * kernel layer's dispatch (kernels/config.c) reads through kernels/kernels.h.
 */
#ifndef OPSNN_OPS_KERNELS_H_
#define OPSNN_OPS_KERNELS_H_

#include <stddef.h>

#include "kernels/kernels.h"

/* every operator's parameter structs */
#define OPSNN_DEF_PARAMS
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"

/* The operators' families, after the kernel layer's own OPSNN_KERNEL_COPY:
 * OPSNN_KERNEL_SOFTSHRINK_BWD, ...; OPSNN_KERNEL_COUNT ends them. */
typedef enum {
    OPSNN_KERNEL_OPS_BEGIN_ = OPSNN_KERNEL_COPY,
#define OPSNN_DEF_KERNELS
#define OPSNN_FAMILY(kind) OPSNN_KERNEL_##kind,
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
    OPSNN_KERNEL_COUNT
} opsnn_op_kernel_family;
_Static_assert(OPSNN_KERNEL_COUNT <= OPSNN_KERNEL_MAX, "raise OPSNN_KERNEL_MAX (kernels/kernels.h)");

/* The prototypes of every operator micro-kernel (the scalar ones are the
 * portable path, and the reference every other path must match bit for bit). */
#define OPSNN_DEF_KERNELS
#define OPSNN_UKERNEL(kind, isa, dtype, fn) \
    void fn(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *params);
#define OPSNN_UKERNEL_C OPSNN_UKERNEL
#define OPSNN_UKERNEL_X(kind, isa, cdt, adt, bdt, ydt, fn) OPSNN_UKERNEL(kind, isa, cdt, fn)
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"

#endif /* OPSNN_OPS_KERNELS_H_ */
