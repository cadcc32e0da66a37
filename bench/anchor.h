/*
 * The transposed-operand anchor (built when CMake finds OpenBLAS): how fast a
 * well-tuned out-of-place transpose, OpenBLAS's cblas_somatcopy, moves a
 * matrix compared with memcpy of the same bytes, both split over the same
 * threads. A transposed operand cannot be read faster than the best transpose
 * reads it, so each transposed case's time relative to its contiguous case
 * is judged against this ratio, measured in the same run.
 */
#ifndef OPSNN_BENCH_ANCHOR_H_
#define OPSNN_BENCH_ANCHOR_H_

#include <stddef.h>
#include <stdint.h>

/* 1 when this build has OpenBLAS (the anchor is measured), else 0. */
int anchor_available(void);
/* Keeps OpenBLAS's own thread pool out of the timings (somatcopy does not
 * use it; the threads here are OpenMP's). Call once before measuring. */
void anchor_init(void);
/* A short name of the transpose used, e.g. "OpenBLAS 0.3.21 somatcopy", or "none". */
const char *anchor_name(void);

/* memcpy of nbytes from src to dst, on `threads` threads (whole 64-byte
 * blocks per thread, the rest on the last). */
void anchor_copy(void *dst, const void *src, size_t nbytes, int threads);

/* dst[rows][cols] = transpose of src[cols][rows] (float32, row-major): the
 * matrix a transposed benchmark case reads. The output rows are split over
 * `threads` threads. Without OpenBLAS it does nothing. */
void anchor_transpose(float *dst, const float *src, int64_t rows, int64_t cols, int threads);

#endif /* OPSNN_BENCH_ANCHOR_H_ */
