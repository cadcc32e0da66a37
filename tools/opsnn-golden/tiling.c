#include "tiling.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "acl/acl_base.h"
#include "args.h"
#include "binio.h"
#include "opsnn/ops.h"
#include "opsnn/opsnn.h"

/* One "name: value" line (text) or "name": value member (JSON). */
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

static void member_i64(printer *p, const char *name, long long v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", v);
    member(p, name, buf);
}

static void member_u64(printer *p, const char *name, unsigned long long v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", v);
    member(p, name, buf);
}

static void member_str(printer *p, const char *name, const char *v)
{
    char buf[256];
    snprintf(buf, sizeof buf, p->json ? "\"%s\"" : "%s", v);
    member(p, name, buf);
}

/* JSON has no NaN or infinity: those become strings. */
static void member_f32(printer *p, const char *name, float v)
{
    char buf[32];
    if (isnan(v) || isinf(v)) {
        snprintf(buf, sizeof buf, p->json ? "\"%s\"" : "%s", isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
    } else {
        snprintf(buf, sizeof buf, "%.9g", (double)v);
    }
    member(p, name, buf);
}

static void member_i64_array(printer *p, const char *name, const int64_t *v, int n)
{
    char buf[8 * 24 + 4];
    size_t len = (size_t)snprintf(buf, sizeof buf, "[");
    for (int i = 0; i < n; i++) {
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%lld", i ? ", " : "", (long long)v[i]);
    }
    snprintf(buf + len, sizeof buf - len, "]");
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

typedef struct tiling_op tiling_op;

typedef struct {
    const tiling_op *op;
    opsnn_platform plat;
    const golden_dtype *dt[3]; /* input 0, input 1, output */
    golden_shape shape[3];
    float lambd;
    opsnn_softshrink_grad_tiling ss;
    opsnn_selu_grad_tiling se;
    opsnn_hardshrink_grad_tiling hs;
    opsnn_softshrink_tiling sf;
    opsnn_selu_tiling sl;
    unsigned char bytes[OPSNN_SELU_GRAD_TILING_DATA_SIZE]; /* the largest struct */
    size_t nbytes;
    uint32_t block_dim;
    uint64_t workspace_size;
} tiling_case;

/* One ops-nn kernel op with a reference tiling in opsnn/tiling.h: what the
 * command calls it, what it prints, and its calculator. */
struct tiling_op {
    const char *kernel_op; /* the ops-nn folder, as opsnn_op_lookup() names it */
    const char *alias; /* the command's short name */
    const char *type; /* the NPU op */
    const char *tensors[3]; /* the NPU op's tensors; a forward op's [1] is NULL */
    const char *source[2]; /* ops-nn tiling file: arch35, 910b */
    int has_lambd;
    aclnnStatus (*compute)(tiling_case *c, const opsnn_tiling_tensor t[3]);
    void (*print_data)(printer *p, const tiling_case *c);
    void (*print_key)(printer *p, const tiling_case *c); /* tilingKey or what stands for it */
};

static aclnnStatus softshrink_compute(tiling_case *c, const opsnn_tiling_tensor t[3])
{
    aclnnStatus st = opsnn_softshrink_grad_tiling_compute(&c->plat, &t[0], &t[1], &t[2], c->lambd, &c->ss);
    c->block_dim = c->ss.block_dim;
    c->workspace_size = c->ss.workspace_size;
    return st != ACLNN_SUCCESS ? st
                               : opsnn_softshrink_grad_tiling_bytes(&c->ss, c->bytes, sizeof c->bytes,
                                                                    &c->nbytes);
}

static aclnnStatus selu_compute(tiling_case *c, const opsnn_tiling_tensor t[3])
{
    aclnnStatus st = opsnn_selu_grad_tiling_compute(&c->plat, &t[0], &t[1], &t[2], &c->se);
    c->block_dim = c->se.block_dim;
    c->workspace_size = c->se.workspace_size;
    return st != ACLNN_SUCCESS ? st
                               : opsnn_selu_grad_tiling_bytes(&c->se, c->bytes, sizeof c->bytes, &c->nbytes);
}

static aclnnStatus hardshrink_compute(tiling_case *c, const opsnn_tiling_tensor t[3])
{
    aclnnStatus st = opsnn_hardshrink_grad_tiling_compute(&c->plat, &t[0], &t[1], &t[2], c->lambd, &c->hs);
    c->block_dim = c->hs.block_dim;
    c->workspace_size = c->hs.workspace_size;
    return st != ACLNN_SUCCESS ? st
                               : opsnn_hardshrink_grad_tiling_bytes(&c->hs, c->bytes, sizeof c->bytes,
                                                                    &c->nbytes);
}

static aclnnStatus softshrink_fwd_compute(tiling_case *c, const opsnn_tiling_tensor t[3])
{
    aclnnStatus st = opsnn_softshrink_tiling_compute(&c->plat, &t[0], c->lambd, &c->sf);
    c->block_dim = c->sf.block_dim;
    c->workspace_size = c->sf.workspace_size;
    return st != ACLNN_SUCCESS ? st
                               : opsnn_softshrink_tiling_bytes(&c->sf, c->bytes, sizeof c->bytes, &c->nbytes);
}

static aclnnStatus selu_fwd_compute(tiling_case *c, const opsnn_tiling_tensor t[3])
{
    aclnnStatus st = opsnn_selu_tiling_compute(&c->plat, &t[0], &c->sl);
    c->block_dim = c->sl.block_dim;
    c->workspace_size = c->sl.workspace_size;
    return st != ACLNN_SUCCESS ? st : opsnn_selu_tiling_bytes(&c->sl, c->bytes, sizeof c->bytes, &c->nbytes);
}

static void print_softshrink_data(printer *p, const tiling_case *c)
{
    if (c->plat.algo == OPSNN_TILING_910B) {
        const opsnn_softshrink_grad_tiling_data_910b *d = &c->ss.data_910b;
        member_i64(p, "totalNum", d->totalNum);
        member_i64(p, "blockFactor", d->blockFactor);
        member_i64(p, "ubFactor", d->ubFactor);
        member_f32(p, "lambd", d->lambd);
        return;
    }
    const opsnn_softshrink_grad_tiling_data *d = &c->ss.data;
    member_i64(p, "dim0", d->dim0);
    member_i64(p, "coreNum", d->coreNum);
    member_i64(p, "blockFormer", d->blockFormer);
    member_i64(p, "blockNum", d->blockNum);
    member_i64(p, "ubFormer", d->ubFormer);
    member_f32(p, "lambd", d->lambd);
}

static void print_selu_data(printer *p, const tiling_case *c)
{
    if (c->plat.algo == OPSNN_TILING_910B) {
        member_u64(p, "totalNum", c->se.data_910b.totalNum);
        member_u64(p, "blockFactor", c->se.data_910b.blockFactor);
        member_u64(p, "ubFactor", c->se.data_910b.ubFactor);
        return;
    }
    const opsnn_selu_grad_tiling_data *d = &c->se.data;
    member_i64(p, "totalElements", d->totalElements);
    member_i64(p, "blockFormer", d->blockFormer);
    member_i64(p, "ubFormer", d->ubFormer);
    member_i64(p, "needBroadcast", d->needBroadcast);
    member_i64(p, "shapeLen", d->shapeLen);
    member_i64(p, "innerSize", d->innerSize);
    member_i64(p, "totalRows", d->totalRows);
    member_i64(p, "innerChunkSize", d->innerChunkSize);
    member_i64(p, "numInnerChunks", d->numInnerChunks);
    member_i64_array(p, "outputDims", d->outputDims, OPSNN_SELU_GRAD_MAX_DIM);
    member_i64_array(p, "gradStrides", d->gradStrides, OPSNN_SELU_GRAD_MAX_DIM);
    member_i64_array(p, "outStrides", d->outStrides, OPSNN_SELU_GRAD_MAX_DIM);
}

/* The one-dim structs (HardShrinkGrad, Softshrink, Selu): the element count
 * under its struct's name, elements per core and per UB pass, then lambd
 * when the struct has one. */
static void print_flat(printer *p, const char *total_name, int64_t total, int64_t per_core,
                       int64_t per_pass, const float *lambd)
{
    member_i64(p, total_name, total);
    member_i64(p, "blockFactor", per_core);
    member_i64(p, "ubFactor", per_pass);
    if (lambd != NULL) {
        member_f32(p, "lambd", *lambd);
    }
}

static void print_hardshrink_data(printer *p, const tiling_case *c)
{
    const opsnn_hardshrink_grad_tiling_data *d = &c->hs.data;
    print_flat(p, "totalNum", d->totalNum, d->blockFactor, d->ubFactor, &d->lambd);
}

static void print_softshrink_fwd_data(printer *p, const tiling_case *c)
{
    const opsnn_softshrink_tiling_data *d = &c->sf.data;
    print_flat(p, "totalNum", d->totalNum, d->blockFactor, d->ubFactor, &d->lambd);
}

static void print_selu_fwd_data(printer *p, const tiling_case *c)
{
    const opsnn_selu_tiling_data *d = &c->sl.data;
    print_flat(p, "totalElements", d->totalElements, d->blockFactor, d->ubFactor, NULL);
}

static void print_softshrink_fwd_key(printer *p, const tiling_case *c)
{
    member_u64(p, "tilingKey", c->sf.tiling_key);
}

/* arch35 packs one placeholder (schMode 0); the experimental code selects its
 * template by the dtype. */
static void print_selu_fwd_key(printer *p, const tiling_case *c)
{
    if (c->plat.algo != OPSNN_TILING_910B) {
        member_u64(p, "tilingKey", c->sl.tiling_key);
        return;
    }
    const golden_dtype *dt = golden_dtype_by_acl(c->sl.dtype);
    open_group(p, "templateArgs");
    member_str(p, "D_T_X", dt != NULL ? dt->name : "?");
    close_group(p);
}

static void print_softshrink_key(printer *p, const tiling_case *c)
{
    member_u64(p, "tilingKey", c->ss.tiling_key);
}

static void print_selu_key(printer *p, const tiling_case *c)
{
    member_u64(p, "tilingKey", c->se.tiling_key);
}

/* ops-nn selects HardShrinkGrad's kernel template by its arguments
 * (ASCENDC_TPL_SEL_PARAM), which are printed instead of a packed key. */
static void print_hardshrink_key(printer *p, const tiling_case *c)
{
    const golden_dtype *dt = golden_dtype_by_acl(c->hs.dtype);
    open_group(p, "templateArgs");
    member_str(p, c->plat.algo == OPSNN_TILING_910B ? "D_T" : "D_T_X", dt != NULL ? dt->name : "?");
    member_u64(p, "BUFFER_MODE", c->hs.buffer_mode);
    close_group(p);
}

static const tiling_op TILING_OPS[] = {
    {"soft_shrink_grad", "softshrink", "SoftShrinkGrad", {"input_grad", "input_x", "output_y"},
     {"activation/soft_shrink_grad/op_host/arch35/soft_shrink_grad_tiling_arch35.cpp",
      "experimental/activation/softshrink_grad/op_host/softshrink_grad_tiling.cpp"},
     1, softshrink_compute, print_softshrink_data, print_softshrink_key},
    {"selu_grad", "selu", "SeluGrad", {"gradients", "outputs", "y"},
     {"activation/selu_grad/op_host/arch35/selu_grad_tiling_arch35.cpp",
      "experimental/activation/selu_grad/op_host/selu_grad_tiling.cpp"},
     0, selu_compute, print_selu_data, print_selu_key},
    {"hard_shrink_grad", "hardshrink", "HardShrinkGrad", {"gradients", "features", "backprops"},
     {"activation/hard_shrink_grad/op_host/arch35/hard_shrink_grad_tiling.cpp",
      "experimental/activation/hard_shrink_grad/op_host/hard_shrink_grad_tiling.cpp"},
     1, hardshrink_compute, print_hardshrink_data, print_hardshrink_key},
    /* the forward operators: no short name ("softshrink" and "selu" mean the
     * backward ones), found by their NPU op or aclnn names */
    {"softshrink", NULL, "Softshrink", {"x", NULL, "y"},
     {"activation/softshrink/op_host/arch35/softshrink_tiling.cpp", NULL},
     1, softshrink_fwd_compute, print_softshrink_fwd_data, print_softshrink_fwd_key},
    {"selu", NULL, "Selu", {"x", NULL, "y"},
     {"activation/selu/op_host/arch35/selu_tiling_arch35.cpp",
      "experimental/activation/selu/op_host/selu_tiling.cpp"},
     0, selu_fwd_compute, print_selu_fwd_data, print_selu_fwd_key},
};
#define NTILING_OPS (sizeof TILING_OPS / sizeof TILING_OPS[0])

/* "softshrink, selu, ... or Selu": each row's short name, else its NPU op. */
static const char *tiling_op_names(char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < NTILING_OPS && len < size; i++) {
        const char *sep = i == 0 ? "" : i + 1 == NTILING_OPS ? " or " : ", ";
        const char *name = TILING_OPS[i].alias != NULL ? TILING_OPS[i].alias : TILING_OPS[i].type;
        len += (size_t)snprintf(buf + len, size - len, "%s%s", sep, name);
    }
    return buf;
}

/* The op a command-line name means: a short name ("hardshrink"), the NPU op
 * ("HardShrinkGrad", "Selu"), or any name of a library operator whose ops-nn
 * kernel op has a tiling here ("hardshrink-backward", "aclnnHardshrinkBackward",
 * "hard_shrink_grad", "aclnnSelu", "inplace-selu"). The short names come
 * first, so "softshrink" and "selu" mean the backward ops' tilings. */
static const tiling_op *find_tiling_op(const char *name)
{
    for (size_t i = 0; i < NTILING_OPS; i++) {
        const char *alias = TILING_OPS[i].alias;
        if ((alias != NULL && strcmp(name, alias) == 0) || strcmp(name, TILING_OPS[i].type) == 0) {
            return &TILING_OPS[i];
        }
    }
    const opsnn_op_meta *m = opsnn_op_lookup(name);
    for (size_t i = 0; m != NULL && i < NTILING_OPS; i++) {
        if (strcmp(m->kernel_op, TILING_OPS[i].kernel_op) == 0) {
            return &TILING_OPS[i];
        }
    }
    return NULL;
}

static void print_tiling(const tiling_case *c, int json)
{
    const tiling_op *op = c->op;
    int b910 = c->plat.algo == OPSNN_TILING_910B;
    printer p = {json, 1, json ? 2 : 0};
    char buf[1024];
    if (json) {
        printf("{");
    }
    member_str(&p, "op", op->type);
    member_str(&p, "soc", c->plat.name);
    member_str(&p, "algorithm", b910 ? "910b" : "arch35");
    member_str(&p, "source", op->source[b910] != NULL ? op->source[b910] : "none");
    member_i64(&p, "vectorCoreNum", c->plat.core_num);
    member_i64(&p, "ubSize", c->plat.ub_size);
    for (int k = 0; k < 3; k++) {
        if (op->tensors[k] == NULL) {
            continue;
        }
        open_group(&p, op->tensors[k]);
        member_str(&p, "dtype", c->dt[k]->name);
        golden_shape_format(&c->shape[k], buf, sizeof buf);
        member(&p, "shape", buf);
        close_group(&p);
    }
    if (op->has_lambd) {
        member_f32(&p, "lambd", c->lambd);
    }
    snprintf(buf, sizeof buf, "%sTilingData", op->type);
    member_str(&p, "tilingStruct", buf);
    member_i64(&p, "tilingDataSize", (long long)c->nbytes);
    open_group(&p, json ? "tilingData" : buf);
    op->print_data(&p, c);
    close_group(&p);
    op->print_key(&p, c);
    member_u64(&p, "blockDim", c->block_dim);
    member_u64(&p, "workspaceSize", c->workspace_size);
    if (json) {
        printf("\n}\n");
    }
}

static const golden_optspec TILING_OPTS[] = {
    {"soc", 1, 0},          {"core-num", 1, 0},      {"ub-size", 1, 0},
    {"shape", 1, 0},        {"input1-shape", 1, 0},  {"output-shape", 1, 0},
    {"dtype", 1, 0},        {"input1-dtype", 1, 0},  {"output-dtype", 1, 0},
    {"lambda", 1, 0},       {"json", 0, 0},          {"bin", 1, 0},
    {NULL, 0, 0},
};

/* --soc (default: the configuration in effect, OPSNN_SOC or Ascend950), then the
 * --core-num / --ub-size overrides. */
static int get_platform(const golden_opts *o, opsnn_platform *plat, golden_err *e)
{
    const char *soc = golden_opt(o, "soc");
    if (opsnn_platform_get(soc, plat) != ACLNN_SUCCESS) {
        return golden_fail(e, "--soc: %s", aclGetRecentErrMsg());
    }
    int64_t v;
    if (golden_opt(o, "core-num") != NULL) {
        if (golden_parse_i64("--core-num", golden_opt(o, "core-num"), 1, INT32_MAX, &v, e) != 0) {
            return -1;
        }
        plat->core_num = v;
    }
    if (golden_opt(o, "ub-size") != NULL) {
        if (golden_parse_i64("--ub-size", golden_opt(o, "ub-size"), 1, INT32_MAX, &v, e) != 0) {
            return -1;
        }
        plat->ub_size = v;
    }
    return 0;
}

/* --shape / --dtype give every tensor; the per-tensor options override. */
static int get_tensors(const golden_opts *o, tiling_case *c, golden_err *e)
{
    static const char *const shape_opt[3] = {"shape", "input1-shape", "output-shape"};
    static const char *const dtype_opt[3] = {"dtype", "input1-dtype", "output-dtype"};
    if (golden_opt_dtype(o, "dtype", &c->dt[0], e) != 0) {
        return -1;
    }
    int has = golden_opt_shape(o, "shape", &c->shape[0], e);
    if (has < 0) {
        return -1;
    }
    if (c->dt[0] == NULL || !has) {
        return golden_fail(e, "option --%s is required", c->dt[0] == NULL ? "dtype" : "shape");
    }
    for (int k = 1; k < 3; k++) {
        c->dt[k] = c->dt[0];
        c->shape[k] = c->shape[0];
        const golden_dtype *dt = NULL;
        if (golden_opt_dtype(o, dtype_opt[k], &dt, e) != 0 ||
            golden_opt_shape(o, shape_opt[k], &c->shape[k], e) < 0) {
            return -1;
        }
        c->dt[k] = dt != NULL ? dt : c->dt[k];
    }
    return 0;
}

static int compute(const golden_opts *o, tiling_case *c, golden_err *e)
{
    const char *name = o->npos > 0 ? o->pos[0] : NULL;
    char names[128];
    if (name == NULL || o->npos > 1) {
        return golden_fail(e, "name one operator: %s", tiling_op_names(names, sizeof names));
    }
    c->op = find_tiling_op(name);
    if (c->op == NULL) {
        return golden_fail(e, "unknown operator \"%s\" (%s)", name, tiling_op_names(names, sizeof names));
    }
    if (!c->op->has_lambd && golden_opt_has(o, "lambda")) {
        return golden_fail(e, "--lambda: %s has no lambd attribute", c->op->type);
    }
    if (c->op->tensors[1] == NULL &&
        (golden_opt_has(o, "input1-shape") || golden_opt_has(o, "input1-dtype"))) {
        return golden_fail(e, "--input1-shape / --input1-dtype: %s has one input", c->op->type);
    }
    if (get_platform(o, &c->plat, e) != 0 || get_tensors(o, c, e) != 0) {
        return -1;
    }
    c->lambd = 0.5f; /* the attribute's default */
    if (golden_opt(o, "lambda") != NULL &&
        golden_parse_float("--lambda", golden_opt(o, "lambda"), &c->lambd, e) != 0) {
        return -1;
    }
    opsnn_tiling_tensor t[3];
    for (int k = 0; k < 3; k++) {
        t[k].dtype = c->dt[k]->acl;
        t[k].ndim = c->shape[k].ndim;
        t[k].dims = c->shape[k].dims;
    }
    if (c->op->compute(c, t) != ACLNN_SUCCESS) {
        return golden_fail(e, "%s", aclGetRecentErrMsg());
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
        golden_pending p;
        if (golden_stage_bytes(&p, bin, c.bytes, c.nbytes, e) != 0 || golden_commit(&p, e) != 0) {
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
