/* The ops-nn kernel emulation (npu_emu.h): conversions from the IEEE 754
 * definitions, then the kernels' instruction sequences on tiles of float32
 * "registers" (raw bits), as the vector unit runs them on a UB tile. */
#include "npu_emu.h"

#include <math.h>
#include <string.h>

#define CANONICAL_NAN 0x7fc00000u
#define SELU_SCALE 1.0507009873554804934193349852946f
#define SELU_SCALE_ALPHA 1.7580993408473768599402175208123f
#define TILE 256

/* ---- 16-bit floating formats: exact values of the encodings ---------------- */

typedef struct {
    int man_bits;
    int bias;
    unsigned inf;               /* encoding of +inf: the search's top slot */
    double value[0x7f80u + 1u]; /* value of positive encoding k <= inf */
} fmt16;

static fmt16 F16 = {10, 15, 0x7c00u, {0}};
static fmt16 BF16 = {7, 127, 0x7f80u, {0}};

/* Value of the positive encoding k (k <= inf), from the definition:
 * exponent field 0: m * 2^(1 - bias - p); otherwise (2^p + m) * 2^(e - bias - p).
 * The +inf slot gets 2^(emax + 1 - bias), the value rounding treats as the
 * first one past the largest finite value. */
static double decode_positive(const fmt16 *f, unsigned k)
{
    unsigned e = k >> f->man_bits;
    unsigned m = k & ((1u << f->man_bits) - 1u);
    if (e == 0) {
        return ldexp((double)m, 1 - f->bias - f->man_bits);
    }
    return ldexp((double)((1u << f->man_bits) + m), (int)e - f->bias - f->man_bits);
}

static void init_formats(void)
{
    static int ready;
    if (ready) {
        return;
    }
    fmt16 *fs[2] = {&F16, &BF16};
    for (int i = 0; i < 2; i++) {
        for (unsigned k = 0; k <= fs[i]->inf; k++) {
            fs[i]->value[k] = decode_positive(fs[i], k);
        }
    }
    ready = 1;
}

/* The encoding nearest to v (not NaN): the largest encoding not above |v|
 * or the next one, whichever is closer; a tie goes to the even encoding
 * (CAST_RINT), or away from zero (CAST_ROUND). |v| at or past the +inf slot's
 * value is +-inf, which is exactly IEEE's overflow threshold (max + half ulp
 * rounds to the even slot, inf). */
