#include "tiling.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "acl/acl_base.h"
#include "args.h"
#include "binio.h"

static void put_i64(unsigned char *p, int64_t v)
{
    uint64_t u = (uint64_t)v;
    for (int i = 0; i < 8; i++) {
        p[i] = (unsigned char)(u >> (8 * i));
    }
}

void golden_softshrink_tiling_bytes(const opsnn_softshrink_grad_tiling_data *d,
                                    unsigned char out[GOLDEN_SOFTSHRINK_TILING_BYTES])
{
    memset(out, 0, GOLDEN_SOFTSHRINK_TILING_BYTES);
    put_i64(out + 0, d->blockNum);
    put_i64(out + 8, d->blockFormer);
    put_i64(out + 16, d->dim0);
    put_i64(out + 24, d->ubFormer);
    uint32_t u;
    memcpy(&u, &d->lambd, sizeof u);
    for (int i = 0; i < 4; i++) {
        out[32 + i] = (unsigned char)(u >> (8 * i));
    }
}

void golden_selu_tiling_bytes(const opsnn_selu_grad_tiling_data *d,
                              unsigned char out[GOLDEN_SELU_TILING_BYTES])
{
    put_i64(out + 0, d->totalElements);
    put_i64(out + 8, d->blockFormer);
    put_i64(out + 16, d->ubFormer);
}

/* One "name": value line of either output format. */
typedef struct {
    int json;
    int first; /* no comma before the next JSON member */
    int indent;
} printer;

static void member(printer *p, const char *name, const char *fmt_value)
{
    if (p->json) {
        printf("%s\n%*s\"%s\": %s", p->first ? "" : ",", p->indent, "", name, fmt_value);
    } else {
        printf("%*s%s: %s\n", p->indent, "", name, fmt_value);
    }
    p->first = 0;
}

static void member_i64(printer *p, const char *name, int64_t v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", (long long)v);
    member(p, name, buf);
}

static void member_str(printer *p, const char *name, const char *v)
{
    char buf[128];
    snprintf(buf, sizeof buf, p->json ? "\"%s\"" : "%s", v);
    member(p, name, buf);
}

static void open_group(printer *p, const char *name)
{
    if (p->json) {
        printf("%s\n%*s\"%s\": {", p->first ? "" : ",", p->indent, "", name);
    } else {
        printf("%*s%s:\n", p->indent, "", name);
    }
    p->first = 1;
    p->indent += 2;
}

static void close_group(printer *p)
{
    p->indent -= 2;
    if (p->json) {
        printf("\n%*s}", p->indent, "");
    }
    p->first = 0;
}

typedef struct {
    int softshrink;
    opsnn_platform plat;
    const golden_dtype *dt;
    golden_shape shape;
    opsnn_softshrink_grad_tiling ss;
    opsnn_selu_grad_tiling se;
} tiling_case;

static void print_tiling(const tiling_case *c, int json)
{
    printer p = {json, 1, json ? 2 : 0};
    char buf[1024];
    if (json) {
        printf("{");
    }
    member_str(&p, "op", c->softshrink ? "SoftShrinkGrad" : "SeluGrad");
    member_str(&p, "soc", c->plat.name);
    member_i64(&p, "coreNum", c->plat.core_num);
    member_i64(&p, "ubSize", c->plat.ub_size);
    member_str(&p, "dtype", c->dt->name);
    golden_shape_format(&c->shape, buf, sizeof buf);
    member(&p, "shape", buf);
    const char *sname = c->softshrink ? "SoftShrinkGradTilingData" : "SeluGradTilingData";
    member_str(&p, "tilingStruct", sname);
    open_group(&p, json ? "tilingData" : sname);
    if (c->softshrink) {
        const opsnn_softshrink_grad_tiling_data *d = &c->ss.data;
        member_i64(&p, "blockNum", d->blockNum);
        member_i64(&p, "blockFormer", d->blockFormer);
        member_i64(&p, "dim0", d->dim0);
        member_i64(&p, "ubFormer", d->ubFormer);
        if (isinf(d->lambd)) { /* JSON has no infinity */
            member(&p, "lambd", json ? "\"inf\"" : "inf");
        } else {
            snprintf(buf, sizeof buf, "%.9g", (double)d->lambd);
            member(&p, "lambd", buf);
        }
    } else {
        member_i64(&p, "totalElements", c->se.data.totalElements);
        member_i64(&p, "blockFormer", c->se.data.blockFormer);
        member_i64(&p, "ubFormer", c->se.data.ubFormer);
    }
    close_group(&p);
    member_i64(&p, "tilingDataSize", c->softshrink ? GOLDEN_SOFTSHRINK_TILING_BYTES : GOLDEN_SELU_TILING_BYTES);
    member_i64(&p, "usedCoreNum", c->softshrink ? c->ss.usedCoreNum : c->se.usedCoreNum);
    member_i64(&p, "blockTail", c->softshrink ? c->ss.blockTail : c->se.blockTail);
    if (c->softshrink) {
        member_i64(&p, "bufferMode", c->ss.bufferMode);
    }
    member_i64(&p, "blockDim", c->softshrink ? c->ss.data.blockNum : c->se.usedCoreNum);
    if (json) {
        printf("\n}\n");
    }
}

