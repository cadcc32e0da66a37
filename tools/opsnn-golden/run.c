#include "run.h"

#include <dirent.h>
#include <pthread.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "args.h"
#include "cases.h"
#include "compare.h"
#include "gen.h"
#include "manifest.h"
#include "op.h"
#include "prepare.h"
#include "report.h"
#include "sha256.h"
#include "opsnn/opsnn.h"

#define RUN_MAX_FILE (256u << 20)

typedef struct {
    const char *cases_path;
    const char *prepare; /* NULL: no prepare tree */
    const char *format;
    const char *npu_dir;
    const char *golden_dir; /* the judge's goldens: a prepared tree */
    const golden_manifest *tree; /* golden_dir's manifest */
    int regenerate; /* --regenerate-goldens: the judge computes goldens from --seed */
    uint64_t seed;
    int seed_given;
    int has_method;
    golden_cmp_method method;
    int64_t max_numel;
    int quiet;
} run_cfg;

/* The case's own random stream: the seed and the case name, so a case draws
 * the same inputs whatever else the file holds. */
static void case_rng(golden_rng *r, uint64_t seed, const char *name, int slot)
{
    golden_sha256 s;
    unsigned char d[32];
    golden_sha256_init(&s);
    golden_sha256_update(&s, name, strlen(name));
    golden_sha256_final(&s, d);
    uint64_t h = 0;
    for (int i = 0; i < 8; i++) {
        h = h << 8 | d[i];
    }
    golden_rng_seed(r, seed, h + (uint64_t)slot);
}

/* Draw one value of a range: uniform in [lo, hi] (integers: each integer
 * equally likely), lo itself when lo == hi. */
static double draw(const golden_vrange *rg, const golden_dtype *dt, golden_rng *r)
{
    if (rg->lo == rg->hi) {
        return rg->lo;
    }
    double u = golden_rng_unit(r);
    if (dt != NULL && dt->is_int) {
        double lo = fmax(ceil(rg->lo), (double)dt->min), hi = fmin(floor(rg->hi), (double)dt->max);
        if (lo > hi) {
            return lo > (double)dt->max ? (double)dt->max : (double)dt->min;
        }
        double v = lo + floor(u * (hi - lo + 1));
        return v > hi ? hi : v;
    }
    return rg->lo + (rg->hi - rg->lo) * u;
}

/* A standard normal deviate (Box-Muller; u1 is kept away from 0). */
static double normal01(golden_rng *r)
{
    double u1 = golden_rng_unit(r), u2 = golden_rng_unit(r);
    return sqrt(-2.0 * log(1.0 - u1)) * cos(6.283185307179586 * u2);
}

static void fill(golden_array *a, const golden_vrange *rg, golden_rng *r)
{
    double mean = 0, sd = 0;
    if (rg->normal) { /* ATK "nd": one mean and std per tensor */
        mean = rg->mean_lo + (rg->mean_hi - rg->mean_lo) * golden_rng_unit(r);
        sd = rg->std_lo + (rg->std_hi - rg->std_lo) * golden_rng_unit(r);
    }
    for (int64_t i = 0; i < a->numel; i++) {
        double v = i < rg->nmust ? rg->must[i] : rg->normal ? mean + sd * normal01(r) : draw(rg, a->dtype, r);
        if (a->dtype->is_int) { /* must-values and fixed values clamp into range */
            v = isnan(v) ? 0 : fmin(fmax(trunc(v), (double)a->dtype->min), (double)a->dtype->max);
        }
        golden_set(a->dtype, a->data, i, v);
    }
}

static aclTensor *view_tensor(const golden_case_tensor *t, void *data)
{
    return aclCreateTensor(t->shape.dims, (uint64_t)t->shape.ndim, t->dtype->acl, t->strided ? t->strides : NULL,
                           t->strided ? t->offset : 0, ACL_FORMAT_ND, t->storage.dims, (uint64_t)t->storage.ndim,
                           data);
}

/* Find the NPU output of a case: <npu-dir>/<case dir>/output_0_* or golden_0_*. */
static int find_npu_output(const char *npu_dir, const char *dirname, char *path, size_t size, char *dtname,
                           size_t dtsize, char *token, size_t toksize, golden_err *e)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", npu_dir, dirname);
    DIR *d = opendir(dir);
    if (d == NULL) {
        return golden_fail(e, "no NPU output: %s: %s", dir, strerror(errno));
    }
    struct dirent *ent;
    char best[512] = "";
    int rank = 0;
    while ((ent = readdir(d)) != NULL) {
        int r = strncmp(ent->d_name, "output_0_", 9) == 0 ? 2 : strncmp(ent->d_name, "golden_0_", 9) == 0 ? 1 : 0;
        if (r > rank && strlen(ent->d_name) < sizeof best) {
            rank = r;
            snprintf(best, sizeof best, "%s", ent->d_name);
        }
    }
    closedir(d);
    if (rank == 0) {
        return golden_fail(e, "no NPU output: %s holds no output_0_* or golden_0_* file", dir);
    }
    snprintf(path, size, "%s/%s", dir, best);
    /* <role>_0_<dtype>[__shape_<token>].<ext> */
    const char *p = best + 9;
    const char *stop = strstr(p, "__shape_");
    const char *dot = strrchr(p, '.');
    const char *end = stop != NULL ? stop : dot != NULL ? dot : p + strlen(p);
    snprintf(dtname, dtsize, "%.*s", (int)(end - p), p);
    token[0] = '\0';
    if (stop != NULL && dot != NULL && dot > stop + 8) {
        snprintf(token, toksize, "%.*s", (int)(dot - (stop + 8)), stop + 8);
    }
    return 0;
}

