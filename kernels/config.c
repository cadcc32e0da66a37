/* The micro-kernel table, filled once. Operators reach kernels only through
 * opsnn_ukernel_get(). */
#include <stdatomic.h>

#include "kernels.h"
#include "opsnn/opsnn.h"

static atomic_int selected = -1;

static opsnn_ukernel_fn lookup(opsnn_kernel_kind kind, aclDataType dt)
{
    switch (kind) {
    case OPSNN_KERNEL_SOFTSHRINK_BWD:
        return dt == ACL_FLOAT     ? opsnn_softshrink_bwd_ukernel__scalar_f32
               : dt == ACL_FLOAT16 ? opsnn_softshrink_bwd_ukernel__scalar_f16
               : dt == ACL_BF16    ? opsnn_softshrink_bwd_ukernel__scalar_bf16
                                   : NULL;
    case OPSNN_KERNEL_SELU_BWD:
        return dt == ACL_FLOAT     ? opsnn_selu_bwd_ukernel__scalar_f32
               : dt == ACL_FLOAT16 ? opsnn_selu_bwd_ukernel__scalar_f16
               : dt == ACL_BF16    ? opsnn_selu_bwd_ukernel__scalar_bf16
               : dt == ACL_INT8    ? opsnn_selu_bwd_ukernel__scalar_i8
               : dt == ACL_INT32   ? opsnn_selu_bwd_ukernel__scalar_i32
                                   : NULL;
    case OPSNN_KERNEL_COPY:
        switch (dt) {
        case ACL_INT8: case ACL_UINT8: case ACL_BOOL:
            return opsnn_copy_ukernel__scalar_x8;
        case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16:
            return opsnn_copy_ukernel__scalar_x16;
        case ACL_FLOAT: case ACL_INT32: case ACL_UINT32:
            return opsnn_copy_ukernel__scalar_x32;
        default:
            return NULL;
        }
    default:
        return NULL;
    }
}

int opsnn_cpu_has_isa(opsnn_isa isa)
{
    return isa == OPSNN_ISA_SCALAR;
}

int opsnn_kernels_select(int isa)
{
    (void)isa;
    atomic_store(&selected, OPSNN_ISA_SCALAR);
    return OPSNN_ISA_SCALAR;
}

const char *opsnn_isa_name(int isa)
{
    return isa == OPSNN_ISA_AVX512 ? "avx512" : isa == OPSNN_ISA_AVX2 ? "avx2" : "scalar";
}

const char *opsnn_get_isa(void)
{
    int isa = atomic_load(&selected);
    return opsnn_isa_name(isa < 0 ? opsnn_kernels_select(-1) : isa);
}

opsnn_ukernel_fn opsnn_ukernel_get(opsnn_kernel_kind kind, aclDataType dtype)
{
    if (atomic_load(&selected) < 0) {
        opsnn_kernels_select(-1);
    }
    return lookup(kind, dtype);
}
