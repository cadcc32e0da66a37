/*
 * test_executor.c - the two-phase execution contract (docs/design.md) through the
 * public API: the plan phase 1 builds (opsnn/opsnn.h), executor lifecycles
 * (single-use, repeatable, destroyed, wrong operator, failed phase 2), new
 * data addresses, broadcasting, strided views, mixed dtypes, in-place and
 * overlapping outputs, empty and rank-0 tensors, determinism.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_hardshrink_backward.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_softshrink.h"
#include "common/sysinfo.h"
#include "executor/plan.h"
#include "kernels/kernels.h"
#include "opsnn/opsnn.h"
#include "test_util.h"

/* ---- views and cases ------------------------------------------------------ */

#define MAX_RANK 8

typedef struct {
    aclDataType dt;
    int rank;
    int64_t dims[MAX_RANK];
    int64_t strides[MAX_RANK];
    int64_t offset;
    int64_t storage; /* elements of the backing buffer the view lives in */
} vdesc;

/* strides NULL: row-major; storage: at least what the view reaches. */
static vdesc mkdesc(aclDataType dt, int rank, const int64_t *dims, const int64_t *strides, int64_t offset,
                    int64_t storage)
{
    vdesc v;
    memset(&v, 0, sizeof v);
    v.dt = dt;
    v.rank = rank;
    v.offset = offset;
    int64_t st = 1;
    bool empty = false;
    for (int d = rank - 1; d >= 0; d--) {
        v.dims[d] = dims[d];
        v.strides[d] = strides != NULL ? strides[d] : st;
        st *= dims[d];
        if (dims[d] == 0) {
            empty = true;
        }
    }
    int64_t need = offset + 1;
    for (int d = 0; d < rank; d++) {
        need += (v.dims[d] - 1) * v.strides[d];
    }
    if (empty) {
        need = offset > 0 ? offset : 1;
    }
    v.storage = storage > need ? storage : need;
    return v;
}

static size_t vbytes(const vdesc *v) { return (size_t)v->storage * tu_dtype_size(v->dt); }

static int64_t vnumel(const vdesc *v)
{
    int64_t n = 1;
    for (int d = 0; d < v->rank; d++) {
        n *= v->dims[d];
    }
    return n;
}

static aclTensor *vtensor(const vdesc *v, void *buf)
{
    int64_t storage = v->storage;
    return aclCreateTensor(v->rank ? v->dims : NULL, (uint64_t)v->rank, v->dt, v->rank ? v->strides : NULL,
                           v->offset, ACL_FORMAT_ND, &storage, 1, buf);
}

/* Element offset of `in` for output multi-index idx (NumPy right-aligned broadcasting). */
static int64_t bcast_off(const vdesc *in, const vdesc *out, const int64_t *idx)
{
    int64_t off = in->offset;
    for (int d = 0; d < in->rank; d++) {
        int od = d + out->rank - in->rank;
        int64_t i = in->dims[d] == 1 ? 0 : idx[od];
        off += i * in->strides[d];
    }
    return off;
}

enum { OP_SOFTSHRINK = 0, OP_SELU = 1 };

typedef struct {
    int op;
    vdesc g, x, o; /* x is self (softshrink) or result (selu) */
    void *gb, *xb, *ob;
    float lambda;
} op_case;

typedef struct {
    aclTensor *g, *x, *o;
    aclScalar *l;
    aclOpExecutor *ex;
    uint64_t ws;
    unsigned char *sg, *sx, *so; /* snapshots taken before phase 1 */
} op_run;

static unsigned char *snapshot(const void *buf, size_t bytes)
{
    unsigned char *s = malloc(bytes);
    assert_non_null(s);
    memcpy(s, buf, bytes);
    return s;
}

static tu_phase2_fn phase2_of(const op_case *c)
{
    return c->op == OP_SOFTSHRINK ? aclnnSoftshrinkBackward : aclnnSeluBackward;
}

static void plan(const op_case *c, op_run *r)
{
    memset(r, 0, sizeof *r);
    r->sg = snapshot(c->gb, vbytes(&c->g));
    r->sx = snapshot(c->xb, vbytes(&c->x));
    r->so = snapshot(c->ob, vbytes(&c->o));
    r->g = vtensor(&c->g, c->gb);
    r->x = vtensor(&c->x, c->xb);
    r->o = vtensor(&c->o, c->ob);
    assert_non_null(r->g);
    assert_non_null(r->x);
    assert_non_null(r->o);
    aclnnStatus st;
    r->ws = 12345;
    if (c->op == OP_SOFTSHRINK) {
        r->l = tu_scalar_f32(c->lambda);
        assert_non_null(r->l);
        st = aclnnSoftshrinkBackwardGetWorkspaceSize(r->g, r->x, r->l, r->o, &r->ws, &r->ex);
    } else {
        st = aclnnSeluBackwardGetWorkspaceSize(r->g, r->x, r->o, &r->ws, &r->ex);
    }
    assert_int_equal(st, ACLNN_SUCCESS);
    assert_non_null(r->ex);
}

static void release(op_run *r)
{
    if (r->l != NULL) {
        aclDestroyScalar(r->l);
    }
    if (r->g != NULL) {
        aclDestroyTensor(r->g);
    }
    if (r->x != NULL) {
        aclDestroyTensor(r->x);
    }
    if (r->o != NULL) {
        aclDestroyTensor(r->o);
    }
    free(r->sg);
    free(r->sx);
    free(r->so);
    memset(r, 0, sizeof *r);
}

/* The non-overlapping result: inputs read from the snapshots, written over a
 * copy of the output buffer as it was before the call. */
static unsigned char *expected(const op_case *c, const op_run *r)
{
    const vdesc *o = &c->o;
    size_t es = tu_dtype_size(o->dt);
    unsigned char *e = snapshot(r->so, vbytes(o));
    int64_t n = vnumel(o);
    int64_t idx[MAX_RANK] = {0};
    bool same = c->g.dt == c->x.dt && c->x.dt == o->dt;
    for (int64_t k = 0; k < n; k++) {
        int64_t og = bcast_off(&c->g, o, idx);
        int64_t ox = bcast_off(&c->x, o, idx);
        int64_t oo = bcast_off(o, o, idx);
        float gv = tu_load_f32(r->sg, c->g.dt, (size_t)og);
        float xv = tu_load_f32(r->sx, c->x.dt, (size_t)ox);
        if (c->op == OP_SELU) {
            tu_store_f32(e, o->dt, (size_t)oo, tu_selu_f32(gv, xv));
        } else if (!(isnan(xv) || fabsf(xv) > c->lambda)) {
            memset(e + (size_t)oo * es, 0, es);
        } else if (same) {
            memcpy(e + (size_t)oo * es, r->sg + (size_t)og * es, es);
        } else {
            tu_store_f32(e, o->dt, (size_t)oo, gv);
        }
        for (int d = o->rank - 1; d >= 0; d--) {
            if (++idx[d] < o->dims[d]) {
                break;
            }
            idx[d] = 0;
        }
    }
    return e;
}

static void check_output(const op_case *c, const op_run *r, const char *what)
{
    unsigned char *e = expected(c, r);
    tu_assert_bits_equal(c->ob, e, (size_t)c->o.storage, tu_dtype_size(c->o.dt), what);
    free(e);
}

/* Phase 2 with a workspace of exactly the planned size, then the check. */
static void execute_and_check(const op_case *c, op_run *r, const char *what)
{
    assert_int_equal(tu_run_phase2(phase2_of(c), r->ex, r->ws), ACLNN_SUCCESS);
    check_output(c, r, what);
}

/* Whole run: plan, execute, check, release; returns phase 1's workspace size. */
static uint64_t run_case(const op_case *c, const char *what)
{
    op_run r;
    plan(c, &r);
    uint64_t ws = r.ws;
    execute_and_check(c, &r, what);
    release(&r);
    return ws;
}

