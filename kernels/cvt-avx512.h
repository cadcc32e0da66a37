/*
 * float32 <-> fp16 / bf16 in AVX-512 registers (internal; include only from
 * files compiled with the AVX-512 target flags). Each conversion gives the
 * bits of its kernels/cvt.h twin for every input; the "raw" bf16 widenings
 * leave a signalling NaN signalling, which is all a compare needs, and
 * arithmetic quiets it with the same payload as opsnn_bf16_to_f32 would.
 */
#ifndef OPSNN_KERNELS_CVT_AVX512_H_
#define OPSNN_KERNELS_CVT_AVX512_H_

#include <immintrin.h>
#include <stdint.h>

/* vcvtph2ps is exact and quiets NaN keeping sign and payload, as
 * opsnn_f16_to_f32 (checked for all 2^16 inputs, tests/test_cvt_isa.c). */
static inline __m512 opsnn_avx512_f16_to_f32(__m256i h)
{
    return _mm512_cvtph_ps(h);
}

/* The 16 fp16 at p in the lanes of `mask` (zero elsewhere) widened. A whole
 * vector (a constant full mask in an inlined loop step) is converted
 * straight from memory: vcvtph2ps with a memory operand takes no shuffle
 * port, its register form one cycle of it on Intel. */
static inline __m512 opsnn_avx512_load_f16_to_f32(const uint16_t *p, __mmask16 mask)
{
    __m256i h = mask == 0xffffu ? _mm256_loadu_si256((const __m256i *)p) : _mm256_maskz_loadu_epi16(mask, p);
    return opsnn_avx512_f16_to_f32(h);
}

/* vcvtps2ph rounding by its immediate (nearest even, whatever MXCSR says):
 * subnormals kept, overflow to inf, NaN quiet with the top payload bits;
 * opsnn_f32_to_f16 for all 2^32 inputs. */
static inline __m256i opsnn_avx512_f32_to_f16(__m512 f)
{
    return _mm512_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT);
}

/* 16 bf16 -> f32 in order, by a shift; NaN left as it is. */
static inline __m512 opsnn_avx512_bf16_to_f32_raw(__m256i h)
{
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16));
}

/* 16 bf16 -> f32 in order, as opsnn_bf16_to_f32: NaN quieted (0x400000). */
static inline __m512 opsnn_avx512_bf16_to_f32(__m256i h)
{
    __m512 f = opsnn_avx512_bf16_to_f32_raw(h);
    __m512i x = _mm512_castps_si512(f);
    __mmask16 nan = _mm512_cmp_ps_mask(f, f, _CMP_UNORD_Q);
    return _mm512_castsi512_ps(_mm512_mask_or_epi32(x, nan, x, _mm512_set1_epi32(0x400000)));
}

/* The 32 bf16 of v widened raw into two f32 vectors, in the lane order of
 * vpunpck{l,h}wd (elements 0-3, 8-11, ... and 4-7, 12-15, ...): arithmetic
 * needs no permute, and opsnn_avx512_pack_bf16 undoes the order. */
static inline __m512 opsnn_avx512_bf16_unpacklo_raw(__m512i v)
{
    return _mm512_castsi512_ps(_mm512_unpacklo_epi16(_mm512_setzero_si512(), v));
}

static inline __m512 opsnn_avx512_bf16_unpackhi_raw(__m512i v)
{
    return _mm512_castsi512_ps(_mm512_unpackhi_epi16(_mm512_setzero_si512(), v));
}

/* x + 0x7fff + (bit 16 of x): the top half of each lane is x rounded to
 * bf16, nearest even, overflow to inf, for every non-NaN x (and for a NaN
 * whose low half is zero, which it leaves as it is). */
static inline __m512i opsnn_avx512_bf16_round_hi(__m512 f)
{
    __m512i x = _mm512_castps_si512(f);
    __m512i lsb = _mm512_and_si512(_mm512_srli_epi32(x, 16), _mm512_set1_epi32(1));
    return _mm512_add_epi32(_mm512_add_epi32(x, _mm512_set1_epi32(0x7fff)), lsb);
}