static uint16_t encode(const fmt16 *f, double v, int ties_away)
{
    unsigned sign = signbit(v) ? 0x8000u : 0u;
    double a = fabs(v);
    if (a >= f->value[f->inf]) {
        return (uint16_t)(sign | f->inf);
    }
    unsigned lo = 0, hi = f->inf; /* value[lo] <= a < value[hi] */
    while (hi - lo > 1) {
        unsigned mid = lo + (hi - lo) / 2;
        if (f->value[mid] <= a) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    double below = a - f->value[lo], above = f->value[hi] - a;
    unsigned k = below < above ? lo : above < below ? hi : ties_away ? hi : (lo % 2 == 0 ? lo : hi);
    return (uint16_t)(sign | k);
}

/* ---- float32 registers ----------------------------------------------------- */

static int is_nan32(uint32_t b)
{
    return (b & 0x7fffffffu) > 0x7f800000u;
}

static double value32(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return (double)f;
}

/* One rounding of an exact (or innocuously wide) double to float32. */
static uint32_t round32(double d)
{
    if (isnan(d)) {
        return CANONICAL_NAN; /* made here from non-NaN operands */
    }
    float f = (float)d;
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* ---- conversions (Cast) ---------------------------------------------------- */

/* A NaN keeps sign and payload; narrowing drops the low payload bits and sets
 * the quiet bit only if nothing would be left (it must stay a NaN). */
static uint16_t narrow_nan(uint32_t b, int man_bits)
{
    int drop = 23 - man_bits;
    uint32_t man = (b & 0x7fffffu) >> drop;
    if (man == 0) {
        man = 1u << (man_bits - 1);
    }
    unsigned exp_all = man_bits == 10 ? 0x7c00u : 0x7f80u;
    return (uint16_t)(((b >> 16) & 0x8000u) | exp_all | man);
}

uint16_t npu_emu_f32_to_f16(uint32_t b)
{
    init_formats();
    return is_nan32(b) ? narrow_nan(b, 10) : encode(&F16, value32(b), 0);
}

static uint16_t f32_to_f16_round(uint32_t b) /* CAST_ROUND */
{
    return is_nan32(b) ? narrow_nan(b, 10) : encode(&F16, value32(b), 1);
}

static uint16_t f32_to_bf16(uint32_t b, int ties_away)
{
    return is_nan32(b) ? narrow_nan(b, 7) : encode(&BF16, value32(b), ties_away);
}

/* Widening is exact; a NaN moves its payload up unchanged. */
static uint32_t widen(const fmt16 *f, uint16_t h)
{
    unsigned sign = h & 0x8000u, k = h & 0x7fffu;
    if (k >= f->inf) {
        unsigned e_shift = 23 - (unsigned)f->man_bits;
        return (uint32_t)sign << 16 | 0x7f800000u | (uint32_t)(k - f->inf) << e_shift;
    }
    double v = f->value[k];
    return round32(sign ? -v : v);
}

uint32_t npu_emu_f16_to_f32(uint16_t h)
{
    init_formats();
    return widen(&F16, h);
}

uint16_t npu_emu_int_to_f16(int64_t v)
{
    init_formats();
    return encode(&F16, (double)v, 0);
}

int64_t npu_emu_f16_to_int(uint16_t h, int64_t lo, int64_t hi)
{
    init_formats();
    uint32_t b = widen(&F16, h);
    if (is_nan32(b)) {
        return 0;
    }
    double v = value32(b);
    if (v >= (double)hi) {
        return hi;
    }
    if (v <= (double)lo) {
        return lo;
    }
    double fl = floor(v), frac = v - fl;
    if (frac > 0.5 || (frac == 0.5 && fmod(fl, 2.0) != 0.0)) {
        fl += 1.0;
    }
    return (int64_t)fl;
}

/* ---- the vector instructions, one tile of n elements ----------------------- */

static void Muls(uint32_t *dst, const uint32_t *src, float s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        dst[i] = is_nan32(src[i]) ? src[i] | 0x400000u : round32(value32(src[i]) * (double)s);
    }
}

static void Adds(uint32_t *dst, const uint32_t *src, float s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        dst[i] = is_nan32(src[i]) ? src[i] | 0x400000u : round32(value32(src[i]) + (double)s);
    }
}

static void Mul(uint32_t *dst, const uint32_t *a, const uint32_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        dst[i] = is_nan32(a[i])   ? a[i] | 0x400000u
                 : is_nan32(b[i]) ? b[i] | 0x400000u
                                  : round32(value32(a[i]) * value32(b[i]));
    }
}

static void Abs(uint32_t *dst, const uint32_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        dst[i] = src[i] & 0x7fffffffu;
    }
}

enum cmp { CMP_LE, CMP_GT, CMP_LT };

/* Ordered compares: false whenever either side is NaN. */
static void CompareScalar(unsigned char *mask, const uint32_t *src, float s, enum cmp mode,
                          size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int ordered = !is_nan32(src[i]) && !isnan(s);
        double v = value32(src[i]);
        int hit = mode == CMP_LE ? v <= (double)s : mode == CMP_GT ? v > (double)s : v < (double)s;
        mask[i] = (unsigned char)(ordered && hit);
    }
}

/* Compare(NE) of a tensor with itself: true exactly for NaN. */
static void CompareSelfNE(unsigned char *mask, const uint32_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        mask[i] = (unsigned char)is_nan32(src[i]);
    }
}

static void Select(uint32_t *dst, const unsigned char *mask, const uint32_t *a, const uint32_t *b,
                   size_t n)
{
    for (size_t i = 0; i < n; i++) {
        dst[i] = mask[i] ? a[i] : b[i];
    }
}

/* ---- Cast in / out of a tile ----------------------------------------------- */

