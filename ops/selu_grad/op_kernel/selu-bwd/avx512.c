/* SeluBackward, AVX-512F/BW/VL/DQ + F16C: the AVX2 kernel's logic
 * (ops/selu_grad/op_kernel/selu-bwd/avx2.c, whose comments give the reasons) in 16-lane
 * registers with mask compares. r <= 0 (ordered: +-0 included, NaN takes A)
 * gives B = g * (r + SCALE_ALPHA), else A = g * SCALE, as one multiply of g
 * by the selected factor. No FMA. A NaN made from non-NaN operands (0 * inf,
 * the x86 default NaN 0xffc00000) is replaced by OPSNN_CANONICAL_NAN_BITS: in
 * float32 for float32 and the integer dtypes, after the narrowing for
 * fp16/bf16, only in blocks where r holds a -inf. A NaN operand propagates.
 * The conversions (cvt-avx512.h) reproduce cvt.h bit for bit; bf16 is widened
 * raw. The integer dtypes pass through fp16 both ways. */
#include "../params.h"
#include "cvt-avx512.h"
#include "kernels.h"
#include "loop-avx512.h"

/* The x86 default NaN narrowed to fp16 and bf16. */
#define X86_DEFAULT_NAN_F16 0xfe00u
#define X86_DEFAULT_NAN_BF16 0xffc0u

/* g * (r <= 0 ? r + SCALE_ALPHA : SCALE); a made NaN is left as it comes. */
static inline __m512 selu_mul(__m512 g, __m512 r, const opsnn_selu_bwd_params *c)
{
    __mmask16 le = _mm512_cmp_ps_mask(r, _mm512_setzero_ps(), _CMP_LE_OQ);
    __m512 t = _mm512_add_ps(r, _mm512_set1_ps(c->scale_alpha));
    return _mm512_mul_ps(g, _mm512_mask_blend_ps(le, _mm512_set1_ps(c->scale), t));
}

static inline __m512 selu(__m512 g, __m512 r, const opsnn_selu_bwd_params *c)
{
    __m512 y = selu_mul(g, r, c);
    __mmask16 made = _mm512_cmp_ps_mask(y, y, _CMP_UNORD_Q) & _mm512_cmp_ps_mask(g, g, _CMP_ORD_Q);
    __m512 canon = _mm512_castsi512_ps(_mm512_set1_epi32((int)OPSNN_CANONICAL_NAN_BITS));
    return _mm512_mask_blend_ps(made, y, canon);
}

/* fp16/bf16: no -inf in r16 (`ninf`), no made NaN (see avx2.c). */
static inline int has_neg_inf16(__m512i r16, uint16_t ninf)
{
    return _mm512_cmpeq_epi16_mask(r16, _mm512_set1_epi16((short)ninf)) != 0;
}

/* A made NaN narrowed is `dflt` where g16 is not `dflt`: it becomes `canon`. */
static inline __m512i fix_made16(__m512i y16, __m512i g16, uint16_t dflt, uint16_t canon)
{
    __m512i d = _mm512_set1_epi16((short)dflt);
    __mmask32 made = _mm512_cmpeq_epi16_mask(y16, d) & ~_mm512_cmpeq_epi16_mask(g16, d);
    return _mm512_mask_mov_epi16(y16, made, _mm512_set1_epi16((short)canon));
}

/* A float32 value rounded to fp16 (nearest even, overflow to inf) and back. */
static inline __m512 via_f16(__m512 v)
{
    return opsnn_avx512_f16_to_f32(opsnn_avx512_f32_to_f16(v));
}

/* The result through fp16, rounded to the nearest integer (ties to even, by
 * the immediate) and converted; vcvttps2dq gives INT32_MIN for NaN and +-inf,
 * so +inf is fixed up to INT32_MAX and NaN to 0. */
static inline __m512i to_int_via_f16(__m512 v)
{
    __m512 h = _mm512_roundscale_ps(via_f16(v), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m512i q = _mm512_cvttps_epi32(h);
    __mmask16 big = _mm512_cmp_ps_mask(h, _mm512_set1_ps(2147483648.0f), _CMP_GE_OQ);
    q = _mm512_mask_mov_epi32(q, big, _mm512_set1_epi32(INT32_MAX));
    return _mm512_maskz_mov_epi32(_mm512_cmp_ps_mask(h, h, _CMP_ORD_Q), q);
}

static inline void step_f32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    __m512 g = _mm512_maskz_loadu_ps((__mmask16)mask, (const float *)a + i);
    __m512 r = _mm512_maskz_loadu_ps((__mmask16)mask, (const float *)b + i);
    __m512 v = selu(g, r, c);
    if (stream) {
        _mm512_stream_ps((float *)y + i, v);
    } else {
        _mm512_mask_storeu_ps((float *)y + i, (__mmask16)mask, v);
    }
}

/* Sixteen fp16 results from the lanes of `mask` at p, q, made NaNs not yet
 * fixed. */
