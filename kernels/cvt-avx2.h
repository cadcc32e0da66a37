/*
 * float32 <-> fp16 / bf16 in AVX2 registers (internal; include only from
 * files compiled with -mavx2 -mf16c). Each conversion gives the bits of its
 * kernels/cvt.h twin for every input; the "raw" bf16 widenings leave a
 * signalling NaN signalling, which is all a compare needs, and arithmetic
 * quiets it with the same payload as opsnn_bf16_to_f32 would.
 */
#ifndef OPSNN_KERNELS_CVT_AVX2_H_
#define OPSNN_KERNELS_CVT_AVX2_H_

#include <immintrin.h>

/* vcvtph2ps is exact and quiets NaN keeping sign and payload, as
 * opsnn_f16_to_f32 (checked for all 2^16 inputs, tests/test_cvt_isa.c). */
static inline __m256 opsnn_avx2_f16_to_f32(__m128i h)
{
    return _mm256_cvtph_ps(h);
}

/* vcvtps2ph rounding by its immediate (nearest even, whatever MXCSR says):
 * subnormals kept, overflow to inf, NaN quiet with the top payload bits;
 * opsnn_f32_to_f16 for all 2^32 inputs. */
static inline __m128i opsnn_avx2_f32_to_f16(__m256 f)
{
    return _mm256_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT);
}

/* 8 bf16 -> f32 in order, as opsnn_bf16_to_f32: NaN quieted (0x400000). */
static inline __m256 opsnn_avx2_bf16_to_f32(__m128i h)
{
    __m256i x = _mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16);
    __m256 nan = _mm256_cmp_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(x), _CMP_UNORD_Q);
    __m256i quiet = _mm256_and_si256(_mm256_castps_si256(nan), _mm256_set1_epi32(0x400000));
    return _mm256_castsi256_ps(_mm256_or_si256(x, quiet));
}

/* The 16 bf16 of v widened raw (NaN left as it is) into two f32 vectors, in
 * the lane order of vpunpck{l,h}wd (elements 0-3, 8-11 and 4-7, 12-15):
 * arithmetic needs no permute, and opsnn_avx2_pack_bf16 (or vpackssdw of
 * compare masks) undoes the order. */
static inline __m256 opsnn_avx2_bf16_unpacklo_raw(__m256i v)
{
    return _mm256_castsi256_ps(_mm256_unpacklo_epi16(_mm256_setzero_si256(), v));
}

static inline __m256 opsnn_avx2_bf16_unpackhi_raw(__m256i v)
{
    return _mm256_castsi256_ps(_mm256_unpackhi_epi16(_mm256_setzero_si256(), v));
}

/* x + 0x7fff + (bit 16 of x): the top half of each lane is x rounded to
 * bf16, nearest even, overflow to inf, for every non-NaN x (and for a NaN
 * whose low half is zero, which it leaves as it is). */
static inline __m256i opsnn_avx2_bf16_round_hi(__m256 f)
{
    __m256i x = _mm256_castps_si256(f);
    __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(x, 16), _mm256_set1_epi32(1));
    return _mm256_add_epi32(_mm256_add_epi32(x, _mm256_set1_epi32(0x7fff)), lsb);
}

/* f32 -> bf16 in the low half of each 32-bit lane, as opsnn_f32_to_bf16:
 * integer round to nearest even, NaN quieted keeping sign and top payload. */
static inline __m256i opsnn_avx2_f32_to_bf16_lo(__m256 f)
{
    __m256i x = _mm256_castps_si256(f);
    __m256i rne = opsnn_avx2_bf16_round_hi(f);
    __m256i nan = _mm256_or_si256(_mm256_srli_epi32(x, 16), _mm256_set1_epi32(0x40));
    __m256 isnan = _mm256_cmp_ps(f, f, _CMP_UNORD_Q);
    return _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(_mm256_srli_epi32(rne, 16)),
                                                _mm256_castsi256_ps(nan), isnan));
}

