/* Thread-count control of opsnn/opsnn.h and the settings phase 2's threads
 * read from the environment (common/threads.h); the threads themselves are
 * the pool's (pool.c) or the OpenMP runtime's (threads_omp.c). Results never
 * depend on the thread count. */
#include "common/threads.h"

#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "common/error.h"
#include "common/sysinfo.h"
#include "opsnn/opsnn.h"

/* ---- How many threads --------------------------------------------------- */

/* The whole string a decimal integer in [lo, hi], blanks around it allowed;
 * 0 and *v on success, -1 otherwise (*v untouched). */
static int parse_decimal(const char *s, long lo, long hi, long *v)
{
    if (s == NULL) {
        return -1;
    }
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    if (*s < '0' || *s > '9') {
        return -1; /* no sign, no empty string */
    }
    char *end;
    errno = 0;
    long x = strtol(s, &end, 10);
    while (*end == ' ' || *end == '\t') {
        end++;
    }
    if (errno != 0 || *end != '\0' || x < lo || x > hi) {
        return -1;
    }
    *v = x;
    return 0;
}

int opsnn_parse_thread_count(const char *s, int *n)
{
    long v;
    if (parse_decimal(s, 1, INT_MAX, &v) != 0) {
        return -1;
    }
    *n = (int)v;
    return 0;
}

int opsnn_parse_spin_us(const char *s, int *us)
{
    long v;
    if (parse_decimal(s, 0, OPSNN_POOL_SPIN_US_MAX, &v) != 0) {
        return -1;
    }
    *us = (int)v;
    return 0;
}

static atomic_int requested;
static atomic_int default_count; /* 0 until first read; -1: ask the OpenMP runtime */

static int runtime_threads(void)
{
#if OPSNN_THREADING_OPENMP
    return opsnn_omp_default_threads();
#else
    return opsnn_usable_cpus(); /* not reached: the pool's default is read once */
#endif
}

/* OPSNN_NUM_THREADS, else the backend's default: under the pool
 * OMP_NUM_THREADS, else the usable CPUs; under OpenMP the runtime's own count
 * (opsnn_omp_default_threads, asked on every call). A value above the usable
 * CPUs is lowered to them, a malformed one is ignored with a warning. The
 * environment is read once: phase 2 asks on every call. */
static int default_threads(void)
{
    int n = atomic_load(&default_count);
    if (n != 0) {
        return n > 0 ? n : runtime_threads();
    }
    int cpus = opsnn_usable_cpus();
    const char *name = "OPSNN_NUM_THREADS";
    const char *s = getenv(name);
#if OPSNN_THREADING_OPENMP
    const char *fallback = "the OpenMP runtime's thread count";
    n = -1;
#else
    const char *fallback = "the CPUs this process may use";
    if (s == NULL || s[0] == '\0') {
        name = "OMP_NUM_THREADS";
        s = getenv(name);
    }
    n = cpus;
#endif
    int v;
    if (s != NULL && s[0] != '\0') {
        if (opsnn_parse_thread_count(s, &v) != 0) {
            opsnn_log(OPSNN_LOG_WARNING, "%s must be a positive integer, got \"%s\": using %s",
                      name, s, fallback);
        } else if (v > cpus) {
            opsnn_log(OPSNN_LOG_WARNING, "%s=%d is more than the %d CPUs this process may use: "
                      "using %d", name, v, cpus, cpus);
            n = cpus;
        } else {
            n = v;
        }
    }
    atomic_store(&default_count, n);
    return n > 0 ? n : runtime_threads();
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
