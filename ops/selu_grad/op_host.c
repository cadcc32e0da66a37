/* SeluGrad host tiling, both ops-nn implementations (master e5c3fa93):
 *   arch35: activation/selu_grad/op_host/arch35/selu_grad_tiling_arch35.cpp
 *   910b:   experimental/activation/selu_grad/op_host/selu_grad_tiling.cpp
 * Each check fails where the NPU code returns GRAPH_FAILED, in its order. */
#include <string.h>

#include "common/error.h"
#include "tiling/tiling.h"

static const char FN[] = "opsnn_selu_grad_tiling_compute";

/* Ops::Base::GetUbBlockSize(): the 32-byte UB block of every Ascend part. */
#define UB_BLOCK 32
#define SELECT_RESERVE 8192

static aclnnStatus fail(const char *why)
{
    opsnn_error("%s: the NPU tiling fails: %s", FN, why);
    return ACLNN_ERR_PARAM_INVALID;
}

/* ---- arch35 ---- */

/* UB bytes per element: the queued tensors, the half staging buffers of the
 * integer paths and 7 float32 buffers (tiling_arch35.cpp:188-206). */
static int64_t arch35_bytes_per_elem(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return 7 * 4 + 1; /* + 1 byte of select mask */
    case ACL_FLOAT16: case ACL_BF16: return 3 * 2 + 7 * 4;
    case ACL_INT32: return 3 * 4 + 2 * 2 + 7 * 4;
    case ACL_INT8: return 3 * 1 + 2 * 2 + 7 * 4;
    case ACL_UINT8: return 3 * 1 + 3 * 2 + 7 * 4;
    default: return 40; /* DEFAULT_BYTES_PER_ELEM */
    }
}

/* ComputeBroadcastStrides (tiling_arch35.cpp:134-162): input's row-major
 * strides mapped right-aligned onto y's dims, 0 on broadcast and missing dims. */
static void broadcast_strides(const opsnn_tiling_tensor *y, const opsnn_tiling_tensor *in,
                              int64_t *strides)
{
    int64_t own[OPSNN_SELU_GRAD_MAX_DIM] = {0};
    int yr = y->ndim, ir = in->ndim;
    if (ir > 0) {
        own[ir - 1] = 1;
        for (int d = ir - 2; d >= 0; d--) {
            own[d] = own[d + 1] * in->dims[d + 1];
        }
    }
    for (int d = 0; d < yr; d++) {
        int k = d - (yr - ir);
        if (k < 0 || (in->dims[k] == 1 && y->dims[d] > 1)) {
            strides[d] = 0;
        } else {
            strides[d] = own[k];
        }
    }
}

