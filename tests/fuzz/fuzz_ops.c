/*
 * fuzz_ops.c - libFuzzer harness for the library's operators (docs/dev/testing.md):
 * every operator the library lists (opsnn/ops.h) that has a reference model
 * (its folder's tests/model.h, OPSNN_MODEL: ../ref_model.h) and fits the
 * harness's shape (one or two tensor inputs, one output, at most one scalar).
 *
 * The input is decoded into three tensor descriptors (the inputs, e.g.
 * gradOutput and self/result, then the output, e.g. gradInput: rank 0-10 or
 * an out-of-range rank, dims and strides including 0,
 * huge and negative values, offsets, storage shapes, any dtype including
 * invalid enum values, any format, NULLs, buffers shared between tensors) and
 * a scalar. Every modelled operator's phase 1 runs on them; when it succeeds and
 * every buffer could be allocated from the declared storage, phase 2 runs in
 * one of six ways (plain; after a too-small or NULL workspace; repeatable,
 * twice; destroyed unrun; after a wrong-operator call and a destroyed stream;
 * repeatable with gradInput rebound to another buffer and then onto
 * gradOutput's), optionally on a stream. Properties checked:
 *
 *   - no sanitizer report (ASan + UBSan; LeakSanitizer at exit);
 *   - phase 1's status equals the model of docs/api/ (exactly where the
 *     model can decide internal overlap of gradInput);
 *   - a failed phase 1 leaves *executor and *workspaceSize untouched and sets a
 *     message naming the operator;
 *   - phase 2 writes only inside gradInput's view: every other byte of every
 *     buffer (inputs and the output's canary bytes) is unchanged;
 *   - every element of the view equals the independent model (model.h);
 *   - misuse (stale executor, short workspace, wrong operator, destroyed
 *     stream, bad rebinding index) is a status code and writes nothing;
 *   - a rebinding that creates an overlap phase 1 did not plan for is exact
 *     when the workspace suffices and refused (nothing written) when not;
 *   - no library block is left live after the input (opsnn_test_alloc_live).
 *
 * The decoder is written so that every byte string is a valid input: reads
 * past the end yield 0. tests/fuzz/gen_corpus.py writes the seed corpus with
 * the same layout.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "common/alloc.h"
#include "fuzz/model.h"
#include "opsnn/ops.h"

#define NT 3 /* tensors: gradOutput, self / result, gradInput */
#define NB (NT + 1) /* buffers: one per tensor, and one that gradInput is rebound to */
#define MAX_DECODED_RANK 10
#define MAX_STORAGE_RANK 4
#define BUFFER_CAP ((int64_t)1 << 19) /* larger storage: phase 1 only */
#define MODEL_EXACT_OVERLAP ((int64_t)1 << 18)

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz_ops: property failed at line %d: %s\n  ", __LINE__, #cond);    \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n  last error message: %s\n", aclGetRecentErrMsg());               \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* ---- byte reader: past the end everything reads as 0 ---- */

typedef struct {
    const uint8_t *p;
    size_t n, i;
} reader;

static uint8_t rd8(reader *r)
{
    return r->i < r->n ? r->p[r->i++] : 0;
}

static uint32_t rd32(reader *r)
{
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) {
        v |= (uint32_t)rd8(r) << (8 * k);
    }
    return v;
}

/* ---- value tables ---- */

static const aclDataType op_dtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_INT32};
static const int other_dtypes[] = {
    ACL_UINT8, ACL_DOUBLE, ACL_INT64, ACL_BOOL, ACL_INT16, ACL_UINT16, ACL_UINT32, ACL_UINT64,
    ACL_COMPLEX64, ACL_COMPLEX128, ACL_COMPLEX32, ACL_DT_UNDEFINED, ACL_STRING, ACL_INT4,
    ACL_UINT1, 5, 14, 99, -100, 0x7fffffff, (int)0x80000000u};
static const int formats[] = {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_NC1HWC0,
                              ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_NCDHW, ACL_FORMAT_UNDEFINED,
                              ACL_FORMAT_NC, 7, 1000, -5, 0x7fffffff};
static const int64_t huge_dims[16] = {
    (int64_t)1 << 31, ((int64_t)1 << 32) + 1, (int64_t)1 << 40, (int64_t)1 << 62, INT64_MAX,
    -1, INT64_MIN, 1000, 4096, 65537, 3, 1 << 20, ((int64_t)1 << 31) - 1, INT64_MAX / 2 + 1,
    -((int64_t)1 << 40), 257};
static const int64_t huge_strides[16] = {
    (int64_t)1 << 31, (int64_t)1 << 32, (int64_t)1 << 62, INT64_MAX, -1, INT64_MIN, 1000,
    4096, 65536, -((int64_t)1 << 32), INT64_MAX / 3, 17, 31, 1 << 20, ((int64_t)1 << 31) - 1,
    (int64_t)1 << 61};
static const int64_t huge_offsets[16] = {
    -1, INT64_MIN, INT64_MAX, (int64_t)1 << 31, (int64_t)1 << 62, 1000, 4095, 65536,
    -((int64_t)1 << 40), INT64_MAX - 1, (int64_t)1 << 32, 100, 333, 1 << 20, 7, 64};
static const float nice_scalars[16] = {0.0f,  0.5f, 1.2f,  1.0f, 2.0f,    -0.5f, NAN,    INFINITY,
                                       -0.0f, 3.0f, 1e-3f, 65504.0f, 1e30f, -INFINITY, 0.25f, 7.0f};
static const int scalar_dtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT8,
                                    ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_UINT16,
                                    ACL_UINT32, ACL_UINT64, ACL_BOOL, ACL_STRING, ACL_COMPLEX64,
                                    ACL_DT_UNDEFINED, 99};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- decoded descriptors ---- */

typedef struct {
    int present; /* 0: the operator gets NULL */
    aclDataType dt;
    aclFormat fmt;
    uint64_t ndim; /* as passed (may exceed MAX_DECODED_RANK: then never read) */
    int dims_null;
    int64_t dims[MAX_DECODED_RANK];
    int stride_null;
    int64_t strides[MAX_DECODED_RANK];
    int64_t offset;
    int storage_null;
    uint64_t sndim;
    int64_t sdims[MAX_STORAGE_RANK];
    int buffer; /* 0..2 */
    int data_null;
    /* after a successful creation */
    aclTensor *t;
    size_t es;
    int64_t numel;
    int64_t eff_strides[MAX_DECODED_RANK];
    int64_t last; /* largest element offset of the view (numel > 0) */
    int64_t need_bytes; /* bytes of buffer it needs, -1: too many */
    void *data; /* the tensorData it was created with */
} tdesc;

