/* Thread-count control of opsnn/opsnn.h. Results never depend on it: every
 * element is computed by the same instructions whatever block it falls in. */
#include <stdatomic.h>
#include <stdlib.h>

#ifdef OPSNN_HAVE_OPENMP
#include <omp.h>
#endif

#include "opsnn/opsnn.h"

static atomic_int requested;
static atomic_int default_count; /* 0 until first read */

/* OPSNN_NUM_THREADS, else the OpenMP default (OMP_NUM_THREADS or the cores),
 * read once: phase 2 asks on every call. */
static int default_threads(void)
{
    int n = atomic_load(&default_count);
    if (n > 0) {
        return n;
    }
    const char *s = getenv("OPSNN_NUM_THREADS");
    n = s != NULL ? atoi(s) : 0;
#ifdef OPSNN_HAVE_OPENMP
    n = n > 0 ? n : omp_get_max_threads();
#endif
    n = n > 0 ? n : 1;
    atomic_store(&default_count, n);
    return n;
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