/* Deterministic values for a float buffer: mostly in [-3, 3], some specials. */
static void fill(tu_rng *rng, aclDataType dt, void *buf, int64_t count)
{
    static const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY};
    for (int64_t i = 0; i < count; i++) {
        uint32_t p = tu_below(rng, 16);
        float v;
        if (p == 0) {
            v = special[tu_below(rng, 6)];
        } else if (p == 1) {
            v = opsnn_bits_f32(tu_below(rng, 2) ? 0x7FC00000u : 0xFFC00001u);
        } else {
            v = tu_uniform(rng, -3.0f, 3.0f);
        }
        tu_store_f32(buf, dt, (size_t)i, v);
    }
}

/* A buffer for view v (calloc'ed then filled; free()d by the caller). */
static void *vbuffer(tu_rng *rng, const vdesc *v)
{
    void *b = calloc((size_t)v->storage, tu_dtype_size(v->dt));
    assert_non_null(b);
    fill(rng, v->dt, b, v->storage);
    return b;
}

/* A softshrink/selu case over three fresh buffers; free with free_case. */
static op_case new_case(int op, uint64_t seed, vdesc g, vdesc x, vdesc o)
{
    tu_rng rng = {seed};
    op_case c;
    memset(&c, 0, sizeof c);
    c.op = op;
    c.g = g;
    c.x = x;
    c.o = o;
    c.gb = vbuffer(&rng, &c.g);
    c.xb = vbuffer(&rng, &c.x);
    c.ob = vbuffer(&rng, &c.o);
    c.lambda = 1.0f;
    return c;
}

static void free_case(op_case *c)
{
    free(c->gb);
    free(c->xb);
    free(c->ob);
}

/* ---- plan inspection ------------------------------------------------------- */

typedef struct {
    opsnn_step_kind kind;
    int operand;
    int fused;
    aclDataType src, dst;
} want_step;

/* The plan must be exactly these steps. For KERNEL only kind and dtypes are
 * pinned; every fused step occupies no workspace. */
static void expect_plan(aclOpExecutor *ex, const want_step *w, int n)
{
    assert_int_equal(opsnn_plan_step_count(ex), n);
    for (int i = 0; i < n; i++) {
        opsnn_plan_step s;
        memset(&s, 0xCD, sizeof s);
        assert_int_equal(opsnn_plan_get_step(ex, i, &s), ACLNN_SUCCESS);
        assert_int_equal(s.kind, w[i].kind);
        assert_int_equal(s.src_dtype, w[i].src);
        assert_int_equal(s.dst_dtype, w[i].dst);
        if (w[i].kind != OPSNN_STEP_KERNEL) {
            assert_int_equal(s.operand, w[i].operand);
            assert_int_equal(s.fused, w[i].fused);
        }
        if (w[i].kind != OPSNN_STEP_VIEW_COPY || w[i].fused) {
            assert_int_equal(s.workspace_bytes, 0);
        }
    }
}

static const int64_t D23[] = {2, 3};
static const int64_t T23[] = {1, 2}; /* {2,3} view of a row-major {3,2}: transposed */

static void executor_plain_plan_is_single_kernel_step_without_workspace(void **state)
{
    (void)state;
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int op = 0; op < 2; op++) {
        for (int d = 0; d < 3; d++) {
            vdesc v = mkdesc(dts[d], 2, D23, NULL, 0, 0);
            op_case c = new_case(op, 11u + (uint64_t)d, v, v, v);
            op_run r;
            plan(&c, &r);
            assert_int_equal(r.ws, 0);
            const want_step w[1] = {{OPSNN_STEP_KERNEL, OPSNN_OPERAND_NONE, 0, dts[d], dts[d]}};
            expect_plan(r.ex, w, 1);
            execute_and_check(&c, &r, "plain");
            release(&r);
            free_case(&c);
        }
    }
}

static void executor_strided_input_plan_fuses_contiguous_step(void **state)
{
    (void)state;
    vdesc plain = mkdesc(ACL_FLOAT, 2, D23, NULL, 0, 0);
    vdesc strided = mkdesc(ACL_FLOAT, 2, D23, T23, 0, 6);
    op_case c = new_case(OP_SOFTSHRINK, 21, plain, strided, plain);
    op_run r;
    plan(&c, &r);
    assert_int_equal(r.ws, 0);
    const want_step w[2] = {{OPSNN_STEP_CONTIGUOUS, 1, 1, ACL_FLOAT, ACL_FLOAT},
                            {OPSNN_STEP_KERNEL, OPSNN_OPERAND_NONE, 0, ACL_FLOAT, ACL_FLOAT}};
    expect_plan(r.ex, w, 2);
    execute_and_check(&c, &r, "strided self");
    release(&r);
    free_case(&c);

    c = new_case(OP_SELU, 22, strided, plain, plain);
    plan(&c, &r);
    assert_int_equal(r.ws, 0);
    const want_step w2[2] = {{OPSNN_STEP_CONTIGUOUS, 0, 1, ACL_FLOAT, ACL_FLOAT},
                             {OPSNN_STEP_KERNEL, OPSNN_OPERAND_NONE, 0, ACL_FLOAT, ACL_FLOAT}};
    expect_plan(r.ex, w2, 2);
    execute_and_check(&c, &r, "selu strided gradOutput");
    release(&r);
    free_case(&c);
}

static void executor_broadcast_input_plan_fuses_broadcast_step(void **state)
{
    (void)state;
    const int64_t d3[] = {3};
    vdesc out = mkdesc(ACL_FLOAT, 2, D23, NULL, 0, 0);
    vdesc small = mkdesc(ACL_FLOAT, 1, d3, NULL, 0, 0);
    op_case c = new_case(OP_SOFTSHRINK, 31, small, out, out);
    op_run r;
    plan(&c, &r);
    assert_int_equal(r.ws, 0);
    const want_step w[2] = {{OPSNN_STEP_BROADCAST_TO, 0, 1, ACL_FLOAT, ACL_FLOAT},
                            {OPSNN_STEP_KERNEL, OPSNN_OPERAND_NONE, 0, ACL_FLOAT, ACL_FLOAT}};
    expect_plan(r.ex, w, 2);
    /* the dump is snprintf-like and names the steps */
    assert_string_equal(opsnn_step_kind_name(OPSNN_STEP_BROADCAST_TO), "BroadcastTo");
    assert_string_equal(opsnn_step_kind_name(OPSNN_STEP_CONTIGUOUS), "Contiguous");
    size_t len = opsnn_plan_dump(r.ex, NULL, 0);
    assert_true(len > 0);
    char *text = malloc(len + 1);
    assert_non_null(text);
    assert_int_equal(opsnn_plan_dump(r.ex, text, len + 1), len);
    assert_int_equal(strlen(text), len);
    assert_non_null(strstr(text, "BroadcastTo"));
    /* the broadcast [3] gradOutput is read once: 12 + 24 + 24 bytes, not
     * three [2, 3] operands; a call this small never streams */
    assert_non_null(strstr(text, "pass 0: kernel, 1 thread ("));
    assert_non_null(strstr(text, "plain stores, 60 bytes moved, 1 work item\n"));
    assert_null(strstr(text, "pass 1"));
    char small_buf[4];
    assert_int_equal(opsnn_plan_dump(r.ex, small_buf, sizeof small_buf), len);
    assert_int_equal(strlen(small_buf), sizeof small_buf - 1);
    free(text);
    execute_and_check(&c, &r, "broadcast gradOutput");
    release(&r);
    free_case(&c);
}

/* An n x n float32 tensor at `addr`, transposed ([n, n] view, strides [1, n])
 * or not. Phase 1 never touches the data, so the address need not be
 * memory: the plans below are made and destroyed, never run. */
static aclTensor *square_at(int64_t n, int transposed, uintptr_t addr)
{
    int64_t dims[2] = {n, n}, storage = n * n;
    int64_t strides[2] = {transposed ? 1 : n, transposed ? n : 1};
    return aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, &storage, 1,
                           (void *)addr);
}

/* A transposed input's gather prefetches the next columns only when the call
 * moves more than the last-level cache holds: a 48 KiB call's source is in
 * the cache, a 48 GiB call's cannot be (beyond any LLC the library
 * accepts, 72 MiB per CPU). */
