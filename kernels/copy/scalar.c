/* The ViewCopy step's micro-kernels: a bit copy of n elements. */
#include <string.h>

#include "kernels.h"

void opsnn_copy_ukernel__scalar_x8(size_t n, const void *a, const void *b, void *y,
                                   const opsnn_kparams *p)
{
    (void)b;
    (void)p;
    memcpy(y, a, n);
}

void opsnn_copy_ukernel__scalar_x16(size_t n, const void *a, const void *b, void *y,
                                    const opsnn_kparams *p)
{
    (void)b;
    (void)p;
    memcpy(y, a, n * 2);
}

void opsnn_copy_ukernel__scalar_x32(size_t n, const void *a, const void *b, void *y,
                                    const opsnn_kparams *p)
{
    (void)b;
    (void)p;
    memcpy(y, a, n * 4);
}