static const golden_optspec TILING_OPTS[] = {
    {"soc", 1, 0}, {"shape", 1, 0}, {"dtype", 1, 0}, {"lambda", 1, 0}, {"json", 0, 0},
    {"bin", 1, 0}, {NULL, 0, 0},
};

static int compute(const golden_opts *o, tiling_case *c, golden_err *e)
{
    const char *op = o->npos > 0 ? o->pos[0] : NULL;
    const char *soc;
    if (op == NULL || o->npos > 1) {
        return golden_fail(e, "name one operator: softshrink or selu");
    }
    if (strcmp(op, "softshrink") == 0 || strcmp(op, "softshrink-backward") == 0) {
        c->softshrink = 1;
    } else if (strcmp(op, "selu") == 0 || strcmp(op, "selu-backward") == 0) {
        c->softshrink = 0;
    } else {
        return golden_fail(e, "unknown operator \"%s\" (softshrink or selu)", op);
    }
    if (golden_opt_required(o, "soc", &soc, e) != 0 || golden_opt_dtype(o, "dtype", &c->dt, e) != 0) {
        return -1;
    }
    int has_shape = golden_opt_shape(o, "shape", &c->shape, e);
    if (has_shape < 0) {
        return -1;
    }
    if (c->dt == NULL || !has_shape) {
        return golden_fail(e, "option --%s is required", c->dt == NULL ? "dtype" : "shape");
    }
    if (!c->softshrink && golden_opt_has(o, "lambda")) {
        return golden_fail(e, "--lambda is a SoftShrinkGrad parameter");
    }
    if (opsnn_platform_get(soc, &c->plat) != ACLNN_SUCCESS) {
        return golden_fail(e, "--soc: \"%s\" is not a known platform (Ascend910B, Ascend950 or cpu)", soc);
    }
    float lambd = 0.5f;
    if (c->softshrink && golden_opt(o, "lambda") != NULL &&
        golden_parse_float("--lambda", golden_opt(o, "lambda"), &lambd, e) != 0) {
        return -1;
    }
    if (!(lambd >= 0)) { /* the operator refuses these lambdas too (SPEC §6) */
        return golden_fail(e, "--lambda must be >= 0 and not NaN, got %s", golden_opt(o, "lambda"));
    }
    aclnnStatus st = c->softshrink
                         ? opsnn_softshrink_grad_tiling_compute(&c->plat, c->dt->acl, c->shape.dims,
                                                                c->shape.ndim, lambd, &c->ss)
                         : opsnn_selu_grad_tiling_compute(&c->plat, c->dt->acl, c->shape.dims,
                                                          c->shape.ndim, &c->se);
    if (st != ACLNN_SUCCESS) {
        return golden_fail(e, "the tiling calculator refused (status %d): %s", (int)st, aclGetRecentErrMsg());
    }
    return 0;
}

static int run_tiling(const golden_opts *o, golden_err *e)
{
    tiling_case c;
    memset(&c, 0, sizeof c);
    if (compute(o, &c, e) != 0) {
        return -1;
    }
    const char *bin = golden_opt(o, "bin");
    if (bin != NULL) {
        unsigned char bytes[GOLDEN_SOFTSHRINK_TILING_BYTES];
        size_t n = c.softshrink ? GOLDEN_SOFTSHRINK_TILING_BYTES : GOLDEN_SELU_TILING_BYTES;
        if (c.softshrink) {
            golden_softshrink_tiling_bytes(&c.ss.data, bytes);
        } else {
            golden_selu_tiling_bytes(&c.se.data, bytes);
        }
        golden_pending p;
        if (golden_stage_bytes(&p, bin, bytes, n, e) != 0 || golden_commit(&p, e) != 0) {
            return golden_prefix(e, "--bin");
        }
    }
    print_tiling(&c, golden_opt_has(o, "json"));
    return 0;
}

int golden_cmd_tiling(int argc, char **argv)
{
    golden_err e;
    golden_opts o;
    if (golden_opts_parse(argc, argv, TILING_OPTS, &o, &e) != 0 || run_tiling(&o, &e) != 0) {
        fprintf(stderr, "opsnn-golden tiling: %s\n", e.msg);
        return 2;
    }
    return 0;
}
