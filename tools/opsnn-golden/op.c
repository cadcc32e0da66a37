#include "op.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "opsnn/opsnn.h"
#include "args.h"
#include "binio.h"

static aclTensor *make_tensor(const golden_array *a)
{
    return aclCreateTensor(a->shape.dims, (uint64_t)a->shape.ndim, a->dtype->acl, NULL, 0,
                           ACL_FORMAT_ND, a->shape.dims, (uint64_t)a->shape.ndim, a->data);
}

int golden_op_execute(const aclTensor *g, const aclTensor *x, const aclScalar *lambda, aclTensor *y,
                      golden_err *e)
{
    int unary = x == NULL; /* aclnnSelu (forward): g is its self */
    const char *api = unary ? "aclnnSelu" : lambda != NULL ? "aclnnSoftshrinkBackward" : "aclnnSeluBackward";
    aclOpExecutor *exec = NULL;
    void *ws = NULL;
    uint64_t ws_size = 0;
    aclnnStatus st = unary ? aclnnSeluGetWorkspaceSize(g, y, &ws_size, &exec)
                     : lambda != NULL
                         ? aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, lambda, y, &ws_size, &exec)
                         : aclnnSeluBackwardGetWorkspaceSize(g, x, y, &ws_size, &exec);
    if (st != ACLNN_SUCCESS) {
        return golden_fail(e, "%sGetWorkspaceSize failed (%s, %d): %s", api, opsnn_status_name(st), (int)st,
                           aclGetRecentErrMsg());
    }
    if (ws_size > 0 && aclrtMalloc(&ws, (size_t)ws_size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        golden_fail(e, "cannot allocate %llu bytes of workspace: %s", (unsigned long long)ws_size,
                    aclGetRecentErrMsg());
        aclDestroyAclOpExecutor(exec);
        return -1;
    }
    st = unary ? aclnnSelu(ws, ws_size, exec, NULL)
         : lambda != NULL ? aclnnSoftshrinkBackward(ws, ws_size, exec, NULL)
                          : aclnnSeluBackward(ws, ws_size, exec, NULL);
    int rc = 0;
    if (st != ACLNN_SUCCESS) {
        rc = golden_fail(e, "%s failed (%s, %d): %s", api, opsnn_status_name(st), (int)st,
                         aclGetRecentErrMsg());
        aclDestroyAclOpExecutor(exec); /* a failed phase 2 does not consume the executor */
    }
    if (ws != NULL) {
        aclrtFree(ws);
    }
    return rc;
}

void golden_op_release(aclTensor *g, aclTensor *x, aclScalar *lambda, aclTensor *y)
{
    if (lambda != NULL) {
        aclDestroyScalar(lambda);
    }
    aclTensor *t[3] = {g, x, y};
    for (int i = 0; i < 3; i++) {
        if (t[i] != NULL) {
            aclDestroyTensor(t[i]);
        }
    }
}

/* Phase 1 + phase 2 of one operator on contiguous arrays; lambd is NULL for
 * SeluBackward. */
static int execute(const golden_array *g, const golden_array *x, golden_array *y, const float *lambd,
                   golden_err *e)
{
    aclTensor *tg = make_tensor(g), *tx = make_tensor(x), *ty = make_tensor(y);
    aclScalar *sl = lambd != NULL ? aclCreateScalar((void *)lambd, ACL_FLOAT) : NULL;
    int rc = -1;
    if (tg == NULL || tx == NULL || ty == NULL || (lambd != NULL && sl == NULL)) {
        golden_fail(e, "cannot describe the tensors: %s", aclGetRecentErrMsg());
    } else {
        rc = golden_op_execute(tg, tx, sl, ty, e);
    }
    golden_op_release(tg, tx, sl, ty);
    return rc;
}

