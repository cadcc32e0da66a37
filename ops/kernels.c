/* Every row of the operators' micro-kernel lists, for the kernel layer's
 * dispatch (kernels/kernels.h: opsnn_ukernel_rows), generated from the
 * manifest's kernel sections. */
#include "ops/kernels.h"

const opsnn_ukernel_row opsnn_ukernel_rows[] = {
#define OPSNN_DEF_KERNELS
#define OPSNN_UKERNEL(kind, isa, dtype, fn) \
    {OPSNN_KERNEL_##kind, OPSNN_ISA_##isa, OPSNN_UROW_KERNEL, dtype, dtype, dtype, dtype, fn, #fn},
#define OPSNN_UKERNEL_C(kind, isa, dtype, fn) \
    {OPSNN_KERNEL_##kind, OPSNN_ISA_##isa, OPSNN_UROW_SCALAR_B, dtype, dtype, dtype, dtype, fn, #fn},
#define OPSNN_UKERNEL_X(kind, isa, cdt, adt, bdt, ydt, fn) \
    {OPSNN_KERNEL_##kind, OPSNN_ISA_##isa, OPSNN_UROW_MIXED, cdt, adt, bdt, ydt, fn, #fn},
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
};

const size_t opsnn_ukernel_row_count = sizeof opsnn_ukernel_rows / sizeof opsnn_ukernel_rows[0];