/* The FAIL line's tail: where the worst element is and how many elements
 * the method's element rule rejects. */
static void describe_failure(const golden_array *y, const golden_array *npu, const golden_verdict *v,
                             golden_result *res)
{
    golden_mismatch w;
    double err = 0.0;
    size_t n = strlen(res->message);
    if (!golden_worst_element(y, npu, &w, &err) || n + 1 >= sizeof res->message) {
        return;
    }
    char idx[256];
    golden_shape_unravel(&y->shape, w.index, idx, sizeof idx);
    snprintf(res->message + n, sizeof res->message - n,
             "; worst element %s: golden %.9g, actual %.9g, error %.9g; %lld of %lld elements over tolerance",
             idx, w.golden, w.actual, err, (long long)v->bad, (long long)v->total);
}

static void judge_npu(const run_cfg *cfg, const golden_case *c, const char *dirname, const golden_array *y,
                      golden_result *res)
{
    char path[4600], dtname[64], token[512], want[512];
    golden_err e;
    golden_array npu;
    memset(&npu, 0, sizeof npu);
    if (find_npu_output(cfg->npu_dir, dirname, path, sizeof path, dtname, sizeof dtname, token, sizeof token,
                        &e) != 0) {
        res->status = GOLDEN_ST_ERROR;
        snprintf(res->message, sizeof res->message, "%s", e.msg);
        return;
    }
    const golden_dtype *dt = golden_dtype_by_name(dtname);
    golden_shape_token(&y->shape, want, sizeof want);
    if (dt == NULL || (token[0] != '\0' && strcmp(token, want) != 0)) {
        res->status = GOLDEN_ST_ERROR;
        snprintf(res->message, sizeof res->message, "%.900s: %s", path,
                 dt == NULL ? "unknown dtype in the file name" : "saved shape differs from the golden shape");
        return;
    }
    /* a rank-0 output is saved with shape (1,), as TTK saves it */
    golden_shape want_shape = y->shape;
    if (want_shape.ndim == 0) {
        want_shape.ndim = 1;
        want_shape.dims[0] = 1;
    }
    if (golden_load_regular(path, dt, "the file name", &want_shape, &npu, &e) != 0) {
        res->status = GOLDEN_ST_ERROR;
        snprintf(res->message, sizeof res->message, "%s", e.msg);
        return;
    }
    golden_cmp_method m = cfg->has_method ? cfg->method : c->has_method ? c->method : GOLDEN_CMP_MIXED;
    golden_verdict v;
    if (golden_cmp_judge(m, y, &npu, &c->tols, &v, &e) != 0) {
        res->status = GOLDEN_ST_ERROR;
        snprintf(res->message, sizeof res->message, "%s", e.msg);
    } else {
        res->status = v.pass ? GOLDEN_ST_PASS : GOLDEN_ST_FAIL;
        snprintf(res->method, sizeof res->method, "%s", golden_cmp_method_name(v.method));
        res->metric = v.metric;
        res->has_metric = 1;
        snprintf(res->message, sizeof res->message, "%s", v.detail);
        if (!v.pass) {
            describe_failure(y, &npu, &v, res);
        }
    }
    golden_array_free(&npu);
}

/* Judge a case against the golden its prepared tree holds (no computing):
 * <golden-dir>/<case dir>/golden_0_<dtype>__shape_<token>.bin or
 * golden_0_<dtype>.npy, as `run --prepare` wrote it. */
static void judge_from_tree(const run_cfg *cfg, const golden_case *c, golden_result *res)
{
    char dirname[200], tok[512], path[4800];
    golden_err e;
    golden_case_dirname(c->name, dirname, sizeof dirname);
    if (!golden_manifest_has(cfg->tree, dirname)) {
        res->status = GOLDEN_ST_ERROR;
        snprintf(res->message, sizeof res->message, "not in the --golden-dir tree (%.200s): its prepare run "
                 "produced no golden for it", dirname);
        return;
    }
    golden_shape_token(&c->out.shape, tok, sizeof tok);
    const char *dt = golden_numpy_name(c->out.dtype);
    if (strcmp(cfg->tree->format, "npy") == 0) {
        snprintf(path, sizeof path, "%s/%s/golden_0_%s.npy", cfg->golden_dir, dirname, dt);
    } else {
        snprintf(path, sizeof path, "%s/%s/golden_0_%s__shape_%s.bin", cfg->golden_dir, dirname, dt, tok);
    }
    golden_shape shape = c->out.shape;
    if (shape.ndim == 0) {
        shape.ndim = 1;
        shape.dims[0] = 1;
    }
    golden_array y;
    if (golden_load_regular(path, c->out.dtype, "the case file", &shape, &y, &e) != 0) {
        res->status = GOLDEN_ST_ERROR;
        snprintf(res->message, sizeof res->message, "golden from the tree: %.990s", e.msg);
        return;
    }
    y.shape = c->out.shape; /* indices in FAIL lines follow the view shape */
    res->produced = 1;
    judge_npu(cfg, c, dirname, &y, res);
    golden_array_free(&y);
}