typedef struct {
    int present;
    aclDataType dt;
    unsigned char bytes[8];
    aclScalar *s;
} sdesc;

typedef struct {
    int ws_null, ex_null;
    int mode;
    int use_stream;
    uint32_t seed;
    int value_style;
    tdesc t[NT];
    sdesc lambda;
} fuzz_case;

static int64_t read_dim(reader *r)
{
    uint8_t b = rd8(r);
    if (b < 0xE0) {
        return 1 + b % 6;
    }
    return b < 0xF0 ? 0 : huge_dims[b - 0xF0];
}

/* Row-major strides; saturating (only used for shapes that then fail). */
static void row_major(const int64_t *dims, int n, int64_t *strides)
{
    int64_t s = 1;
    for (int d = n - 1; d >= 0; d--) {
        strides[d] = s;
        if (dims[d] > 0 && __builtin_mul_overflow(s, dims[d], &s)) {
            s = INT64_MAX;
        }
    }
}

/* offset + sum (dims-1)*strides + 1, or -1 when it does not fit (or is empty). */
static int64_t view_needed_elems(const int64_t *dims, const int64_t *strides, int n,
                                 int64_t offset)
{
    int64_t last = offset;
    for (int d = 0; d < n; d++) {
        int64_t step;
        if (dims[d] <= 0 || strides[d] < 0) {
            return -1;
        }
        if (__builtin_mul_overflow(dims[d] - 1, strides[d], &step) ||
            __builtin_add_overflow(last, step, &last)) {
            return -1;
        }
    }
    return last < 0 || last == INT64_MAX ? -1 : last + 1;
}

static void decode_strides(reader *r, tdesc *t, int n)
{
    uint8_t mode = rd8(r);
    if (mode < 0x80) {
        t->stride_null = 1;
        return;
    }
    if (mode < 0xA0) { /* row-major with the inner dim padded */
        row_major(t->dims, n, t->strides);
        int64_t pad = 1 + rd8(r) % 3;
        for (int d = 0; d < n; d++) {
            if (__builtin_mul_overflow(t->strides[d], pad, &t->strides[d])) {
                t->strides[d] = INT64_MAX;
            }
        }
        return;
    }
    if (mode < 0xC0) { /* a permutation of row-major: a transposed view */
        int64_t pd[MAX_DECODED_RANK], ps[MAX_DECODED_RANK];
        int rot = n > 0 ? rd8(r) % n : 0;
        for (int d = 0; d < n; d++) {
            pd[d] = t->dims[(d + rot) % n];
        }
        if (mode & 1) { /* reversed as well */
            for (int d = 0; d < n / 2; d++) {
                int64_t tmp = pd[d];
                pd[d] = pd[n - 1 - d];
                pd[n - 1 - d] = tmp;
            }
        }
        row_major(pd, n, ps);
        for (int d = 0; d < n; d++) { /* undo the permutation on the strides */
            int src = (mode & 1) ? n - 1 - d : d;
            t->strides[(src + rot) % n] = ps[d];
        }
        return;
    }
    for (int d = 0; d < n; d++) {
        uint8_t b = rd8(r);
        t->strides[d] = b < 0xC0 ? b % 9 : huge_strides[b % 16];
    }
}

static void decode_tensor(reader *r, tdesc *t, int index)
{
    memset(t, 0, sizeof *t);
    t->present = rd8(r) >= 0x08;
    uint8_t b = rd8(r);
    t->dt = b < 0xC0 ? op_dtypes[b % COUNT(op_dtypes)]
                     : (aclDataType)other_dtypes[b % COUNT(other_dtypes)];
    b = rd8(r);
    t->fmt = (aclFormat)(b < 0xF0 ? formats[b % 8] : formats[b % COUNT(formats)]);
    b = rd8(r);
    int n;
    if (b < 0xF8) {
        n = b % (MAX_DECODED_RANK + 1);
        t->ndim = (uint64_t)n;
    } else if (b < 0xFB) {
        static const uint64_t big[] = {33, UINT64_MAX, 64};
        t->ndim = big[b - 0xF8];
        n = 0;
    } else {
        n = b % (MAX_DECODED_RANK + 1);
        t->ndim = (uint64_t)(n == 0 ? 1 : n);
        t->dims_null = 1;
    }
    for (int d = 0; d < n; d++) {
        t->dims[d] = read_dim(r);
    }
    decode_strides(r, t, n);
    b = rd8(r);
    t->offset = b < 0xC0 ? b % 8 : huge_offsets[b % 16];
    b = rd8(r);
    if (b < 0x60) {
        t->storage_null = 1;
    } else if (b < 0xE0) { /* 1-D storage holding the view, plus some slack */
        int64_t st[MAX_DECODED_RANK];
        if (t->stride_null) {
            row_major(t->dims, n, st);
        } else {
            memcpy(st, t->strides, sizeof st);
        }
        int64_t need = view_needed_elems(t->dims, st, n, t->offset);
        t->sndim = 1;
        int64_t slack = b < 0xC0 ? 0 : b % 7;
        t->sdims[0] = need < 0 ? 1 : need > INT64_MAX - slack ? INT64_MAX : need + slack;
    } else {
        t->sndim = rd8(r) % (MAX_STORAGE_RANK + 1);
        for (uint64_t d = 0; d < t->sndim; d++) {
            t->sdims[d] = read_dim(r);
        }
        t->storage_null = b == 0xFF && t->sndim > 0; /* NULL storageDims with a count */
    }
    b = rd8(r);
    t->buffer = b < 0xA0 ? index : b % NT;
    t->data_null = b == 0xFF;
}