static void executor_transposed_plan_prefetches_only_beyond_the_cache(void **state)
{
    (void)state;
    if (sizeof(uintptr_t) < 8) {
        skip(); /* the 48 GiB call needs a 64-bit address space */
    }
    static const struct {
        int64_t n;
        const char *want;
    } cases[] = {
        {64, "49152 bytes moved, gradOutput gathered in 64 x 64 panels (not prefetched), "},
        {65536, "51539607552 bytes moved, gradOutput gathered in 64 x 4096 panels "
                "(prefetched), "},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t n = cases[i].n;
        uintptr_t base = (uintptr_t)1 << 40, span = (uintptr_t)(n * n * 4) + 4096;
        aclTensor *g = square_at(n, 1, base), *x = square_at(n, 0, base + span),
                  *o = square_at(n, 0, base + 2 * span);
        float lambda = 0.5f;
        aclScalar *l = aclCreateScalar(&lambda, ACL_FLOAT);
        assert_non_null(g);
        assert_non_null(x);
        assert_non_null(o);
        assert_non_null(l);
        uint64_t ws = 1;
        aclOpExecutor *ex = NULL;
        assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, l, o, &ws, &ex),
                         ACLNN_SUCCESS);
        char text[2048];
        assert_true(opsnn_plan_dump(ex, text, sizeof text) < sizeof text);
        if (strstr(text, cases[i].want) == NULL) {
            fail_msg("n=%lld: no \"%s\" in the plan:\n%s", (long long)n, cases[i].want, text);
        }
        assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
        aclDestroyScalar(l);
        aclDestroyTensor(g);
        aclDestroyTensor(x);
        aclDestroyTensor(o);
    }
}

/* The plans of the column-walk test below, `lines`: whether its first case
 * should take the column walk. */
static void plan_streamed_transposed_forward(int lines)
{
    static const struct {
        int64_t n;
        aclDataType dt;
        const char *want;
    } cases[] = {
        {65536, ACL_FLOAT, "self walked 32 columns at a time (column walk), "},
        {65536, ACL_FLOAT16, "self gathered in 128 x 4096 panels (prefetched), "},
        {64, ACL_FLOAT, "self gathered in 64 x 64 panels (not prefetched), "},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t n = cases[i].n, storage = n * n;
        int64_t dims[2] = {n, n}, tr[2] = {1, n}, ct[2] = {n, 1};
        uintptr_t base = (uintptr_t)1 << 40, span = (uintptr_t)(n * n * 4) + 4096;
        aclTensor *x = aclCreateTensor(dims, 2, cases[i].dt, tr, 0, ACL_FORMAT_ND, &storage, 1,
                                       (void *)base);
        aclTensor *o = aclCreateTensor(dims, 2, cases[i].dt, ct, 0, ACL_FORMAT_ND, &storage, 1,
                                       (void *)(base + span));
        float lambda = 0.5f;
        aclScalar *l = aclCreateScalar(&lambda, ACL_FLOAT);
        assert_non_null(x);
        assert_non_null(o);
        assert_non_null(l);
        uint64_t ws = 1;
        aclOpExecutor *ex = NULL;
        assert_int_equal(aclnnSoftshrinkGetWorkspaceSize(x, l, o, &ws, &ex), ACLNN_SUCCESS);
        char text[2048];
        assert_true(opsnn_plan_dump(ex, text, sizeof text) < sizeof text);
        const char *want = cases[i].want;
        if (i == 0 && !lines) {
            want = "self gathered in 64 x 4096 panels (prefetched), ";
        }
        if (strstr(text, want) == NULL) {
            fail_msg("case %zu: no \"%s\" in the plan:\n%s", i, want, text);
        }
        if (i == 0 && lines) { /* one item per block: the streams span it */
            const char *th = strstr(text, "pass 0: kernel, ");
            long threads = th != NULL ? strtol(th + strlen("pass 0: kernel, "), NULL, 10) : 0;
            char items[64];
            snprintf(items, sizeof items, ", %ld work item%s\n", threads, threads == 1 ? "" : "s");
            if (threads < 1 || strstr(text, items) == NULL) {
                fail_msg("no \"%s\" in the plan:\n%s", items, text);
            }
        }
        assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
        aclDestroyScalar(l);
        aclDestroyTensor(x);
        aclDestroyTensor(o);
    }
}

/* A forward call with a transposed float32 input that streams its output
 * takes the column walk (executor/walk.h) on a path that streams lines and a
 * CPU where it pays (Intel's, or forced on), with one work item per
 * thread's block; a 16-bit one, or one within the cache, keeps the panels. */
static void executor_streamed_transposed_forward_plan_walks_columns(void **state)
{
    (void)state;
    if (sizeof(uintptr_t) < 8) {
        skip(); /* the 16 GiB call needs a 64-bit address space */
    }
    for (int mode = -1; mode <= 1; mode++) {
        opsnn_walk_columns_force(mode);
        int pays = mode >= 0 ? mode : opsnn_cpu_vendor() == OPSNN_CPU_VENDOR_INTEL;
        plan_streamed_transposed_forward(opsnn_lines_nt_get() != NULL && pays);
    }
    opsnn_walk_columns_force(-1);
}

/* A call far beyond the cache streams its output, unless the output is one
 * of its inputs: then the lines it writes were just read into the cache,
 * and streaming over them cost forward Selu fp32 1.3-1.5x the time (16M-64M
 * elements in place on the 2-vCPU Xeon guest). 48 GiB calls at addresses
 * never touched (the plans are made, never run). */
static void executor_in_place_plan_never_streams(void **state)
{
    (void)state;
    if (sizeof(uintptr_t) < 8) {
        skip(); /* the 48 GiB calls need a 64-bit address space */
    }
    const int64_t n = 65536;
    uintptr_t base = (uintptr_t)1 << 40, span = (uintptr_t)(n * n * 4) + 4096;
    aclTensor *g = square_at(n, 0, base), *x = square_at(n, 0, base + span),
              *o = square_at(n, 0, base + 2 * span);
    float lambda = 0.5f;
    aclScalar *l = aclCreateScalar(&lambda, ACL_FLOAT);
    assert_true(g && x && o && l);
    static const struct {
        int out_is_self;
        const char *want;
    } cases[] = {{0, "streaming stores"}, {1, "plain stores"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t ws = 1;
        aclOpExecutor *ex = NULL;
        assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(
                             g, x, l, cases[i].out_is_self ? x : o, &ws, &ex),
                         ACLNN_SUCCESS);
        assert_int_equal(ws, 0);
        char text[2048];
        assert_true(opsnn_plan_dump(ex, text, sizeof text) < sizeof text);
        if (strstr(text, cases[i].want) == NULL) {
            fail_msg("gradInput %s self: no \"%s\" in the plan:\n%s",
                     cases[i].out_is_self ? "is" : "is not", cases[i].want, text);
        }
        assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    }
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnInplaceSeluGetWorkspaceSize(x, &ws, &ex), ACLNN_SUCCESS);
    char text[2048];
    assert_true(opsnn_plan_dump(ex, text, sizeof text) < sizeof text);
    if (strstr(text, "plain stores") == NULL) {
        fail_msg("InplaceSelu: no \"plain stores\" in the plan:\n%s", text);
    }
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    aclDestroyScalar(l);
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(o);
}

/* A contiguous [n] tensor of `dt` at `addr` (never touched: the plans below
 * are made and destroyed, never run). */
static aclTensor *flat_at(int64_t n, aclDataType dt, uintptr_t addr)
{
    return aclCreateTensor(&n, 1, dt, NULL, 0, ACL_FORMAT_ND, &n, 1, (void *)addr);
}

/* The threads the kernel pass of ex's plan runs on. */
static int plan_threads(aclOpExecutor *ex)
{
    char text[2048];
    assert_true(opsnn_plan_dump(ex, text, sizeof text) < sizeof text);
    const char *at = strstr(text, "pass 0: kernel, ");
    assert_non_null(at);
    return atoi(at + strlen("pass 0: kernel, "));
}