static void run_case(const run_cfg *cfg, const golden_case *c, golden_result *res)
{
    golden_err e;
    snprintf(res->name, sizeof res->name, "%s", c->name != NULL ? c->name : "?");
    snprintf(res->op, sizeof res->op, "%s", c->op != NULL ? golden_op_bare(c->op) : "?");
    snprintf(res->method, sizeof res->method, "-");
    if (c->out.dtype != NULL) {
        snprintf(res->dtype, sizeof res->dtype, "%s", c->out.dtype->name);
    }
    golden_shape_format(&c->out.shape, res->shape, sizeof res->shape);
    if (c->error != NULL) {
        res->status = GOLDEN_ST_ERROR;
        snprintf(res->message, sizeof res->message, "bad case (line/index %d): %s", c->line, c->error);
        return;
    }
    if (c->disabled) {
        res->status = GOLDEN_ST_SKIP;
        snprintf(res->message, sizeof res->message, "is_enabled is False");
        return;
    }
    const int nin = c->info.nin;
    const golden_shape *sizes[GOLDEN_MAX_IN + 2] = {&c->out.shape, &c->out.storage};
    for (int k = 0; k < nin; k++) {
        sizes[2 + k] = &c->in[k].storage;
    }
    for (int k = 0; k < 2 + nin; k++) {
        int64_t n = 0;
        if (golden_shape_numel(sizes[k], &n, &e) != 0) {
            res->status = GOLDEN_ST_ERROR;
            snprintf(res->message, sizeof res->message, "bad case: %.900s", e.msg);
            return;
        }
        if (n > cfg->max_numel) {
            res->status = GOLDEN_ST_SKIP;
            snprintf(res->message, sizeof res->message, "%lld elements: above --max-numel %lld",
                     (long long)n, (long long)cfg->max_numel);
            return;
        }
    }
    if (cfg->golden_dir != NULL) {
        judge_from_tree(cfg, c, res);
        return;
    }
    const opsnn_op_meta *m = c->op;
    const golden_opinfo *info = &c->info;
    golden_array in[GOLDEN_MAX_IN + 1], y, sc; /* in[nin]: the output slot */
    memset(in, 0, sizeof in);
    memset(&y, 0, sizeof y);
    memset(&sc, 0, sizeof sc);
    void *operands[16] = {NULL};
    int ok = 0;
    const int scalar_stream = nin > 2 ? nin : 2; /* the rng streams: inputs 0.., scalar, output slot */
    for (int k = 0; k < nin; k++) {
        golden_rng r;
        case_rng(&r, cfg->seed, c->name, k);
        if (golden_array_alloc(&in[k], c->in[k].dtype, &c->in[k].storage, &e) != 0) {
            goto out;
        }
        fill(&in[k], &c->in[k].range, &r);
    }
    if (c->output_slot) { /* the output's initial storage, TTK's input slot nin */
        golden_rng r;
        case_rng(&r, cfg->seed, c->name, scalar_stream + 1);
        if (golden_array_alloc(&in[nin], c->out.dtype, &c->out.storage, &e) != 0) {
            goto out;
        }
        fill(&in[nin], &c->out.range, &r);
    }
    float lambd = (float)c->lambd;
    if (info->scalar_arg >= 0) {
        golden_rng r;
        case_rng(&r, cfg->seed, c->name, scalar_stream);
        double lv = c->lambd_random ? draw(&c->lambd_range, c->scalar_dtype, &r) : c->lambd;
        golden_shape one = {0, {0}};
        const golden_dtype *sdt = c->scalar_input ? c->scalar_dtype : golden_dtype_by_name("fp32");
        if (golden_array_alloc(&sc, sdt, &one, &e) != 0) {
            goto out;
        }
        golden_set(sdt, sc.data, 0, lv);
        lambd = (float)golden_get(sdt, sc.data, 0);
        res->lambd = lambd;
        if ((operands[info->scalar_arg] = aclCreateScalar(sc.data, sdt->acl)) == NULL) {
            golden_fail(&e, "cannot describe the tensors: %s", aclGetRecentErrMsg());
            goto out;
        }
    }
    if (golden_array_alloc(&y, c->out.dtype, &c->out.shape, &e) != 0) {
        goto out;
    }
    int described = 1;
    if (info->inplace) { /* a contiguous input (golden_case_finish): y starts as it and is written over */
        memcpy(y.data, in[0].data, (size_t)y.nbytes);
        described &= (operands[info->in_arg[0]] = view_tensor(&c->in[0], y.data)) != NULL;
    } else {
        for (int k = 0; k < nin; k++) {
            described &= (operands[info->in_arg[k]] = view_tensor(&c->in[k], in[k].data)) != NULL;
        }
        described &= (operands[info->out_arg] =
                          aclCreateTensor(y.shape.dims, (uint64_t)y.shape.ndim, y.dtype->acl, NULL, 0, ACL_FORMAT_ND,
                                          y.shape.dims, (uint64_t)y.shape.ndim, y.data)) != NULL;
    }
    if (!described) {
        golden_fail(&e, "cannot describe the tensors: %s", aclGetRecentErrMsg());
        goto out;
    }
    if (golden_op_execute(m, operands, &e) != 0) {
        goto out;
    }
    char dirname[200];
    golden_case_dirname(c->name, dirname, sizeof dirname);
    if (cfg->prepare != NULL) {
        golden_case_data d;
        memset(&d, 0, sizeof d);
        for (int k = 0; k <= nin; k++) {
            d.inputs[k] = &in[k];
        }
        d.ninputs = nin + (c->output_slot != 0);
        if (c->scalar_input) {
            d.scalars[0] = &sc;
            d.nscalars = 1;
        }
        d.goldens[0] = &y;
        d.ngoldens = 1;
        if (golden_prepare_case(cfg->prepare, c->name, &d, cfg->format, &e) != 0) {
            goto out;
        }
    }
    ok = 1;
    res->produced = 1;
    if (cfg->npu_dir != NULL) {
        judge_npu(cfg, c, dirname, &y, res);
    } else {
        res->status = GOLDEN_ST_GOLDEN;
        char used[128] = "";
        if (info->scalar_arg >= 0) {
            snprintf(used, sizeof used, " (%s %.9g)", m->args[info->scalar_arg].name, (double)lambd);
        }
        snprintf(res->message, sizeof res->message, "golden computed%s%s%s", used,
                 cfg->prepare != NULL ? ", prepared as " : "", cfg->prepare != NULL ? dirname : "");
    }
out:
    if (!ok) {
        res->status = GOLDEN_ST_ERROR;
        snprintf(res->message, sizeof res->message, "%s", e.msg);
    }
    for (int i = 0; m != NULL && i < m->nargs; i++) {
        if (operands[i] != NULL) {
            if (m->args[i].kind == OPSNN_ARG_SCALAR) {
                aclDestroyScalar(operands[i]);
            } else {
                aclDestroyTensor(operands[i]);
            }
        }
    }
    for (int k = 0; k <= nin; k++) {
        golden_array_free(&in[k]);
    }
    golden_array_free(&y);
    golden_array_free(&sc);
}

