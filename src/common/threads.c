/* Thread-count control of opsnn/opsnn.h. Results never depend on it: every
 * element is computed by the same instructions whatever block it falls in. */
#include <stdatomic.h>
#include <stdlib.h>

#ifdef OPSNN_HAVE_OPENMP
#include <omp.h>
#endif

#include "opsnn/opsnn.h"

static atomic_int requested;

/* OPSNN_NUM_THREADS, else the OpenMP default (OMP_NUM_THREADS or the cores). */
static int default_threads(void)
{
    const char *s = getenv("OPSNN_NUM_THREADS");
    int n = s != NULL ? atoi(s) : 0;
    if (n > 0) {
        return n;
    }
#ifdef OPSNN_HAVE_OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
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