/* The work items of the plan's kernel pass, from its dump. */
static long long plan_items(aclOpExecutor *ex)
{
    char text[2048];
    assert_true(opsnn_plan_dump(ex, text, sizeof text) < sizeof text);
    const char *at = strstr(text, " work item");
    assert_non_null(at);
    while (at > text && at[-1] >= '0' && at[-1] <= '9') {
        at--;
    }
    return atoll(at);
}

/* The SoftshrinkBackward plan (lambda 0.5) of gradOutput g, self x and
 * gradInput o: its kernel pass's threads and work items. The plan and the
 * tensors are destroyed. */
static void ssb_plan_of(aclTensor *g, aclTensor *x, aclTensor *o, int *threads, long long *items)
{
    float lambda = 0.5f;
    aclScalar *l = aclCreateScalar(&lambda, ACL_FLOAT);
    assert_true(g != NULL && x != NULL && o != NULL && l != NULL);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, l, o, &ws, &ex), ACLNN_SUCCESS);
    *threads = plan_threads(ex);
    *items = plan_items(ex);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    aclDestroyScalar(l);
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(o);
}

/* A block is cut into up to 8 work items, but none of less than 1.25 us of
 * estimated work: a 64K-element fp32 SoftshrinkBackward on two threads
 * (3.5 us) is one item per block, 128K two, 1M the full eight. */
static void executor_work_items_are_not_smaller_than_their_claim(void **state)
{
    (void)state;
    static const struct {
        int64_t n;
        long long want;
    } cases[] = {{65536, 2}, {131072, 4}, {1048576, 16}};
    if (opsnn_set_num_threads(2) < 2) {
        opsnn_set_num_threads(0);
        skip(); /* one usable CPU: one block, one item */
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t n = cases[i].n;
        uintptr_t base = (uintptr_t)1 << 30, span = (uintptr_t)(n * 4) + 4096;
        int threads;
        long long got;
        ssb_plan_of(flat_at(n, ACL_FLOAT, base), flat_at(n, ACL_FLOAT, base + span),
                    flat_at(n, ACL_FLOAT, base + 2 * span), &threads, &got);
        assert_int_equal(threads, 2);
        if (got != cases[i].want) {
            fail_msg("n=%lld: %lld work items, want %lld", (long long)n, got, cases[i].want);
        }
    }
    opsnn_set_num_threads(0);
}

/* With two threads allowed, a call takes the second one when its estimated
 * one-thread work (elements x the operator's cost per element) reaches
 * 2.5 us, whatever its bytes: the cheapest operators' 256-384 KiB calls stay
 * on one thread, Selu's fp32 64-128 KiB ones take two. */
static void executor_thread_count_follows_the_work_not_the_bytes(void **state)
{
    (void)state;
    enum { SSB, HSB, SELU };
    static const struct {
        int op;
        aclDataType dt;
        int64_t n;
        int want;
    } cases[] = {
        {SSB, ACL_FLOAT, 16384, 1},   /* 192 KiB */
        {SSB, ACL_FLOAT, 32768, 1},   /* 384 KiB, 1.7 us */
        {SSB, ACL_FLOAT, 65536, 2},   /* 3.5 us */
        {HSB, ACL_FLOAT16, 65536, 1}, /* 384 KiB, 1.8 us */
        {HSB, ACL_FLOAT16, 131072, 2},
        {SELU, ACL_FLOAT, 8192, 1},   /* 64 KiB, 2.3 us */
        {SELU, ACL_FLOAT, 16384, 2},  /* 128 KiB, 4.6 us */
        {SELU, ACL_BF16, 8192, 1},    /* 32 KiB, 1.2 us (a table lookup per element) */
        {SELU, ACL_BF16, 16384, 1},   /* 64 KiB, 2.4 us: break-even, one thread */
        {SELU, ACL_BF16, 32768, 2},   /* 128 KiB, 4.8 us */
    };
    if (opsnn_set_num_threads(2) < 2) {
        opsnn_set_num_threads(0);
        skip(); /* one usable CPU: every call runs on one thread */
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t n = cases[i].n;
        uintptr_t base = (uintptr_t)1 << 30, span = (uintptr_t)(n * 8) + 4096;
        aclTensor *g = flat_at(n, cases[i].dt, base), *x = flat_at(n, cases[i].dt, base + span),
                  *o = flat_at(n, cases[i].dt, base + 2 * span);
        float lambda = 0.5f;
        aclScalar *l = aclCreateScalar(&lambda, ACL_FLOAT);
        assert_true(g != NULL && x != NULL && o != NULL && l != NULL);
        uint64_t ws = 1;
        aclOpExecutor *ex = NULL;
        aclnnStatus rc = cases[i].op == SSB ? aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, l, o, &ws, &ex)
                         : cases[i].op == HSB ? aclnnHardshrinkBackwardGetWorkspaceSize(g, x, l, o, &ws, &ex)
                                              : aclnnSeluGetWorkspaceSize(x, o, &ws, &ex);
        assert_int_equal(rc, ACLNN_SUCCESS);
        int got = plan_threads(ex);
        if (got != cases[i].want) {
            fail_msg("case %zu (n=%lld): %d thread(s), want %d", i, (long long)n, got,
                     cases[i].want);
        }
        assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
        aclDestroyScalar(l);
        aclDestroyTensor(g);
        aclDestroyTensor(x);
        aclDestroyTensor(o);
    }
    /* the cost is scaled by the bytes moved, the output's counted twice (a
     * written line is read for ownership, then written back): a [rows, 1]
     * self read once makes a call 3/4 of the contiguous one, so 64K fp32
     * elements (2.6 us) take two threads and 32K (1.3 us) one; a float32
     * self beside fp16 gradients makes a 56K-element call 5/4 of the fp16
     * one (2.9 us against 2.3) */
    static const struct {
        int64_t self_dims[2];
        aclDataType self_dt, grad_dt;
        int want;
    } views[] = {
        {{256, 1}, ACL_FLOAT, ACL_FLOAT, 2},
        {{128, 1}, ACL_FLOAT, ACL_FLOAT, 1},
        {{256, 256}, ACL_FLOAT, ACL_FLOAT, 2},
        {{224, 256}, ACL_FLOAT, ACL_FLOAT16, 2},
        {{224, 256}, ACL_FLOAT16, ACL_FLOAT16, 1},
    };
    for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
        int64_t rows = views[i].self_dims[0], dims[2] = {rows, 256}, n = rows * 256;
        uintptr_t base = (uintptr_t)1 << 30, span = (uintptr_t)(n * 8) + 4096;
        int64_t sn = views[i].self_dims[0] * views[i].self_dims[1];
        aclTensor *g = aclCreateTensor(dims, 2, views[i].grad_dt, NULL, 0, ACL_FORMAT_ND, dims, 2,
                                       (void *)base);
        aclTensor *x = aclCreateTensor(views[i].self_dims, 2, views[i].self_dt, NULL, 0,
                                       ACL_FORMAT_ND, &sn, 1, (void *)(base + span));
        aclTensor *o = aclCreateTensor(dims, 2, views[i].grad_dt, NULL, 0, ACL_FORMAT_ND, dims, 2,
                                       (void *)(base + 2 * span));
        int got;
        long long items;
        ssb_plan_of(g, x, o, &got, &items);
        if (got != views[i].want) {
            fail_msg("view case %zu: %d thread(s), want %d", i, got, views[i].want);
        }
    }
    opsnn_set_num_threads(0);
}

