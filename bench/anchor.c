/* The transposed-operand anchor; see anchor.h. */
#include "anchor.h"

#include <stdio.h>
#include <string.h>

#ifdef OPSNN_BENCH_HAVE_OPENBLAS
#include <cblas.h>
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

/* Below this much traffic per thread a fork/join costs more than it saves
 * (the same threshold as bound.c's pass). */
#define MIN_BYTES_PER_THREAD ((size_t)64 << 10)

int anchor_available(void)
{
#ifdef OPSNN_BENCH_HAVE_OPENBLAS
    return 1;
#else
    return 0;
#endif
}

void anchor_init(void)
{
#ifdef OPSNN_BENCH_HAVE_OPENBLAS
    openblas_set_num_threads(1);
#endif
}

const char *anchor_name(void)
{
#ifdef OPSNN_BENCH_HAVE_OPENBLAS
    static char name[96];
    if (name[0] == '\0') {
        /* openblas_get_config() starts with "OpenBLAS <version> ..." */
        const char *cfg = openblas_get_config();
        int len = (int)strcspn(cfg, " ");
        len += cfg[len] == ' ' ? 1 + (int)strcspn(cfg + len + 1, " ") : 0;
        snprintf(name, sizeof name, "%.*s somatcopy", len, cfg);
    }
    return name;
#else
    return "none";
#endif
}

static int team_size(size_t nbytes, int threads)
{
    int nt = threads < 1 ? 1 : threads;
    return 2 * nbytes / (size_t)nt < MIN_BYTES_PER_THREAD ? 1 : nt;
}

static void copy_part(uint8_t *dst, const uint8_t *src, size_t nbytes, int t, int nt)
{
    size_t blocks = nbytes / 64;
    size_t lo = blocks * (size_t)t / (size_t)nt * 64;
    size_t hi = t == nt - 1 ? nbytes : blocks * (size_t)(t + 1) / (size_t)nt * 64;
    memcpy(dst + lo, src + lo, hi - lo);
}

void anchor_copy(void *dst, const void *src, size_t nbytes, int threads)
{
    int nt = team_size(nbytes, threads);
#ifdef _OPENMP
    if (nt > 1) {
#pragma omp parallel num_threads(nt)
        copy_part(dst, src, nbytes, omp_get_thread_num(), omp_get_num_threads());
        return;
    }
#endif
    (void)nt;
    copy_part(dst, src, nbytes, 0, 1);
}

/* Output rows [lo, hi): source columns lo..hi of the [cols][rows] source. */
static void transpose_part(float *dst, const float *src, int64_t rows, int64_t cols, int t, int nt)
{
    int64_t lo = rows * t / nt, hi = rows * (t + 1) / nt;
    if (hi <= lo) {
        return;
    }
#ifdef OPSNN_BENCH_HAVE_OPENBLAS
    cblas_somatcopy(CblasRowMajor, CblasTrans, (blasint)cols, (blasint)(hi - lo), 1.0f, src + lo,
                    (blasint)rows, dst + lo * cols, (blasint)cols);
#else
    (void)dst;
    (void)src;
    (void)cols;
#endif
}

void anchor_transpose(float *dst, const float *src, int64_t rows, int64_t cols, int threads)
{
    int nt = team_size((size_t)(rows * cols) * sizeof(float), threads);
#ifdef _OPENMP
    if (nt > 1) {
#pragma omp parallel num_threads(nt)
        transpose_part(dst, src, rows, cols, omp_get_thread_num(), omp_get_num_threads());
        return;
    }
#endif
    (void)nt;
    transpose_part(dst, src, rows, cols, 0, 1);
}
