/* Version and kernel-path queries of opsnn/opsnn.h. */
#include <stdlib.h>

#include "kernels/kernels.h"
#include "opsnn/opsnn.h"

#define STR_(x) #x
#define STR(x) STR_(x)

const char *opsnn_version_string(void)
{
    return STR(OPSNN_VERSION_MAJOR) "." STR(OPSNN_VERSION_MINOR) "." STR(OPSNN_VERSION_PATCH);
}

unsigned opsnn_version_number(void)
{
    return OPSNN_VERSION_MAJOR * 10000u + OPSNN_VERSION_MINOR * 100u + OPSNN_VERSION_PATCH;
}

const char *opsnn_get_isa(void)
{
    return opsnn_isa_name(opsnn_kernels_selected());
}