static void executor_mixed_dtype_plan_casts_around_float_kernel(void **state)
{
    (void)state;
    vdesc gh = mkdesc(ACL_FLOAT16, 2, D23, NULL, 0, 0);
    vdesc xf = mkdesc(ACL_FLOAT, 2, D23, NULL, 0, 0);
    vdesc ob = mkdesc(ACL_BF16, 2, D23, NULL, 0, 0);
    op_case c = new_case(OP_SOFTSHRINK, 41, gh, xf, ob);
    op_run r;
    plan(&c, &r);
    assert_int_equal(r.ws, 0);
    const want_step w[3] = {{OPSNN_STEP_CAST, 0, 1, ACL_FLOAT16, ACL_FLOAT},
                            {OPSNN_STEP_KERNEL, OPSNN_OPERAND_NONE, 0, ACL_FLOAT, ACL_FLOAT},
                            {OPSNN_STEP_CAST_BACK, OPSNN_OPERAND_OUTPUT, 1, ACL_FLOAT, ACL_BF16}};
    expect_plan(r.ex, w, 3);
    execute_and_check(&c, &r, "fp16/fp32/bf16");
    release(&r);
    free_case(&c);

    /* both inputs cast, float output: no cast back */
    vdesc xb = mkdesc(ACL_BF16, 2, D23, NULL, 0, 0);
    c = new_case(OP_SOFTSHRINK, 42, gh, xb, xf);
    plan(&c, &r);
    assert_int_equal(r.ws, 0);
    const want_step w2[3] = {{OPSNN_STEP_CAST, 0, 1, ACL_FLOAT16, ACL_FLOAT},
                             {OPSNN_STEP_CAST, 1, 1, ACL_BF16, ACL_FLOAT},
                             {OPSNN_STEP_KERNEL, OPSNN_OPERAND_NONE, 0, ACL_FLOAT, ACL_FLOAT}};
    expect_plan(r.ex, w2, 3);
    execute_and_check(&c, &r, "fp16/bf16/fp32");
    release(&r);
    free_case(&c);
}

static void executor_strided_output_plan_fuses_view_copy(void **state)
{
    (void)state;
    vdesc plain = mkdesc(ACL_FLOAT, 2, D23, NULL, 0, 0);
    vdesc strided = mkdesc(ACL_FLOAT, 2, D23, T23, 0, 6);
    op_case c = new_case(OP_SOFTSHRINK, 51, plain, plain, strided);
    op_run r;
    plan(&c, &r);
    assert_int_equal(r.ws, 0);
    const want_step w[2] = {{OPSNN_STEP_KERNEL, OPSNN_OPERAND_NONE, 0, ACL_FLOAT, ACL_FLOAT},
                            {OPSNN_STEP_VIEW_COPY, OPSNN_OPERAND_OUTPUT, 1, ACL_FLOAT, ACL_FLOAT}};
    expect_plan(r.ex, w, 2);
    execute_and_check(&c, &r, "strided gradInput");
    release(&r);
    free_case(&c);
}

static void executor_overlapping_output_plan_uses_workspace_and_unfused_view_copy(void **state)
{
    (void)state;
    const int64_t d6[] = {6};
    tu_rng rng = {61};
    float buf[7];
    float x[6];
    fill(&rng, ACL_FLOAT, buf, 7);
    fill(&rng, ACL_FLOAT, x, 6);
    op_case c;
    memset(&c, 0, sizeof c);
    c.op = OP_SOFTSHRINK;
    c.g = mkdesc(ACL_FLOAT, 1, d6, NULL, 0, 7);
    c.x = mkdesc(ACL_FLOAT, 1, d6, NULL, 0, 0);
    c.o = mkdesc(ACL_FLOAT, 1, d6, NULL, 1, 7);
    c.gb = buf;
    c.xb = x;
    c.ob = buf;
    c.lambda = 1.0f;
    op_run r;
    plan(&c, &r);
    assert_true(r.ws > 0);
    int n = opsnn_plan_step_count(r.ex);
    assert_true(n >= 2);
    opsnn_plan_step s;
    assert_int_equal(opsnn_plan_get_step(r.ex, n - 1, &s), ACLNN_SUCCESS);
    assert_int_equal(s.kind, OPSNN_STEP_VIEW_COPY);
    assert_int_equal(s.operand, OPSNN_OPERAND_OUTPUT);
    assert_int_equal(s.fused, 0);
    assert_true(s.workspace_bytes > 0);
    assert_true(s.workspace_bytes <= r.ws);
    int kernels = 0;
    for (int i = 0; i < n; i++) {
        assert_int_equal(opsnn_plan_get_step(r.ex, i, &s), ACLNN_SUCCESS);
        kernels += s.kind == OPSNN_STEP_KERNEL;
    }
    assert_int_equal(kernels, 1);
    execute_and_check(&c, &r, "overlap");
    release(&r);
}

/* ---- lifecycles ------------------------------------------------------------ */

