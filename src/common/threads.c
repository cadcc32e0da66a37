/* Thread-count control. Phase 2 is serial until the parallel kernels land;
 * the setting is kept so programs can already call it. */
#include <stdatomic.h>
#include <stdlib.h>

#include "opsnn/opsnn.h"

static atomic_int requested;

static int default_threads(void)
{
    const char *s = getenv("OPSNN_NUM_THREADS");
    int n = s != NULL ? atoi(s) : 0;
    return n > 0 ? n : 1;
}

int opsnn_set_num_threads(int n)
{
    atomic_store(&requested, n > 0 ? n : 0);
    return opsnn_get_num_threads();
}

int opsnn_get_num_threads(void)
{
    int n = atomic_load(&requested);
    return n > 0 ? n : default_threads();
}