static void cast_in(aclDataType dt, const void *src, size_t base, size_t n, uint32_t *dst)
{
    for (size_t i = 0; i < n; i++) {
        size_t k = base + i;
        switch (dt) {
        case ACL_FLOAT: memcpy(&dst[i], (const unsigned char *)src + k * 4, 4); break;
        case ACL_FLOAT16: dst[i] = widen(&F16, ((const uint16_t *)src)[k]); break;
        case ACL_BF16: dst[i] = widen(&BF16, ((const uint16_t *)src)[k]); break;
        case ACL_INT8: dst[i] = widen(&F16, npu_emu_int_to_f16(((const int8_t *)src)[k])); break;
        case ACL_INT32: dst[i] = widen(&F16, npu_emu_int_to_f16(((const int32_t *)src)[k])); break;
        default: dst[i] = 0; break;
        }
    }
}

static void cast_out_rint(aclDataType dt, const uint32_t *src, size_t base, size_t n, void *y)
{
    for (size_t i = 0; i < n; i++) {
        size_t k = base + i;
        switch (dt) {
        case ACL_FLOAT: memcpy((unsigned char *)y + k * 4, &src[i], 4); break;
        case ACL_FLOAT16: ((uint16_t *)y)[k] = npu_emu_f32_to_f16(src[i]); break;
        case ACL_BF16: ((uint16_t *)y)[k] = f32_to_bf16(src[i], 0); break;
        case ACL_INT8:
            ((int8_t *)y)[k] = (int8_t)npu_emu_f16_to_int(npu_emu_f32_to_f16(src[i]), INT8_MIN, INT8_MAX);
            break;
        case ACL_INT32:
            ((int32_t *)y)[k] =
                (int32_t)npu_emu_f16_to_int(npu_emu_f32_to_f16(src[i]), INT32_MIN, INT32_MAX);
            break;
        default: break;
        }
    }
}

/* ---- the kernels ----------------------------------------------------------- */

/* SeluGradSelectFp32 (selu_grad.h:69-79) between the two Casts (:83-110). */
void npu_emu_selu_grad(aclDataType dt, size_t n, const void *grad, const void *out, void *y)
{
    init_formats();
    uint32_t g[TILE], r[TILE], a[TILE], b[TILE], t[TILE], yf[TILE];
    unsigned char mask[TILE];
    for (size_t base = 0; base < n; base += TILE) {
        size_t m = n - base < TILE ? n - base : TILE;
        cast_in(dt, grad, base, m, g);
        cast_in(dt, out, base, m, r);
        CompareScalar(mask, r, 0.0f, CMP_LE, m);
        Muls(a, g, SELU_SCALE, m);
        Adds(t, r, SELU_SCALE_ALPHA, m);
        Mul(b, g, t, m);
        Select(yf, mask, b, a, m);
        cast_out_rint(dt, yf, base, m, y);
    }
}

/* SoftShrinkGrad::Compute (soft_shrink_grad.h:142-237): the float32 path
 * selects in place; fp16 / bf16 promote both inputs, select in float32 and
 * cast back with CAST_ROUND. */
void npu_emu_softshrink_grad(aclDataType dt, size_t n, const void *grad, const void *x,
                             float lambd, void *y)
{
    init_formats();
    uint32_t g[TILE], xf[TILE], ax[TILE], o[TILE];
    const uint32_t zero[TILE] = {0};
    unsigned char cmp[TILE], nan[TILE];
    for (size_t base = 0; base < n; base += TILE) {
        size_t m = n - base < TILE ? n - base : TILE;
        cast_in(dt, grad, base, m, g);
        cast_in(dt, x, base, m, xf);
        Abs(ax, xf, m);
        CompareScalar(cmp, ax, lambd, CMP_GT, m);
        Select(o, cmp, g, zero, m);
        CompareSelfNE(nan, xf, m);
        Select(o, nan, g, o, m);
        for (size_t i = 0; i < m; i++) {
            size_t k = base + i;
            if (dt == ACL_FLOAT) {
                memcpy((unsigned char *)y + k * 4, &o[i], 4);
            } else if (dt == ACL_FLOAT16) {
                ((uint16_t *)y)[k] = f32_to_f16_round(o[i]);
            } else {
                ((uint16_t *)y)[k] = f32_to_bf16(o[i], 1);
            }
        }
    }
}