static void encode_scalar_value(sdesc *s, float v)
{
    memset(s->bytes, 0, sizeof s->bytes);
    union {
        float f; double d; int8_t i8; int16_t i16; int32_t i32; int64_t i64;
        uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
    } u;
    memset(&u, 0, sizeof u);
    /* integers get a saturated, NaN-free value: the bytes are what matters */
    double d = v != v ? 0.0 : v > 1e18 ? 1e18 : v < -1e18 ? -1e18 : v;
    switch ((int)s->dt) {
    case ACL_FLOAT: u.f = v; break;
    case ACL_DOUBLE: u.d = v; break;
    case ACL_FLOAT16: u.u16 = opsnn_f32_to_f16(v); break;
    case ACL_BF16: u.u16 = opsnn_f32_to_bf16(v); break;
    case ACL_INT8: u.i8 = (int8_t)(d > 127 ? 127 : d < -128 ? -128 : d); break;
    case ACL_INT16: u.i16 = (int16_t)(d > 32767 ? 32767 : d < -32768 ? -32768 : d); break;
    case ACL_INT32: u.i32 = (int32_t)(d > 2e9 ? 2e9 : d < -2e9 ? -2e9 : d); break;
    case ACL_INT64: u.i64 = (int64_t)d; break;
    case ACL_UINT8: u.u8 = (uint8_t)(d < 0 ? 0 : d > 255 ? 255 : d); break;
    case ACL_UINT16: u.u16 = (uint16_t)(d < 0 ? 0 : d > 65535 ? 65535 : d); break;
    case ACL_UINT32: u.u32 = (uint32_t)(d < 0 ? 0 : d > 4e9 ? 4e9 : d); break;
    case ACL_UINT64: u.u64 = (uint64_t)(d < 0 ? 0 : d); break;
    case ACL_BOOL: u.u8 = v != 0.0f; break;
    default: u.f = v; break;
    }
    memcpy(s->bytes, &u, sizeof s->bytes);
}

static void decode(const uint8_t *data, size_t size, fuzz_case *c)
{
    reader r = {data, size, 0};
    memset(c, 0, sizeof *c);
    uint8_t b = rd8(&r);
    c->ws_null = b == 0xFE;
    c->ex_null = b == 0xFF;
    b = rd8(&r);
    c->mode = (b & 0x7f) % 6;
    c->use_stream = (b & 0x80) != 0;
    c->seed = rd32(&r);
    c->value_style = rd8(&r) % 4;
    for (int i = 0; i < NT; i++) {
        decode_tensor(&r, &c->t[i], i);
    }
    c->lambda.present = rd8(&r) >= 0x08;
    c->lambda.dt = (aclDataType)scalar_dtypes[rd8(&r) % COUNT(scalar_dtypes)];
    b = rd8(&r);
    if (b < 0xC0) {
        encode_scalar_value(&c->lambda, nice_scalars[b % 16]);
    } else {
        for (int k = 0; k < 8; k++) {
            c->lambda.bytes[k] = rd8(&r);
        }
    }
}

/* ---- buffers ---- */

typedef struct {
    unsigned char *p; /* malloc'ed, exactly `size` bytes (NULL when size == 0) */
    int64_t size;
    int ok; /* every tensor on it fits: phase 2 may run */
    unsigned char *snapshot;
} buffer;

static unsigned char dummy_storage[64];

static aclTensor *create_tensor(const tdesc *t, void *data)
{
    int64_t *dims = NULL, *strides = NULL, *sdims = NULL;
    int n = t->ndim <= MAX_DECODED_RANK ? (int)t->ndim : 0;
    /* exact-size copies, so that an over-read is an ASan report */
    int64_t big_dims[MAX_DECODED_RANK] = {0};
    if (t->ndim > MAX_DECODED_RANK) {
        dims = big_dims; /* must be rejected before any is read */
    } else if (!t->dims_null && n > 0) {
        dims = malloc((size_t)n * sizeof *dims);
        memcpy(dims, t->dims, (size_t)n * sizeof *dims);
    }
    if (!t->stride_null && n > 0) {
        strides = malloc((size_t)n * sizeof *strides);
        memcpy(strides, t->strides, (size_t)n * sizeof *strides);
    }
    if (!t->storage_null) {
        sdims = malloc(t->sndim > 0 ? (size_t)t->sndim * sizeof *sdims : 1);
        memcpy(sdims, t->sdims, (size_t)t->sndim * sizeof *sdims);
    }
    aclTensor *out = aclCreateTensor(dims, t->ndim, t->dt, strides, t->offset, t->fmt, sdims,
                                     t->sndim, data);
    if (dims != big_dims) {
        free(dims);
    }
    free(strides);
    free(sdims);
    return out;
}

/* Facts about a tensor the library accepted (its checks passed, so every
 * product and extent below fits). */
static void describe_created(tdesc *t)
{
    int n = (int)t->ndim;
    t->es = aclDataTypeSize(t->dt);
    t->numel = 1;
    for (int d = 0; d < n; d++) {
        t->numel = t->dims[d] == 0 ? 0 : t->numel;
    }
    if (t->numel != 0) {
        for (int d = 0; d < n; d++) {
            t->numel *= t->dims[d];
        }
    }
    if (t->stride_null) {
        row_major(t->dims, n, t->eff_strides);
    } else {
        memcpy(t->eff_strides, t->strides, sizeof t->eff_strides);
    }
    int64_t need = 0;
    if (!t->storage_null) {
        need = 1;
        for (uint64_t d = 0; d < t->sndim && need >= 0; d++) {
            if (t->sdims[d] == 0) {
                need = 0;
                break;
            }
            if (__builtin_mul_overflow(need, t->sdims[d], &need)) {
                need = -1;
            }
        }
    } else if (t->numel > 0) {
        need = view_needed_elems(t->dims, t->eff_strides, n, t->offset);
    }
    if (t->numel > 0) {
        t->last = view_needed_elems(t->dims, t->eff_strides, n, t->offset) - 1;
    }
    if (need < 0 || t->es == 0 || __builtin_mul_overflow(need, (int64_t)t->es, &t->need_bytes)) {
        t->need_bytes = -1;
    }
}

/* ---- the model of phase 1 ---- */

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Element offsets of a view in row-major index order (numel entries). */
static void view_offsets(const tdesc *t, int64_t *offs)
{
    int n = (int)t->ndim;
    int64_t idx[MAX_DECODED_RANK] = {0};
    for (int64_t i = 0; i < t->numel; i++) {
        int64_t off = t->offset;
        for (int d = 0; d < n; d++) {
            off += idx[d] * t->eff_strides[d];
        }
        offs[i] = off;
        for (int d = n - 1; d >= 0; d--) {
            if (++idx[d] < t->dims[d]) {
                break;
            }
            idx[d] = 0;
        }
    }
}