static void executor_single_use_is_freed_by_phase2_and_rerun_is_param_invalid(void **state)
{
    (void)state;
    vdesc v = mkdesc(ACL_FLOAT, 2, D23, NULL, 0, 0);
    op_case c = new_case(OP_SOFTSHRINK, 71, v, v, v);
    op_run r;
    plan(&c, &r);
    execute_and_check(&c, &r, "first run");
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, r.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_plan_step_count(r.ex), -1);
    check_output(&c, &r, "rerun wrote nothing");
    release(&r);
    free_case(&c);

    c = new_case(OP_SELU, 72, v, v, v);
    plan(&c, &r);
    execute_and_check(&c, &r, "selu first run");
    assert_int_equal(aclnnSeluBackward(NULL, 0, r.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    release(&r);
    free_case(&c);
}

static void executor_destroy_frees_unrun_executor_and_destroyed_cannot_run(void **state)
{
    (void)state;
    assert_int_equal(aclDestroyAclOpExecutor(NULL), ACLNN_ERR_PARAM_NULLPTR);
    vdesc v = mkdesc(ACL_FLOAT, 2, D23, NULL, 0, 0);
    op_case c = new_case(OP_SOFTSHRINK, 81, v, v, v);
    op_run r;
    plan(&c, &r);
    assert_int_equal(aclDestroyAclOpExecutor(r.ex), ACLNN_SUCCESS);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, r.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    tu_assert_bits_equal(c.ob, r.so, 6, 4, "destroyed executor wrote nothing");
    release(&r);
    free_case(&c);
}

static void executor_repeatable_runs_three_times_and_follows_new_addresses(void **state)
{
    (void)state;
    vdesc v = mkdesc(ACL_FLOAT, 2, D23, NULL, 0, 0);
    op_case c = new_case(OP_SOFTSHRINK, 91, v, v, v);
    op_run r;
    plan(&c, &r);
    assert_int_equal(aclSetAclOpExecutorRepeatable(r.ex), ACLNN_SUCCESS);
    for (int k = 0; k < 3; k++) {
        /* new data in the same buffers each time: results follow it */
        tu_rng rng = {900u + (uint64_t)k};
        fill(&rng, ACL_FLOAT, c.gb, 6);
        fill(&rng, ACL_FLOAT, c.xb, 6);
        memcpy(r.sg, c.gb, 24);
        memcpy(r.sx, c.xb, 24);
        memcpy(r.so, c.ob, 24);
        execute_and_check(&c, &r, "repeatable run");
    }
    /* point everything at new buffers */
    op_case c2 = new_case(OP_SOFTSHRINK, 92, v, v, v);
    unsigned char old_out[24];
    memcpy(old_out, c.ob, 24);
    assert_int_equal(aclSetInputTensorAddr(r.ex, 0, r.g, c2.gb), ACLNN_SUCCESS);
    assert_int_equal(aclSetInputTensorAddr(r.ex, 1, NULL, c2.xb), ACLNN_SUCCESS);
    assert_int_equal(aclSetOutputTensorAddr(r.ex, 0, NULL, c2.ob), ACLNN_SUCCESS);
    memcpy(r.sg, c2.gb, 24);
    memcpy(r.sx, c2.xb, 24);
    memcpy(r.so, c2.ob, 24);
    execute_and_check(&c2, &r, "new addresses");
    tu_assert_bits_equal(c.ob, old_out, 6, 4, "old output untouched");
    execute_and_check(&c2, &r, "new addresses again");
    assert_int_equal(aclDestroyAclOpExecutor(r.ex), ACLNN_SUCCESS);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, r.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    release(&r);
    free_case(&c);
    free_case(&c2);
}

static void executor_repeatable_selu_follows_new_addresses(void **state)
{
    (void)state;
    vdesc v = mkdesc(ACL_FLOAT16, 2, D23, NULL, 0, 0);
    op_case c = new_case(OP_SELU, 95, v, v, v);
    op_case c2 = new_case(OP_SELU, 96, v, v, v);
    op_run r;
    plan(&c, &r);
    assert_int_equal(aclSetAclOpExecutorRepeatable(r.ex), ACLNN_SUCCESS);
    execute_and_check(&c, &r, "selu run 1");
    execute_and_check(&c, &r, "selu run 2");
    assert_int_equal(aclSetInputTensorAddr(r.ex, 0, NULL, c2.gb), ACLNN_SUCCESS);
    assert_int_equal(aclSetInputTensorAddr(r.ex, 1, NULL, c2.xb), ACLNN_SUCCESS);
    assert_int_equal(aclSetOutputTensorAddr(r.ex, 0, NULL, c2.ob), ACLNN_SUCCESS);
    memcpy(r.sg, c2.gb, 12);
    memcpy(r.sx, c2.xb, 12);
    memcpy(r.so, c2.ob, 12);
    execute_and_check(&c2, &r, "selu run 3, new addresses");
    assert_int_equal(aclDestroyAclOpExecutor(r.ex), ACLNN_SUCCESS);
    release(&r);
    free_case(&c);
    free_case(&c2);
}

static void executor_set_tensor_addr_rejects_bad_index_and_null_addr(void **state)
{
    (void)state;
    vdesc v = mkdesc(ACL_FLOAT, 2, D23, NULL, 0, 0);
    op_case c = new_case(OP_SOFTSHRINK, 101, v, v, v);
    op_run r;
    plan(&c, &r);
    assert_int_equal(aclSetAclOpExecutorRepeatable(r.ex), ACLNN_SUCCESS);
    float spare[6];
    assert_int_equal(aclSetInputTensorAddr(r.ex, 2, NULL, spare), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclSetOutputTensorAddr(r.ex, 1, NULL, spare), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclSetInputTensorAddr(r.ex, 0, NULL, NULL), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(aclSetOutputTensorAddr(r.ex, 0, NULL, NULL), ACLNN_ERR_PARAM_NULLPTR);
    /* the failed calls changed nothing */
    execute_and_check(&c, &r, "after rejected address changes");
    assert_int_equal(aclDestroyAclOpExecutor(r.ex), ACLNN_SUCCESS);
    release(&r);
    free_case(&c);
}

static void executor_failed_phase2_with_small_workspace_is_not_consumed(void **state)
{
    (void)state;
    /* selu gradInput shifted by one element over gradOutput's buffer */
    const int64_t d9[] = {9};
    tu_rng rng = {111};
    float buf[10];
    float res[9];
    fill(&rng, ACL_FLOAT, buf, 10);
    fill(&rng, ACL_FLOAT, res, 9);
    op_case c;
    memset(&c, 0, sizeof c);
    c.op = OP_SELU;
    c.g = mkdesc(ACL_FLOAT, 1, d9, NULL, 1, 10);
    c.x = mkdesc(ACL_FLOAT, 1, d9, NULL, 0, 0);
    c.o = mkdesc(ACL_FLOAT, 1, d9, NULL, 0, 10);
    c.gb = buf;
    c.xb = res;
    c.ob = buf;
    op_run r;
    plan(&c, &r);
    assert_true(r.ws > 0);
    void *w = malloc((size_t)r.ws);
    assert_non_null(w);
    assert_int_equal(aclnnSeluBackward(w, r.ws - 1, r.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSeluBackward(NULL, r.ws, r.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    tu_assert_bits_equal(buf, r.sg, 10, 4, "failed phase 2 wrote nothing");
    assert_int_equal(opsnn_plan_step_count(r.ex) > 0, 1);
    assert_int_equal(aclnnSeluBackward(w, r.ws, r.ex, NULL), ACLNN_SUCCESS);
    check_output(&c, &r, "selu overlap after failed phase 2");
    free(w);
    release(&r);
}

static void executor_of_other_operator_is_param_invalid_and_kept(void **state)
{
    (void)state;
    vdesc v = mkdesc(ACL_FLOAT, 2, D23, NULL, 0, 0);
    op_case cs = new_case(OP_SELU, 121, v, v, v);
    op_case cx = new_case(OP_SOFTSHRINK, 122, v, v, v);
    op_run rs;
    op_run rx;
    plan(&cs, &rs);
    plan(&cx, &rx);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, rs.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSeluBackward(NULL, 0, rx.ex, NULL), ACLNN_ERR_PARAM_INVALID);
    tu_assert_bits_equal(cs.ob, rs.so, 6, 4, "selu output untouched");
    tu_assert_bits_equal(cx.ob, rx.so, 6, 4, "softshrink output untouched");
    execute_and_check(&cs, &rs, "selu after wrong-operator call");
    execute_and_check(&cx, &rx, "softshrink after wrong-operator call");
    release(&rs);
    release(&rx);
    free_case(&cs);
    free_case(&cx);
}

static void executor_runs_after_descriptors_are_destroyed(void **state)
{
    (void)state;
    const int64_t d3[] = {3};
    vdesc out = mkdesc(ACL_FLOAT, 2, D23, NULL, 0, 0);
    vdesc gs = mkdesc(ACL_FLOAT, 1, d3, NULL, 0, 0);
    vdesc xt = mkdesc(ACL_FLOAT, 2, D23, T23, 0, 6);
    op_case c = new_case(OP_SOFTSHRINK, 131, gs, xt, out);
    c.lambda = 0.75f;
    op_run r;
    plan(&c, &r);
    aclDestroyScalar(r.l);
    aclDestroyTensor(r.g);
    aclDestroyTensor(r.x);
    aclDestroyTensor(r.o);
    r.l = NULL;
    r.g = r.x = r.o = NULL;
    execute_and_check(&c, &r, "after destroying descriptors");
    release(&r);
    free_case(&c);

    vdesc v = mkdesc(ACL_BF16, 2, D23, NULL, 0, 0);
    c = new_case(OP_SELU, 132, v, v, v);
    plan(&c, &r);
    assert_int_equal(aclSetAclOpExecutorRepeatable(r.ex), ACLNN_SUCCESS);
    aclDestroyTensor(r.g);
    aclDestroyTensor(r.x);
    aclDestroyTensor(r.o);
    r.g = r.x = r.o = NULL;
    execute_and_check(&c, &r, "selu after destroying descriptors");
    execute_and_check(&c, &r, "selu again");
    assert_int_equal(aclDestroyAclOpExecutor(r.ex), ACLNN_SUCCESS);
    release(&r);
    free_case(&c);
}

static void executor_created_stream_runs_and_unknown_stream_is_rejected(void **state)
{
    (void)state;
    aclrtStream stream = NULL;
    assert_int_equal(aclrtCreateStream(&stream), ACL_SUCCESS);
    vdesc v = mkdesc(ACL_FLOAT, 2, D23, NULL, 0, 0);
    op_case c = new_case(OP_SOFTSHRINK, 141, v, v, v);
    op_run r;
    plan(&c, &r);
    int not_a_stream = 0;
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, r.ex, (aclrtStream)&not_a_stream), ACLNN_ERR_PARAM_INVALID);
    tu_assert_bits_equal(c.ob, r.so, 6, 4, "unknown stream wrote nothing");
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, r.ex, stream), ACLNN_SUCCESS);
    assert_int_equal(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    check_output(&c, &r, "on a created stream");
    release(&r);
    free_case(&c);
    assert_int_equal(aclrtDestroyStream(stream), ACL_SUCCESS);
}

/* ---- layouts ---------------------------------------------------------------- */

static void executor_broadcast_in_both_directions_matches_reference(void **state)
{
    (void)state;
    const int64_t d413[] = {4, 1, 3};
    const int64_t d423[] = {4, 2, 3};
    const int64_t d3[] = {3};
    const int64_t d5[] = {5};
    const int64_t d21[] = {2, 1};
    const int64_t d13[] = {1, 3};
    struct {
        int gr;
        const int64_t *gd;
        int xr;
        const int64_t *xd;
        int orank;
        const int64_t *od;
    } shapes[] = {
        {3, d413, 2, D23, 3, d423}, {2, D23, 3, d413, 3, d423}, {1, d3, 2, D23, 2, D23},
        {2, D23, 1, d3, 2, D23},    {0, NULL, 1, d5, 1, d5},    {1, d5, 0, NULL, 1, d5},
        {2, d21, 2, d13, 2, D23},   {2, d13, 2, d21, 2, D23},   {0, NULL, 3, d423, 3, d423},
    };
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        for (int d = 0; d < 3; d++) {
            vdesc g = mkdesc(dts[d], shapes[i].gr, shapes[i].gd, NULL, 0, 0);
            vdesc x = mkdesc(dts[d], shapes[i].xr, shapes[i].xd, NULL, 0, 0);
            vdesc o = mkdesc(dts[d], shapes[i].orank, shapes[i].od, NULL, 0, 0);
            op_case c = new_case(OP_SOFTSHRINK, 150u + i * 3u + (uint64_t)d, g, x, o);
            assert_int_equal(run_case(&c, "broadcast"), 0);
            free_case(&c);
        }
    }
}

