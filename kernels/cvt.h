/*
 * Scalar float32 <-> binary16 / bfloat16 conversions (internal).
 *
 * Round to nearest even, subnormals kept, overflow to +-inf, and every NaN
 * comes out quiet with its sign and top payload bits (docs/precision.md). The vector
 * kernels reproduce exactly these bits.
 */
#ifndef OPSNN_KERNELS_CVT_H_
#define OPSNN_KERNELS_CVT_H_

#include <stdint.h>
#include <string.h>

static inline uint32_t opsnn_f32_bits(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    return x;
}

static inline float opsnn_bits_f32(uint32_t x)
{
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}

static inline uint16_t opsnn_f32_to_f16(float f)
{
    uint32_t x = opsnn_f32_bits(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u) { /* NaN: quiet, keep the top payload bits */
        return (uint16_t)(sign | 0x7e00u | ((ax >> 13) & 0x3ffu));
    }
    if (ax >= 0x477ff000u) { /* >= 65520 (the tie above 65504) and inf */
        return (uint16_t)(sign | 0x7c00u);
    }
    if (ax >= 0x38800000u) { /* normal half: rebias the exponent, round 13 bits */
        uint32_t bits = ax - 0x38000000u;
        uint32_t h = bits >> 13;
        uint32_t rem = bits & 0x1fffu;
        h += (rem > 0x1000u) || (rem == 0x1000u && (h & 1u));
        return (uint16_t)(sign | h);
    }
    /* Subnormal half: q = value / 2^-24 = m * 2^(e - 126), rounded to even. */
    uint32_t e = ax >> 23;
    uint32_t shift = 126u - e;
    if (shift > 24u) {
        return (uint16_t)sign;
    }
    uint32_t m = (ax & 0x7fffffu) | 0x800000u;
    uint32_t q = m >> shift;
    uint32_t rem = m & ((1u << shift) - 1u);
    uint32_t half = 1u << (shift - 1u);
    q += (rem > half) || (rem == half && (q & 1u));
    return (uint16_t)(sign | q);
}

static inline float opsnn_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1fu;
    uint32_t m = h & 0x3ffu;
    if (e == 0x1fu) {
        return opsnn_bits_f32(sign | 0x7f800000u | (m << 13) | (m ? 0x400000u : 0u));
    }
    if (e != 0) {
        return opsnn_bits_f32(sign | ((e + 112u) << 23) | (m << 13));
    }
    float f = (float)m * 0x1p-24f; /* exact: m < 2^10 */
    return sign ? -f : f;
}

static inline uint16_t opsnn_f32_to_bf16(float f)
{
    uint32_t x = opsnn_f32_bits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) {
        return (uint16_t)((x >> 16) | 0x40u);
    }
    return (uint16_t)((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

static inline float opsnn_bf16_to_f32(uint16_t h)
{
    uint32_t x = (uint32_t)h << 16;
    if ((x & 0x7fffffffu) > 0x7f800000u) {
        x |= 0x400000u;
    }
    return opsnn_bits_f32(x);
}

#endif /* OPSNN_KERNELS_CVT_H_ */
