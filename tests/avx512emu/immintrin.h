/*
 * AVX-512 emulation for the OPSNN_EMULATE_AVX512 test build (docs/dev/testing.md).
 *
 * With -DOPSNN_EMULATE_AVX512=ON this directory comes first on the include
 * path of kernels/<family>/avx512.c only, so their `#include <immintrin.h>`
 * lands here. It maps every intrinsic to SIMDe's portable C (Debian
 * libsimde-dev), compiled without any -mavx* flag (the compiler's own header
 * is never included), and adds the forms SIMDe 0.7.4 lacks or gets wrong,
 * each #undef'd first in case SIMDe has an alias of that name. Each addition
 * follows Intel's description lane by lane. The masked loads and stores touch
 * only the selected lanes, like the hardware (SIMDe's read the whole vector),
 * so AddressSanitizer still sees a kernel reading past its tensor.
 *
 * Never part of a normal build.
 */
#ifndef OPSNN_AVX512EMU_IMMINTRIN_H
#define OPSNN_AVX512EMU_IMMINTRIN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Plain arrays, not GCC vector types: a 256/512-bit vector type passed by
 * value without -mavx would change the calling convention (-Wpsabi). */
#define SIMDE_NO_VECTOR
#define SIMDE_ENABLE_NATIVE_ALIASES
/* SIMDe 0.7.4's simde_mm256_broadcastss_ps calls __builtin_shufflevector on
 * its arrays whenever the compiler has that builtin, which does not compile
 * with SIMDE_NO_VECTOR: report that one builtin as absent, so SIMDe takes its
 * portable path. */
#include <simde/hedley.h>
#undef HEDLEY_HAS_BUILTIN
#define HEDLEY_HAS_BUILTIN(builtin) (__has_builtin(builtin) && !OPSNN_EMU_NO_##builtin)
#define OPSNN_EMU_NO___builtin_shufflevector 1
#include <simde/x86/avx512.h>

#ifndef _MM_FROUND_NO_EXC
#define _MM_FROUND_NO_EXC SIMDE_MM_FROUND_NO_EXC
#endif

/* The mask types, which SIMDe's aliases leave out. */
typedef simde__mmask8 __mmask8;
typedef simde__mmask16 __mmask16;
typedef simde__mmask32 __mmask32;
typedef simde__mmask64 __mmask64;

typedef simde__m512_private emu_m512;
typedef simde__m512i_private emu_m512i;

/* vcvtph2ps, per lane: exact; a NaN comes back quiet with sign and payload. */
static inline uint32_t emu_f16_to_f32_bits(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1fu;
    uint32_t m = h & 0x3ffu;
    if (e == 0x1fu) {
        return sign | 0x7f800000u | (m != 0 ? 0x400000u : 0u) | (m << 13);
    }
    if (e == 0) { /* zero or subnormal: m * 2^-24, exact in float32 */
        float f = (float)m * 0x1p-24f;
        uint32_t bits;
        memcpy(&bits, &f, sizeof bits);
        return sign | bits;
    }
    return sign | ((e + 112u) << 23) | (m << 13);
}

/* vcvtps2ph with round-to-nearest-even, per lane: subnormals kept, overflow
 * to inf, a NaN quiet with sign and the top 10 payload bits. */
static inline uint16_t emu_f32_to_f16_bits(uint32_t u)
{
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
    uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u) {
        return (uint16_t)(sign | 0x7e00u | ((a & 0x7fffffu) >> 13));
    }
    if (a == 0x7f800000u) {
        return (uint16_t)(sign | 0x7c00u);
    }
    int e = (int)(a >> 23) - 127 + 15;
    if (e >= 31) {
        return (uint16_t)(sign | 0x7c00u);
    }
    uint32_t mant = (a & 0x7fffffu) | (a >> 23 != 0 ? 0x800000u : 0u);
    uint32_t base = e > 0 ? (uint32_t)e << 10 : 0u;
    int shift = e > 0 ? 13 : 14 - e; /* subnormal: units of 2^-24 */
    if (shift >= 32) {
        return sign;
    }
    uint32_t keep = e > 0 ? (mant & 0x7fffffu) >> shift : mant >> shift;
    uint32_t rest = mant & ((1u << shift) - 1u);
    uint32_t half = 1u << (shift - 1);
    uint32_t r = base + keep;
    if (rest > half || (rest == half && (r & 1u) != 0)) {
        r++; /* a carry moves into the exponent, up to inf */
    }
    return (uint16_t)(sign | r);
}