/* 1: two elements share an address; 0: none do; -1: too large to decide. */
static int model_self_overlap(const tdesc *t)
{
    if (t->numel <= 1) {
        return 0;
    }
    for (uint64_t d = 0; d < t->ndim; d++) {
        if (t->dims[d] > 1 && t->eff_strides[d] == 0) {
            return 1;
        }
    }
    if (t->numel > MODEL_EXACT_OVERLAP) {
        return -1;
    }
    int64_t *offs = malloc((size_t)t->numel * sizeof *offs);
    view_offsets(t, offs);
    qsort(offs, (size_t)t->numel, sizeof *offs, cmp_i64);
    int dup = 0;
    for (int64_t i = 1; i < t->numel && !dup; i++) {
        dup = offs[i] == offs[i - 1];
    }
    free(offs);
    return dup;
}

/* Right-aligned broadcast of a and b into shape; 0 when impossible. */
static int model_broadcast(const tdesc *a, const tdesc *b, int64_t *shape, int *ndim)
{
    int n = a->ndim > b->ndim ? (int)a->ndim : (int)b->ndim;
    for (int d = 0; d < n; d++) {
        int da = d - (n - (int)a->ndim), db = d - (n - (int)b->ndim);
        int64_t x = da >= 0 ? a->dims[da] : 1, y = db >= 0 ? b->dims[db] : 1;
        if (x != y && x != 1 && y != 1) {
            return 0;
        }
        shape[d] = x == 1 ? y : x;
    }
    *ndim = n;
    return 1;
}

static int same_shape(const tdesc *t, const int64_t *shape, int ndim)
{
    if ((int)t->ndim != ndim) {
        return 0;
    }
    for (int d = 0; d < ndim; d++) {
        if (t->dims[d] != shape[d]) {
            return 0;
        }
    }
    return 1;
}

#define MODEL_EITHER (-2) /* SUCCESS or PARAM_INVALID (overlap undecided) */

static aclnnStatus finish_with_overlap(const tdesc *out)
{
    int ov = model_self_overlap(out);
    return ov == 1 ? ACLNN_ERR_PARAM_INVALID : ov == 0 ? ACLNN_SUCCESS : MODEL_EITHER;
}

static int verbose_env(void)
{
    return getenv("FUZZ_OPS_VERBOSE") != NULL && getenv("FUZZ_OPS_VERBOSE")[0] == '1';
}

/* ---- the operators: the modelled rows of the manifest ---- */

typedef struct {
    const char *name;
    uint64_t (*elem)(const uint64_t *in, const aclDataType *in_dt, aclDataType out_dt, const float *scalars);
    int (*dtypes_ok)(const aclDataType *dt);
    int (*max_rank)(void);
    aclnnStatus (*scalars_ok)(const float *scalars);
} fuzz_model;