/* ==== the Atlas A2/A3 generations ============================================
 *
 * ops-nn experimental/activation/selu_grad/op_kernel/selu_grad.h (Compute)
 * and experimental/activation/softshrink_grad/op_kernel/softshrink_grad.h;
 * the CANN built-in TBE DSL kernels tbe/impl/dynamic/selu_grad.py and
 * soft_shrink_grad.py with tbe/dsl/compute/cast.py. Half-precision
 * instructions run on half "registers" (binary16 bits): the exact result in
 * double (a product or sum of two halves is exact there), rounded once. */

static int is_nan16(uint16_t h)
{
    return (h & 0x7fffu) > 0x7c00u;
}

static double value16(uint16_t h)
{
    /* the table's +inf slot holds the rounding bound 2^16, not infinity */
    double v = (h & 0x7fffu) == F16.inf ? INFINITY : F16.value[h & 0x7fffu];
    return h & 0x8000u ? -v : v;
}

/* One rounding to binary16 (nearest even); a NaN made here is 0x7e00. */
static uint16_t round16(double d)
{
    return isnan(d) ? (uint16_t)0x7e00u : encode(&F16, d, 0);
}

static uint16_t h_const(float c)
{
    return encode(&F16, (double)c, 0);
}

/* Muls / Adds / Mul / Add on halves: a NaN operand propagates quieted. */
static uint16_t h_op(uint16_t a, uint16_t b, int mul)
{
    if (is_nan16(a)) {
        return (uint16_t)(a | 0x200u);
    }
    if (is_nan16(b)) {
        return (uint16_t)(b | 0x200u);
    }
    return round16(mul ? value16(a) * value16(b) : value16(a) + value16(b));
}

static uint32_t f_op(uint32_t a, uint32_t b, int mul)
{
    if (is_nan32(a)) {
        return a | 0x400000u;
    }
    if (is_nan32(b)) {
        return b | 0x400000u;
    }
    return round32(mul ? value32(a) * value32(b) : value32(a) + value32(b));
}

static uint32_t f_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* Compute registers of either width: 32-bit slots, half bits in the low 16. */
typedef struct {
    int half; /* the kernel's ComputeT is half */
} ctype;

static uint32_t c_op(ctype c, uint32_t a, uint32_t b, int mul)
{
    return c.half ? h_op((uint16_t)a, (uint16_t)b, mul) : f_op(a, b, mul);
}

static int c_lt0(ctype c, uint32_t v) /* CompareScalar LT 0 / vcmpsel "lt": ordered */
{
    return c.half ? !is_nan16((uint16_t)v) && value16((uint16_t)v) < 0.0
                  : !is_nan32(v) && value32(v) < 0.0;
}

static uint32_t c_const(ctype c, float k)
{
    return c.half ? h_const(k) : f_bits(k);
}

/* Float -> integer of vconv: r (CAST_RINT, nearest even) or z (toward zero);
 * saturating, NaN -> 0. */
static int64_t to_int(double v, int trunc, int64_t lo, int64_t hi)
{
    if (isnan(v)) {
        return 0;
    }
    if (v >= (double)hi) {
        return hi;
    }
    if (v <= (double)lo) {
        return lo;
    }
    double fl = trunc ? (v < 0 ? ceil(v) : floor(v)) : floor(v);
    if (!trunc) {
        double frac = v - fl;
        if (frac > 0.5 || (frac == 0.5 && fmod(fl, 2.0) != 0.0)) {
            fl += 1.0;
        }
    }
    return (int64_t)fl;
}

static ctype compute_type(aclDataType dt)
{
    ctype c = {dt == ACL_FLOAT16 || dt == ACL_INT8 || dt == ACL_UINT8};
    return c;
}

/* Cast in (CAST_NONE): half / float / bf16 as they are, int8 / uint8 to half
 * (exact), int32 to float32 (nearest even). */
static uint32_t gen_in(aclDataType dt, const void *src, size_t k)
{
    switch (dt) {
    case ACL_FLOAT: {
        uint32_t b;
        memcpy(&b, (const unsigned char *)src + k * 4, 4);
        return b;
    }
    case ACL_FLOAT16: return ((const uint16_t *)src)[k];
    case ACL_BF16: return widen(&BF16, ((const uint16_t *)src)[k]);
    case ACL_INT8: return encode(&F16, (double)((const int8_t *)src)[k], 0);
    case ACL_UINT8: return encode(&F16, (double)((const uint8_t *)src)[k], 0);
    case ACL_INT32: return round32((double)((const int32_t *)src)[k]);
    default: return 0;
    }
}