static inline simde__m512 emu_cvtph_ps(simde__m256i h)
{
    uint16_t in[16];
    uint32_t out[16];
    simde__m512 r;
    memcpy(in, &h, sizeof in);
    for (int i = 0; i < 16; i++) {
        out[i] = emu_f16_to_f32_bits(in[i]);
    }
    memcpy(&r, out, sizeof r);
    return r;
}
#undef _mm512_cvtph_ps
#define _mm512_cvtph_ps(h) emu_cvtph_ps(h)

static inline simde__m256i emu_cvtps_ph(simde__m512 f, int imm)
{
    uint32_t in[16];
    uint16_t out[16];
    simde__m256i r;
    if ((imm & 7) != 0 && (imm & 7) != 4) {
        __builtin_trap(); /* only nearest even (or MXCSR's default) is emulated */
    }
    memcpy(in, &f, sizeof in);
    for (int i = 0; i < 16; i++) {
        out[i] = emu_f32_to_f16_bits(in[i]);
    }
    memcpy(&r, out, sizeof r);
    return r;
}
#undef _mm512_cvtps_ph
#define _mm512_cvtps_ph(f, imm) emu_cvtps_ph(f, imm)

static inline simde__m512 emu_cvtepi32_ps(simde__m512i a)
{
    emu_m512i p = simde__m512i_to_private(a);
    emu_m512 r;
    for (int i = 0; i < 16; i++) {
        r.f32[i] = (float)p.i32[i];
    }
    return simde__m512_from_private(r);
}
#undef _mm512_cvtepi32_ps
#define _mm512_cvtepi32_ps(a) emu_cvtepi32_ps(a)

/* vcvttps2dq: truncation; NaN and out-of-range lanes give INT32_MIN (the
 * "integer indefinite"). SIMDe's portable form converts those with a C cast,
 * which is undefined behaviour. */
static inline simde__m512i emu_cvttps_epi32(simde__m512 a)
{
    emu_m512 p = simde__m512_to_private(a);
    emu_m512i r;
    for (int i = 0; i < 16; i++) {
        float f = p.f32[i];
        r.i32[i] = (f >= -0x1p31f && f < 0x1p31f) ? (int32_t)f : INT32_MIN;
    }
    return simde__m512i_from_private(r);
}
#define _mm512_cvttps_epi32(a) emu_cvttps_epi32(a)

static inline simde__m512i emu_cvtepi8_epi32(simde__m128i a)
{
    int8_t in[16];
    emu_m512i r;
    memcpy(in, &a, sizeof in);
    for (int i = 0; i < 16; i++) {
        r.i32[i] = in[i];
    }
    return simde__m512i_from_private(r);
}
#undef _mm512_cvtepi8_epi32
#define _mm512_cvtepi8_epi32(a) emu_cvtepi8_epi32(a)

static inline simde__m512i emu_cvtepu16_epi32(simde__m256i a)
{
    uint16_t in[16];
    emu_m512i r;
    memcpy(in, &a, sizeof in);
    for (int i = 0; i < 16; i++) {
        r.i32[i] = (int32_t)in[i];
    }
    return simde__m512i_from_private(r);
}
#undef _mm512_cvtepu16_epi32
#define _mm512_cvtepu16_epi32(a) emu_cvtepu16_epi32(a)

/* Truncating narrowings: the low es bytes of each 32-bit lane (x86 is
 * little-endian), packed into dst. */
static inline void emu_narrow(simde__m512i a, void *dst, size_t es)
{
    emu_m512i p = simde__m512i_to_private(a);
    for (size_t i = 0; i < 16; i++) {
        memcpy((unsigned char *)dst + i * es, &p.u32[i], es);
    }
}
static inline simde__m128i emu_cvtepi32_epi8(simde__m512i a)
{
    simde__m128i r;
    emu_narrow(a, &r, 1);
    return r;
}
#undef _mm512_cvtepi32_epi8
#define _mm512_cvtepi32_epi8(a) emu_cvtepi32_epi8(a)
static inline simde__m256i emu_cvtepi32_epi16(simde__m512i a)
{
    simde__m256i r;
    emu_narrow(a, &r, 2);
    return r;
}
#undef _mm512_cvtepi32_epi16
#define _mm512_cvtepi32_epi16(a) emu_cvtepi32_epi16(a)