/* 8 f32 -> 8 bf16 in order (vpackusdw cannot saturate: lanes are <= 0xffff). */
static inline __m128i opsnn_avx2_f32_to_bf16(__m256 f)
{
    __m256i lo = opsnn_avx2_f32_to_bf16_lo(f);
    return _mm_packus_epi32(_mm256_castsi256_si128(lo), _mm256_extracti128_si256(lo, 1));
}

/* Inverse of the unpacks: 16 bf16 from the two f32 halves they made. */
static inline __m256i opsnn_avx2_pack_bf16(__m256 lo, __m256 hi)
{
    return _mm256_packus_epi32(opsnn_avx2_f32_to_bf16_lo(lo), opsnn_avx2_f32_to_bf16_lo(hi));
}

/* The same for halves in which every NaN is quiet with a zero low half
 * (a bf16 widened raw and quieted, or a default NaN), which the rounding
 * leaves as it is: no NaN case. */
static inline __m256i opsnn_avx2_pack_bf16_quiet(__m256 lo, __m256 hi)
{
    return _mm256_packus_epi32(_mm256_srli_epi32(opsnn_avx2_bf16_round_hi(lo), 16),
                               _mm256_srli_epi32(opsnn_avx2_bf16_round_hi(hi), 16));
}

/* 16 bf16 as float32 without a lane shuffle: the even elements shifted up
 * and the odd ones masked in place, each widened raw (NaN left as it is). */
static inline __m256 opsnn_avx2_bf16_even_raw(__m256i v)
{
    return _mm256_castsi256_ps(_mm256_slli_epi32(v, 16));
}

static inline __m256 opsnn_avx2_bf16_odd_raw(__m256i v)
{
    return _mm256_castsi256_ps(_mm256_and_si256(v, _mm256_set1_epi32((int)0xffff0000u)));
}

/* Inverse of the two above: both halves rounded with
 * opsnn_avx2_bf16_round_hi and one word blend putting every element back,
 * for results whose every NaN has a zero low half (no NaN case). */
static inline __m256i opsnn_avx2_bf16_merge_quiet(__m256 even, __m256 odd)
{
    return _mm256_blend_epi16(_mm256_srli_epi32(opsnn_avx2_bf16_round_hi(even), 16),
                              opsnn_avx2_bf16_round_hi(odd), 0xaa);
}

/* The bits of 16-bit values (FLOAT16, or BF16 when bf16) widened to
 * float32 and rounded back by the conversions above: the values themselves,
 * a NaN quieted (0x0200 / 0x0040) keeping sign and payload. A float32 kernel
 * whose answer is its 16-bit input or a zero therefore needs no conversion
 * in a variant for 16-bit operands (tests/test_kernels_mixed.c runs the
 * variants that use this over every pattern against the tile path). */
static inline __m256i opsnn_avx2_x16_via_f32(__m256i v, int bf16)
{
    __m256i m = _mm256_and_si256(v, _mm256_set1_epi16(0x7fff));
    __m256i nan = _mm256_cmpgt_epi16(m, _mm256_set1_epi16(bf16 ? 0x7f80 : 0x7c00));
    return _mm256_or_si256(v, _mm256_and_si256(nan, _mm256_set1_epi16(bf16 ? 0x0040 : 0x0200)));
}

/* Two compare masks of 8 32-bit lanes (all-ones or zero) as one of 16
 * 16-bit lanes in element order (vpackssdw keeps -1 and 0; vpermq undoes its
 * lane interleave): a float32 decision applied to 16-bit operands. */
static inline __m256i opsnn_avx2_mask32x2_to_16(__m256i lo, __m256i hi)
{
    return _mm256_permute4x64_epi64(_mm256_packs_epi32(lo, hi), 0xd8);
}

#endif /* OPSNN_KERNELS_CVT_AVX2_H_ */
