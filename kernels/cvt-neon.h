/*
 * float32 <-> fp16 / bf16 in Advanced SIMD registers (internal; aarch64
 * only). Each conversion gives the bits of its kernels/cvt.h twin for every
 * input, with the FPCR as Linux starts a process (round to nearest even, no
 * flush to zero, default-NaN mode off). The "raw" bf16 widenings leave a
 * signalling NaN signalling, which is all a compare needs; arithmetic quiets
 * it keeping sign and payload, as opsnn_bf16_to_f32 would.
 */
#ifndef OPSNN_KERNELS_CVT_NEON_H_
#define OPSNN_KERNELS_CVT_NEON_H_

#include <arm_neon.h>

/* FCVTL is exact; a NaN comes out quiet with sign and payload (the payload
 * shifted up by 13), as opsnn_f16_to_f32 (all 2^16 inputs, tests/test_cvt_isa.c). */
static inline float32x4_t opsnn_neon_f16_to_f32(uint16x4_t h)
{
    return vcvt_f32_f16(vreinterpret_f16_u16(h));
}

static inline float32x4_t opsnn_neon_f16_to_f32_high(uint16x8_t h)
{
    return vcvt_high_f32_f16(vreinterpretq_f16_u16(h));
}

/* FCVTN rounds by the FPCR (nearest even): subnormals kept, overflow to inf,
 * NaN quiet with sign and the top payload bits, as opsnn_f32_to_f16. */
static inline uint16x8_t opsnn_neon_f32_to_f16x8(float32x4_t lo, float32x4_t hi)
{
    return vreinterpretq_u16_f16(vcvt_high_f16_f32(vcvt_f16_f32(lo), hi));
}

/* Raw widening of bf16 lanes 0-3 / 4-7: the bits move up 16 places. */
static inline float32x4_t opsnn_neon_bf16_raw_lo(uint16x8_t h)
{
    return vreinterpretq_f32_u32(vshll_n_u16(vget_low_u16(h), 16));
}

static inline float32x4_t opsnn_neon_bf16_raw_hi(uint16x8_t h)
{
    return vreinterpretq_f32_u32(vshll_high_n_u16(h, 16));
}

/* As opsnn_bf16_to_f32: a NaN gets its quiet bit (0x400000). */
static inline float32x4_t opsnn_neon_bf16_quiet(float32x4_t raw)
{
    uint32x4_t nan = vmvnq_u32(vceqq_f32(raw, raw));
    return vreinterpretq_f32_u32(
        vorrq_u32(vreinterpretq_u32_f32(raw), vandq_u32(nan, vdupq_n_u32(0x400000u))));
}

/* The high half of x + 0x7fff + lsb (ADDHN): x rounded to bf16, nearest
 * even, overflow included, for every non-NaN x (and for a NaN whose low half
 * is zero, which it leaves as it is). */
static inline uint16x4_t opsnn_neon_bf16_round(float32x4_t f)
{
    uint32x4_t x = vreinterpretq_u32_f32(f);
    uint32x4_t lsb = vandq_u32(vshrq_n_u32(x, 16), vdupq_n_u32(1));
    return vaddhn_u32(x, vaddq_u32(lsb, vdupq_n_u32(0x7fffu)));
}

/* 4 f32 -> 4 bf16 as opsnn_f32_to_bf16: opsnn_neon_bf16_round; a NaN keeps
 * its top half with the quiet bit (0x40) set. */
static inline uint16x4_t opsnn_neon_f32_to_bf16(float32x4_t f)
{
    uint32x4_t x = vreinterpretq_u32_f32(f);
    uint16x4_t rne = opsnn_neon_bf16_round(f);
    uint16x4_t nan = vorr_u16(vshrn_n_u32(x, 16), vdup_n_u16(0x40u));
    uint16x4_t ordered = vmovn_u32(vceqq_f32(f, f));
    return vbsl_u16(ordered, rne, nan);
}

static inline uint16x8_t opsnn_neon_f32_to_bf16x8(float32x4_t lo, float32x4_t hi)
{
    return vcombine_u16(opsnn_neon_f32_to_bf16(lo), opsnn_neon_f32_to_bf16(hi));
}

/* The bits of 16-bit values (FLOAT16, or BF16 when bf16) widened to
 * float32 and rounded back by the conversions above: the values themselves,
 * a NaN quieted (0x0200 / 0x0040) keeping sign and payload. A float32 kernel
 * whose answer is its 16-bit input or a zero therefore needs no conversion
 * in a variant for 16-bit operands (tests/test_kernels_mixed.c runs the
 * variants that use this over every pattern against the tile path). */
static inline uint16x8_t opsnn_neon_x16_via_f32(uint16x8_t v, int bf16)
{
    uint16x8_t m = vandq_u16(v, vdupq_n_u16(0x7fffu));
    uint16x8_t nan = vcgtq_u16(m, vdupq_n_u16(bf16 ? 0x7f80u : 0x7c00u));
    return vorrq_u16(v, vandq_u16(nan, vdupq_n_u16(bf16 ? 0x0040u : 0x0200u)));
}

#endif /* OPSNN_KERNELS_CVT_NEON_H_ */
