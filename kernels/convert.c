/* Strided copy with dtype conversion: the gather / scatter of the fused
 * iteration, one tile at a time. Unit-stride conversions run the selected
 * path's vector kernels; otherwise the dtype switch is hoisted out of the
 * element loops and each loop is a plain typed load/store. */
#include <string.h>

#include "cvt.h"
#include "kernels.h"

/* FLOAT16 <-> BF16 through float32 (which holds every fp16 value exactly),
 * in chunks small enough for the stack. */
#define VIA_F32_CHUNK 256

/* The unit-stride fill (a broadcast operand, src_stride 0) and copy get
 * loops of their own: the general one does not vectorise. */
#define COPY_LOOP(T) \
    do { \
        const T *s_ = src; \
        T *d_ = dst; \
        if (dst_stride == 1 && src_stride == 0) { \
            T v_ = s_[0]; \
            for (size_t i = 0; i < n; i++) { \
                d_[i] = v_; \
            } \
        } else if (dst_stride == 1 && src_stride == 1) { \
            memcpy(d_, s_, n * sizeof(T)); \
        } else { \
            for (size_t i = 0; i < n; i++) { \
                d_[(int64_t)i * dst_stride] = s_[(int64_t)i * src_stride]; \
            } \
        } \
    } while (0)

#define CONVERT_LOOP(TS, TD, EXPR) \
    do { \
        const TS *s_ = src; \
        TD *d_ = dst; \
        for (size_t i = 0; i < n; i++) { \
            TS v = s_[(int64_t)i * src_stride]; \
            d_[(int64_t)i * dst_stride] = EXPR; \
        } \
    } while (0)

static int copy_bits(void *dst, int64_t dst_stride, const void *src, int64_t src_stride, size_t n,
                     aclDataType dt)
{
    switch (opsnn_dtype_size(dt)) {
    case 1: COPY_LOOP(uint8_t); return 0;
    case 2: COPY_LOOP(uint16_t); return 0;
    case 4: COPY_LOOP(uint32_t); return 0;
    default: return -1;
    }
}

static int is_f16_or_bf16(aclDataType dt)
{
    return dt == ACL_FLOAT16 || dt == ACL_BF16;
}

/* Unit strides on both sides: one kernel call, or two per chunk for
 * FLOAT16 <-> BF16. Returns -1 for a pair that has no kernels. */
static int convert_contiguous(void *dst, aclDataType dst_dtype, const void *src,
                              aclDataType src_dtype, size_t n)
{
    opsnn_cvt_fn direct = opsnn_cvt_get(src_dtype, dst_dtype);
    if (direct != NULL) {
        direct(n, src, dst);
        return 0;
    }
    if (!is_f16_or_bf16(src_dtype) || !is_f16_or_bf16(dst_dtype)) {
        return -1;
    }
    opsnn_cvt_fn widen = opsnn_cvt_get(src_dtype, ACL_FLOAT);
    opsnn_cvt_fn narrow = opsnn_cvt_get(ACL_FLOAT, dst_dtype);
    _Alignas(64) float buf[VIA_F32_CHUNK];
    for (size_t i = 0; i < n; i += VIA_F32_CHUNK) {
        size_t c = n - i < VIA_F32_CHUNK ? n - i : VIA_F32_CHUNK;
        widen(c, (const uint16_t *)src + i, buf);
        narrow(c, buf, (uint16_t *)dst + i);
    }
    return 0;
}