/* vpgatherdd, no mask: lane i is the 32 bits at base + idx[i] * scale (any
 * alignment); SIMDe 0.7.4 has no AVX-512 gathers. */
static inline simde__m512i emu_i32gather_epi32(simde__m512i idx, const void *base, int scale)
{
    emu_m512i x = simde__m512i_to_private(idx);
    emu_m512i r;
    for (int i = 0; i < 16; i++) {
        memcpy(&r.i32[i], (const unsigned char *)base + (ptrdiff_t)x.i32[i] * scale, 4);
    }
    return simde__m512i_from_private(r);
}
#undef _mm512_i32gather_epi32
#define _mm512_i32gather_epi32(idx, base, scale) emu_i32gather_epi32(idx, base, scale)

/* SIMDe 0.7.4's portable simde_mm512_or_si512 walks 16 int_fast32_t lanes
 * (8 bytes each on x86-64) of a 64-byte vector: past its end. */
static inline simde__m512i emu_or_si512(simde__m512i a, simde__m512i b)
{
    emu_m512i x = simde__m512i_to_private(a);
    emu_m512i y = simde__m512i_to_private(b);
    emu_m512i r;
    for (int i = 0; i < 16; i++) {
        r.u32[i] = x.u32[i] | y.u32[i];
    }
    return simde__m512i_from_private(r);
}
#undef _mm512_or_si512
#define _mm512_or_si512(a, b) emu_or_si512(a, b)

static inline simde__mmask16 emu_cmplt_epi32_mask(simde__m512i a, simde__m512i b)
{
    emu_m512i x = simde__m512i_to_private(a);
    emu_m512i y = simde__m512i_to_private(b);
    unsigned m = 0;
    for (int i = 0; i < 16; i++) {
        m |= (unsigned)(x.i32[i] < y.i32[i]) << i;
    }
    return (simde__mmask16)m;
}
#undef _mm512_cmplt_epi32_mask
#define _mm512_cmplt_epi32_mask(a, b) emu_cmplt_epi32_mask(a, b)

/* vpcmpeqw into a mask, which SIMDe 0.7.4 lacks for 512-bit vectors. */
static inline simde__mmask32 emu_cmpeq_epi16_mask(simde__m512i a, simde__m512i b)
{
    emu_m512i x = simde__m512i_to_private(a);
    emu_m512i y = simde__m512i_to_private(b);
    uint32_t m = 0;
    for (int i = 0; i < 32; i++) {
        m |= (uint32_t)(x.u16[i] == y.u16[i]) << i;
    }
    return (simde__mmask32)m;
}
#undef _mm512_cmpeq_epi16_mask
#define _mm512_cmpeq_epi16_mask(a, b) emu_cmpeq_epi16_mask(a, b)

/* Masked loads (unselected lanes zero) and stores that touch only the
 * selected lanes' bytes. */
static inline void emu_mask_load(void *dst, size_t size, uint64_t k, const void *p, size_t es)
{
    memset(dst, 0, size);
    for (size_t i = 0; i < size / es; i++) {
        if ((k >> i) & 1u) {
            memcpy((unsigned char *)dst + i * es, (const unsigned char *)p + i * es, es);
        }
    }
}

static inline void emu_mask_store(void *p, uint64_t k, const void *src, size_t size, size_t es)
{
    for (size_t i = 0; i < size / es; i++) {
        if ((k >> i) & 1u) {
            memcpy((unsigned char *)p + i * es, (const unsigned char *)src + i * es, es);
        }
    }
}

