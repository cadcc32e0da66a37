/* The tiling structs as the NPU kernel receives them: the C++ struct's bytes
 * with natural alignment (int64 on 8, int32 and float on 4), little-endian,
 * padding zero, written field by field so the host's own layout and byte
 * order do not matter. */
#include <string.h>

#include "common/error.h"
#include "tiling/tiling.h"

static void put_u64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        p[i] = (unsigned char)(v >> (8 * i));
    }
}

static void put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        p[i] = (unsigned char)(v >> (8 * i));
    }
}

static void put_f32(unsigned char *p, float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    put_u32(p, u);
}

/* Size checks shared by both writers; 0 when the bytes may be written. */
static aclnnStatus check_out(const char *fn, const void *tiling, const void *buf, size_t size,
                             const size_t *written, size_t need)
{
    if (tiling == NULL || written == NULL || (buf == NULL && size > 0)) {
        opsnn_error("%s: %s must not be NULL, got NULL", fn,
                    tiling == NULL ? "tiling" : written == NULL ? "written" : "buf");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (size < need) {
        opsnn_error("%s: size must be >= %zu (the struct's bytes), got %zu", fn, need, size);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_softshrink_grad_tiling_bytes(const opsnn_softshrink_grad_tiling *tiling, void *buf,
                                               size_t size, size_t *written)
{
    static const char fn[] = "opsnn_softshrink_grad_tiling_bytes";
    size_t need = tiling != NULL && tiling->algo == OPSNN_TILING_910B
                      ? OPSNN_SOFTSHRINK_GRAD_TILING_DATA_910B_SIZE
                      : OPSNN_SOFTSHRINK_GRAD_TILING_DATA_SIZE;
    aclnnStatus rc = check_out(fn, tiling, buf, size, written, need);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    unsigned char *b = buf;
    memset(b, 0, need);
    if (tiling->algo == OPSNN_TILING_910B) {
        const opsnn_softshrink_grad_tiling_data_910b *d = &tiling->data_910b;
        put_u64(b + 0, (uint64_t)d->totalNum);
        put_u64(b + 8, (uint64_t)d->blockFactor);
        put_u32(b + 16, (uint32_t)d->ubFactor);
        put_f32(b + 20, d->lambd);
    } else {
        const opsnn_softshrink_grad_tiling_data *d = &tiling->data;
        put_u64(b + 0, (uint64_t)d->dim0);
        put_u32(b + 8, (uint32_t)d->coreNum); /* 4 bytes of padding follow */
        put_u64(b + 16, (uint64_t)d->blockFormer);
        put_u64(b + 24, (uint64_t)d->blockNum);
        put_u64(b + 32, (uint64_t)d->ubFormer);
        put_f32(b + 40, d->lambd); /* 4 bytes of tail padding: sizeof is 48 */
    }
    *written = need;
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_selu_grad_tiling_bytes(const opsnn_selu_grad_tiling *tiling, void *buf, size_t size,
                                         size_t *written)
{
    static const char fn[] = "opsnn_selu_grad_tiling_bytes";
    size_t need = tiling != NULL && tiling->algo == OPSNN_TILING_910B ? OPSNN_SELU_GRAD_TILING_DATA_910B_SIZE
                                                                      : OPSNN_SELU_GRAD_TILING_DATA_SIZE;
    aclnnStatus rc = check_out(fn, tiling, buf, size, written, need);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    unsigned char *b = buf;
    memset(b, 0, need);
    if (tiling->algo == OPSNN_TILING_910B) {
        put_u64(b + 0, tiling->data_910b.totalNum);
        put_u32(b + 8, tiling->data_910b.blockFactor);
        put_u32(b + 12, tiling->data_910b.ubFactor);
    } else {
        const opsnn_selu_grad_tiling_data *d = &tiling->data;
        put_u64(b + 0, (uint64_t)d->totalElements);
        put_u64(b + 8, (uint64_t)d->blockFormer);
        put_u64(b + 16, (uint64_t)d->ubFormer);
        put_u32(b + 24, (uint32_t)d->needBroadcast);
        put_u32(b + 28, (uint32_t)d->shapeLen);
        put_u64(b + 32, (uint64_t)d->innerSize);
        put_u64(b + 40, (uint64_t)d->totalRows);
        put_u64(b + 48, (uint64_t)d->innerChunkSize);
        put_u32(b + 56, (uint32_t)d->numInnerChunks); /* 4 bytes of padding follow */
        for (int k = 0; k < OPSNN_SELU_GRAD_MAX_DIM; k++) {
            put_u64(b + 64 + 8 * k, (uint64_t)d->outputDims[k]);
            put_u64(b + 128 + 8 * k, (uint64_t)d->gradStrides[k]);
            put_u64(b + 192 + 8 * k, (uint64_t)d->outStrides[k]);
        }
    }
    *written = need;
    return ACLNN_SUCCESS;
}
