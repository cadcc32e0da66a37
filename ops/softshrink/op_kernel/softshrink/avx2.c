/* Softshrink forward, AVX2 + F16C: ops/softshrink/op_kernel/softshrink/scalar.c's float32
 * sequence in 8 lanes. GT_OQ / LT_OQ are false for NaN (x or lambd), so a
 * NaN gives +0 as there. The step ignores its second input (the loop is
 * handed x twice). */
#include "../params.h"
#include "cvt-avx2.h"
#include "kernels.h"
#include "loop-avx2.h"

static inline __m256 softshrink(__m256 x, float lambda)
{
    __m256 lam = _mm256_set1_ps(lambda);
    __m256 nlam = _mm256_set1_ps(-lambda);
    __m256 sub = _mm256_sub_ps(x, lam);
    __m256 add = _mm256_add_ps(x, lam);
    __m256 tmp = _mm256_and_ps(_mm256_cmp_ps(x, lam, _CMP_GT_OQ), sub);
    return _mm256_blendv_ps(tmp, add, _mm256_cmp_ps(x, nlam, _CMP_LT_OQ));
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m256 v = softshrink(_mm256_loadu_ps((const float *)a + i), lambda);
    if (stream) {
        _mm256_stream_ps((float *)y + i, v);
    } else {
        _mm256_storeu_ps((float *)y + i, v);
    }
}

static inline void step_f16(const void *a, const void *b, void *y, size_t i, int stream,
                            const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m256i x = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m128i lo = opsnn_avx2_f32_to_f16(softshrink(opsnn_avx2_f16_to_f32(_mm256_castsi256_si128(x)), lambda));
    __m128i hi = opsnn_avx2_f32_to_f16(softshrink(opsnn_avx2_f16_to_f32(_mm256_extracti128_si256(x, 1)), lambda));
    opsnn_avx2_store_x16(y, i, stream, _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1));
}

/* Raw widening suffices: a NaN only has to fail the compares, and the
 * selected results are never NaN (x - lambd only for x > lambd, x + lambd
 * only for x < -lambd), so they pack without a NaN case: bf16 at 16M
 * elements, 2 threads, read 0.47 of the bound with one and 0.62 without on
 * the Xeon guest (64K, 1 thread: 17.2 against 13.1 us). */
static inline void step_bf16(const void *a, const void *b, void *y, size_t i, int stream,
                             const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m256i x = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + i));
    __m256 lo = softshrink(opsnn_avx2_bf16_unpacklo_raw(x), lambda);
    __m256 hi = softshrink(opsnn_avx2_bf16_unpackhi_raw(x), lambda);
    opsnn_avx2_store_x16(y, i, stream, opsnn_avx2_pack_bf16_quiet(lo, hi));
}

void opsnn_softshrink_ukernel__avx2_f32(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx2_loop(n, a, a, y, p->op, p->nt_store, 4, 8, step_f32);
}

void opsnn_softshrink_ukernel__avx2_f16(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx2_loop(n, a, a, y, p->op, p->nt_store, 2, 16, step_f16);
}

void opsnn_softshrink_ukernel__avx2_bf16(size_t n, const void *a, const void *b, void *y,
                                         const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx2_loop(n, a, a, y, p->op, p->nt_store, 2, 16, step_bf16);
}