/* ComputeBroadcastTiling + ComputeBroadcastUbSplit (tiling_arch35.cpp:167-301). */
static aclnnStatus arch35_broadcast(const opsnn_platform *p, const opsnn_tiling_tensor *g,
                                    const opsnn_tiling_tensor *o, const opsnn_tiling_tensor *y,
                                    int64_t total, aclDataType dt, opsnn_selu_grad_tiling_data *d)
{
    /* the NPU code indexes 8-entry arrays with these ranks */
    if (g->ndim > OPSNN_SELU_GRAD_MAX_DIM || o->ndim > OPSNN_SELU_GRAD_MAX_DIM ||
        y->ndim > OPSNN_SELU_GRAD_MAX_DIM) {
        return fail("the broadcast path holds at most 8 dims per tensor (the NPU code would overrun)");
    }
    d->totalElements = total;
    d->needBroadcast = 1;
    d->shapeLen = y->ndim;
    for (int k = 0; k < y->ndim; k++) {
        d->outputDims[k] = y->dims[k];
    }
    broadcast_strides(y, g, d->gradStrides);
    broadcast_strides(y, o, d->outStrides);
    d->innerSize = 1; /* the run of innermost dims where neither input broadcasts */
    for (int k = y->ndim - 1; k >= 0 && d->gradStrides[k] != 0 && d->outStrides[k] != 0; k--) {
        d->innerSize *= y->dims[k];
    }
    d->totalRows = total / d->innerSize;
    int64_t avail = p->ub_size - SELECT_RESERVE;
    int64_t bytes_per_elem = arch35_bytes_per_elem(dt);
    int64_t max_inner = avail / bytes_per_elem;
    if (max_inner < 1) {
        return fail("no UB pass fits in platform->ub_size (8192 bytes are reserved for Select)");
    }
    int64_t chunk = d->innerSize, chunks = 1;
    if (d->innerSize > max_inner) {
        chunk = tiling_floor_align(max_inner, UB_BLOCK);
        chunk = chunk < 1 ? 1 : chunk;
        chunks = tiling_ceil_div(d->innerSize, chunk);
    }
    if (chunks > INT32_MAX) {
        return fail("numInnerChunks does not fit the struct's int32");
    }
    d->innerChunkSize = chunk;
    d->numInnerChunks = (int32_t)chunks;
    d->ubFormer = avail / (chunk * bytes_per_elem);
    d->ubFormer = d->ubFormer < 1 ? 1 : d->ubFormer;
    d->blockFormer = tiling_ceil_div(d->totalRows * chunks, p->core_num);
    d->blockFormer = d->blockFormer > d->ubFormer ? d->ubFormer : d->blockFormer;
    d->blockFormer = d->blockFormer < 1 ? 1 : d->blockFormer;
    return ACLNN_SUCCESS;
}

/* ComputeOneDimTiling (tiling_arch35.cpp:209-224). */
static void arch35_one_dim(const opsnn_platform *p, int64_t total, aclDataType dt,
                           opsnn_selu_grad_tiling_data *d)
{
    d->totalElements = total;
    d->blockFormer = tiling_ceil_align(tiling_ceil_div(total, p->core_num), UB_BLOCK);
    int64_t avail = p->ub_size - SELECT_RESERVE;
    int64_t ub_former = avail / arch35_bytes_per_elem(dt) / UB_BLOCK * UB_BLOCK;
    d->ubFormer = ub_former < UB_BLOCK ? UB_BLOCK : ub_former;
}

static aclnnStatus arch35(const opsnn_platform *p, const opsnn_tiling_tensor *g,
                          const opsnn_tiling_tensor *o, const opsnn_tiling_tensor *y, int64_t y_total,
                          opsnn_selu_grad_tiling *t)
{
    if (g->dtype != o->dtype) {
        return fail("gradients and outputs must have the same dtype");
    }
    memset(t, 0, sizeof *t);
    t->algo = OPSNN_TILING_ARCH35;
    t->block_dim = 1;
    if (y_total == 0) { /* all-zero struct, one core, schMode 0 */
        return ACLNN_SUCCESS;
    }
    opsnn_selu_grad_tiling_data *d = &t->data;
    int broadcast = !opsnn_tiling_same_shape(g, o, 1);
    if (broadcast) {
        /* the broadcast path reads rank-0 inputs as {1} (EnsureNotScalar) */
        static const int64_t one = 1;
        opsnn_tiling_tensor g1 = *g, o1 = *o;
        if (g1.ndim == 0) {
            g1.ndim = 1;
            g1.dims = &one;
        }
        if (o1.ndim == 0) {
            o1.ndim = 1;
            o1.dims = &one;
        }
        aclnnStatus rc = arch35_broadcast(p, &g1, &o1, y, y_total, g->dtype, d);
        if (rc != ACLNN_SUCCESS) {
            return rc;
        }
    } else {
        arch35_one_dim(p, y_total, g->dtype, d);
    }
    if (d->blockFormer < 1 || d->ubFormer < 1) {
        return fail("blockFormer or ubFormer came out below 1");
    }
    int64_t items = broadcast ? d->totalRows * d->numInnerChunks : y_total;
    int64_t used = tiling_ceil_div(items, d->blockFormer);
    t->block_dim = (uint32_t)(used < 1 ? 1 : used);
    t->tiling_key = (uint64_t)broadcast; /* SELU_GRAD_ONE_DIM 0, SELU_GRAD_BROADCAST 1 */
    return ACLNN_SUCCESS;
}