static void executor_non_contiguous_views_match_reference(void **state)
{
    (void)state;
    const int64_t d34[] = {3, 4};
    const int64_t tr34[] = {1, 3};  /* transposed view of a row-major {4,3} */
    const int64_t gap34[] = {10, 2}; /* every other element, rows 10 apart */
    const int64_t rev_pad[] = {5, 1};
    vdesc plain = mkdesc(ACL_FLOAT, 2, d34, NULL, 0, 0);
    vdesc trans = mkdesc(ACL_FLOAT, 2, d34, tr34, 0, 12);
    vdesc gaps = mkdesc(ACL_FLOAT, 2, d34, gap34, 1, 40);
    vdesc padded = mkdesc(ACL_FLOAT, 2, d34, rev_pad, 3, 20);
    const vdesc *views[] = {&plain, &trans, &gaps, &padded};
    uint64_t seed = 200;
    for (int a = 0; a < 4; a++) {
        for (int b = 0; b < 4; b++) {
            for (int o = 0; o < 4; o++) {
                for (int op = 0; op < 2; op++) {
                    op_case c = new_case(op, seed++, *views[a], *views[b], *views[o]);
                    assert_int_equal(run_case(&c, "views"), 0);
                    free_case(&c);
                }
            }
        }
    }
}

static void executor_mixed_dtypes_with_broadcast_and_strides_match_reference(void **state)
{
    (void)state;
    const int64_t d3[] = {3};
    const int64_t d43[] = {4, 3};
    const int64_t tr43[] = {1, 4};
    const int64_t gap43[] = {7, 2};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    uint64_t seed = 400;
    for (int a = 0; a < 3; a++) {
        for (int b = 0; b < 3; b++) {
            for (int o = 0; o < 3; o++) {
                vdesc g = mkdesc(dts[a], 1, d3, NULL, 0, 0);
                vdesc x = mkdesc(dts[b], 2, d43, tr43, 0, 12);
                vdesc out = mkdesc(dts[o], 2, d43, gap43, 2, 30);
                op_case c = new_case(OP_SOFTSHRINK, seed++, g, x, out);
                c.lambda = 0.5f;
                assert_int_equal(run_case(&c, "mixed + broadcast + strided"), 0);
                free_case(&c);
                /* and the other way round: strided gradOutput, broadcast self */
                g = mkdesc(dts[a], 2, d43, gap43, 1, 30);
                x = mkdesc(dts[b], 1, d3, NULL, 0, 0);
                out = mkdesc(dts[o], 2, d43, NULL, 0, 0);
                c = new_case(OP_SOFTSHRINK, seed++, g, x, out);
                assert_int_equal(run_case(&c, "strided + broadcast self"), 0);
                free_case(&c);
            }
        }
    }
}

static void executor_exact_in_place_needs_no_workspace(void **state)
{
    (void)state;
    const int64_t d57[] = {5, 7};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int d = 0; d < 3; d++) {
        vdesc v = mkdesc(dts[d], 2, d57, NULL, 0, 0);
        for (int which = 0; which < 2; which++) {
            for (int op = 0; op < 2; op++) {
                op_case c = new_case(op, 500u + (uint64_t)(d * 4 + which * 2 + op), v, v, v);
                /* gradInput is exactly gradOutput (which 0) or self/result (which 1) */
                free(c.ob);
                c.ob = which == 0 ? c.gb : c.xb;
                op_run r;
                plan(&c, &r);
                assert_int_equal(r.ws, 0);
                execute_and_check(&c, &r, "exact in-place");
                release(&r);
                c.ob = NULL;
                free_case(&c);
            }
        }
    }
    /* the same strided layout in place is still exact: no workspace */
    const int64_t tr[] = {1, 5};
    vdesc t = mkdesc(ACL_FLOAT, 2, d57, tr, 0, 35);
    op_case c = new_case(OP_SOFTSHRINK, 520, t, t, t);
    free(c.ob);
    c.ob = c.gb;
    assert_int_equal(run_case(&c, "strided in place"), 0);
    c.ob = NULL;
    free_case(&c);
}

static void executor_partial_overlap_uses_workspace_and_matches_non_overlapping_result(void **state)
{
    (void)state;
    const int64_t d33[] = {3, 3};
    const int64_t tr33[] = {1, 3};
    const int64_t d8[] = {8};
    for (int op = 0; op < 2; op++) {
        /* gradInput shifted by one element over gradOutput's buffer, both directions */
        for (int shift = 0; shift < 2; shift++) {
            op_case c = new_case(op, 600u + (uint64_t)(op * 2 + shift), mkdesc(ACL_FLOAT, 1, d8, NULL, shift ? 0 : 1, 9),
                                 mkdesc(ACL_FLOAT, 1, d8, NULL, 0, 0),
                                 mkdesc(ACL_FLOAT, 1, d8, NULL, shift ? 1 : 0, 9));
            free(c.ob);
            c.ob = c.gb;
            assert_true(run_case(&c, "shifted gradInput") > 0);
            c.ob = NULL;
            free_case(&c);
        }
        /* gradInput a transposed view of self's (result's) buffer */
        op_case c = new_case(op, 610u + (uint64_t)op, mkdesc(ACL_FLOAT, 2, d33, NULL, 0, 0),
                             mkdesc(ACL_FLOAT, 2, d33, NULL, 0, 0), mkdesc(ACL_FLOAT, 2, d33, tr33, 0, 9));
        free(c.ob);
        c.ob = c.xb;
        assert_true(run_case(&c, "transposed gradInput over self") > 0);
        c.ob = NULL;
        free_case(&c);
    }
    /* fp16 gradInput over the upper half of an fp16 gradOutput read twice by broadcast */
    const int64_t d24[] = {2, 4};
    const int64_t d4[] = {4};
    op_case c = new_case(OP_SOFTSHRINK, 620, mkdesc(ACL_FLOAT16, 1, d4, NULL, 4, 12),
                         mkdesc(ACL_FLOAT16, 2, d24, NULL, 0, 0), mkdesc(ACL_FLOAT16, 2, d24, NULL, 2, 12));
    free(c.ob);
    c.ob = c.gb;
    assert_true(run_case(&c, "broadcast input under gradInput") > 0);
    c.ob = NULL;
    free_case(&c);
}

