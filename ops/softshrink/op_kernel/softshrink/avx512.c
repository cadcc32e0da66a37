/* Softshrink forward, AVX-512F/BW/VL/DQ + F16C: ops/softshrink/op_kernel/softshrink/scalar.c's
 * result in 16 lanes, as max(x - lambd, min(x + lambd, 0)) (softshrink()
 * below); masked loads and stores handle the tail. The step ignores its
 * second input. FLOAT and FLOAT16 also step with a NaN x kept (params
 * keep_nan). */
#include "../params.h"
#include "cvt-avx512.h"
#include "kernels.h"
#include "loop-avx512.h"

/* max(x - lambd, min(x + lambd, 0)): scalar.c's compare-and-select in four
 * arithmetic operations and no compare (a 512-bit compare into a mask
 * register, like the conversions' lane moves, takes Intel's one shuffle
 * port, on which the 16-bit steps queued). The same bits for every lambd
 * the API lets through (params.h: >= -0, +inf or NaN): x > lambd gives
 * max(x - lambd, +0) = x - lambd; x < -lambd gives max(x - lambd, x + lambd)
 * = x + lambd (lambd >= 0, and rounding keeps the order); anything else
 * max(<= 0, +0) = +0, since vmaxps / vminps return their second operand for
 * two zeros and for a NaN first operand: a NaN x or lambd, or inf - inf,
 * makes x - lambd NaN and min(x + lambd, 0) +0. */
static inline __m512 softshrink(__m512 x, float lambda)
{
    __m512 lam = _mm512_set1_ps(lambda);
    __m512 neg = _mm512_min_ps(_mm512_add_ps(x, lam), _mm512_setzero_ps());
    return _mm512_max_ps(_mm512_sub_ps(x, lam), neg);
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m512 v = softshrink(_mm512_maskz_loadu_ps((__mmask16)mask, (const float *)a + i), lambda);
    if (stream) {
        _mm512_stream_ps((float *)y + i, v);
    } else {
        _mm512_mask_storeu_ps((float *)y + i, (__mmask16)mask, v);
    }
}

/* step_f32 with a NaN x kept (params keep_nan; a masked move moves bits). */
static inline void step_f32_keep(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                                 int stream, const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m512 x = _mm512_maskz_loadu_ps((__mmask16)mask, (const float *)a + i);
    __m512 v = _mm512_mask_mov_ps(softshrink(x, lambda), _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q), x);
    if (stream) {
        _mm512_stream_ps((float *)y + i, v);
    } else {
        _mm512_mask_storeu_ps((float *)y + i, (__mmask16)mask, v);
    }
}

/* Sixteen fp16 of p through softshrink. */
static inline __m256i softshrink_f16x16(const uint16_t *p, __mmask16 mask, float lambda)
{
    return opsnn_avx512_f32_to_f16(softshrink(opsnn_avx512_load_f16_to_f32(p, mask), lambda));
}

/* The halves go from and to memory without vextracti64x4 / vinserti64x4. */
static inline void step_f16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    const uint16_t *x = (const uint16_t *)a + i;
    (void)b;
    __m256i lo = softshrink_f16x16(x, (__mmask16)mask, lambda);
    __m256i hi = softshrink_f16x16(x + 16, (__mmask16)(mask >> 16), lambda);
    opsnn_avx512_store_x16x2(y, i, mask, stream, lo, hi);
}

/* Sixteen fp16 of p through softshrink, a NaN x kept as it is. */
static inline __m256i softshrink_f16x16_keep(const uint16_t *p, __mmask16 mask, float lambda)
{
    __m256i x = _mm256_maskz_loadu_epi16(mask, p);
    __m256i nan = _mm256_cmpgt_epi16(_mm256_and_si256(x, _mm256_set1_epi16(0x7fff)),
                                     _mm256_set1_epi16(0x7c00));
    return _mm256_blendv_epi8(softshrink_f16x16(p, mask, lambda), x, nan);
}

static inline void step_f16_keep(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                                 int stream, const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    const uint16_t *x = (const uint16_t *)a + i;
    (void)b;
    __m256i lo = softshrink_f16x16_keep(x, (__mmask16)mask, lambda);
    __m256i hi = softshrink_f16x16_keep(x + 16, (__mmask16)(mask >> 16), lambda);
    opsnn_avx512_store_x16x2(y, i, mask, stream, lo, hi);
}

/* bf16 even and odd elements apart (cvt-avx512.h): no unpack or pack on
 * the shuffle port, and softshrink never gives a NaN to round. */
static inline void step_bf16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                             int stream, const void *params)
{
    float lambda = ((const opsnn_softshrink_params *)params)->lambd;
    (void)b;
    __m512i x = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    __m512 ye = softshrink(opsnn_avx512_bf16_even_raw(x), lambda);
    __m512 yo = softshrink(opsnn_avx512_bf16_odd_raw(x), lambda);
    opsnn_avx512_store_x16(y, i, mask, stream, opsnn_avx512_bf16_merge_quiet(ye, yo));
}

/* Each kernel steps with a local copy of its parameters: y cannot alias a
 * local, so lambd stays in a register instead of being loaded again after
 * every store. */
void opsnn_softshrink_ukernel__avx512_f32(size_t n, const void *a, const void *b, void *y,
                                          const opsnn_kparams *p)
{
    (void)b;
    opsnn_softshrink_params c = *(const opsnn_softshrink_params *)p->op;
    if (c.keep_nan) {
        opsnn_avx512_loop(n, a, a, y, &c, p->nt_store, 4, 16, step_f32_keep);
        return;
    }
    opsnn_avx512_loop(n, a, a, y, &c, p->nt_store, 4, 16, step_f32);
}

void opsnn_softshrink_ukernel__avx512_f16(size_t n, const void *a, const void *b, void *y,
                                          const opsnn_kparams *p)
{
    (void)b;
    opsnn_softshrink_params c = *(const opsnn_softshrink_params *)p->op;
    if (c.keep_nan) {
        opsnn_avx512_loop(n, a, a, y, &c, p->nt_store, 2, 32, step_f16_keep);
        return;
    }
    opsnn_avx512_loop(n, a, a, y, &c, p->nt_store, 2, 32, step_f16);
}

void opsnn_softshrink_ukernel__avx512_bf16(size_t n, const void *a, const void *b, void *y,
                                           const opsnn_kparams *p)
{
    (void)b;
    opsnn_softshrink_params c = *(const opsnn_softshrink_params *)p->op;
    opsnn_avx512_loop(n, a, a, y, &c, p->nt_store, 2, 32, step_bf16);
}