/* Cast out: bf16 nearest even, integers by `trunc` (z) or r. */
static void gen_out(aclDataType dt, uint32_t v, int trunc, void *y, size_t k)
{
    double d = dt == ACL_INT8 || dt == ACL_UINT8 ? (is_nan16((uint16_t)v) ? NAN : value16((uint16_t)v))
               : is_nan32(v) ? NAN : value32(v);
    switch (dt) {
    case ACL_FLOAT: memcpy((unsigned char *)y + k * 4, &v, 4); break;
    case ACL_FLOAT16: ((uint16_t *)y)[k] = (uint16_t)v; break;
    case ACL_BF16: ((uint16_t *)y)[k] = f32_to_bf16(v, 0); break;
    case ACL_INT8: ((int8_t *)y)[k] = (int8_t)to_int(d, trunc, INT8_MIN, INT8_MAX); break;
    case ACL_UINT8: ((uint8_t *)y)[k] = (uint8_t)to_int(d, trunc, 0, UINT8_MAX); break;
    case ACL_INT32: ((int32_t *)y)[k] = (int32_t)to_int(d, trunc, INT32_MIN, INT32_MAX); break;
    default: break;
    }
}

/* The experimental kernel's scalar tail: float arithmetic on the widened
 * values, the half factor rounded to half, the product cast to ComputeT. */
static uint32_t exp_scalar_tail(ctype c, uint32_t g, uint32_t r)
{
    uint32_t gv = c.half ? widen(&F16, (uint16_t)g) : g;
    uint32_t ov = c.half ? widen(&F16, (uint16_t)r) : r;
    uint32_t factor;
    if (!is_nan32(ov) && value32(ov) < 0.0) {
        if (c.half) {
            uint32_t sum = f_op(ov, widen(&F16, h_const(SELU_SCALE_ALPHA)), 0);
            factor = widen(&F16, is_nan32(sum) ? narrow_nan(sum, 10) : encode(&F16, value32(sum), 0));
        } else {
            factor = f_op(ov, f_bits(SELU_SCALE_ALPHA), 0);
        }
    } else {
        factor = c.half ? widen(&F16, h_const(SELU_SCALE)) : f_bits(SELU_SCALE);
    }
    uint32_t prod = f_op(gv, factor, 1);
    if (!c.half) {
        return prod;
    }
    return is_nan32(prod) ? narrow_nan(prod, 10) : encode(&F16, value32(prod), 0);
}

/* One UB pass of the experimental SeluGrad on cur elements from k0:
 * CompareScalar(LT 0), Adds(SA), Select(tmp, S), Mul on the first
 * cur / (256 / sizeof ComputeT) whole vectors, the scalar loop after. */
static void exp_selu_pass(aclDataType dt, size_t k0, size_t cur, const void *grad, const void *out,
                          void *y)
{
    ctype c = compute_type(dt);
    size_t align = c.half ? 128 : 64;
    size_t vec = cur / align * align;
    uint32_t sa = c_const(c, SELU_SCALE_ALPHA), sc = c_const(c, SELU_SCALE);
    for (size_t i = 0; i < cur; i++) {
        uint32_t g = gen_in(dt, grad, k0 + i), r = gen_in(dt, out, k0 + i), v;
        if (i < vec) {
            int mask = c_lt0(c, r);
            uint32_t tmp = c_op(c, r, sa, 0);
            uint32_t s = mask ? tmp : sc;
            v = c_op(c, g, s, 1);
        } else {
            v = exp_scalar_tail(c, g, r);
        }
        gen_out(dt, v, 0, y, k0 + i);
    }
}

void npu_emu_selu_grad_experimental(aclDataType dt, size_t n, const void *grad, const void *out,
                                    void *y, size_t block_factor, size_t ub_factor)
{
    init_formats();
    block_factor = block_factor == 0 ? n : block_factor;
    ub_factor = ub_factor == 0 ? block_factor : ub_factor;
    for (size_t b0 = 0; b0 < n; b0 += block_factor) {
        size_t blen = n - b0 < block_factor ? n - b0 : block_factor;
        for (size_t p = 0; p < blen; p += ub_factor) {
            size_t cur = blen - p < ub_factor ? blen - p : ub_factor;
            exp_selu_pass(dt, b0 + p, cur, grad, out, y);
        }
    }
}

