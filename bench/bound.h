/*
 * The bandwidth bound the benchmark compares against: the simplest
 * elementwise pass over the same bytes as one operator call (two inputs read,
 * one output written), y = a + b on 32-bit lanes, split over OpenMP threads
 * in 64-byte aligned chunks.
 */
#ifndef OPSNN_BENCH_BOUND_H_
#define OPSNN_BENCH_BOUND_H_

#include <stddef.h>

typedef enum {
    BOUND_PLAIN = 0, /* ordinary stores (the compiler vectorises the loop) */
    BOUND_NT = 1, /* non-temporal (streaming) stores, then sfence; x86 only */
    BOUND_KIND_COUNT
} bound_kind;

const char *bound_kind_name(bound_kind kind);
/* 1 when this build has the kind: BOUND_NT needs x86 streaming stores
 * (SSE2 and up); elsewhere it is not measured. */
int bound_kind_available(bound_kind kind);

/* y = a + b over nbytes of each (three buffers of nbytes: two read, one
 * written). Buffers must be 64-byte aligned. The pass runs on `threads`
 * threads unless it moves less than 64 KiB per thread, where a fork/join
 * costs more than it saves. */
void bound_pass(bound_kind kind, void *y, const void *a, const void *b, size_t nbytes,
                int threads);

#endif /* OPSNN_BENCH_BOUND_H_ */