/* A shape as a Python tuple: (), (8,), (4, 2). */
/* A number as Python reads it back: float('inf') for infinities. */
static void py_num(FILE *f, double v)
{
    if (isinf(v)) {
        fputs(v < 0 ? "float('-inf')" : "float('inf')", f);
    } else if (isnan(v)) {
        fputs("float('nan')", f);
    } else {
        fprintf(f, "%.17g", v);
    }
}

static void py_tuple(FILE *f, const int64_t *v, int n)
{
    fputc('(', f);
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s%lld", i ? ", " : "", (long long)v[i]);
    }
    fputs(n == 1 ? ",)" : ")", f);
}

/* The cases that produced a golden, as a TTK aclnn table TTK can replay the
 * prepared tree with (ATK files have no TTK table of their own). */
static int emit_ttk_csv(const char *path, const golden_caseset *set, const golden_result *res, golden_err *e)
{
    golden_text out;
    if (golden_text_open(&out, e) != 0) {
        return -1;
    }
    FILE *f = out.f;
    fputs("testcase_name,api_name,tensor_view_shapes,tensor_dtypes,tensor_formats,tensor_storage_shapes,"
          "tensor_view_offsets,tensor_view_strides,output_tensor_indexes,attributes,scalar_dtypes,"
          "input_data_ranges\n", f);
    for (int i = 0; i < set->n; i++) {
        const golden_case *c = &set->cases[i];
        if (!res[i].produced || c->info.inplace) { /* an in-place row would need its input as output */
            continue;
        }
        const golden_opinfo *info = &c->info;
        const golden_case_tensor *t[GOLDEN_MAX_IN + 1];
        int nt = 0, out_index = 0;
        for (int a = 0, k = 0; a < c->op->nargs; a++) {
            if (c->op->args[a].kind == OPSNN_ARG_SCALAR) {
                continue;
            }
            if (a == info->out_arg) {
                out_index = nt;
            }
            t[nt++] = c->op->args[a].kind == OPSNN_ARG_TENSOR_OUT ? &c->out : &c->in[k++];
        }
        golden_csv_cell(f, c->name);
        fprintf(f, ",%s,\"(", c->op->api);
        for (int k = 0; k < nt; k++) {
            fputs(k ? ", " : "", f);
            py_tuple(f, t[k]->shape.dims, t[k]->shape.ndim);
        }
        fputs(")\",\"(", f);
        for (int k = 0; k < nt; k++) {
            fprintf(f, "%s'%s'", k ? ", " : "", golden_numpy_name(t[k]->dtype));
        }
        fputs(nt == 1 ? ",)" : ")", f);
        fputs("\",\"('ND',)\",\"(", f);
        for (int k = 0; k < nt; k++) {
            fputs(k ? ", " : "", f);
            if (t[k]->strided) {
                py_tuple(f, t[k]->storage.dims, t[k]->storage.ndim);
            } else {
                fputs("None", f);
            }
        }
        fputs(nt == 1 ? ",)\",\"(" : ")\",\"(", f);
        for (int k = 0; k < nt; k++) {
            fprintf(f, "%s%lld", k ? ", " : "", (long long)t[k]->offset);
        }
        fputs(nt == 1 ? ",)\",\"(" : ")\",\"(", f);
        for (int k = 0; k < nt; k++) {
            fputs(k ? ", " : "", f);
            if (t[k]->strided) {
                py_tuple(f, t[k]->strides, t[k]->shape.ndim);
            } else {
                fputs("None", f);
            }
        }
        fprintf(f, "%s\",\"(%d,)\",", nt == 1 ? ",)" : ")", out_index);
        if (info->scalar_arg >= 0) {
            fprintf(f, "\"{'%s': ", c->op->args[info->scalar_arg].name);
            py_num(f, res[i].lambd);
            fprintf(f, "}\",\"('%s',)\",", golden_numpy_name(c->scalar_dtype != NULL ? c->scalar_dtype
                                                                                 : golden_dtype_by_name("fp32")));
        } else {
            fputs("{},,", f);
        }
        fputs("\"(", f);
        for (int k = 0; k < nt; k++) {
            fputs(k ? ", (" : "(", f);
            py_num(f, t[k]->range.lo);
            fputs(", ", f);
            py_num(f, t[k]->range.hi);
            fputc(')', f);
        }
        fputs(nt == 1 ? ",)\"\n" : ")\"\n", f);
    }
    return golden_text_commit(&out, path, e);
}