/* Load one input: a raw file needs a shape from the command line. */
static int load_input(const char *opt, const char *path, const golden_dtype *dt, const char *dt_opt,
                      const golden_shape *shape, const char *shape_opt, golden_array *a, golden_err *e)
{
    if (!golden_is_npy_path(path) && shape == NULL) {
        return golden_fail(e, "%s: a raw file needs %s (or use a .npy file)", path, shape_opt);
    }
    if (golden_load(path, dt, dt_opt, shape, a, e) != 0) {
        char where[64];
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
    const char *grad, *second, *out;
    const golden_dtype *dtype, *second_dtype, *out_dtype;
    golden_shape shape, second_shape;
    int has_shape, has_second_shape;
} op_args;

/* Options shared by both operators; `second` is "self" or "result". */
static int read_args(const golden_opts *o, const char *second, op_args *a, golden_err *e)
{
    memset(a, 0, sizeof *a);
    if (golden_opt_required(o, "grad", &a->grad, e) != 0 ||
        golden_opt_required(o, second, &a->second, e) != 0 ||
        golden_opt_required(o, "out", &a->out, e) != 0 || golden_opt_dtype(o, "dtype", &a->dtype, e) != 0 ||
        golden_opt_dtype(o, "out-dtype", &a->out_dtype, e) != 0 ||
        (a->has_shape = golden_opt_shape(o, "shape", &a->shape, e)) < 0) {
        return -1;
    }
    a->second_dtype = a->dtype;
    a->second_shape = a->shape;
    a->has_second_shape = a->has_shape;
    if (golden_opt_has(o, "self-dtype") && golden_opt_dtype(o, "self-dtype", &a->second_dtype, e) != 0) {
        return -1;
    }
    if (golden_opt_has(o, "self-shape")) {
        a->has_second_shape = golden_opt_shape(o, "self-shape", &a->second_shape, e);
        if (a->has_second_shape < 0) {
            return -1;
        }
    }
    return 0;
}

static int run_op(const golden_opts *o, int softshrink, golden_err *e)
{
    const char *second = softshrink ? "self" : "result";
    const char *cmd = softshrink ? "softshrink-backward" : "selu-backward";
    op_args a;
    float lambd = 0.5f; /* torch.nn.Softshrink's default */
    if (!softshrink && golden_opt_has(o, "out-dtype")) {
        /* aclnnSeluBackward takes one dtype for gradOutput, result and gradInput */
        return golden_fail(e, "--out-dtype: the output of selu-backward has the dtype of --grad "
                              "(aclnnSeluBackward requires one dtype for all three tensors)");
    }
    if (read_args(o, second, &a, e) != 0 ||
        (softshrink && golden_opt(o, "lambda") != NULL && golden_parse_float("--lambda", golden_opt(o, "lambda"), &lambd, e) != 0)) {
        return -1;
    }
    golden_array g, x, y;
    memset(&x, 0, sizeof x);
    memset(&y, 0, sizeof y);
    int rc = -1;
    if (load_input("grad", a.grad, a.dtype, "--dtype", a.has_shape ? &a.shape : NULL, "--shape", &g, e) != 0) {
        return -1;
    }
    int own_dtype = softshrink && golden_opt_has(o, "self-dtype");
    int own_shape = softshrink && golden_opt_has(o, "self-shape");
    if (load_input(second, a.second, a.second_dtype, own_dtype ? "--self-dtype" : "--dtype",
                   a.has_second_shape ? &a.second_shape : NULL, own_shape ? "--self-shape" : "--shape", &x,
                   e) != 0) {
        goto out;
    }
    golden_shape out_shape = g.shape;
    if (softshrink && golden_shape_broadcast(&g.shape, &x.shape, &out_shape, e) != 0) {
        goto out;
    }
    if (golden_array_alloc(&y, a.out_dtype != NULL ? a.out_dtype : g.dtype, &out_shape, e) != 0 ||
        execute(&g, &x, &y, softshrink ? &lambd : NULL, e) != 0 || write_output(cmd, a.out, &y, e) != 0) {
        goto out;
    }
    rc = 0;
out:
    golden_array_free(&g);
    golden_array_free(&x);
    golden_array_free(&y);
    return rc;
}

static const golden_optspec SOFTSHRINK_OPTS[] = {
    {"grad", 1, 0}, {"self", 1, 0}, {"lambda", 1, 0}, {"out", 1, 0}, {"dtype", 1, 0},
    {"self-dtype", 1, 0}, {"out-dtype", 1, 0}, {"shape", 1, 0}, {"self-shape", 1, 0}, {NULL, 0, 0},
};

static const golden_optspec SELU_OPTS[] = {
    {"grad", 1, 0}, {"result", 1, 0}, {"out", 1, 0}, {"dtype", 1, 0}, {"out-dtype", 1, 0},
    {"shape", 1, 0}, {NULL, 0, 0},
};

static int cmd(int argc, char **argv, int softshrink)
{
    golden_err e;
    golden_opts o;
    const char *name = softshrink ? "softshrink-backward" : "selu-backward";
    if (golden_opts_parse(argc, argv, softshrink ? SOFTSHRINK_OPTS : SELU_OPTS, &o, &e) != 0 ||
        (o.npos > 0 && golden_fail(&e, "unexpected argument \"%s\"", o.pos[0])) ||
        run_op(&o, softshrink, &e) != 0) {
        fprintf(stderr, "opsnn-golden %s: %s\n", name, e.msg);
        return 2;
    }
    return 0;
}

int golden_cmd_softshrink(int argc, char **argv)
{
    return cmd(argc, argv, 1);
}

int golden_cmd_selu(int argc, char **argv)
{
    return cmd(argc, argv, 0);
}
