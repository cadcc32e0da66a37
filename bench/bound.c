/* The bandwidth-bound pass; see bound.h. Built with -O3 -march=native. */
#include "bound.h"

#include <stdint.h>

#if defined(__SSE2__)
#include <immintrin.h>
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

/* Same threshold as a sensible OpenMP loop would use: below 64 KiB of traffic
 * per thread a warm fork/join (~1-2 us) costs more than the pass. */
#define MIN_BYTES_PER_THREAD ((size_t)64 << 10)

#if defined(__SSE2__)
#define HAVE_NT 1
#else
#define HAVE_NT 0
#endif

const char *bound_kind_name(bound_kind kind)
{
    return kind == BOUND_NT ? "nt" : "plain";
}

int bound_kind_available(bound_kind kind)
{
    return kind != BOUND_NT || HAVE_NT;
}

static void add_plain(uint8_t *restrict y, const uint8_t *restrict a, const uint8_t *restrict b,
                      size_t lo, size_t hi)
{
    uint32_t *restrict y32 = (uint32_t *)(void *)(y + lo);
    const uint32_t *restrict a32 = (const uint32_t *)(const void *)(a + lo);
    const uint32_t *restrict b32 = (const uint32_t *)(const void *)(b + lo);
    size_t words = (hi - lo) / 4;
    for (size_t i = 0; i < words; i++) {
        y32[i] = a32[i] + b32[i];
    }
}

static void add_nt(uint8_t *restrict y, const uint8_t *restrict a, const uint8_t *restrict b,
                   size_t lo, size_t hi)
{
#if defined(__AVX512F__)
    for (size_t i = lo; i < hi; i += 64) {
        __m512i va = _mm512_load_si512((const void *)(a + i));
        __m512i vb = _mm512_load_si512((const void *)(b + i));
        _mm512_stream_si512((void *)(y + i), _mm512_add_epi32(va, vb));
    }
    _mm_sfence();
#elif defined(__AVX2__)
    for (size_t i = lo; i < hi; i += 32) {
        __m256i va = _mm256_load_si256((const __m256i *)(const void *)(a + i));
        __m256i vb = _mm256_load_si256((const __m256i *)(const void *)(b + i));
        _mm256_stream_si256((__m256i *)(void *)(y + i), _mm256_add_epi32(va, vb));
    }
    _mm_sfence();
#elif defined(__SSE2__)
    for (size_t i = lo; i < hi; i += 16) {
        __m128i va = _mm_load_si128((const __m128i *)(const void *)(a + i));
        __m128i vb = _mm_load_si128((const __m128i *)(const void *)(b + i));
        _mm_stream_si128((__m128i *)(void *)(y + i), _mm_add_epi32(va, vb));
    }
    _mm_sfence();
#else
    add_plain(y, a, b, lo, hi);
#endif
}

/* Thread `t` of `nt` takes a run of whole 64-byte blocks; the last one also
 * takes the bytes after the last whole block. */
static void chunk(bound_kind kind, uint8_t *y, const uint8_t *a, const uint8_t *b, size_t nbytes,
                  int t, int nt)
{
    size_t blocks = nbytes / 64;
    size_t lo = blocks * (size_t)t / (size_t)nt * 64;
    size_t hi = blocks * (size_t)(t + 1) / (size_t)nt * 64;
    if (kind == BOUND_NT) {
        add_nt(y, a, b, lo, hi);
    } else {
        add_plain(y, a, b, lo, hi);
    }
    if (t == nt - 1) {
        for (size_t i = blocks * 64; i < nbytes; i++) {
            y[i] = (uint8_t)(a[i] + b[i]);
        }
    }
}

void bound_pass(bound_kind kind, void *y, const void *a, const void *b, size_t nbytes,
                int threads)
{
    int nt = threads < 1 ? 1 : threads;
    if (3 * nbytes / (size_t)nt < MIN_BYTES_PER_THREAD) {
        nt = 1;
    }
#ifdef _OPENMP
    if (nt > 1) {
#pragma omp parallel num_threads(nt)
        chunk(kind, y, a, b, nbytes, omp_get_thread_num(), omp_get_num_threads());
        return;
    }
#endif
    chunk(kind, y, a, b, nbytes, 0, 1);
}