static inline __m256i selu_f16x16(const uint16_t *p, const uint16_t *q, __mmask16 mask,
                                  const opsnn_selu_bwd_params *c)
{
    __m512 g = opsnn_avx512_f16_to_f32(_mm256_maskz_loadu_epi16(mask, p));
    __m512 r = opsnn_avx512_f16_to_f32(_mm256_maskz_loadu_epi16(mask, q));
    return opsnn_avx512_f32_to_f16(selu_mul(g, r, c));
}

/* The halves go straight from and to memory (no vextracti64x4/vinserti64x4
 * beside the conversions' own shuffles), as in avx2.c. */
static inline void step_f16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    const uint16_t *g = (const uint16_t *)a + i, *r = (const uint16_t *)b + i;
    __m256i lo = selu_f16x16(g, r, (__mmask16)mask, c);
    __m256i hi = selu_f16x16(g + 16, r + 16, (__mmask16)(mask >> 16), c);
    if (has_neg_inf16(_mm512_maskz_loadu_epi16((__mmask32)mask, r), 0xfc00u)) {
        __m512i y16 = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
        __m512i g16 = _mm512_maskz_loadu_epi16((__mmask32)mask, g);
        opsnn_avx512_store_x16(y, i, mask, stream,
                               fix_made16(y16, g16, X86_DEFAULT_NAN_F16, 0x7e00u));
    } else {
        opsnn_avx512_store_x16x2(y, i, mask, stream, lo, hi);
    }
}

/* bf16 even and odd elements apart (cvt-avx512.h), as in avx2.c. */
static inline void step_bf16(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                             int stream, const void *params)
{
    const opsnn_selu_bwd_params *c = params;
    __m512i g = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)a + i);
    __m512i r = _mm512_maskz_loadu_epi16((__mmask32)mask, (const uint16_t *)b + i);
    __m512 ye = selu_mul(opsnn_avx512_bf16_even_raw(g), opsnn_avx512_bf16_even_raw(r), c);
    __m512 yo = selu_mul(opsnn_avx512_bf16_odd_raw(g), opsnn_avx512_bf16_odd_raw(r), c);
    __m512i y16 = opsnn_avx512_bf16_merge_quiet(ye, yo);
    if (has_neg_inf16(r, 0xff80u)) {
        y16 = fix_made16(y16, g, X86_DEFAULT_NAN_BF16, 0x7fc0u);
    }
    opsnn_avx512_store_x16(y, i, mask, stream, y16);
}

/* int8 (exact in fp16) -> SELU in f32 -> fp16 -> int32; vpmovsdb saturates
 * to [-128, 127]. */
static inline void step_i8(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                           int stream, const void *params)
{
    (void)stream;
    const opsnn_selu_bwd_params *c = params;
    __m128i g = _mm_maskz_loadu_epi8((__mmask16)mask, (const int8_t *)a + i);
    __m128i r = _mm_maskz_loadu_epi8((__mmask16)mask, (const int8_t *)b + i);
    __m512 v = selu(_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(g)),
                    _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(r)), c);
    __m128i q = _mm512_cvtsepi32_epi8(to_int_via_f16(v));
    _mm_mask_storeu_epi8((int8_t *)y + i, (__mmask16)mask, q);
}

/* int32: inputs through fp16 (|v| >= 65520 -> +-inf), result through fp16. */
static inline void step_i32(const void *a, const void *b, void *y, size_t i, uint32_t mask,
                            int stream, const void *params)
{
    (void)stream;
    const opsnn_selu_bwd_params *c = params;
    __m512i g = _mm512_maskz_loadu_epi32((__mmask16)mask, (const int32_t *)a + i);
    __m512i r = _mm512_maskz_loadu_epi32((__mmask16)mask, (const int32_t *)b + i);
    __m512 v = selu(via_f16(_mm512_cvtepi32_ps(g)), via_f16(_mm512_cvtepi32_ps(r)), c);
    _mm512_mask_storeu_epi32((int32_t *)y + i, (__mmask16)mask, to_int_via_f16(v));
}

void opsnn_selu_bwd_ukernel__avx512_f32(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_avx512_loop(n, a, b, y, &c, p->nt_store, 4, 16, step_f32);
}

void opsnn_selu_bwd_ukernel__avx512_f16(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_avx512_loop(n, a, b, y, &c, p->nt_store, 2, 32, step_f16);
}

void opsnn_selu_bwd_ukernel__avx512_bf16(size_t n, const void *a, const void *b, void *y,
                                         const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_avx512_loop(n, a, b, y, &c, p->nt_store, 2, 32, step_bf16);
}

void opsnn_selu_bwd_ukernel__avx512_i8(size_t n, const void *a, const void *b, void *y,
                                       const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_avx512_loop(n, a, b, y, &c, 0, 1, 16, step_i8);
}

void opsnn_selu_bwd_ukernel__avx512_i32(size_t n, const void *a, const void *b, void *y,
                                        const opsnn_kparams *p)
{
    opsnn_selu_bwd_params c = *(const opsnn_selu_bwd_params *)p->op;
    opsnn_avx512_loop(n, a, b, y, &c, 0, 4, 16, step_i32);
}