static inline simde__m512 emu_maskz_loadu_ps(uint64_t k, const void *p)
{
    simde__m512 r;
    emu_mask_load(&r, sizeof r, k, p, 4);
    return r;
}
static inline simde__m512i emu_maskz_loadu_512(uint64_t k, const void *p, size_t es)
{
    simde__m512i r;
    emu_mask_load(&r, sizeof r, k, p, es);
    return r;
}
static inline simde__m256i emu_maskz_loadu_256(uint64_t k, const void *p, size_t es)
{
    simde__m256i r;
    emu_mask_load(&r, sizeof r, k, p, es);
    return r;
}
static inline simde__m128i emu_maskz_loadu_128(uint64_t k, const void *p, size_t es)
{
    simde__m128i r;
    emu_mask_load(&r, sizeof r, k, p, es);
    return r;
}
static inline void emu_mask_storeu_ps(void *p, uint64_t k, simde__m512 v)
{
    emu_mask_store(p, k, &v, sizeof v, 4);
}
static inline void emu_mask_storeu_512(void *p, uint64_t k, simde__m512i v, size_t es)
{
    emu_mask_store(p, k, &v, sizeof v, es);
}
static inline void emu_mask_storeu_256(void *p, uint64_t k, simde__m256i v, size_t es)
{
    emu_mask_store(p, k, &v, sizeof v, es);
}
static inline void emu_mask_storeu_128(void *p, uint64_t k, simde__m128i v, size_t es)
{
    emu_mask_store(p, k, &v, sizeof v, es);
}
#undef _mm512_maskz_loadu_ps
#define _mm512_maskz_loadu_ps(k, p) emu_maskz_loadu_ps(k, p)
#undef _mm512_maskz_loadu_epi32
#define _mm512_maskz_loadu_epi32(k, p) emu_maskz_loadu_512(k, p, 4)
#undef _mm512_maskz_loadu_epi16
#define _mm512_maskz_loadu_epi16(k, p) emu_maskz_loadu_512(k, p, 2)
#undef _mm256_maskz_loadu_epi16
#define _mm256_maskz_loadu_epi16(k, p) emu_maskz_loadu_256(k, p, 2)
#undef _mm_maskz_loadu_epi8
#define _mm_maskz_loadu_epi8(k, p) emu_maskz_loadu_128(k, p, 1)
#undef _mm512_mask_storeu_ps
#define _mm512_mask_storeu_ps(p, k, v) emu_mask_storeu_ps(p, k, v)
#undef _mm512_mask_storeu_epi32
#define _mm512_mask_storeu_epi32(p, k, v) emu_mask_storeu_512(p, k, v, 4)
#undef _mm512_mask_storeu_epi16
#define _mm512_mask_storeu_epi16(p, k, v) emu_mask_storeu_512(p, k, v, 2)
#undef _mm256_mask_storeu_epi16
#define _mm256_mask_storeu_epi16(p, k, v) emu_mask_storeu_256(p, k, v, 2)
#undef _mm_mask_storeu_epi8
#define _mm_mask_storeu_epi8(p, k, v) emu_mask_storeu_128(p, k, v, 1)

/* Non-temporal stores: a plain store, keeping the hardware's 64-byte
 * alignment requirement as a check (a misaligned stream faults on a real CPU). */
static inline void emu_stream(void *p, const void *v)
{
    if ((uintptr_t)p % 64u != 0) {
        __builtin_trap();
    }
    memcpy(p, v, 64);
}
static inline void emu_stream_ps(void *p, simde__m512 v)
{
    emu_stream(p, &v);
}
static inline void emu_stream_si512(void *p, simde__m512i v)
{
    emu_stream(p, &v);
}
#undef _mm512_stream_ps
#define _mm512_stream_ps(p, v) emu_stream_ps(p, v)
#undef _mm512_stream_si512
#define _mm512_stream_si512(p, v) emu_stream_si512(p, v)

static inline simde__m512 emu_shuffle_f32x4(simde__m512 a, simde__m512 b, int imm)
{
    emu_m512 x = simde__m512_to_private(a);
    emu_m512 y = simde__m512_to_private(b);
    emu_m512 r;
    for (int l = 0; l < 4; l++) {
        const emu_m512 *src = l < 2 ? &x : &y;
        int sel = (imm >> (2 * l)) & 3;
        for (int j = 0; j < 4; j++) {
            r.f32[4 * l + j] = src->f32[4 * sel + j];
        }
    }
    return simde__m512_from_private(r);
}
#undef _mm512_shuffle_f32x4
#define _mm512_shuffle_f32x4(a, b, imm) emu_shuffle_f32x4(a, b, imm)

/* vexpandps with a merge mask: the i-th set bit of k takes element i of a
 * (counted from element 0), the other lanes keep src. */
static inline simde__m512 emu_mask_expand_ps(simde__m512 src, uint64_t k, simde__m512 a)
{
    emu_m512 s = simde__m512_to_private(src);
    emu_m512 x = simde__m512_to_private(a);
    int next = 0;
    for (int l = 0; l < 16; l++) {
        if ((k >> l) & 1u) {
            s.f32[l] = x.f32[next++];
        }
    }
    return simde__m512_from_private(s);
}
#undef _mm512_mask_expand_ps
#define _mm512_mask_expand_ps(src, k, a) emu_mask_expand_ps(src, k, a)

#endif