/* TTK renames a repeated testcase_name to <name>_<op>_dup<i>, the first i
 * that names no earlier case (TestcaseManager._rename_duplicate_case_name;
 * <op> is the kernel op_name or the aclnn api_name); disabled rows take no
 * part. An ATK file has no such rule: a repeat there is an error. */
static int name_taken(const golden_caseset *set, int upto, const char *name)
{
    for (int j = 0; j < upto; j++) {
        if (!set->cases[j].disabled && set->cases[j].name != NULL && strcmp(set->cases[j].name, name) == 0) {
            return 1;
        }
    }
    return 0;
}

static const char *ttk_op_name(const golden_caseset *set, const golden_case *c)
{
    if (c->op == NULL) {
        return "?";
    }
    return set->kind == GOLDEN_CASES_TTK_KERNEL ? c->op->kernel_op : c->op->api;
}

static int rename_duplicates(golden_caseset *set, golden_err *e)
{
    for (int i = 1; i < set->n; i++) {
        golden_case *c = &set->cases[i];
        if (c->disabled || c->name == NULL || !name_taken(set, i, c->name)) {
            continue;
        }
        const char *op = ttk_op_name(set, c);
        size_t cap = strlen(c->name) + strlen(op) + 32;
        char *name = malloc(cap);
        if (name == NULL) {
            return golden_fail(e, "out of memory");
        }
        for (int k = 0;; k++) {
            snprintf(name, cap, "%s_%s_dup%d", c->name, op, k);
            if (!name_taken(set, set->n, name)) {
                break;
            }
        }
        free(c->name);
        c->name = name;
    }
    return 0;
}

/* Two cases whose names map to one directory would overwrite each other's
 * data (TTK finds cases by that directory): the later one is an error. */
typedef struct {
    char dir[200];
    int index;
} dir_entry;

static int dir_cmp(const void *a, const void *b)
{
    const dir_entry *x = a, *y = b;
    int c = strcmp(x->dir, y->dir);
    return c != 0 ? c : (x->index > y->index) - (x->index < y->index);
}

static int mark_duplicates(golden_caseset *set, golden_err *e)
{
    if (set->kind != GOLDEN_CASES_ATK && rename_duplicates(set, e) != 0) {
        return -1;
    }
    dir_entry *d = malloc((set->n > 0 ? (size_t)set->n : 1) * sizeof *d);
    if (d == NULL) {
        return golden_fail(e, "out of memory");
    }
    for (int i = 0; i < set->n; i++) {
        golden_case_dirname(set->cases[i].name != NULL ? set->cases[i].name : "", d[i].dir, sizeof d[i].dir);
        d[i].index = i;
    }
    qsort(d, (size_t)set->n, sizeof *d, dir_cmp);
    for (int i = 1; i < set->n; i++) {
        if (strcmp(d[i].dir, d[i - 1].dir) == 0) {
            golden_case *c = &set->cases[d[i].index];
            const golden_case *first = &set->cases[d[i - 1].index];
            golden_case_error(c, "testcase_name \"%s\" maps to the directory %s of an earlier case (\"%s\")",
                              c->name, d[i].dir, first->name);
            d[i].index = d[i - 1].index; /* report against the first one */
        }
    }
    free(d);
    return 0;
}

static const golden_optspec RUN_OPTS[] = {
    {"prepare", 1, 0}, {"format", 1, 0}, {"seed", 1, 0}, {"npu-dir", 1, 0}, {"compare", 1, 0},
    {"report-csv", 1, 0}, {"report-json", 1, 0}, {"junit", 1, 0}, {"max-numel", 1, 0}, {"quiet", 0, 0},
    {"emit-ttk-csv", 1, 0}, {"testcase", 1, 1}, {"golden-dir", 1, 0}, {"regenerate-goldens", 0, 0},
    {NULL, 0, 0},
};