/* ---- experimental (ascend910b, ascend910_93) ---- */

/* Element bytes in GM and in the compute dtype, and the schMode of the
 * tiling key (selu_grad_tiling.cpp:48-113); 0 for unsupported dtypes. */
typedef struct {
    aclDataType dt;
    int64_t raw, compute;
    int sch_mode;
} exp_dtype;

static const exp_dtype EXP_DTYPES[] = {
    {ACL_FLOAT16, 2, 2, 0}, {ACL_FLOAT, 4, 4, 1}, {ACL_BF16, 2, 4, 2},
    {ACL_INT32, 4, 4, 3},   {ACL_INT8, 1, 2, 4},  {ACL_UINT8, 1, 2, 5},
};

static aclnnStatus exp910b(const opsnn_platform *p, const opsnn_tiling_tensor *g,
                           const opsnn_tiling_tensor *o, opsnn_selu_grad_tiling *t)
{
    if (g->dtype != o->dtype) {
        return fail("gradients and outputs must have the same dtype");
    }
    const exp_dtype *e = NULL;
    for (size_t i = 0; i < sizeof EXP_DTYPES / sizeof EXP_DTYPES[0]; i++) {
        e = EXP_DTYPES[i].dt == g->dtype ? &EXP_DTYPES[i] : e;
    }
    if (e == NULL) {
        return fail("gradients must be FLOAT16, FLOAT, BF16, INT32, INT8 or UINT8");
    }
    if (!opsnn_tiling_same_shape(g, o, 0)) {
        return fail("gradients and outputs must have the same shape");
    }
    int64_t total = 1;
    for (int k = 0; k < g->ndim; k++) {
        total *= g->dims[k]; /* checked against OPSNN_TILING_MAX_ELEMS already */
    }
    memset(t, 0, sizeof *t);
    t->algo = OPSNN_TILING_910B;
    t->block_dim = 1;
    t->tiling_key = (uint64_t)e->sch_mode;
    if (total == 0) {
        return ACLNN_SUCCESS;
    }
    /* fp16/fp32 compute in place; the others need 4 converted buffers */
    int direct = g->dtype == ACL_FLOAT16 || g->dtype == ACL_FLOAT;
    int64_t bytes_per_elem = 6 * e->raw + (direct ? 1 : 4) * e->compute + 1;
    int64_t align = 512 / e->raw; /* 512-byte GM alignment */
    int64_t bytes = total * e->raw;
    /* 8 KiB per core up to 8 cores; beyond that 32 KiB per core */
    int64_t used = tiling_ceil_div(bytes, 8 * 1024);
    used = used < 1 ? 1 : used;
    if (used > 8) {
        used = tiling_ceil_div(bytes, 32 * 1024);
        used = used < 1 ? 1 : used;
    }
    used = used < p->core_num ? used : p->core_num;
    int64_t block_factor = tiling_ceil_align(tiling_ceil_div(total, used), align);
    used = tiling_ceil_div(total, block_factor);
    used = used < 1 ? 1 : used;
    int64_t avail = p->ub_size > SELECT_RESERVE ? p->ub_size - SELECT_RESERVE : p->ub_size;
    int64_t max_ub = tiling_floor_align(avail / bytes_per_elem, align);
    max_ub = max_ub < align ? align : max_ub;
    int64_t ub_factor = block_factor < max_ub ? block_factor : max_ub;
    ub_factor = ub_factor < align ? align : ub_factor;
    if (block_factor > (int64_t)UINT32_MAX || ub_factor > (int64_t)UINT32_MAX) {
        return fail("blockFactor or ubFactor does not fit the struct's uint32");
    }
    t->data_910b.totalNum = (uint64_t)total;
    t->data_910b.blockFactor = (uint32_t)block_factor;
    t->data_910b.ubFactor = (uint32_t)ub_factor;
    t->block_dim = (uint32_t)used;
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_selu_grad_tiling_compute(const opsnn_platform *platform,
                                           const opsnn_tiling_tensor *gradients,
                                           const opsnn_tiling_tensor *outputs,
                                           const opsnn_tiling_tensor *y, opsnn_selu_grad_tiling *tiling)
{
    int64_t ng = 0, no = 0, ny = 0;
    aclnnStatus rc = opsnn_tiling_check_platform(FN, platform, tiling);
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_tiling_tensor_numel(FN, "gradients", gradients, &ng);
    }
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_tiling_tensor_numel(FN, "outputs", outputs, &no);
    }
    if (rc == ACLNN_SUCCESS) {
        rc = opsnn_tiling_tensor_numel(FN, "y", y, &ny);
    }
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    opsnn_selu_grad_tiling t;
    rc = platform->algo == OPSNN_TILING_ARCH35 ? arch35(platform, gradients, outputs, y, ny, &t)
                                               : exp910b(platform, gradients, outputs, &t);
    if (rc == ACLNN_SUCCESS) {
        *tiling = t;
        opsnn_log(OPSNN_LOG_DEBUG, "SeluGrad tiling on %s: blockDim %u, key %llu", platform->name,
                  t.block_dim, (unsigned long long)t.tiling_key);
    }
    return rc;
}

