/* SELU forward, AVX-512F/BW/VL/DQ + F16C: the AVX2 kernel's logic in 16 lanes
 * (ops/selu/op_kernel/selu-fwd.h's float32 sequence, with the exact shortcuts
 * listed there: rint in one instruction, no final min, and the two steps
 * whose product is exact fused, the only FMAs of the library); masked loads
 * and stores handle the tail. The step ignores its second input.
 * 2^n is vscalefps(1, n) (exact for the integer n in [-126, 0] here, the same
 * bits as building the exponent field) and a NaN is quieted by one masked OR.
 * Float32 calls of OPSNN_SELU_SPLIT_MIN elements or more go in blocks (see
 * selu_block). */
#include "../params.h"
#include "cvt-avx512.h"
#include "kernels.h"
#include "lut16.h"
#include "loop-avx512.h"
#include "../selu-fwd.h"

/* The blocks of the float32 kernel (selu_block): 2 KiB of input, so that
 * the block's three buffers stay in L1; calls shorter than SPLIT_MIN skip
 * the blocks' passes. */
#define OPSNN_SELU_BLOCK 512
#define OPSNN_SELU_SPLIT_MIN 64

static inline __m512 expm1_neg(__m512 t)
{
    __m512 k = _mm512_mul_ps(t, _mm512_set1_ps(OPSNN_SELU_LOG2E));
    __m512 nf = _mm512_roundscale_ps(k, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m512 r = _mm512_fnmadd_ps(nf, _mm512_set1_ps(OPSNN_SELU_LN2_HI), t); /* exact product */
    r = _mm512_sub_ps(r, _mm512_mul_ps(nf, _mm512_set1_ps(OPSNN_SELU_LN2_LO)));
    __m512 p = _mm512_add_ps(_mm512_mul_ps(_mm512_set1_ps(OPSNN_SELU_C7), r), _mm512_set1_ps(OPSNN_SELU_C6));
    p = _mm512_add_ps(_mm512_mul_ps(p, r), _mm512_set1_ps(OPSNN_SELU_C5));
    p = _mm512_add_ps(_mm512_mul_ps(p, r), _mm512_set1_ps(OPSNN_SELU_C4));
    p = _mm512_add_ps(_mm512_mul_ps(p, r), _mm512_set1_ps(OPSNN_SELU_C3));
    p = _mm512_add_ps(_mm512_mul_ps(p, r), _mm512_set1_ps(OPSNN_SELU_C2));
    __m512 u = _mm512_mul_ps(_mm512_mul_ps(r, r), p);
    __m512 e = _mm512_add_ps(u, r);
    __m512 s = _mm512_scalef_ps(_mm512_set1_ps(1.0f), nf);
    return _mm512_fmadd_ps(s, e, _mm512_sub_ps(s, _mm512_set1_ps(1.0f))); /* exact product */
}

static inline __m512 selu(__m512 x, const opsnn_selu_params *c)
{
    __m512 zero = _mm512_setzero_ps();
    __m512 t = _mm512_max_ps(_mm512_min_ps(x, zero), _mm512_set1_ps(OPSNN_SELU_EXP_MIN));
    __m512 neg = _mm512_mul_ps(expm1_neg(t), _mm512_set1_ps(c->alpha));
    __m512 y = _mm512_mul_ps(_mm512_add_ps(_mm512_max_ps(x, zero), neg), _mm512_set1_ps(c->scale));
    __mmask16 nan = _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
    return _mm512_castsi512_ps(_mm512_mask_or_epi32(_mm512_castps_si512(y), nan, _mm512_castps_si512(x),
                                                    _mm512_set1_epi32(0x400000)));
}

/* selu() of lanes x <= 0 (-0 included, no NaN), the same bits with fewer
 * operations: max(x, 0) is +0 there and neg is never -0, so
 * (max(x, 0) + neg) is neg; min(x, 0) is x but for -0, whose expm1 also
 * gives +0 (r = -0 + (-0 * -LN2_HI) = +0). */
static inline __m512 selu_nonpos(__m512 x, const opsnn_selu_params *c)
{
    __m512 t = _mm512_max_ps(x, _mm512_set1_ps(OPSNN_SELU_EXP_MIN));
    __m512 neg = _mm512_mul_ps(expm1_neg(t), _mm512_set1_ps(c->alpha));
    return _mm512_mul_ps(neg, _mm512_set1_ps(c->scale));
}

/* selu() of lanes x > 0 or NaN: max(0, x) * SCALE. For x > 0 selu()'s
 * negative branch is +0 (expm1(+0) = +0); a NaN x is max's second operand,
 * and the product of a NaN is that NaN quieted (x | 0x400000). */
static inline __m512 selu_pos(__m512 x, const opsnn_selu_params *c)
{
    return _mm512_mul_ps(_mm512_max_ps(_mm512_setzero_ps(), x), _mm512_set1_ps(c->scale));
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

/* A block's results waiting in an L1 buffer (selu_block) for the next block
 * to write them out, a few 64-byte lines at a time. */
typedef struct {
    const float *buf; /* the results, or NULL: none waiting */
    float *y;         /* where they go: 64-byte aligned when streamed */
    size_t m;         /* how many */
    int stream;
} selu_pending;

/* Write whole line l of the waiting results, if it has one. One line per
 * call, no loop: gcc makes a loop of plain line copies a memcpy call, which
 * in the second pass's loop spills every constant around it. */
static inline void selu_write_line(const selu_pending *w, size_t l)
{
    if (w->buf == NULL || l >= w->m / 16) {
        return;
    }
    __m512 r = _mm512_load_ps(w->buf + 16 * l);
    if (w->stream) {
        _mm512_stream_ps(w->y + 16 * l, r);
    } else {
        _mm512_storeu_ps(w->y + 16 * l, r);
    }
}

/* One block of m <= OPSNN_SELU_BLOCK float32 elements from x into the L1
 * buffer out. Only the lanes x <= 0 need expm1; computed 16 at a time they
 * would cost every lane of a mixed vector the whole sequence. So a first
 * pass writes selu_pos of every lane to out and compresses the lanes x <= 0
 * into a dense list, a second computes selu_nonpos over the list, and a
 * third expands the list's results back into their lanes of out; a block of
 * nothing but lanes x <= 0 goes from the list straight to out. Every lane
 * gets the bits of selu(). On the 2-vCPU Xeon guest, against selu() over
 * every lane: uniform data in [-2, 2) 1.22x the speed, all x > 0 2.35x,
 * all or 90 % x < 0 0.92x (docs/dev/design-notes.md).
 * Meanwhile the previous block's results `w` go out to y two lines per
 * vector of the second pass: 32 streamed lines in a burst stall on the line
 * fill buffers, and a line copy in a loop of its own becomes a memcpy call
 * (selu_write_line). `pf` (NULL near the end of the call) is where the first
 * pass prefetches. */
static inline __attribute__((always_inline)) void
selu_block(size_t m, const float *x, float *out, const float *pf, const selu_pending *w,
           const opsnn_selu_params *c)
{
    _Alignas(64) float neg[OPSNN_SELU_BLOCK + 16];
    __mmask16 k[OPSNN_SELU_BLOCK / 16];
    const __m512 zero = _mm512_setzero_ps();
    size_t cnt = 0, i = 0;
    /* whole vectors without masks (mask arithmetic would take the vector
     * ports' cycles), then the block's last few lanes */
    for (; i + 16 <= m; i += 16) {
        if (pf != NULL) {
            _mm_prefetch((const char *)(pf + i), _MM_HINT_T0);
        }
        __m512 v = _mm512_loadu_ps(x + i);
        __mmask16 kk = _mm512_cmp_ps_mask(v, zero, _CMP_LE_OQ);
        k[i / 16] = kk;
        _mm512_storeu_ps(out + i, selu_pos(v, c));
        _mm512_storeu_ps(neg + cnt, _mm512_maskz_compress_ps(kk, v));
        cnt += (size_t)__builtin_popcount(kk);
    }
    if (i < m) {
        __mmask16 lanes = (__mmask16)((1u << (m - i)) - 1u);
        __m512 v = _mm512_maskz_loadu_ps(lanes, x + i);
        __mmask16 kk = _mm512_cmp_ps_mask(v, zero, _CMP_LE_OQ) & lanes;
        k[i / 16] = kk;
        _mm512_mask_storeu_ps(out + i, lanes, selu_pos(v, c));
        _mm512_storeu_ps(neg + cnt, _mm512_maskz_compress_ps(kk, v));
        cnt += (size_t)__builtin_popcount(kk);
    }
    if (cnt == m) {
        for (i = 0; i < m; i += 16) {
            __mmask16 lanes = (__mmask16)opsnn_avx512_lanes(m - i);
            selu_write_line(w, i / 16);
            _mm512_mask_storeu_ps(out + i, lanes, selu_nonpos(_mm512_maskz_loadu_ps(lanes, neg + i), c));
        }
        for (i = (m + 15) / 16; i < OPSNN_SELU_BLOCK / 16; i++) { /* a short last block */
            selu_write_line(w, i);
        }
        return;
    }
    size_t t = 0;
    for (i = 0; i < cnt; i += 16, t += 2) {
        selu_write_line(w, t);
        selu_write_line(w, t + 1);
        __mmask16 lanes = (__mmask16)opsnn_avx512_lanes(cnt - i);
        _mm512_store_ps(neg + i, selu_nonpos(_mm512_maskz_loadu_ps(lanes, neg + i), c));
    }
    for (; t < OPSNN_SELU_BLOCK / 16; t++) {
        selu_write_line(w, t);
    }
    const float *q = neg;
    for (i = 0; i + 16 <= m; i += 16) {
        __m512 r = _mm512_mask_expand_ps(_mm512_loadu_ps(out + i), k[i / 16], _mm512_loadu_ps(q));
        q += __builtin_popcount(k[i / 16]);
        _mm512_storeu_ps(out + i, r);
    }
    if (i < m) {
        __mmask16 lanes = (__mmask16)((1u << (m - i)) - 1u);
        __m512 r = _mm512_mask_expand_ps(_mm512_maskz_loadu_ps(lanes, out + i), k[i / 16],
                                         _mm512_loadu_ps(q));
        _mm512_mask_storeu_ps(out + i, lanes, r);
    }
}

/* Calls under OPSNN_SELU_SPLIT_MIN run selu() over every lane. Longer ones
 * run plain steps up to the first 64-byte aligned output when they stream,
 * then blocks through two L1 buffers: each block's results go out during
 * the next block (x == y is fine: a block's lanes are read before they are
 * written), the last ones at the end. */
void opsnn_selu_ukernel__avx512_f32(size_t n, const void *a, const void *b, void *y,
                                    const opsnn_kparams *p)
{
    (void)b;
    if (n < OPSNN_SELU_SPLIT_MIN) {
        opsnn_avx512_loop(n, a, a, y, p->op, p->nt_store, 4, 16, step_f32);
        return;
    }
    const float *x = a;
    float *out = y;
    const size_t ahead = opsnn_prefetch_ahead(OPSNN_AVX512_PREFETCH_BYTES, a, a, 4, 4);
    size_t i;
    int stream = opsnn_stream_head(y, p->nt_store, 4, 64, n, &i);
    if (i > 0) {
        opsnn_avx512_loop(i, a, a, y, p->op, OPSNN_NT_NONE, 4, 16, step_f32);
    }
    _Alignas(64) float buf[2][OPSNN_SELU_BLOCK];
    selu_pending w = {NULL, NULL, 0, stream};
    for (int cur = 0; i < n; i += OPSNN_SELU_BLOCK, cur ^= 1) {
        size_t m = n - i < OPSNN_SELU_BLOCK ? n - i : OPSNN_SELU_BLOCK;
        const float *pf = n - i > ahead + m ? x + i + ahead : NULL;
        selu_block(m, x + i, buf[cur], pf, &w, p->op);
        w.buf = buf[cur];
        w.y = out + i;
        w.m = m;
    }
    for (size_t l = 0; l < OPSNN_SELU_BLOCK / 16; l++) {
        selu_write_line(&w, l);
    }
    size_t done = w.m / 16 * 16;
    if (done < w.m) {
        __mmask16 lanes = (__mmask16)((1u << (w.m - done)) - 1u);
        _mm512_mask_storeu_ps(w.y + done, lanes, _mm512_load_ps(w.buf + done));
    }
    if (stream && p->nt_store == OPSNN_NT_STREAM) {
        _mm_sfence();
    }
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