static int parse_cfg(const golden_opts *o, run_cfg *cfg, golden_err *e)
{
    memset(cfg, 0, sizeof *cfg);
    if (o->npos != 1) {
        return golden_fail(e, "expected one case file (an ATK .json or a TTK .csv), got %d arguments", o->npos);
    }
    cfg->cases_path = o->pos[0];
    cfg->prepare = golden_opt(o, "prepare");
    cfg->format = golden_opt(o, "format") != NULL ? golden_opt(o, "format") : "bin";
    if (strcmp(cfg->format, "bin") != 0 && strcmp(cfg->format, "npy") != 0) {
        return golden_fail(e, "--format must be bin or npy, got \"%s\"", cfg->format);
    }
    cfg->npu_dir = golden_opt(o, "npu-dir");
    cfg->golden_dir = golden_opt(o, "golden-dir");
    cfg->regenerate = golden_opt_has(o, "regenerate-goldens");
    int64_t v = 0;
    cfg->seed_given = golden_opt(o, "seed") != NULL;
    if (cfg->seed_given && golden_parse_i64("--seed", golden_opt(o, "seed"), 0, INT64_MAX, &v, e) != 0) {
        return -1;
    }
    cfg->seed = (uint64_t)v;
    cfg->max_numel = (int64_t)1 << 26;
    if (golden_opt(o, "max-numel") != NULL &&
        golden_parse_i64("--max-numel", golden_opt(o, "max-numel"), 0, INT64_MAX, &cfg->max_numel, e) != 0) {
        return -1;
    }
    if (golden_opt(o, "emit-ttk-csv") != NULL && golden_opt(o, "npu-dir") != NULL) {
        return golden_fail(e, "--emit-ttk-csv goes with a prepare run, not with --npu-dir");
    }
    if (cfg->golden_dir != NULL && cfg->npu_dir == NULL) {
        return golden_fail(e, "--golden-dir is the tree a judge reads: it goes with --npu-dir");
    }
    if (cfg->golden_dir != NULL && (cfg->regenerate || cfg->prepare != NULL)) {
        return golden_fail(e, "--golden-dir reads the goldens of a prepared tree: not with %s",
                           cfg->regenerate ? "--regenerate-goldens" : "--prepare");
    }
    if (cfg->npu_dir != NULL && cfg->golden_dir == NULL && !cfg->regenerate) {
        return golden_fail(e, "--npu-dir needs the goldens to judge against: --golden-dir TREE (the "
                           "--prepare tree whose inputs the NPU ran), or --regenerate-goldens with the "
                           "--seed that tree was prepared with");
    }
    const char *many[65];
    if (golden_opt_all(o, "testcase", many, 65) > 64) {
        return golden_fail(e, "at most 64 --testcase options");
    }
    const char *m = golden_opt(o, "compare");
    if (m != NULL) {
        if (golden_cmp_method_by_name(m, &cfg->method) != 0) {
            return golden_fail(e, "--compare: unknown method \"%s\" (mixed, stat_rel_err, single_bm, close, "
                               "cosine, binary, ratio)", m);
        }
        cfg->has_method = 1;
    }
    cfg->quiet = golden_opt_has(o, "quiet");
    return 0;
}

/* A directory the run reads: it must be one. */
static int check_dir(const char *opt, const char *path, golden_err *e)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        return golden_fail(e, "%s %s: %s", opt, path, strerror(errno));
    }
    return S_ISDIR(st.st_mode) ? 0 : golden_fail(e, "%s %s: not a directory", opt, path);
}

/* An output the run will write at the end: checked before the first case so
 * that a typo does not cost the whole batch. */
static int check_output(const char *opt, const char *path, golden_err *e)
{
    struct stat st;
    if (path[0] == '\0') {
        return golden_fail(e, "%s: the path is empty", opt);
    }
    if (strcmp(path, "-") == 0) {
        return 0;
    }
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            return golden_fail(e, "%s %s: is a directory", opt, path);
        }
        if (!S_ISREG(st.st_mode)) {
            return 0; /* a FIFO, a device: written through */
        }
    }
    char *dir = strdup(path);
    if (dir == NULL) {
        return golden_fail(e, "out of memory");
    }
    char *slash = strrchr(dir, '/');
    if (slash == NULL) {
        strcpy(dir, ".");
    } else {
        slash[slash == dir] = '\0'; /* "/x" keeps "/" */
    }
    int rc = 0;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        rc = golden_fail(e, "%s %s: the directory %s does not exist", opt, path, dir);
    } else if (access(dir, W_OK | X_OK) != 0) {
        rc = golden_fail(e, "%s %s: cannot write in %s: %s", opt, path, dir, strerror(errno));
    }
    free(dir);
    return rc;
}

/* --prepare DIR: a directory (created now, mode 0777 less the umask) */
static int check_prepare(const char *path, golden_err *e)
{
    struct stat st;
    if (stat(path, &st) == 0) {
        return S_ISDIR(st.st_mode) ? 0 : golden_fail(e, "--prepare %s: exists and is not a directory", path);
    }
    if (mkdir(path, 0777) != 0) {
        return golden_fail(e, "--prepare %s: cannot create: %s", path, strerror(errno));
    }
    return 0;
}

static int preflight(const golden_opts *o, const run_cfg *cfg, golden_err *e)
{
    static const char *outs[] = {"report-csv", "report-json", "junit", "emit-ttk-csv"};
    if ((cfg->npu_dir != NULL && check_dir("--npu-dir", cfg->npu_dir, e) != 0) ||
        (cfg->golden_dir != NULL && check_dir("--golden-dir", cfg->golden_dir, e) != 0)) {
        return -1;
    }
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
        char opt[32];
        snprintf(opt, sizeof opt, "--%s", outs[i]);
        if (golden_opt(o, outs[i]) != NULL && check_output(opt, golden_opt(o, outs[i]), e) != 0) {
            return -1;
        }
    }
    return cfg->prepare != NULL ? check_prepare(cfg->prepare, e) : 0;
}

/* The judge may read the tree: the same configuration. */
static int check_tree(run_cfg *cfg, const char *sha, golden_manifest *tree, golden_err *e)
{
    if (golden_manifest_read(cfg->golden_dir, tree, e) != 0) {
        return golden_prefix(e, "--golden-dir");
    }
    golden_manifest now;
    if (golden_manifest_now(&now, tree->format, sha, cfg->seed, NULL, 0, e) != 0) {
        return -1;
    }
    golden_err why;
    int rc = golden_manifest_agree(tree, &now, cfg->seed_given, &why);
    golden_manifest_free(&now);
    if (rc != 0) {
        return golden_fail(e, "--golden-dir %s: %.3800s", cfg->golden_dir, why.msg);
    }
    cfg->tree = tree;
    return 0;
}

