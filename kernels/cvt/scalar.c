/* Unit-stride dtype conversions, portable C: cvt.h applied element by
 * element. The reference every vector path must match bit for bit. */
#include "cvt.h"
#include "kernels.h"

void opsnn_cvt_ukernel__scalar_f16_to_f32(size_t n, const void *src, void *dst)
{
    const uint16_t *s = src;
    float *d = dst;
    for (size_t i = 0; i < n; i++) {
        d[i] = opsnn_f16_to_f32(s[i]);
    }
}

void opsnn_cvt_ukernel__scalar_bf16_to_f32(size_t n, const void *src, void *dst)
{
    const uint16_t *s = src;
    float *d = dst;
    for (size_t i = 0; i < n; i++) {
        d[i] = opsnn_bf16_to_f32(s[i]);
    }
}

void opsnn_cvt_ukernel__scalar_f32_to_f16(size_t n, const void *src, void *dst)
{
    const float *s = src;
    uint16_t *d = dst;
    for (size_t i = 0; i < n; i++) {
        d[i] = opsnn_f32_to_f16(s[i]);
    }
}

void opsnn_cvt_ukernel__scalar_f32_to_bf16(size_t n, const void *src, void *dst)
{
    const float *s = src;
    uint16_t *d = dst;
    for (size_t i = 0; i < n; i++) {
        d[i] = opsnn_f32_to_bf16(s[i]);
    }
}