static const fuzz_model MODELS[] = {
#define OPSNN_DEF_MODELS
#define OPSNN_MODEL(name) \
    {#name, model_##name, model_##name##_dtypes_ok, model_##name##_max_rank, model_##name##_scalars_ok},
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
};

/* The modelled rows whose phase 1 returns success at an empty tensor input,
 * before the shape checks (their phase 2 writes nothing). */
static const char *const EMPTY_EARLY[] = {
#define OPSNN_DEF_MODELS
#define OPSNN_MODEL_EMPTY_EARLY(name) #name,
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
    NULL,
};

/* One operator as the harness drives it: its tensor inputs are t[0..nin),
 * its output t[2], its scalar (if any) the decoded one. */
typedef struct {
    const opsnn_op_meta *m;
    const fuzz_model *model;
    int nin;
    int scalar_arg; /* -1: none */
    int arg_tensor[8]; /* the t[] index of each argument (-1: the scalar) */
    int empty_early; /* an OPSNN_MODEL_EMPTY_EARLY row */
} fuzz_op;

static fuzz_op OPS[16];
static int NOPS;

static void find_ops(void)
{
    for (size_t k = 0; k < sizeof MODELS / sizeof MODELS[0]; k++) {
        const opsnn_op_meta *m = opsnn_op_lookup(MODELS[k].name);
        CHECK(m != NULL, "model %s names no operator of the library", MODELS[k].name);
        fuzz_op op = {m, &MODELS[k], 0, -1, {0}, 0};
        for (int e = 0; EMPTY_EARLY[e] != NULL; e++) {
            op.empty_early |= strcmp(EMPTY_EARLY[e], MODELS[k].name) == 0;
        }
        int nout = 0, fits = m->nargs <= 8;
        for (int i = 0; fits && i < m->nargs; i++) {
            switch (m->args[i].kind) {
            case OPSNN_ARG_TENSOR_IN:
                op.arg_tensor[i] = op.nin++;
                break;
            case OPSNN_ARG_TENSOR_OUT:
                op.arg_tensor[i] = NT - 1;
                nout++;
                break;
            case OPSNN_ARG_SCALAR:
                fits &= op.scalar_arg < 0;
                op.scalar_arg = i;
                op.arg_tensor[i] = -1;
                break;
            default: /* in place: not this harness's shape */
                fits = 0;
                break;
            }
        }
        if (fits && nout == 1 && op.nin >= 1 && op.nin <= NT - 1 && NOPS < (int)COUNT(OPS)) {
            OPS[NOPS++] = op;
        } else if (verbose_env()) {
            fprintf(stderr, "fuzz_ops: %s does not fit the harness (one or two inputs, one output, <= 1 scalar)\n",
                    m->api);
        }
    }
    CHECK(NOPS > 0, "no operator to fuzz");
}

/* The operands of op in signature order. */
static void operands(const fuzz_op *op, const fuzz_case *c, void **o)
{
    for (int i = 0; i < op->m->nargs; i++) {
        o[i] = op->arg_tensor[i] < 0 ? (void *)c->lambda.s : (void *)c->t[op->arg_tensor[i]].t;
    }
}

/* 1 when phase 1 returns at once for an empty tensor input (an
 * OPSNN_MODEL_EMPTY_EARLY row) and phase 2 then writes nothing. */
static int writes_nothing(const fuzz_op *op, const fuzz_case *c)
{
    for (int k = 0; op->empty_early && k < op->nin; k++) {
        if (c->t[k].numel == 0) {
            return 1;
        }
    }
    return 0;
}

/* The model of phase 1: NULLs, then the operator's dtype, rank and scalar
 * rules, the shapes (broadcast when the operator broadcasts, else all equal),
 * then internal overlap of the output. */
static aclnnStatus model_status(const fuzz_op *op, const fuzz_case *c, float *scalars)
{
    const tdesc *y = &c->t[NT - 1];
    for (int i = 0; i < op->m->nargs; i++) {
        if (op->arg_tensor[i] < 0 ? c->lambda.s == NULL : c->t[op->arg_tensor[i]].t == NULL) {
            return ACLNN_ERR_PARAM_NULLPTR;
        }
    }
    if (c->ws_null || c->ex_null) {
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    aclDataType dts[8];
    int nt = 0;
    for (int i = 0; i < op->m->nargs; i++) {
        if (op->arg_tensor[i] >= 0) {
            dts[nt++] = c->t[op->arg_tensor[i]].dt;
        }
    }
    if (!op->model->dtypes_ok(dts)) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* every tensor's rank, the output's too: an operator that checks only its
     * inputs refuses a longer output at its shape check, with the same status */
    int max_rank = op->model->max_rank();
    for (int k = 0; max_rank > 0 && k < NT; k++) {
        if ((k < op->nin || k == NT - 1) && c->t[k].ndim > (uint64_t)max_rank) {
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    if (writes_nothing(op, c)) {
        return ACLNN_SUCCESS;
    }
    int64_t shape[MAX_DECODED_RANK];
    int ndim = (int)c->t[0].ndim;
    memcpy(shape, c->t[0].dims, sizeof shape);
    for (int k = 1; k < op->nin; k++) {
        if (opsnn_op_flags(op->m) & OPSNN_OP_BROADCAST) {
            tdesc acc = c->t[0];
            acc.ndim = (uint64_t)ndim;
            memcpy(acc.dims, shape, sizeof shape);
            if (!model_broadcast(&acc, &c->t[k], shape, &ndim)) {
                return ACLNN_ERR_PARAM_INVALID;
            }
        } else if (!same_shape(&c->t[k], shape, ndim)) {
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    if (!same_shape(y, shape, ndim)) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (op->scalar_arg >= 0) {
        double as_double;
        if (!model_scalar_value(c->lambda.bytes, c->lambda.dt, &scalars[op->scalar_arg], &as_double)) {
            return ACLNN_ERR_PARAM_INVALID; /* unreachable: the scalar was created */
        }
        aclnnStatus st = op->model->scalars_ok(scalars);
        if (st != ACLNN_SUCCESS) {
            return st;
        }
    }
    return finish_with_overlap(y);
}

/* ---- phase 2 checking ---- */

typedef struct {
    fuzz_case *c;
    buffer *buf;
    const fuzz_op *op;
    float scalars[8]; /* the scalar's value at its argument index */
    int out_buffer; /* where the output's data is now (rebinding moves it) */
} run_ctx;

static void snapshot_all(buffer *buf)
{
    for (int b = 0; b < NB; b++) {
        if (buf[b].size > 0) {
            memcpy(buf[b].snapshot, buf[b].p, (size_t)buf[b].size);
        }
    }
}

static void restore_all(buffer *buf)
{
    for (int b = 0; b < NB; b++) {
        if (buf[b].size > 0) {
            memcpy(buf[b].p, buf[b].snapshot, (size_t)buf[b].size);
        }
    }
}

/* Offset of the input element that output index idx reads (broadcast aware). */
static int64_t input_offset(const tdesc *t, const int64_t *idx, int out_ndim)
{
    int64_t off = t->offset;
    int lead = out_ndim - (int)t->ndim;
    for (int d = 0; d < (int)t->ndim; d++) {
        int64_t i = t->dims[d] == 1 ? 0 : idx[d + lead];
        off += i * t->eff_strides[d];
    }
    return off;
}

/* Every output element equals the model, computed from the snapshot; every
 * other byte of every buffer is unchanged. */
static void check_results(const run_ctx *rc)
{
    const fuzz_case *c = rc->c;
    const tdesc *y = &c->t[NT - 1];
    buffer *buf = rc->buf;
    int n = (int)y->ndim, nin = rc->op->nin;
    int64_t idx[MAX_DECODED_RANK] = {0};
    /* an early return for an empty input writes nothing: every byte stays */
    int64_t numel = writes_nothing(rc->op, c) ? 0 : y->numel;
    for (int64_t i = 0; i < numel; i++) {
        int64_t yo = input_offset(y, idx, n);
        uint64_t v[NT] = {0};
        aclDataType dts[NT];
        for (int k = 0; k < nin; k++) {
            const tdesc *t = &c->t[k];
            v[k] = model_load(buf[t->buffer].snapshot + input_offset(t, idx, n) * (int64_t)t->es, t->dt);
            dts[k] = t->dt;
        }
        uint64_t want = rc->op->model->elem(v, dts, y->dt, rc->scalars);
        uint64_t got = model_load(buf[rc->out_buffer].p + yo * (int64_t)y->es, y->dt);
        CHECK(got == want, "%s: element %lld (offset %lld): got 0x%llx, want 0x%llx (inputs 0x%llx, 0x%llx)",
              rc->op->m->name, (long long)i, (long long)yo, (unsigned long long)got, (unsigned long long)want,
              (unsigned long long)v[0], (unsigned long long)v[1]);
        for (int d = n - 1; d >= 0; d--) {
            if (++idx[d] < y->dims[d]) {
                break;
            }
            idx[d] = 0;
        }
    }
    /* The view's bytes are checked above: take them from the result, then the
     * whole buffer must equal the snapshot. */
    int64_t *offs = numel > 0 ? malloc((size_t)numel * sizeof *offs) : NULL;
    if (numel > 0) {
        view_offsets(y, offs);
    }
    for (int64_t i = 0; i < numel; i++) {
        int64_t at = offs[i] * (int64_t)y->es;
        memcpy(buf[rc->out_buffer].snapshot + at, buf[rc->out_buffer].p + at, y->es);
    }
    free(offs);
    for (int b = 0; b < NB; b++) {
        if (buf[b].size == 0 || memcmp(buf[b].p, buf[b].snapshot, (size_t)buf[b].size) == 0) {
            continue;
        }
        for (int64_t k = 0; k < buf[b].size; k++) {
            CHECK(buf[b].p[k] == buf[b].snapshot[k],
                  "buffer %d byte %lld outside the output view changed: 0x%02x -> 0x%02x", b,
                  (long long)k, buf[b].snapshot[k], buf[b].p[k]);
        }
    }
}

static aclnnStatus phase2(const fuzz_op *op, void *ws, uint64_t ws_size, aclOpExecutor *ex, aclrtStream s)
{
    return op->m->run(ws, ws_size, ex, s);
}

static void expect_stale(const fuzz_op *op, aclOpExecutor *ex)
{
    /* the registry answers for a freed executor (the pointer is never read) */
    aclnnStatus st = phase2(op, NULL, 0, ex, NULL);
    CHECK(st == ACLNN_ERR_PARAM_INVALID, "stale executor ran: status %d", (int)st);
}

static void run_checked(const run_ctx *rc, aclOpExecutor *ex, void *ws, uint64_t ws_size,
                        aclrtStream stream)
{
    snapshot_all(rc->buf);
    aclnnStatus st = phase2(rc->op, ws, ws_size, ex, stream);
    CHECK(st == ACLNN_SUCCESS, "phase 2 failed: %d", (int)st);
    check_results(rc);
}

/* Workspace phase 2 needs when gradInput's data is out_data (docs/api/): none
 * when it is exactly in place on an input or touches no input's bytes. */
static int same_layout(const tdesc *in, const tdesc *out, const void *out_data)
{
    if (in->data != out_data || in->offset != out->offset || in->es != out->es) {
        return 0;
    }
    int n = (int)out->ndim, lead = n - (int)in->ndim;
    for (int d = 0; d < n; d++) {
        int di = d - lead;
        int64_t s = di < 0 || in->dims[di] == 1 ? 0 : in->eff_strides[di];
        if (out->dims[d] > 1 && s != out->eff_strides[d]) {
            return 0;
        }
    }
    return 1;
}

static uint64_t model_workspace(const fuzz_case *c, int nin, const void *out_data)
{
    const tdesc *y = &c->t[NT - 1];
    if (y->numel == 0) {
        return 0;
    }
    uintptr_t olo = (uintptr_t)out_data + (uintptr_t)y->offset * y->es;
    uintptr_t ohi = (uintptr_t)out_data + (uintptr_t)(y->last + 1) * y->es;
    for (int k = 0; k < nin; k++) {
        const tdesc *in = &c->t[k];
        if (in->numel == 0 || same_layout(in, y, out_data)) {
            continue;
        }
        uintptr_t ilo = (uintptr_t)in->data + (uintptr_t)in->offset * in->es;
        uintptr_t ihi = (uintptr_t)in->data + (uintptr_t)(in->last + 1) * in->es;
        if (ilo < ohi && olo < ihi) {
            return ((uint64_t)y->numel * y->es + 63) & ~(uint64_t)63;
        }
    }
    return 0;
}

/* A repeatable executor whose addresses change after phase 1: gradInput to a
 * copy of its buffer (never an overlap), then onto gradOutput's buffer, which
 * may create an overlap phase 1 did not see: that run must either be exact or,
 * when the workspace is too small for it, refused without writing. */
static void run_rebound(const run_ctx *rc, aclOpExecutor *ex, void *ws, uint64_t ws_size,
                        aclrtStream stream)
{
    const fuzz_case *c = rc->c;
    const tdesc *g = &c->t[0], *y = &c->t[NT - 1];
    buffer *buf = rc->buf;
    int nin = rc->op->nin;
    CHECK(aclSetAclOpExecutorRepeatable(ex) == ACLNN_SUCCESS, "repeatable");
    CHECK(aclSetInputTensorAddr(ex, (size_t)nin, NULL, ws) == ACLNN_ERR_PARAM_INVALID, "input index %d", nin);
    CHECK(aclSetOutputTensorAddr(ex, 1, NULL, ws) == ACLNN_ERR_PARAM_INVALID, "output index 1");
    if (y->numel == 0) {
        run_checked(rc, ex, ws, ws_size, stream);
    } else {
        for (int k = 0; k < nin; k++) { /* the same addresses again: a no-op */
            CHECK(aclSetInputTensorAddr(ex, (size_t)k, NULL, c->t[k].data) == ACLNN_SUCCESS,
                  "rebind input %d", k);
        }
        buffer *alt = &buf[NT];
        const buffer *home = &buf[y->buffer];
        alt->size = home->size;
        alt->p = malloc((size_t)alt->size);
        alt->snapshot = malloc((size_t)alt->size);
        memcpy(alt->p, home->p, (size_t)alt->size);
        CHECK(aclSetOutputTensorAddr(ex, 0, NULL, alt->p) == ACLNN_SUCCESS, "rebind output");
        CHECK(model_workspace(c, nin, alt->p) == 0, "a fresh buffer overlaps");
        run_ctx moved = *rc;
        moved.out_buffer = NT;
        run_checked(&moved, ex, ws, ws_size, stream);
        int64_t extent = (y->last + 1) * (int64_t)y->es;
        if (buf[g->buffer].p != NULL && extent <= buf[g->buffer].size) {
            void *target = buf[g->buffer].p;
            /* an early return for an empty input writes nothing: no overlap to fear */
            uint64_t need = writes_nothing(rc->op, c) ? 0 : model_workspace(c, nin, target);
            CHECK(aclSetOutputTensorAddr(ex, 0, NULL, target) == ACLNN_SUCCESS, "rebind onto g");
            snapshot_all(buf);
            aclnnStatus st = phase2(rc->op, ws, ws_size, ex, stream);
            if (need > ws_size) {
                CHECK(st == ACLNN_ERR_PARAM_INVALID, "rebound into an overlap: %d", (int)st);
                for (int b = 0; b < NB; b++) {
                    CHECK(buf[b].size == 0 ||
                              memcmp(buf[b].p, buf[b].snapshot, (size_t)buf[b].size) == 0,
                          "a refused phase 2 wrote buffer %d", b);
                }
            } else {
                CHECK(st == ACLNN_SUCCESS, "rebound run: %d (need %llu, workspace %llu)", (int)st,
                      (unsigned long long)need, (unsigned long long)ws_size);
                moved.out_buffer = g->buffer;
                check_results(&moved);
            }
        }
        free(alt->p);
        free(alt->snapshot);
        memset(alt, 0, sizeof *alt);
    }
    CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS, "destroy rebound");
    expect_stale(rc->op, ex);
}

/* An operator of the library other than m (whose phase 2 must refuse m's executor). */
static const opsnn_op_meta *other_op(const opsnn_op_meta *m)
{
    for (size_t i = 0; opsnn_op_at(i) != NULL; i++) {
        if (opsnn_op_at(i) != m) {
            return opsnn_op_at(i);
        }
    }
    CHECK(0, "the library has a single operator: no wrong-operator call");
    return m;
}

static void run_phase2(const run_ctx *rc, aclOpExecutor *ex, uint64_t ws_size)
{
    const fuzz_case *c = rc->c;
    unsigned char *ws = ws_size > 0 ? malloc(ws_size) : NULL;
    aclrtStream stream = NULL;
    if (c->use_stream) {
        CHECK(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");
    }
    aclnnStatus st;
    switch (c->mode) {
    case 1: /* a workspace one byte short (or NULL) is refused; the executor survives */
        if (ws_size > 0) {
            st = phase2(rc->op, ws, ws_size - 1, ex, stream);
            CHECK(st == ACLNN_ERR_PARAM_INVALID, "short workspace: %d", (int)st);
            st = phase2(rc->op, NULL, ws_size, ex, stream);
            CHECK(st == ACLNN_ERR_PARAM_INVALID, "NULL workspace: %d", (int)st);
        }
        run_checked(rc, ex, ws, ws_size, stream);
        expect_stale(rc->op, ex);
        break;
    case 2: /* repeatable: two runs from the same inputs, then destroy */
        CHECK(aclSetAclOpExecutorRepeatable(ex) == ACLNN_SUCCESS, "repeatable");
        run_checked(rc, ex, ws, ws_size, stream);
        restore_all(rc->buf);
        run_checked(rc, ex, ws, ws_size, stream);
        CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS, "destroy repeatable");
        expect_stale(rc->op, ex);
        CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_ERR_PARAM_INVALID, "double destroy");
        break;
    case 3: /* destroyed before running */
        CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS, "destroy unrun");
        expect_stale(rc->op, ex);
        break;
    case 4: /* the other operator's phase 2 and a destroyed stream are refused;
             * the executor then runs normally */
        snapshot_all(rc->buf);
        st = other_op(rc->op->m)->run(ws, ws_size, ex, stream);
        CHECK(st == ACLNN_ERR_PARAM_INVALID, "wrong operator: %d", (int)st);
        aclrtStream dead = NULL;
        CHECK(aclrtCreateStream(&dead) == ACL_SUCCESS && aclrtDestroyStream(dead) == ACL_SUCCESS,
              "stream");
        st = phase2(rc->op, ws, ws_size, ex, dead);
        CHECK(st == ACLNN_ERR_PARAM_INVALID, "destroyed stream: %d", (int)st);
        for (int b = 0; b < NB; b++) {
            CHECK(rc->buf[b].size == 0 ||
                      memcmp(rc->buf[b].p, rc->buf[b].snapshot, (size_t)rc->buf[b].size) == 0,
                  "a refused phase 2 wrote buffer %d", b);
        }
        run_checked(rc, ex, ws, ws_size, stream);
        break;
    case 5:
        run_rebound(rc, ex, ws, ws_size, stream);
        break;
    default:
        run_checked(rc, ex, ws, ws_size, stream);
        expect_stale(rc->op, ex);
        break;
    }
    if (stream != NULL) {
        CHECK(aclrtDestroyStream(stream) == ACL_SUCCESS, "aclrtDestroyStream");
    }
    free(ws);
}

/* ---- one input ---- */

static int buffers_ok(const fuzz_case *c, const buffer *buf)
{
    for (int i = 0; i < NT; i++) {
        if (c->t[i].t != NULL && c->t[i].numel > 0 && !buf[c->t[i].buffer].ok) {
            return 0;
        }
    }
    return 1;
}

/* FUZZ_OPS_VERBOSE=1: one line per operator per input (for checking seeds). */
static int verbose;

static void run_op(fuzz_case *c, buffer *buf, const fuzz_op *op)
{
    char api[128];
    snprintf(api, sizeof api, "%s: ", op->m->api);
    run_ctx rc = {c, buf, op, {0}, c->t[NT - 1].buffer};
    aclnnStatus want = model_status(op, c, rc.scalars);
    aclOpExecutor *const sentinel = (aclOpExecutor *)(uintptr_t)0x5eed1e55u;
    aclOpExecutor *ex = sentinel;
    uint64_t ws_size = 0xfeedfacecafebeefu;
    uint64_t *wsp = c->ws_null ? NULL : &ws_size;
    aclOpExecutor **exp = c->ex_null ? NULL : &ex;
    void *o[8];
    operands(op, c, o);
    aclnnStatus st = op->m->get_workspace_size(o, wsp, exp);
    CHECK(st == want || (want == MODEL_EITHER &&
                         (st == ACLNN_SUCCESS || st == ACLNN_ERR_PARAM_INVALID)),
          "%sphase 1 returned %d, the model says %d", api, (int)st, (int)want);
    if (st != ACLNN_SUCCESS) {
        const char *msg = aclGetRecentErrMsg(); /* obtains and clears: read once */
        if (verbose) {
            fprintf(stderr, "  %s status %d: %s\n", op->m->name, (int)st, msg != NULL ? msg : "(none)");
        }
        CHECK(ex == sentinel && ws_size == 0xfeedfacecafebeefu,
              "failed phase 1 wrote its outputs");
        CHECK(msg != NULL && strncmp(msg, api, strlen(api)) == 0,
              "message of a failed phase 1 does not name the operator");
        return;
    }
    CHECK(ex != sentinel && ex != NULL, "phase 1 succeeded without an executor");
    if (verbose) {
        fprintf(stderr, "  %s ok, workspace %llu, numel %lld, phase 2: %s (mode %d)\n", op->m->name,
                (unsigned long long)ws_size, (long long)c->t[NT - 1].numel,
                buffers_ok(c, buf) ? "runs" : "skipped", c->mode);
    }
    const tdesc *y = &c->t[NT - 1];
    CHECK(ws_size == 0 || ws_size >= (uint64_t)y->numel * y->es,
          "workspace %llu cannot hold the output", (unsigned long long)ws_size);
    if (!buffers_ok(c, buf)) {
        CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS, "destroy");
        return;
    }
    run_phase2(&rc, ex, ws_size);
}

/* Values an operator finds interesting, in the view of each input. */
static void fill_values(const fuzz_case *c, buffer *buf)
{
    uint32_t s = c->seed | 1u;
    for (int b = 0; b < NT; b++) {
        for (int64_t k = 0; k < buf[b].size; k++) {
            s ^= s << 13, s ^= s >> 17, s ^= s << 5;
            buf[b].p[k] = (unsigned char)s;
        }
    }
    if (c->value_style == 0) {
        return; /* random bits: NaNs, infinities, subnormals, any integer */
    }
    static const float specials[] = {NAN, -NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 1e-40f,
                                     65504.0f, 65520.0f, 3.4e38f, 1.2f, -1.2f, 0.5f, -0.5f};
    for (int i = 0; i < 2; i++) {
        const tdesc *t = &c->t[i];
        if (t->t == NULL || t->numel == 0 || !buf[t->buffer].ok || t->numel > BUFFER_CAP) {
            continue;
        }
        int64_t *offs = malloc((size_t)t->numel * sizeof *offs);
        view_offsets(t, offs);
        for (int64_t e = 0; e < t->numel; e++) {
            s ^= s << 13, s ^= s >> 17, s ^= s << 5;
            float v = c->value_style == 1 ? (float)((int)(s % 33) - 16) * 0.25f
                      : c->value_style == 2 ? specials[s % COUNT(specials)]
                                            : (s & 1) ? specials[(s >> 1) % COUNT(specials)]
                                                      : (float)((int)(s % 33) - 16) * 0.25f;
            uint64_t bits = t->dt == ACL_INT8 || t->dt == ACL_INT32
                                ? (uint64_t)(uint32_t)(int32_t)(v != v ? 0 : v > 1e9f ? 1e9f
                                                                   : v < -1e9f ? -1e9f : v)
                                : model_from_f32(v, t->dt);
            model_store(buf[t->buffer].p + offs[e] * (int64_t)t->es, t->dt, bits);
        }
        free(offs);
    }
}

static void setup_buffers(fuzz_case *c, buffer *buf)
{
    memset(buf, 0, NB * sizeof *buf);
    for (int b = 0; b < NT; b++) {
        buf[b].ok = 1;
    }
    /* pass 1: which descriptors does the library accept, and what do they need */
    for (int i = 0; i < NT; i++) {
        tdesc *t = &c->t[i];
        if (!t->present) {
            continue;
        }
        aclTensor *probe = create_tensor(t, t->data_null ? NULL : dummy_storage);
        if (probe == NULL) {
            continue;
        }
        aclDestroyTensor(probe);
        describe_created(t);
        t->t = (aclTensor *)1; /* marks "accepted"; replaced below */
        buffer *bf = &buf[t->buffer];
        if (t->numel == 0 && t->need_bytes <= 0) {
            continue;
        }
        if (t->need_bytes < 0 || t->need_bytes > BUFFER_CAP) {
            bf->ok = 0;
        } else if (t->need_bytes > bf->size) {
            bf->size = t->need_bytes;
        }
    }
    for (int b = 0; b < NT; b++) {
        if (!buf[b].ok) {
            buf[b].size = 0;
        }
        if (buf[b].size > 0) {
            buf[b].p = malloc((size_t)buf[b].size);
            buf[b].snapshot = malloc((size_t)buf[b].size);
        }
    }
    fill_values(c, buf);
    /* pass 2: the real tensors */
    for (int i = 0; i < NT; i++) {
        tdesc *t = &c->t[i];
        if (t->t == NULL) {
            continue;
        }
        buffer *bf = &buf[t->buffer];
        void *data = t->data_null ? NULL : bf->p != NULL ? (void *)bf->p : (void *)dummy_storage;
        t->data = data;
        t->t = create_tensor(t, data);
        CHECK(t->t != NULL, "tensor %d accepted once, then refused: %s", i, aclGetRecentErrMsg());
    }
    if (c->lambda.present) {
        c->lambda.s = aclCreateScalar(c->lambda.bytes, c->lambda.dt);
    }
}

static long live_before;

/* The registries allocate their first table once; do that before counting
 * live blocks, so that every input must return to the same count. */
static void warm_up(void)
{
    static int done;
    if (done) {
        return;
    }
    done = 1;
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0);
    setenv("OPSNN_NUM_THREADS", "2", 0);
    verbose = getenv("FUZZ_OPS_VERBOSE") != NULL && getenv("FUZZ_OPS_VERBOSE")[0] == '1';
    aclrtStream s;
    if (aclrtCreateStream(&s) == ACL_SUCCESS) {
        aclrtDestroyStream(s);
    }
    find_ops();
    int64_t dims[1] = {1};
    float v = 0.0f, lambda = 0.5f;
    aclTensor *t = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 0, &v);
    aclScalar *sc = aclCreateScalar(&lambda, ACL_FLOAT);
    void *o[8];
    for (int i = 0; i < OPS[0].m->nargs; i++) {
        o[i] = OPS[0].arg_tensor[i] < 0 ? (void *)sc : (void *)t;
    }
    uint64_t ws;
    aclOpExecutor *ex;
    if (OPS[0].m->get_workspace_size(o, &ws, &ex) == ACLNN_SUCCESS) {
        aclDestroyAclOpExecutor(ex);
    }
    aclDestroyScalar(sc);
    aclDestroyTensor(t);
    live_before = opsnn_test_alloc_live();
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    warm_up();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    warm_up();
    fuzz_case c;
    buffer buf[NB];
    decode(data, size, &c);
    setup_buffers(&c, buf);
    for (int k = 0; k < NOPS; k++) {
        run_op(&c, buf, &OPS[k]);
    }
    for (int i = 0; i < NT; i++) {
        if (c.t[i].t != NULL) {
            CHECK(aclDestroyTensor(c.t[i].t) == ACLNN_SUCCESS, "aclDestroyTensor");
        }
    }
    if (c.lambda.s != NULL) {
        CHECK(aclDestroyScalar(c.lambda.s) == ACLNN_SUCCESS, "aclDestroyScalar");
    }
    for (int b = 0; b < NB; b++) {
        free(buf[b].p);
        free(buf[b].snapshot);
    }
    CHECK(opsnn_test_alloc_live() == live_before, "%ld library blocks leaked",
          opsnn_test_alloc_live() - live_before);
    return 0;
}