/* f32 -> bf16 in the low half of each 32-bit lane, as opsnn_f32_to_bf16:
 * integer round to nearest even (AVX512-BF16's vcvtneps2bf16 would flush
 * subnormals), NaN quieted keeping sign and top payload bits. */
static inline __m512i opsnn_avx512_f32_to_bf16_lo(__m512 f)
{
    __m512i x = _mm512_castps_si512(f);
    __m512i rne = opsnn_avx512_bf16_round_hi(f);
    __m512i nan = _mm512_or_si512(_mm512_srli_epi32(x, 16), _mm512_set1_epi32(0x40));
    return _mm512_mask_mov_epi32(_mm512_srli_epi32(rne, 16),
                                 _mm512_cmp_ps_mask(f, f, _CMP_UNORD_Q), nan);
}

/* 16 f32 -> 16 bf16 in order. */
static inline __m256i opsnn_avx512_f32_to_bf16(__m512 f)
{
    return _mm512_cvtepi32_epi16(opsnn_avx512_f32_to_bf16_lo(f));
}

/* Inverse of the unpacks: 32 bf16 from the two f32 halves they made
 * (vpackusdw cannot saturate, every lane is <= 0xffff). */
static inline __m512i opsnn_avx512_pack_bf16(__m512 lo, __m512 hi)
{
    return _mm512_packus_epi32(opsnn_avx512_f32_to_bf16_lo(lo), opsnn_avx512_f32_to_bf16_lo(hi));
}

/* 32 bf16 as float32 without a lane shuffle: the even elements shifted up
 * and the odd ones masked in place, each widened raw (NaN left as it is). */
static inline __m512 opsnn_avx512_bf16_even_raw(__m512i v)
{
    return _mm512_castsi512_ps(_mm512_slli_epi32(v, 16));
}

static inline __m512 opsnn_avx512_bf16_odd_raw(__m512i v)
{
    return _mm512_castsi512_ps(_mm512_and_si512(v, _mm512_set1_epi32((int)0xffff0000u)));
}

/* Inverse of the two above: both halves rounded with
 * opsnn_avx512_bf16_round_hi and one word blend putting every element back,
 * for results whose every NaN has a zero low half (no NaN case). */
static inline __m512i opsnn_avx512_bf16_merge_quiet(__m512 even, __m512 odd)
{
    return _mm512_mask_blend_epi16(0xaaaaaaaau, _mm512_srli_epi32(opsnn_avx512_bf16_round_hi(even), 16),
                                   opsnn_avx512_bf16_round_hi(odd));
}

/* a > b on signed 16-bit lanes, as "not a <= b" (AVX512BW's cmpgt has no
 * SIMDe equivalent; CI's emulated build compiles the AVX-512 files too). */
static inline __mmask32 opsnn_avx512_gt_epi16_mask(__m512i a, __m512i b)
{
    return (__mmask32)~_mm512_cmple_epi16_mask(a, b);
}

/* The bits of 16-bit values (FLOAT16, or BF16 when bf16) widened to
 * float32 and rounded back by the conversions above: the values themselves,
 * a NaN quieted (0x0200 / 0x0040) keeping sign and payload. A float32 kernel
 * whose answer is its 16-bit input or a zero therefore needs no conversion
 * in a variant for 16-bit operands (tests/test_kernels_mixed.c runs the
 * variants that use this over every pattern against the tile path). */
static inline __m512i opsnn_avx512_x16_via_f32(__m512i v, int bf16)
{
    __m512i m = _mm512_and_si512(v, _mm512_set1_epi16(0x7fff));
    __mmask32 nan = opsnn_avx512_gt_epi16_mask(m, _mm512_set1_epi16(bf16 ? 0x7f80 : 0x7c00));
    return _mm512_mask_mov_epi16(v, nan, _mm512_or_si512(v, _mm512_set1_epi16(bf16 ? 0x0040 : 0x0200)));
}

#endif /* OPSNN_KERNELS_CVT_AVX512_H_ */
