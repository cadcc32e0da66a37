/* SELU forward, AVX-512F/BW/VL/DQ + F16C: the AVX2 kernel's logic in 16 lanes
 * (ops/selu/op_kernel/selu-fwd.h's float32 sequence, operation for operation, no FMA);
 * masked loads and stores handle the tail. The step ignores its second input. */
#include "../params.h"
#include "cvt-avx512.h"
#include "kernels.h"
#include "lut16.h"
#include "loop-avx512.h"
#include "../selu-fwd.h"

static inline __m512 expm1_neg(__m512 t)
{
    __m512 k = _mm512_mul_ps(t, _mm512_set1_ps(OPSNN_SELU_LOG2E));
    __m512 magic = _mm512_set1_ps(OPSNN_SELU_ROUND_MAGIC);
    __m512 nf = _mm512_sub_ps(_mm512_add_ps(k, magic), magic);
    __m512 r = _mm512_sub_ps(t, _mm512_mul_ps(nf, _mm512_set1_ps(OPSNN_SELU_LN2_HI)));
    r = _mm512_sub_ps(r, _mm512_mul_ps(nf, _mm512_set1_ps(OPSNN_SELU_LN2_LO)));
    __m512 p = _mm512_add_ps(_mm512_mul_ps(_mm512_set1_ps(OPSNN_SELU_C7), r), _mm512_set1_ps(OPSNN_SELU_C6));
    p = _mm512_add_ps(_mm512_mul_ps(p, r), _mm512_set1_ps(OPSNN_SELU_C5));
    p = _mm512_add_ps(_mm512_mul_ps(p, r), _mm512_set1_ps(OPSNN_SELU_C4));
    p = _mm512_add_ps(_mm512_mul_ps(p, r), _mm512_set1_ps(OPSNN_SELU_C3));
    p = _mm512_add_ps(_mm512_mul_ps(p, r), _mm512_set1_ps(OPSNN_SELU_C2));
    __m512 u = _mm512_mul_ps(_mm512_mul_ps(r, r), p);
    __m512 e = _mm512_add_ps(u, r);
    __m512i n = _mm512_add_epi32(_mm512_cvttps_epi32(nf), _mm512_set1_epi32(127));
    __m512 s = _mm512_castsi512_ps(_mm512_slli_epi32(n, 23));
    return _mm512_add_ps(_mm512_mul_ps(s, e), _mm512_sub_ps(s, _mm512_set1_ps(1.0f)));
}

static inline __m512 selu(__m512 x, const opsnn_selu_params *c)
{
    __m512 zero = _mm512_setzero_ps();
    __m512 t = _mm512_max_ps(_mm512_min_ps(x, zero), _mm512_set1_ps(OPSNN_SELU_EXP_MIN));
    __m512 neg = _mm512_mul_ps(expm1_neg(t), _mm512_set1_ps(c->alpha));
    neg = _mm512_min_ps(neg, zero);
    __m512 y = _mm512_mul_ps(_mm512_add_ps(_mm512_max_ps(x, zero), neg), _mm512_set1_ps(c->scale));
    __m512i qx = _mm512_or_si512(_mm512_castps_si512(x), _mm512_set1_epi32(0x400000));
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q), y, _mm512_castsi512_ps(qx));
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    __m512 v = selu(_mm512_maskz_loadu_ps((__mmask16)mask, (const float *)a + i), c);
    if (stream) {
        _mm512_stream_ps((float *)y + i, v);
    } else {
        _mm512_mask_storeu_ps((float *)y + i, (__mmask16)mask, v);
    }
}

static inline void step_f16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    __m512i x = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    __m256i lo = opsnn_avx512_f32_to_f16(selu(opsnn_avx512_f16_to_f32(_mm512_castsi512_si256(x)), c));
    __m256i hi = opsnn_avx512_f32_to_f16(selu(opsnn_avx512_f16_to_f32(_mm512_extracti64x4_epi64(x, 1)), c));
    opsnn_avx512_store_x16(y, i, mask, stream, _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1));
}

static inline void step_bf16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                             int stream, const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    __m512i x = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    __m512 lo = selu(opsnn_avx512_bf16_unpacklo_raw(x), c);
    __m512 hi = selu(opsnn_avx512_bf16_unpackhi_raw(x), c);
    opsnn_avx512_store_x16(y, i, mask, stream, opsnn_avx512_pack_bf16(lo, hi));
}

/* x < 0 -> -1, else floor(x * 1.05078125); vpmovdb keeps the low byte (the
 * int8 wrap). */
static inline void step_i8(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                           int stream, const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    (void)stream;
    __m512i x = _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8((__mmask16)mask, (const int8_t *)a + i));
    __m512 pos = _mm512_mul_ps(_mm512_cvtepi32_ps(x), _mm512_set1_ps(opsnn_selu_scale_f16(c)));
    __m512i q = _mm512_cvttps_epi32(pos);
    q = _mm512_mask_mov_epi32(q, _mm512_cmplt_epi32_mask(x, _mm512_setzero_si512()), _mm512_set1_epi32(-1));
    _mm_mask_storeu_epi8((int8_t *)y + i, (__mmask16)mask, _mm512_cvtepi32_epi8(q));
}

static inline void step_i32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    const opsnn_selu_params *c = params;
    (void)b;
    (void)stream;
    __m512i x = _mm512_maskz_loadu_epi32((__mmask16)mask, (const int32_t *)a + i);
    __m512 v = selu(_mm512_cvtepi32_ps(x), c);
    __m512i q = _mm512_cvttps_epi32(v);
    __mmask16 big = _mm512_cmp_ps_mask(v, _mm512_set1_ps(2147483648.0f), _CMP_GE_OQ);
    q = _mm512_mask_mov_epi32(q, big, _mm512_set1_epi32(INT32_MAX));
    _mm512_mask_storeu_epi32((int32_t *)y + i, (__mmask16)mask, q);
}

void opsnn_selu_ukernel__avx512_f32(size_t n, const void *a, const void *b, void *y,
                                    const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx512_loop(n, a, a, y, p->op, p->nt_store, 4, 16, step_f32);
}

static void compute_f16(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx512_loop(n, a, a, y, p->op, p->nt_store, 2, 32, step_f16);
}

/* Looked up (kernels/lut16.h): compute_f16 fills the table. */
OPSNN_LUT16_UKERNEL(opsnn_selu_ukernel__avx512_f16, opsnn_lut16_apply__avx512, compute_f16,
                    opsnn_selu_params)

static void compute_bf16(size_t n, const void *a, const void *b, void *y, const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx512_loop(n, a, a, y, p->op, p->nt_store, 2, 32, step_bf16);
}

/* Looked up (kernels/lut16.h): compute_bf16 fills the table. */
OPSNN_LUT16_UKERNEL(opsnn_selu_ukernel__avx512_bf16, opsnn_lut16_apply__avx512, compute_bf16,
                    opsnn_selu_params)

void opsnn_selu_ukernel__avx512_i8(size_t n, const void *a, const void *b, void *y,
                                   const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx512_loop(n, a, a, y, p->op, 0, 1, 16, step_i8);
}

void opsnn_selu_ukernel__avx512_i32(size_t n, const void *a, const void *b, void *y,
                                    const opsnn_kparams *p)
{
    (void)b;
    opsnn_avx512_loop(n, a, a, y, p->op, 0, 4, 16, step_i32);
}