/* selu_grad_compute: vadds, vmul, vmuls, two vcmpsel "lt" against zero with
 * a zero on the other side, vadd; cast_to(f1628IntegerFlag=True) = vconv z. */
void npu_emu_selu_grad_tbe(aclDataType dt, size_t n, const void *grad, const void *out, void *y)
{
    init_formats();
    ctype c = compute_type(dt);
    uint32_t sa = c_const(c, SELU_SCALE_ALPHA), sc = c_const(c, SELU_SCALE), zero = 0;
    for (size_t k = 0; k < n; k++) {
        uint32_t g = gen_in(dt, grad, k), r = gen_in(dt, out, k);
        uint32_t adds = c_op(c, r, sa, 0);
        uint32_t mul = c_op(c, g, adds, 1);
        uint32_t muls = c_op(c, g, sc, 1);
        int lt = c_lt0(c, r);
        uint32_t greater = lt ? zero : muls;
        uint32_t smaller = lt ? mul : zero;
        gen_out(dt, c_op(c, greater, smaller, 0), 1, y, k);
    }
}

/* Experimental SoftShrinkGrad::Compute: (Cast to float), Abs, CompareScalar
 * LE lambd, Duplicate 0, Select(mask ? 0 : grad), (Cast back RINT). TBE
 * soft_shrink_grad_compute: vcmpsel(|x| le lambd ? 0 : grad), then vsel on
 * x == x (a NaN x takes grad). Both are computed here as written. */
void npu_emu_softshrink_grad_le(int tbe, aclDataType dt, size_t n, const void *grad, const void *x,
                                float lambd, void *y)
{
    init_formats();
    for (size_t k = 0; k < n; k++) {
        uint32_t g, xv;
        cast_in(dt, grad, k, 1, &g);
        cast_in(dt, x, k, 1, &xv);
        uint32_t ax = xv & 0x7fffffffu;
        int le = !is_nan32(ax) && !isnan(lambd) && value32(ax) <= (double)lambd;
        uint32_t o = le ? 0u : g;
        if (tbe && is_nan32(xv)) { /* mask = x == x is false: vsel takes grad */
            o = g;
        }
        if (dt == ACL_FLOAT) {
            memcpy((unsigned char *)y + k * 4, &o, 4);
        } else if (dt == ACL_FLOAT16) {
            ((uint16_t *)y)[k] = npu_emu_f32_to_f16(o);
        } else {
            ((uint16_t *)y)[k] = f32_to_bf16(o, 0);
        }
    }
}

/* ---- forward operators of the Atlas A2/A3 generations ---------------------- *
 * experimental/activation/selu/op_kernel/selu.h (ComputeFloat16,
 * ComputeCastFp32<int8_t>) and tbe/impl/dynamic/soft_shrink.py (the
 * branches of _softshrink_compute, with and without tik.vcopy). */

/* An ordered compare of two compute registers: a < b (lt) or a > b / a <= b. */
enum fcmp { F_LT, F_GT, F_LE };

static int c_cmp(ctype c, uint32_t a, uint32_t b, enum fcmp op)
{
    int nan = c.half ? is_nan16((uint16_t)a) || is_nan16((uint16_t)b) : is_nan32(a) || is_nan32(b);
    if (nan) {
        return 0;
    }
    double x = c.half ? value16((uint16_t)a) : value32(a);
    double y = c.half ? value16((uint16_t)b) : value32(b);
    return op == F_LT ? x < y : op == F_GT ? x > y : x <= y;
}

