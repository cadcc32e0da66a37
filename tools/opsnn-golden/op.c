#include "op.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "args.h"
#include "binio.h"

#define LINE_WIDTH 88

/* ---- help text ---- */

typedef struct {
    char *buf;
    size_t size, used;
} text;

static void put(text *t, const char *fmt, ...) GOLDEN_PRINTF(2, 3);
static void put(text *t, const char *fmt, ...)
{
    if (t->used >= t->size) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->used, t->size - t->used, fmt, ap);
    va_end(ap);
    t->used += n > 0 ? (size_t)n : 0;
    if (t->used >= t->size) {
        t->used = t->size - 1;
    }
}

/* The value placeholder of a scalar option: its first letter, upper case. */
static char placeholder(const opsnn_op_arg *a)
{
    char c = a->short_name[0];
    return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

static const char *in_name(const golden_opinfo *o, int k)
{
    return o->m->args[o->in_arg[k]].short_name;
}

/* Start a help text of m in buf; 0, or -1 (having said why) when the tool
 * cannot drive m. */
static int help_begin(text *t, const opsnn_op_meta *m, golden_opinfo *o)
{
    golden_err e;
    t->buf[0] = '\0';
    if (golden_opinfo_of(m, o, &e) != 0) {
        put(t, "%s (not available: %s)\n", m->command, e.msg);
        return -1;
    }
    return 0;
}

void golden_op_synopsis(const opsnn_op_meta *m, char *buf, size_t size)
{
    text t = {buf, size, 0};
    golden_opinfo o;
    if (help_begin(&t, m, &o) != 0) {
        return;
    }
    char words[24][64];
    int n = 0;
    for (int k = 0; k < o.nin; k++) {
        snprintf(words[n++], sizeof words[0], "--%s FILE", in_name(&o, k));
    }
    snprintf(words[n++], sizeof words[0], "--%s FILE", o.inplace ? "out" : m->args[o.out_arg].short_name);
    if (o.scalar_arg >= 0) {
        const opsnn_op_arg *a = &m->args[o.scalar_arg];
        snprintf(words[n++], sizeof words[0], "[--%s %c]", a->short_name, placeholder(a));
    }
    snprintf(words[n++], sizeof words[0], "[--dtype T]");
    int mixed = (opsnn_op_flags(m) & OPSNN_OP_MIXED_DTYPE) != 0;
    for (int k = 1; mixed && k < o.nin; k++) {
        snprintf(words[n++], sizeof words[0], "[--%s-dtype T]", in_name(&o, k));
    }
    if (mixed) {
        snprintf(words[n++], sizeof words[0], "[--out-dtype T]");
    }
    snprintf(words[n++], sizeof words[0], "[--shape S]");
    for (int k = 1; mixed && k < o.nin; k++) {
        snprintf(words[n++], sizeof words[0], "[--%s-shape S]", in_name(&o, k));
    }
    size_t indent = strlen(m->command) + 1, col = strlen(m->command);
    put(&t, "%s", m->command);
    for (int i = 0; i < n; i++) {
        size_t w = strlen(words[i]);
        if (col + 1 + w > LINE_WIDTH) {
            put(&t, "\n%*s%s", (int)indent, "", words[i]);
            col = indent + w;
        } else {
            put(&t, " %s", words[i]);
            col += 1 + w;
        }
    }
    put(&t, "\n");
}

/* A paragraph wrapped at LINE_WIDTH. */
static void put_wrapped(text *t, const char *para)
{
    size_t col = 0;
    const char *p = para;
    while (*p != '\0') {
        while (*p == ' ') {
            p++;
        }
        size_t w = strcspn(p, " ");
        if (w == 0) {
            break;
        }
        if (col > 0 && col + 1 + w > LINE_WIDTH) {
            put(t, "\n");
            col = 0;
        }
        put(t, "%s%.*s", col > 0 ? " " : "", (int)w, p);
        col += (col > 0) + w;
        p += w;
    }
    put(t, "\n");
}

static const char *count_word(int n)
{
    static const char *const words[] = {"zero", "one", "both", "all three", "all four", "all five", "all six"};
    return n >= 0 && n < 7 ? words[n] : "all";
}

void golden_op_details(const opsnn_op_meta *m, char *buf, size_t size)
{
    text t = {buf, size, 0};
    golden_opinfo o;
    if (help_begin(&t, m, &o) != 0) {
        return;
    }
    int mixed = (opsnn_op_flags(m) & OPSNN_OP_MIXED_DTYPE) != 0;
    char para[1024], others[256] = "";
    for (int k = 1; k < o.nin; k++) {
        size_t u = strlen(others);
        snprintf(others + u, sizeof others - u, "%s%s", k > 1 ? (k + 1 == o.nin ? " and " : ", ") : "",
                 in_name(&o, k));
    }
    int n = snprintf(para, sizeof para, "%s%s, computed by %s.", opsnn_op_summary(m) != NULL && opsnn_op_summary(m)[0] != '\0' ? opsnn_op_summary(m) : "",
                     opsnn_op_summary(m) != NULL && opsnn_op_summary(m)[0] != '\0' ? "" : m->name, m->api);
    if (o.nin > 1 && (opsnn_op_flags(m) & OPSNN_OP_BROADCAST)) {
        n += snprintf(para + n, sizeof para - (size_t)n,
                      " %s %s against %s (NumPy rules); the output has the broadcast shape.", others,
                      o.nin > 2 ? "broadcast" : "broadcasts", in_name(&o, 0));
    } else if (o.nin > 1) {
        n += snprintf(para + n, sizeof para - (size_t)n, " %s and %s have one shape, the output's.", in_name(&o, 0),
                      others);
    }
    if (o.inplace) {
        n += snprintf(para + n, sizeof para - (size_t)n,
                      " The operator writes over %s; the command writes the result to --out.", in_name(&o, 0));
    }
    if (!mixed) {
        snprintf(para + n, sizeof para - (size_t)n,
                 " The tensors have one dtype: the operator has no output-dtype choice, so neither has this "
                 "command.");
    }
    put_wrapped(&t, para);
    if (o.scalar_arg >= 0) {
        const opsnn_op_arg *a = &m->args[o.scalar_arg];
        char opt[64];
        snprintf(opt, sizeof opt, "--%s %c", a->short_name, placeholder(a));
        put(&t, "  %-16s default %.9g%s\n", opt, a->scalar_default,
            a->scalar_dtype == ACL_FLOAT ? "; rounded once to float32" : "");
    }
    if (o.nin > 1 && mixed) {
        put(&t, "  %-16s dtype of --%s (and of the other inputs unless --NAME-dtype)\n", "--dtype T", in_name(&o, 0));
        put(&t, "  %-16s dtype of the output; default: that of --%s\n", "--out-dtype T", in_name(&o, 0));
        put(&t, "  %-16s shape of raw --%s (and of the other inputs unless --NAME-shape)\n", "--shape S",
            in_name(&o, 0));
    } else {
        put(&t, "  %-16s dtype of raw inputs\n", "--dtype T");
        put(&t, "  %-16s shape of raw inputs\n", "--shape S");
    }
}

/* ---- running ---- */

static aclTensor *make_tensor(const golden_array *a)
{
    return aclCreateTensor(a->shape.dims, (uint64_t)a->shape.ndim, a->dtype->acl, NULL, 0, ACL_FORMAT_ND,
                           a->shape.dims, (uint64_t)a->shape.ndim, a->data);
}

/* Load one input: a raw file needs a shape from the command line. */
static int load_input(const char *opt, const char *path, const golden_dtype *dt, const char *dt_opt,
                      const golden_shape *shape, const char *shape_opt, golden_array *a, golden_err *e)
{
    if (!golden_is_npy_path(path) && shape == NULL) {
        return golden_fail(e, "%s: a raw file needs %s (or use a .npy file)", path, shape_opt);
    }
    if (golden_load(path, dt, dt_opt, shape, a, e) != 0) {
        char where[80];
        snprintf(where, sizeof where, "--%s", opt);
        return golden_prefix(e, where);
    }
    return 0;
}

/* Write y and say so. */
static int write_output(const char *cmd, const char *path, const golden_array *y, golden_err *e)
{
    golden_pending p;
    if (golden_stage_array(&p, path, y, e) != 0 || golden_commit(&p, e) != 0) {
        return golden_prefix(e, "--out");
    }
    char s[512];
    golden_shape_format(&y->shape, s, sizeof s);
    fprintf(golden_report_stream(), "%s: wrote %s (%s, shape %s)\n", cmd, path, y->dtype->name, s);
    return 0;
}

typedef struct {
    char names[24][72];
    golden_optspec spec[25];
    int n;
} opt_table;

static const char *add_opt(opt_table *t, const char *fmt, const char *arg)
{
    snprintf(t->names[t->n], sizeof t->names[0], fmt, arg);
    t->spec[t->n].name = t->names[t->n];
    t->spec[t->n].takes_value = 1;
    t->spec[t->n].repeatable = 0;
    t->n++;
    t->spec[t->n].name = NULL;
    return t->names[t->n - 1];
}

static void build_opts(const golden_opinfo *o, opt_table *t)
{
    memset(t, 0, sizeof *t);
    int mixed = (opsnn_op_flags(o->m) & OPSNN_OP_MIXED_DTYPE) != 0;
    for (int k = 0; k < o->nin; k++) {
        add_opt(t, "%s", in_name(o, k));
    }
    if (o->scalar_arg >= 0) {
        add_opt(t, "%s", o->m->args[o->scalar_arg].short_name);
    }
    add_opt(t, "%s", o->inplace ? "out" : o->m->args[o->out_arg].short_name);
    add_opt(t, "%s", "dtype");
    for (int k = 1; mixed && k < o->nin; k++) {
        add_opt(t, "%s-dtype", in_name(o, k));
    }
    add_opt(t, "%s", "out-dtype");
    add_opt(t, "%s", "shape");
    for (int k = 1; mixed && k < o->nin; k++) {
        add_opt(t, "%s-shape", in_name(o, k));
    }
}

/* The scalar argument from its option (default: the library's), created as
 * the library's dtype for it. */
static aclScalar *make_scalar(const golden_opts *opts, const opsnn_op_arg *a, void *store, golden_err *e)
{
    const char *v = golden_opt(opts, a->short_name);
    char opt[80];
    snprintf(opt, sizeof opt, "--%s", a->short_name);
    if (a->scalar_dtype == ACL_FLOAT) {
        float f = (float)a->scalar_default;
        if (v != NULL && golden_parse_float(opt, v, &f, e) != 0) {
            return NULL;
        }
        memcpy(store, &f, sizeof f);
    } else {
        const golden_dtype *dt = golden_dtype_by_acl(a->scalar_dtype);
        double d = a->scalar_default;
        if (dt == NULL) {
            golden_fail(e, "%s: the scalar's dtype %d is not one the tool knows", opt, (int)a->scalar_dtype);
            return NULL;
        }
        if (v != NULL && golden_parse_double(opt, v, &d, e) != 0) {
            return NULL;
        }
        golden_set(dt, store, 0, d);
    }
    aclScalar *s = aclCreateScalar(store, a->scalar_dtype);
    if (s == NULL) {
        golden_fail(e, "cannot describe the tensors: %s", aclGetRecentErrMsg());
    }
    return s;
}

static int run_op(const golden_opinfo *o, const golden_opts *opts, golden_err *e)
{
    const opsnn_op_meta *m = o->m;
    int mixed = (opsnn_op_flags(m) & OPSNN_OP_MIXED_DTYPE) != 0;
    const char *first = in_name(o, 0);
    if (!mixed && golden_opt_has(opts, "out-dtype")) {
        return golden_fail(e, "--out-dtype: the output of %s has the dtype of --%s (%s requires one dtype for %s "
                              "tensors)", m->command, first, m->api, count_word(golden_op_ntensors(m)));
    }
    const char *path[GOLDEN_MAX_IN], *out = NULL;
    const golden_dtype *dtype = NULL, *out_dtype = NULL;
    golden_shape shape;
    int has_shape = 0;
    for (int k = 0; k < o->nin; k++) {
        if (golden_opt_required(opts, in_name(o, k), &path[k], e) != 0) {
            return -1;
        }
    }
    if (golden_opt_required(opts, o->inplace ? "out" : m->args[o->out_arg].short_name, &out, e) != 0 ||
        golden_opt_dtype(opts, "dtype", &dtype, e) != 0 || golden_opt_dtype(opts, "out-dtype", &out_dtype, e) != 0 ||
        (has_shape = golden_opt_shape(opts, "shape", &shape, e)) < 0) {
        return -1;
    }
    golden_array in[GOLDEN_MAX_IN], y;
    memset(in, 0, sizeof in);
    memset(&y, 0, sizeof y);
    void *operands[16] = {NULL};
    double scalar_store[2] = {0, 0};
    int rc = -1;
    for (int k = 0; k < o->nin; k++) {
        const golden_dtype *dk = dtype;
        golden_shape sk = shape;
        int hk = has_shape;
        char dopt[96] = "--dtype", sopt[96] = "--shape", name[80];
        if (mixed && k > 0) {
            snprintf(name, sizeof name, "%s-dtype", in_name(o, k));
            if (golden_opt_has(opts, name)) {
                if (golden_opt_dtype(opts, name, &dk, e) != 0) {
                    goto out;
                }
                snprintf(dopt, sizeof dopt, "--%s", name);
            }
            snprintf(name, sizeof name, "%s-shape", in_name(o, k));
            if (golden_opt_has(opts, name)) {
                hk = golden_opt_shape(opts, name, &sk, e);
                if (hk < 0) {
                    goto out;
                }
                snprintf(sopt, sizeof sopt, "--%s", name);
            }
        }
        if (load_input(in_name(o, k), path[k], dk, dopt, hk ? &sk : NULL, sopt, &in[k], e) != 0) {
            goto out;
        }
    }
    golden_shape out_shape = in[0].shape;
    for (int k = 1; (opsnn_op_flags(m) & OPSNN_OP_BROADCAST) && k < o->nin; k++) {
        golden_shape b;
        if (golden_shape_broadcast(&out_shape, &in[k].shape, &b, e) != 0) {
            goto out;
        }
        out_shape = b;
    }
    golden_array *result = o->inplace ? &in[0] : &y;
    if (!o->inplace && golden_array_alloc(&y, out_dtype != NULL ? out_dtype : in[0].dtype, &out_shape, e) != 0) {
        goto out;
    }
    int ok = 1;
    for (int k = 0; k < o->nin; k++) {
        ok &= (operands[o->in_arg[k]] = make_tensor(&in[k])) != NULL;
    }
    if (!o->inplace) {
        ok &= (operands[o->out_arg] = make_tensor(&y)) != NULL;
    }
    if (!ok) {
        golden_fail(e, "cannot describe the tensors: %s", aclGetRecentErrMsg());
        goto out;
    }
    if (o->scalar_arg >= 0 &&
        (operands[o->scalar_arg] = make_scalar(opts, &m->args[o->scalar_arg], scalar_store, e)) == NULL) {
        goto out;
    }
    if (golden_op_execute(m, operands, e) != 0 || write_output(m->command, out, result, e) != 0) {
        goto out;
    }
    rc = 0;
out:
    for (int i = 0; i < m->nargs; i++) {
        if (operands[i] != NULL) {
            if (m->args[i].kind == OPSNN_ARG_SCALAR) {
                aclDestroyScalar(operands[i]);
            } else {
                aclDestroyTensor(operands[i]);
            }
        }
    }
    for (int k = 0; k < o->nin; k++) {
        golden_array_free(&in[k]);
    }
    golden_array_free(&y);
    return rc;
}

int golden_cmd_op(const opsnn_op_meta *m, int argc, char **argv)
{
    golden_err e;
    golden_opts o;
    golden_opinfo info;
    opt_table t;
    if (golden_opinfo_of(m, &info, &e) == 0) {
        build_opts(&info, &t);
    }
    if (golden_opinfo_of(m, &info, &e) != 0 || golden_opts_parse(argc, argv, t.spec, &o, &e) != 0 ||
        (o.npos > 0 && golden_fail(&e, "unexpected argument \"%s\"", o.pos[0])) || run_op(&info, &o, &e) != 0) {
        fprintf(stderr, "opsnn-golden %s: %s\n", m->command, e.msg);
        return 2;
    }
    return 0;
}