int opsnn_copy_convert(void *dst, aclDataType dst_dtype, int64_t dst_stride, const void *src,
                       aclDataType src_dtype, int64_t src_stride, size_t n)
{
    if (dst_dtype == src_dtype) {
        return copy_bits(dst, dst_stride, src, src_stride, n, dst_dtype);
    }
    if (src_stride == 0 && dst_stride == 1 && n > 1) {
        /* a broadcast value: convert it once, then fill */
        if (opsnn_copy_convert(dst, dst_dtype, 1, src, src_dtype, 0, 1) != 0) {
            return -1;
        }
        return copy_bits((unsigned char *)dst + opsnn_dtype_size(dst_dtype), 1, dst, 0,
                         n - 1, dst_dtype);
    }
    if (src_stride == 1 && dst_stride == 1) {
        return convert_contiguous(dst, dst_dtype, src, src_dtype, n);
    }
    if (src_dtype == ACL_FLOAT16 && dst_dtype == ACL_FLOAT) {
        CONVERT_LOOP(uint16_t, float, opsnn_f16_to_f32(v));
    } else if (src_dtype == ACL_BF16 && dst_dtype == ACL_FLOAT) {
        CONVERT_LOOP(uint16_t, float, opsnn_bf16_to_f32(v));
    } else if (src_dtype == ACL_FLOAT && dst_dtype == ACL_FLOAT16) {
        CONVERT_LOOP(float, uint16_t, opsnn_f32_to_f16(v));
    } else if (src_dtype == ACL_FLOAT && dst_dtype == ACL_BF16) {
        CONVERT_LOOP(float, uint16_t, opsnn_f32_to_bf16(v));
    } else if (src_dtype == ACL_FLOAT16 && dst_dtype == ACL_BF16) {
        /* through float32, which holds every fp16 value exactly */
        CONVERT_LOOP(uint16_t, uint16_t, opsnn_f32_to_bf16(opsnn_f16_to_f32(v)));
    } else if (src_dtype == ACL_BF16 && dst_dtype == ACL_FLOAT16) {
        CONVERT_LOOP(uint16_t, uint16_t, opsnn_f32_to_f16(opsnn_bf16_to_f32(v)));
    } else {
        return -1;
    }
    return 0;
}

/* Column j of the panel holds `rows` neighbouring elements of the source
 * (outer_stride apart); consecutive columns are inner_stride apart, usually
 * on other cache lines and pages, so the next columns' lines are prefetched. */
#define PANEL_LOOP(T) \
    do { \
        const T *s_ = src; \
        T *d_ = dst; \
        for (size_t j = 0; j < cols; j++) { \
            const T *col = s_ + (int64_t)j * inner_stride; \
            if (prefetch && j + 8 < cols) { \
                __builtin_prefetch(s_ + (int64_t)(j + 8) * inner_stride); \
            } \
            for (size_t r = 0; r < rows; r++) { \
                d_[r * pitch + j] = col[(int64_t)r * outer_stride]; \
            } \
        } \
    } while (0)

int opsnn_gather_panel(void *dst, aclDataType dst_dtype, size_t pitch, const void *src,
                       aclDataType src_dtype, int64_t inner_stride, int64_t outer_stride,
                       size_t rows, size_t cols, int prefetch)
{
    if (dst_dtype == src_dtype) {
        opsnn_panel16_fn vec = opsnn_panel16_get(opsnn_dtype_size(dst_dtype));
        size_t r16 = rows / 16 * 16;
        if (vec != NULL && r16 > 0 && outer_stride == 1) {
            vec(r16, cols, src, inner_stride, dst, pitch, prefetch);
            dst = (unsigned char *)dst + r16 * pitch * opsnn_dtype_size(dst_dtype);
            src = (const unsigned char *)src + r16 * opsnn_dtype_size(src_dtype);
            rows -= r16;
            if (rows == 0) {
                return 0;
            }
        }
        switch (opsnn_dtype_size(dst_dtype)) {
        case 1: PANEL_LOOP(uint8_t); return 0;
        case 2: PANEL_LOOP(uint16_t); return 0;
        case 4: PANEL_LOOP(uint32_t); return 0;
        default: return -1;
        }
    }
    size_t es = opsnn_dtype_size(dst_dtype), ss = opsnn_dtype_size(src_dtype);
    for (size_t j = 0; j < cols; j++) {
        if (opsnn_copy_convert((unsigned char *)dst + j * es, dst_dtype, (int64_t)pitch,
                               (const unsigned char *)src + (int64_t)j * inner_stride * (int64_t)ss,
                               src_dtype, outer_stride, rows) != 0) {
            return -1;
        }
    }
    return 0;
}