void npu_emu_softshrink_tbe(int vcopy, aclDataType dt, size_t n, const void *x, float lambd,
                            void *y)
{
    init_formats();
    ctype c = {dt == ACL_FLOAT16};
    uint32_t sign = c.half ? 0x8000u : 0x80000000u;
    /* lambd as a value of the compute type; vmuls(lambd, -1) flips its sign */
    uint32_t l = isnan(lambd) ? (c.half ? 0x7e00u : 0x7fc00000u) : c_const(c, lambd);
    uint32_t neg_l = l ^ sign;
    for (size_t k = 0; k < n; k++) {
        uint32_t v = gen_in(dt, x, k);
        int nan = c.half ? is_nan16((uint16_t)v) : is_nan32(v);
        /* vsel(x == x, x, 0) with tik.vcopy; without it, vcmpsel on x */
        uint32_t xn = nan && vcopy ? 0u : v;
        uint32_t r1 = c_cmp(c, xn & ~sign, l, F_LE) ? 0u : xn; /* vabs, vcmp le, vsel */
        uint32_t sub = c_op(c, r1, neg_l, 0);           /* vsub(r1, lambd) */
        uint32_t r2 = c_cmp(c, r1, l, F_GT) ? sub : r1;
        uint32_t add = c_op(c, r2, l, 0);               /* vadd(r2, lambd) */
        uint32_t r = c_cmp(c, r2, neg_l, F_LT) ? add : r2;
        switch (dt) {
        case ACL_FLOAT: memcpy((unsigned char *)y + k * 4, &r, 4); break;
        case ACL_FLOAT16: ((uint16_t *)y)[k] = (uint16_t)r; break;
        default: ((uint16_t *)y)[k] = f32_to_bf16(r, 0); break;
        }
    }
}

#define EMU_SELU_ALPHA 1.6732632423543772848170429916717
#define EMU_SELU_SCALE 1.0507009873554804934193349852946

/* The half encoding toward zero (CAST_TRUNC) of a finite v. */
static uint16_t encode_trunc16(double v)
{
    uint16_t near = encode(&F16, v, 0);
    double a = fabs(v);
    unsigned k = near & 0x7fffu;
    if (k > 0 && F16.value[k] > a) {
        k--;
    }
    return (uint16_t)((near & 0x8000u) | k);
}

void npu_emu_selu_experimental(aclDataType dt, size_t n, const void *x, void *y)
{
    init_formats();
    for (size_t k = 0; k < n; k++) {
        if (dt == ACL_FLOAT16) {
            ctype c = {1};
            uint16_t h = ((const uint16_t *)x)[k];
            if (is_nan16(h)) {
                ((uint16_t *)y)[k] = (uint16_t)(h | 0x200u);
                continue;
            }
            uint16_t t = c_cmp(c, h, 0u, F_LT) ? h : 0u;              /* Mins(x, 0) */
            uint16_t e = round16(exp(value16(t)));                    /* Exp: the ideal one */
            uint16_t d = h_op(e, h_const(-1.0f), 0);                  /* Adds(-1) */
            uint16_t m = h_op(d, encode(&F16, EMU_SELU_ALPHA, 0), 1); /* Muls(ALPHA_F16) */
            m = c_cmp(c, m, 0u, F_LT) ? m : 0u;                       /* Mins(m, 0) */
            uint16_t p = c_cmp(c, h, 0u, F_GT) ? h : 0u;              /* Maxs(x, 0) */
            uint16_t s = h_op(p, m, 0);                               /* Add */
            ((uint16_t *)y)[k] = h_op(s, encode(&F16, EMU_SELU_SCALE, 0), 1); /* Muls(SCALE_F16) */
        } else { /* ACL_INT8: int8 -> half -> float32, the float32 steps, CAST_TRUNC twice */
            ctype c = {0};
            uint32_t v = widen(&F16, encode(&F16, (double)((const int8_t *)x)[k], 0));
            uint32_t t = c_cmp(c, v, 0u, F_LT) ? v : 0u;
            uint32_t e = round32(exp(value32(t)));
            uint32_t d = f_op(e, f_bits(-1.0f), 0);
            uint32_t m = f_op(d, f_bits((float)EMU_SELU_ALPHA), 1);
            m = c_cmp(c, m, 0u, F_LT) ? m : 0u;
            uint32_t p = c_cmp(c, v, 0u, F_GT) ? v : 0u;
            uint32_t s = f_op(p, m, 0);
            uint32_t r = f_op(s, f_bits((float)EMU_SELU_SCALE), 1);
            uint16_t h = encode_trunc16(value32(r));
            ((int8_t *)y)[k] = (int8_t)to_int(value16(h), 1, INT8_MIN, INT8_MAX);
        }
    }
}