/* The tree's manifest after a prepare run: the cases prepared now, plus those
 * an earlier run of the same configuration left (a --testcase re-run). */
static int write_tree_manifest(const run_cfg *cfg, const golden_caseset *set, const golden_result *res,
                               const char *sha, golden_err *e)
{
    char **dirs = calloc((size_t)set->n + 1, sizeof *dirs);
    golden_manifest now, old;
    int n = 0, rc = 0;
    if (dirs == NULL) {
        return golden_fail(e, "out of memory");
    }
    for (int i = 0; i < set->n && rc == 0; i++) {
        if (res[i].produced) {
            dirs[n] = malloc(200);
            rc = dirs[n] == NULL ? golden_fail(e, "out of memory") : 0;
            if (rc == 0) {
                golden_case_dirname(set->cases[i].name, dirs[n++], 200);
            }
        }
    }
    int made = 0; /* now holds names to free, whatever happens next */
    if (rc == 0) {
        rc = golden_manifest_now(&now, cfg->format, sha, cfg->seed, dirs, n, e);
        made = rc == 0;
    }
    golden_err ignored;
    if (rc == 0 && golden_manifest_read(cfg->prepare, &old, &ignored) == 0) {
        if (golden_manifest_agree(&old, &now, 1, &ignored) == 0 && strcmp(old.format, now.format) == 0) {
            for (int i = 0; i < old.ncases && rc == 0; i++) {
                if (!golden_manifest_has(&now, old.cases[i])) {
                    char **grown = realloc(now.cases, (size_t)(now.ncases + 1) * sizeof *grown);
                    rc = grown == NULL ? golden_fail(e, "out of memory") : 0;
                    if (rc == 0) {
                        now.cases = grown;
                        now.cases[now.ncases] = strdup(old.cases[i]);
                        rc = now.cases[now.ncases] == NULL ? golden_fail(e, "out of memory") : 0;
                        now.ncases += rc == 0;
                    }
                }
            }
        }
        golden_manifest_free(&old);
    }
    if (rc == 0) {
        rc = golden_manifest_write(cfg->prepare, &now, e);
    }
    if (made) {
        golden_manifest_free(&now);
    }
    for (int i = 0; i < n; i++) {
        free(dirs[i]);
    }
    free(dirs);
    return rc;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* On a terminal, stderr shows a bar over the cases, the count, the ETA from
 * the mean time per case so far, the case running and how long it has run;
 * a helper thread redraws it twice a second, so a long case shows time
 * moving. The result lines (stdout) are printed under the same lock. */
typedef struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t thread;
    int on, stop, i, n;
    const char *name;
    struct timespec start, case_start;
} progress;

static void progress_draw(progress *p)
{
    char bar[21], eta[32] = "--:--";
    int filled = p->n > 0 ? (int)((long long)p->i * 20 / p->n) : 20;
    for (int k = 0; k < 20; k++) {
        bar[k] = k < filled ? '#' : '.';
    }
    bar[20] = '\0';
    double elapsed = seconds_since(&p->start), running = seconds_since(&p->case_start);
    if (p->i > 0) {
        double per = (elapsed - running) / p->i;
        long left = (long)(per * (p->n - p->i) - running + 0.5);
        left = left < 0 ? 0 : left;
        snprintf(eta, sizeof eta, "%ld:%02ld", left / 60, left % 60);
    }
    fprintf(stderr, "\r[%s] %d/%d ETA %s %.50s (%.0f s)\033[K", bar, p->i + 1, p->n, eta,
            p->name != NULL ? p->name : "", running);
    fflush(stderr);
}