static void executor_empty_tensors_need_no_workspace_and_write_nothing(void **state)
{
    (void)state;
    const int64_t d03[] = {0, 3};
    const int64_t d13[] = {1, 3};
    const int64_t d20[] = {2, 0};
    for (int op = 0; op < 2; op++) {
        vdesc e = mkdesc(ACL_FLOAT, 2, d03, NULL, 0, 0);
        op_case c = new_case(op, 700u + (uint64_t)op, e, e, e);
        assert_int_equal(run_case(&c, "empty"), 0);
        free_case(&c);
        vdesc e2 = mkdesc(ACL_FLOAT16, 2, d20, NULL, 0, 0);
        c = new_case(op, 710u + (uint64_t)op, e2, e2, e2);
        assert_int_equal(run_case(&c, "empty fp16"), 0);
        free_case(&c);
    }
    /* broadcasting a {1,3} against {0,3} gives {0,3} */
    vdesc e = mkdesc(ACL_FLOAT, 2, d03, NULL, 0, 0);
    vdesc one = mkdesc(ACL_FLOAT, 2, d13, NULL, 0, 0);
    op_case c = new_case(OP_SOFTSHRINK, 720, one, e, e);
    assert_int_equal(run_case(&c, "empty broadcast"), 0);
    free_case(&c);

    /* empty tensors with NULL data; validation still applies */
    aclTensor *g = tu_tensor(d03, 2, ACL_FLOAT, NULL);
    aclTensor *x = tu_tensor(d03, 2, ACL_FLOAT, NULL);
    aclTensor *o = tu_tensor(d03, 2, ACL_FLOAT, NULL);
    aclTensor *o_bad = tu_tensor(d20, 2, ACL_FLOAT, NULL);
    assert_non_null(g);
    assert_non_null(x);
    assert_non_null(o);
    assert_non_null(o_bad);
    aclScalar *l = tu_scalar_f32(0.5f);
    aclScalar *neg = tu_scalar_f32(-1.0f);
    uint64_t ws = 7;
    aclOpExecutor *ex = tu_sentinel_executor();
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, neg, o, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    assert_ptr_equal(ex, tu_sentinel_executor());
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, l, o_bad, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(aclnnSeluBackwardGetWorkspaceSize(g, x, o_bad, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    assert_ptr_equal(ex, tu_sentinel_executor());
    assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, l, o, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    /* a NULL address is fine for a tensor that is planned empty */
    assert_int_equal(aclSetAclOpExecutorRepeatable(ex), ACLNN_SUCCESS);
    assert_int_equal(aclSetOutputTensorAddr(ex, 0, NULL, NULL), ACLNN_SUCCESS);
    assert_int_equal(aclSetInputTensorAddr(ex, 0, NULL, NULL), ACLNN_SUCCESS);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    assert_int_equal(aclnnSoftshrinkBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
    assert_int_equal(tu_selu(g, x, o, &ws), ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    aclDestroyScalar(l);
    aclDestroyScalar(neg);
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(o);
    aclDestroyTensor(o_bad);
}

static void executor_rank0_tensors_compute_one_element(void **state)
{
    (void)state;
    vdesc s = mkdesc(ACL_FLOAT, 0, NULL, NULL, 0, 0);
    assert_int_equal(vnumel(&s), 1);
    for (int op = 0; op < 2; op++) {
        for (uint64_t seed = 0; seed < 8; seed++) {
            op_case c = new_case(op, 800u + seed + 8u * (uint64_t)op, s, s, s);
            op_run r;
            plan(&c, &r);
            assert_int_equal(r.ws, 0);
            assert_int_equal(opsnn_plan_step_count(r.ex), 1);
            execute_and_check(&c, &r, "rank 0");
            release(&r);
            free_case(&c);
        }
    }
    /* exact values */
    float g = 3.0f;
    float x = -2.0f;
    float o = 0.0f;
    aclTensor *tg = tu_tensor(NULL, 0, ACL_FLOAT, &g);
    aclTensor *tx = tu_tensor(NULL, 0, ACL_FLOAT, &x);
    aclTensor *to = tu_tensor(NULL, 0, ACL_FLOAT, &o);
    aclScalar *l = tu_scalar_f32(1.5f);
    assert_int_equal(tu_softshrink(tg, tx, l, to, NULL), ACLNN_SUCCESS);
    assert_true(o == 3.0f);
    assert_int_equal(tu_selu(tg, tx, to, NULL), ACLNN_SUCCESS);
    assert_int_equal(opsnn_f32_bits(o), opsnn_f32_bits(tu_selu_f32(3.0f, -2.0f)));
    aclDestroyScalar(l);
    aclDestroyTensor(tg);
    aclDestroyTensor(tx);
    aclDestroyTensor(to);
}

/* Same input twice, and with 1 and 4 threads: identical bits. */
static void executor_results_are_deterministic_across_runs_and_threads(void **state)
{
    (void)state;
    const int64_t big[] = {(1 << 20) + 3};
    const int64_t d2[] = {257, 1031};
    const int64_t d1[] = {1031};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int d = 0; d < 3; d++) {
        for (int op = 0; op < 2; op++) {
            for (int shape = 0; shape < 2; shape++) {
                vdesc v = shape == 0 ? mkdesc(dts[d], 1, big, NULL, 0, 0) : mkdesc(dts[d], 2, d2, NULL, 0, 0);
                vdesc gv = (shape == 0 || op == OP_SELU) ? v : mkdesc(dts[d], 1, d1, NULL, 0, 0);
                op_case c = new_case(op, 900u + (uint64_t)(d * 4 + op * 2 + shape), gv, v, v);
                size_t bytes = vbytes(&c.o);
                unsigned char *first = malloc(bytes);
                assert_non_null(first);
                const int threads[3] = {1, 4, 0};
                for (int t = 0; t < 3; t++) {
                    int now = opsnn_set_num_threads(threads[t]);
                    if (threads[t] == 1) {
                        assert_int_equal(now, 1);
                    }
                    for (int rep = 0; rep < 2; rep++) {
                        memset(c.ob, 0x5A, bytes);
                        op_run r;
                        plan(&c, &r);
                        execute_and_check(&c, &r, "deterministic");
                        release(&r);
                        if (t == 0 && rep == 0) {
                            memcpy(first, c.ob, bytes);
                        } else {
                            assert_memory_equal(c.ob, first, bytes);
                        }
                    }
                }
                free(first);
                free_case(&c);
            }
        }
    }
    opsnn_set_num_threads(0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(executor_plain_plan_is_single_kernel_step_without_workspace),
        cmocka_unit_test(executor_strided_input_plan_fuses_contiguous_step),
        cmocka_unit_test(executor_broadcast_input_plan_fuses_broadcast_step),
        cmocka_unit_test(executor_transposed_plan_prefetches_only_beyond_the_cache),
        cmocka_unit_test(executor_streamed_transposed_forward_plan_walks_columns),
        cmocka_unit_test(executor_in_place_plan_never_streams),
        cmocka_unit_test(executor_thread_count_follows_the_work_not_the_bytes),
        cmocka_unit_test(executor_work_items_are_not_smaller_than_their_claim),
        cmocka_unit_test(executor_mixed_dtype_plan_casts_around_float_kernel),
        cmocka_unit_test(executor_strided_output_plan_fuses_view_copy),
        cmocka_unit_test(executor_overlapping_output_plan_uses_workspace_and_unfused_view_copy),
        cmocka_unit_test(executor_single_use_is_freed_by_phase2_and_rerun_is_param_invalid),
        cmocka_unit_test(executor_destroy_frees_unrun_executor_and_destroyed_cannot_run),
        cmocka_unit_test(executor_repeatable_runs_three_times_and_follows_new_addresses),
        cmocka_unit_test(executor_repeatable_selu_follows_new_addresses),
        cmocka_unit_test(executor_set_tensor_addr_rejects_bad_index_and_null_addr),
        cmocka_unit_test(executor_failed_phase2_with_small_workspace_is_not_consumed),
        cmocka_unit_test(executor_of_other_operator_is_param_invalid_and_kept),
        cmocka_unit_test(executor_runs_after_descriptors_are_destroyed),
        cmocka_unit_test(executor_created_stream_runs_and_unknown_stream_is_rejected),
        cmocka_unit_test(executor_broadcast_in_both_directions_matches_reference),
        cmocka_unit_test(executor_non_contiguous_views_match_reference),
        cmocka_unit_test(executor_mixed_dtypes_with_broadcast_and_strides_match_reference),
        cmocka_unit_test(executor_exact_in_place_needs_no_workspace),
        cmocka_unit_test(executor_partial_overlap_uses_workspace_and_matches_non_overlapping_result),
        cmocka_unit_test(executor_empty_tensors_need_no_workspace_and_write_nothing),
        cmocka_unit_test(executor_rank0_tensors_compute_one_element),
        cmocka_unit_test(executor_results_are_deterministic_across_runs_and_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