/* The tiling struct as the NPU kernel receives it (tiling/tiling.h's byte
 * writers: natural alignment, little-endian, padding zero). */
aclnnStatus opsnn_selu_grad_tiling_bytes(const opsnn_selu_grad_tiling *tiling, void *buf, size_t size,
                                         size_t *written)
{
    static const char fn[] = "opsnn_selu_grad_tiling_bytes";
    size_t need = tiling != NULL && tiling->algo == OPSNN_TILING_910B ? OPSNN_SELU_GRAD_TILING_DATA_910B_SIZE
                                                                      : OPSNN_SELU_GRAD_TILING_DATA_SIZE;
    aclnnStatus rc = opsnn_tiling_check_out(fn, tiling, buf, size, written, need);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    unsigned char *b = buf;
    memset(b, 0, need);
    if (tiling->algo == OPSNN_TILING_910B) {
        tiling_put_u64(b + 0, tiling->data_910b.totalNum);
        tiling_put_u32(b + 8, tiling->data_910b.blockFactor);
        tiling_put_u32(b + 12, tiling->data_910b.ubFactor);
    } else {
        const opsnn_selu_grad_tiling_data *d = &tiling->data;
        tiling_put_u64(b + 0, (uint64_t)d->totalElements);
        tiling_put_u64(b + 8, (uint64_t)d->blockFormer);
        tiling_put_u64(b + 16, (uint64_t)d->ubFormer);
        tiling_put_u32(b + 24, (uint32_t)d->needBroadcast);
        tiling_put_u32(b + 28, (uint32_t)d->shapeLen);
        tiling_put_u64(b + 32, (uint64_t)d->innerSize);
        tiling_put_u64(b + 40, (uint64_t)d->totalRows);
        tiling_put_u64(b + 48, (uint64_t)d->innerChunkSize);
        tiling_put_u32(b + 56, (uint32_t)d->numInnerChunks); /* 4 bytes of padding follow */
        for (int k = 0; k < OPSNN_SELU_GRAD_MAX_DIM; k++) {
            tiling_put_u64(b + 64 + 8 * k, (uint64_t)d->outputDims[k]);
            tiling_put_u64(b + 128 + 8 * k, (uint64_t)d->gradStrides[k]);
            tiling_put_u64(b + 192 + 8 * k, (uint64_t)d->outStrides[k]);
        }
    }
    *written = need;
    return ACLNN_SUCCESS;
}