static void *progress_main(void *arg)
{
    progress *p = arg;
    pthread_mutex_lock(&p->mu);
    while (!p->stop) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += 500000000L;
        if (t.tv_nsec >= 1000000000L) {
            t.tv_sec++;
            t.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&p->cv, &p->mu, &t);
        if (!p->stop && p->name != NULL) {
            progress_draw(p);
        }
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

static void progress_start(progress *p, int on, int n)
{
    memset(p, 0, sizeof *p);
    p->n = n;
    clock_gettime(CLOCK_MONOTONIC, &p->start);
    if (!on) {
        return;
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->on = pthread_create(&p->thread, NULL, progress_main, p) == 0;
    if (!p->on) {
        pthread_cond_destroy(&p->cv);
        pthread_mutex_destroy(&p->mu);
    }
}

static void progress_case(progress *p, int i, const char *name)
{
    if (p->on) {
        pthread_mutex_lock(&p->mu);
        p->i = i;
        p->name = name != NULL ? name : "";
        clock_gettime(CLOCK_MONOTONIC, &p->case_start);
        progress_draw(p);
        pthread_mutex_unlock(&p->mu);
    }
}

/* Clear the bar and keep it away while the caller prints a result line. */
static void progress_hold(progress *p)
{
    if (p->on) {
        pthread_mutex_lock(&p->mu);
        p->name = NULL;
        fputs("\r\033[K", stderr);
    }
}

static void progress_release(progress *p)
{
    if (p->on) {
        fflush(stdout);
        pthread_mutex_unlock(&p->mu);
    }
}

static void progress_stop(progress *p)
{
    if (p->on) {
        pthread_mutex_lock(&p->mu);
        p->stop = 1;
        pthread_cond_signal(&p->cv);
        pthread_mutex_unlock(&p->mu);
        pthread_join(p->thread, NULL);
        pthread_cond_destroy(&p->cv);
        pthread_mutex_destroy(&p->mu);
    }
}

int golden_cmd_run(int argc, char **argv)
{
    golden_err e;
    golden_opts o;
    run_cfg cfg;
    if (golden_opts_parse(argc, argv, RUN_OPTS, &o, &e) != 0 || parse_cfg(&o, &cfg, &e) != 0) {
        fprintf(stderr, "opsnn-golden run: %s\n", e.msg);
        return 2;
    }
    char *buf = NULL, sha[65];
    size_t len = 0;
    golden_caseset set;
    if (golden_read_whole(cfg.cases_path, 0, RUN_MAX_FILE, &buf, &len, &e) != 0) { /* bounded */
        fprintf(stderr, "opsnn-golden run: %s\n", e.msg);
        return 2;
    }
    golden_sha256_hex(buf, len, sha);
    int prc = golden_cases_parse(buf, len, &set, &e);
    free(buf);
    if (prc != 0) {
        fprintf(stderr, "opsnn-golden run: %s: %s\n", cfg.cases_path, e.msg);
        return 2;
    }
    /* --testcase NAME (repeatable): only those cases, like TTK's -t */
    const char *only[64];
    int nonly = golden_opt_all(&o, "testcase", only, 64);
    if (nonly > 0) {
        int kept = 0;
        for (int i = 0; i < set.n; i++) {
            int want = 0;
            for (int k = 0; k < nonly && !want; k++) {
                want = set.cases[i].name != NULL && strcmp(set.cases[i].name, only[k]) == 0;
            }
            if (want) {
                set.cases[kept++] = set.cases[i];
            } else {
                free(set.cases[i].name);
                free(set.cases[i].error);
            }
        }
        set.n = kept;
        if (kept == 0) {
            golden_caseset_free(&set);
            fprintf(stderr, "opsnn-golden run: %s: no case named by --testcase\n", cfg.cases_path);
            return 2;
        }
    }
    golden_manifest tree;
    memset(&tree, 0, sizeof tree);
    /* every path checked (and --prepare created) before the first case */
    if (mark_duplicates(&set, &e) != 0 || preflight(&o, &cfg, &e) != 0 ||
        (cfg.golden_dir != NULL && check_tree(&cfg, sha, &tree, &e) != 0)) {
        golden_manifest_free(&tree);
        golden_caseset_free(&set);
        fprintf(stderr, "opsnn-golden run: %s\n", e.msg);
        return 2;
    }
    golden_result *res = calloc(set.n > 0 ? (size_t)set.n : 1, sizeof *res);
    if (res == NULL) {
        golden_manifest_free(&tree);
        golden_caseset_free(&set);
        fprintf(stderr, "opsnn-golden run: out of memory\n");
        return 2;
    }
    printf("%s: %s, %d cases; SoC %s, operator package %s, kernel generation %s\n", cfg.cases_path,
           golden_cases_kind_name(set.kind), set.n, opsnn_get_soc(), opsnn_get_opp(),
           opsnn_get_kernel_generation());
    fflush(stdout);
    int count[5] = {0};
    progress bar;
    progress_start(&bar, !cfg.quiet && isatty(STDERR_FILENO), set.n);
    for (int i = 0; i < set.n; i++) {
        progress_case(&bar, i, set.cases[i].name);
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        run_case(&cfg, &set.cases[i], &res[i]);
        res[i].seconds = seconds_since(&t0);
        count[res[i].status]++;
        progress_hold(&bar);
        if (!cfg.quiet || res[i].status == GOLDEN_ST_FAIL || res[i].status == GOLDEN_ST_ERROR) {
            printf("%-6s %-40s %-5s %-24s %s\n", golden_status_name(res[i].status), res[i].name, res[i].dtype,
                   res[i].shape, res[i].message);
        }
        progress_release(&bar);
    }
    progress_stop(&bar);
    printf("summary: %d cases: %d pass, %d fail, %d golden only, %d skipped, %d errors\n", set.n,
           count[GOLDEN_ST_PASS], count[GOLDEN_ST_FAIL], count[GOLDEN_ST_GOLDEN], count[GOLDEN_ST_SKIP],
           count[GOLDEN_ST_ERROR]);
    int rc = count[GOLDEN_ST_ERROR] > 0 ? 2 : count[GOLDEN_ST_FAIL] > 0 ? 1 : 0;
    const char *rcsv = golden_opt(&o, "report-csv"), *rjson = golden_opt(&o, "report-json"),
               *junit = golden_opt(&o, "junit");
    if ((cfg.prepare != NULL && write_tree_manifest(&cfg, &set, res, sha, &e) != 0) ||
        (rcsv != NULL && golden_report_csv(rcsv, res, set.n, &e) != 0) ||
        (rjson != NULL && golden_report_json(rjson, cfg.cases_path, res, set.n, &e) != 0) ||
        (junit != NULL && golden_report_junit(junit, cfg.cases_path, res, set.n, &e) != 0) ||
        (golden_opt(&o, "emit-ttk-csv") != NULL && emit_ttk_csv(golden_opt(&o, "emit-ttk-csv"), &set, res, &e) != 0)) {
        fprintf(stderr, "opsnn-golden run: %s\n", e.msg);
        rc = 2;
    }
    golden_manifest_free(&tree);
    free(res);
    golden_caseset_free(&set);
    return rc;
}
