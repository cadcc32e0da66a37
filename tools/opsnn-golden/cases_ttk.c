/* TTK case CSVs (hicann/ops-test-kit docs/Test_Case_Generation.md,
 * docs/Operator_Test_Guides/{Kernel,ACLNN}_Case_Writing.md). Cells hold
 * Python literals. A header with api_name is an aclnn table, else a kernel
 * table (op_name).
 * Every operator of the library is read (opinfo.h):
 *  kernel: op_name its ops-nn kernel op (soft_shrink_grad: inputs input_grad,
 *          input_x; attribute lambd, default the library's 0.5; selu_grad:
 *          gradients, outputs); input_shapes, input_dtypes, output_shapes,
 *          output_dtypes. A scalar argument is an attribute (its name, or
 *          with a Python keyword's last letter dropped: 'lambd').
 *  aclnn:  api_name its aclnn name (aclnnSoftshrinkBackward: gradOutput,
 *          self, gradInput; scalar lambda: scalar_dtypes, value from
 *          attributes 'lambda' (TTK's key, the C parameter name; 'lambd'
 *          also read) or drawn from scalar_data_ranges); tensor_view_shapes
 *          (the signature's tensors), tensor_dtypes, tensor_storage_shapes,
 *          tensor_view_strides, tensor_view_offsets, output_tensor_indexes
 *          (the output's index, e.g. (2,)).
 *  both:   input_data_ranges, precision_tolerances ((rtol, ptol) per
 *          output), absolute_precision, is_enabled.
 * A one-element tuple of dtypes or ranges fills every slot, as TTK does. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "csv.h"

typedef struct {
    const golden_csv *csv;
    const golden_csv_row *row;
    golden_case *c;
    golden_lit_doc *docs[32];
    int ndocs;
} rowctx;

/* The cell's literal; NULL when the column is absent or the cell empty. */
static const golden_lit *cell(rowctx *r, const char *col)
{
    int i = golden_csv_col(r->csv, col);
    if (i < 0) {
        return NULL;
    }
    const char *s = r->row->cells[i];
    size_t n = strlen(s);
    while (n > 0 && (*s == ' ' || *s == '\t')) {
        s++;
        n--;
    }
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) {
        n--;
    }
    if (n == 0 || r->ndocs == (int)(sizeof r->docs / sizeof r->docs[0])) {
        return NULL;
    }
    golden_err e;
    const golden_lit *v;
    if (golden_lit_parse(s, n, &r->docs[r->ndocs], &v, &e) != 0) {
        golden_case_error(r->c, "column %s: %s", col, e.msg);
        return NULL;
    }
    r->ndocs++;
    return v;
}

/* Raw text of a cell ("" when absent). */
static const char *text(rowctx *r, const char *col)
{
    int i = golden_csv_col(r->csv, col);
    return i < 0 ? "" : r->row->cells[i];
}

/* Slot i of a per-slot tuple; one element fills every slot. */
static const golden_lit *slot(const golden_lit *v, size_t i)
{
    if (v == NULL || v->kind != LIT_LIST) {
        return v;
    }
    if (v->n == 1) {
        return v->items[0];
    }
    return i < v->n ? v->items[i] : NULL;
}

static int tensor_dtype(rowctx *r, const golden_lit *v, const char *col, size_t i, const golden_dtype **dt)
{
    const golden_lit *d = slot(v, i);
    if (d == NULL || d->kind != LIT_STR) {
        golden_case_error(r->c, "%s: no dtype for tensor %zu", col, i);
        return -1;
    }
    *dt = golden_case_dtype(d->str);
    if (*dt == NULL) {
        golden_case_error(r->c, "%s: dtype '%s' is not one of %s", col, d->str, golden_dtype_names());
        return -1;
    }
    return 0;
}

static int tensor_shape(rowctx *r, const golden_lit *v, const char *col, size_t i, golden_shape *s)
{
    golden_err e;
    const golden_lit *d = v != NULL && v->kind == LIT_LIST && i < v->n ? v->items[i] : NULL;
    if (d == NULL || golden_case_shape(d, s, &e) != 0) {
        golden_case_error(r->c, "%s: tensor %zu: %s", col, i, d == NULL ? "missing" : e.msg);
        return -1;
    }
    return 0;
}

static void tolerances(rowctx *r)
{
    const golden_lit *pt = slot(cell(r, "precision_tolerances"), 0);
    if (pt != NULL && pt->kind == LIT_LIST && pt->n >= 2 && pt->items[0]->kind == LIT_NUM &&
        pt->items[1]->kind == LIT_NUM) {
        r->c->tols.rtol = pt->items[0]->num;
        r->c->tols.ptol = pt->items[1]->num;
        r->c->tols.has_rtol = r->c->tols.has_ptol = 1;
    }
    const golden_lit *ap = slot(cell(r, "absolute_precision"), 0);
    if (ap != NULL && ap->kind == LIT_NUM) {
        r->c->tols.atol = ap->num;
        r->c->tols.has_atol = 1;
    }
    const golden_lit *en = cell(r, "is_enabled");
    r->c->disabled = en != NULL && ((en->kind == LIT_BOOL && !en->boolean) ||
                                    (en->kind == LIT_STR && strcmp(en->str, "False") == 0));
}

static void ranges(rowctx *r, const golden_lit *v, size_t first_index)
{
    golden_err e;
    for (int k = 0; k < r->c->info.nin; k++) {
        const golden_lit *rg = slot(v, first_index + (size_t)k);
        if (golden_case_range(rg, &r->c->in[k].range, &e) != 0) {
            golden_case_error(r->c, "input_data_ranges: tensor %d: %s", k, e.msg);
        }
    }
}

static void read_kernel(rowctx *r)
{
    golden_case *c = r->c;
    const char *op = text(r, "op_name");
    if (golden_case_find_op(c, op, 1, "op_name", '\'', op) != 0) {
        return;
    }
    const opsnn_op_meta *m = c->op;
    size_t nin = (size_t)c->info.nin;
    const golden_lit *shapes = cell(r, "input_shapes");
    if (shapes == NULL) {
        shapes = cell(r, "input_ori_shapes");
    }
    const golden_lit *dtypes = cell(r, "input_dtypes");
    for (size_t k = 0; k < nin; k++) {
        if (tensor_shape(r, shapes, "input_shapes", k, &c->in[k].shape) != 0 ||
            tensor_dtype(r, dtypes, "input_dtypes", k, &c->in[k].dtype) != 0) {
            return;
        }
        c->in[k].given = 1;
    }
    if (shapes->n != nin) {
        golden_case_error(c, "input_shapes: %s has %zu input%s, the row gives %zu", op, nin, nin == 1 ? "" : "s",
                          shapes->n);
        return;
    }
    const golden_lit *oshapes = cell(r, "output_shapes"), *odtypes = cell(r, "output_dtypes");
    if (oshapes != NULL && oshapes->kind == LIT_LIST) {
        if (oshapes->n != 1 || tensor_shape(r, oshapes, "output_shapes", 0, &c->out.shape) != 0) {
            golden_case_error(c, "output_shapes: %s has one output", op);
            return;
        }
        c->out.given = 1;
    }
    if (odtypes != NULL && tensor_dtype(r, odtypes, "output_dtypes", 0, &c->out.dtype) != 0) {
        return;
    }
    ranges(r, cell(r, "input_data_ranges"), 0);
    const golden_lit *attrs = cell(r, "attributes");
    if (c->info.scalar_arg >= 0) {
        const opsnn_op_arg *a = &m->args[c->info.scalar_arg];
        char key[64];
        const golden_lit *l = golden_lit_get(attrs, golden_py_alias(a->name, key, sizeof key));
        if (l == NULL) {
            l = golden_lit_get(attrs, a->name);
        }
        if (l != NULL) {
            if (l->kind != LIT_NUM) {
                golden_case_error(c, "attributes: '%s' must be a number of %s", l->key, op);
                return;
            }
            c->lambd = l->num;
        }
    }
    tolerances(r);
}

/* Strides/offset/storage of tensor k, when the row gives them. */
static void view(rowctx *r, golden_case_tensor *t, size_t k, const golden_lit *strides,
                 const golden_lit *offsets, const golden_lit *storages)
{
    golden_err e;
    const golden_lit *st = strides != NULL && strides->kind == LIT_LIST && k < strides->n ? strides->items[k] : NULL;
    const golden_lit *of = offsets != NULL && offsets->kind == LIT_LIST && k < offsets->n ? offsets->items[k] : NULL;
    const golden_lit *sg = storages != NULL && storages->kind == LIT_LIST && k < storages->n ? storages->items[k] : NULL;
    int has_st = st != NULL && st->kind == LIT_LIST;
    int64_t off = 0;
    if (of != NULL && of->kind != LIT_NONE && (!golden_lit_int(of, &off) || off < 0 || off > ((int64_t)1 << 62))) {
        golden_case_error(r->c, "tensor_view_offsets: tensor %zu: not an integer in [0, 2^62]", k);
        return;
    }
    if (has_st) {
        if ((int)st->n != t->shape.ndim) {
            golden_case_error(r->c, "tensor_view_strides: tensor %zu has %zu strides for rank %d", k, st->n,
                              t->shape.ndim);
            return;
        }
        for (size_t d = 0; d < st->n; d++) {
            if (!golden_lit_int(st->items[d], &t->strides[d]) || t->strides[d] < 0) {
                golden_case_error(r->c, "tensor_view_strides: tensor %zu: stride %zu is not a non-negative integer",
                                  k, d);
                return;
            }
        }
    } else {
        int64_t s = 1;
        for (int d = t->shape.ndim - 1; d >= 0; d--) {
            t->strides[d] = s;
            s *= t->shape.dims[d] > 0 ? t->shape.dims[d] : 1;
        }
    }
    t->offset = off;
    if (sg != NULL && sg->kind == LIT_LIST) {
        if (golden_case_shape(sg, &t->storage, &e) != 0) {
            golden_case_error(r->c, "tensor_storage_shapes: tensor %zu: %s", k, e.msg);
            return;
        }
    } else {
        /* No storage shape: TTK takes the view shape as the storage shape
         * (TensorApiTestcaseBase.flat_storage_shape) and refuses a row whose
         * view does not fit in it (TestcaseAclnn._tensor_param_valid). */
        int64_t extent = off + 1, numel = 1;
        for (int d = 0; d < t->shape.ndim; d++) {
            int64_t span = t->shape.dims[d] - 1, st = t->strides[d];
            if (span > 0 && st > 0 && span > (INT64_MAX - extent) / st) {
                golden_case_error(r->c, "tensor_view_strides: tensor %zu reaches beyond 2^63 elements", k);
                return;
            }
            extent += span > 0 ? span * st : 0;
            numel *= t->shape.dims[d]; /* the view's numel was checked with its shape */
        }
        t->storage = t->shape;
        if (numel > 0 && extent > numel) {
            golden_case_error(r->c, "tensor_storage_shapes: tensor %zu has none, so its storage is its view "
                              "shape (%lld elements, as TTK takes it), but the view reaches element %lld: "
                              "give the tensor's storage shape", k, (long long)numel, (long long)(extent - 1));
            return;
        }
        if (!has_st && off == 0) {
            return;
        }
    }
    t->strided = 1;
}

static void read_aclnn(rowctx *r)
{
    golden_case *c = r->c;
    const char *api = text(r, "api_name");
    if (golden_case_find_op(c, api, 0, "api_name", '\'', api) != 0) {
        return;
    }
    const opsnn_op_meta *m = c->op;
    const golden_opinfo *in = &c->info;
    /* the signature's tensors, in order, and the output's index among them */
    golden_case_tensor *ts[GOLDEN_MAX_IN + 1];
    char names[256] = "";
    size_t nt = 0;
    int64_t out_index = -1;
    for (int i = 0, k = 0; i < m->nargs; i++) {
        if (m->args[i].kind == OPSNN_ARG_SCALAR) {
            continue;
        }
        size_t u = strlen(names);
        snprintf(names + u, sizeof names - u, "%s%s", nt ? ", " : "", m->args[i].name);
        if (i == in->out_arg) {
            out_index = (int64_t)nt;
        }
        ts[nt++] = m->args[i].kind == OPSNN_ARG_TENSOR_OUT ? &c->out : &c->in[k++];
    }
    const golden_lit *shapes = cell(r, "tensor_view_shapes"), *dtypes = cell(r, "tensor_dtypes");
    if (shapes == NULL || shapes->kind != LIT_LIST || shapes->n != nt) {
        golden_case_error(c, "tensor_view_shapes: %s takes %zu tensor%s (%s)", api, nt, nt == 1 ? "" : "s", names);
        return;
    }
    const golden_lit *outs = cell(r, "output_tensor_indexes");
    int64_t oi = out_index;
    if (outs != NULL && outs->kind == LIT_LIST &&
        (outs->n != 1 || !golden_lit_int(outs->items[0], &oi) || oi != out_index)) {
        golden_case_error(c, "output_tensor_indexes: the output of %s is tensor %lld (%s)", api, (long long)out_index,
                          m->args[in->out_arg].name);
        return;
    }
    const golden_lit *strides = cell(r, "tensor_view_strides"), *offsets = cell(r, "tensor_view_offsets");
    const golden_lit *storages = cell(r, "tensor_storage_shapes");
    for (size_t k = 0; k < nt; k++) {
        if (tensor_shape(r, shapes, "tensor_view_shapes", k, &ts[k]->shape) != 0 ||
            tensor_dtype(r, dtypes, "tensor_dtypes", k, &ts[k]->dtype) != 0) {
            return;
        }
        ts[k]->given = 1;
        view(r, ts[k], k, strides, offsets, storages);
    }
    const golden_lit *rl = cell(r, "input_data_ranges");
    ranges(r, rl, 0);
    c->output_slot = !in->inplace;
    golden_err re;
    if (in->inplace) {
        /* the output is the input's storage */
    } else if (rl != NULL && rl->kind == LIT_LIST && rl->n > (size_t)out_index) {
        const golden_lit *orange = rl->items[out_index];
        if (golden_case_range(orange, &c->out.range, &re) != 0) {
            golden_case_error(c, "input_data_ranges: tensor %lld: %s", (long long)out_index, re.msg);
            return;
        }
    } else {
        c->out.range.lo = c->out.range.hi = 0.0; /* gradInput starts as zeros */
    }
    if (in->scalar_arg >= 0) {
        const opsnn_op_arg *a = &m->args[in->scalar_arg];
        c->scalar_input = 1;
        const golden_lit *sd = cell(r, "scalar_dtypes");
        const golden_lit *d0 = slot(sd, 0);
        c->scalar_dtype = golden_dtype_by_acl(a->scalar_dtype);
        if (c->scalar_dtype == NULL) {
            c->scalar_dtype = golden_dtype_by_name("float32");
        }
        if (d0 != NULL && (d0->kind != LIT_STR || (c->scalar_dtype = golden_case_dtype(d0->str)) == NULL)) {
            golden_case_error(c, "scalar_dtypes: not a dtype of %s", golden_dtype_names());
            return;
        }
        const golden_lit *attrs = cell(r, "attributes");
        /* TTK sets the scalar from attributes[<the C parameter's name>]
         * (AclnnParamPlan.build_args); a Python keyword's spelling without
         * its last letter ('lambd') is still read. */
        char key[64];
        const golden_lit *l = golden_lit_get(attrs, a->name);
        if (l == NULL) {
            l = golden_lit_get(attrs, golden_py_alias(a->name, key, sizeof key));
        }
        golden_err e;
        if (l != NULL) {
            if (golden_case_range(l, &c->lambd_range, &e) != 0) {
                golden_case_error(c, "attributes: %s: %s", a->name, e.msg);
                return;
            }
            c->lambd = c->lambd_range.lo;
        } else {
            if (golden_case_range(slot(cell(r, "scalar_data_ranges"), 0), &c->lambd_range, &e) != 0) {
                golden_case_error(c, "scalar_data_ranges: %s", e.msg);
                return;
            }
            c->lambd_random = c->lambd_range.lo != c->lambd_range.hi;
            c->lambd = c->lambd_range.lo;
        }
    }
    tolerances(r);
}

int golden_cases_parse_ttk(const char *buf, size_t len, golden_caseset *s, golden_err *e)
{
    memset(s, 0, sizeof *s);
    golden_csv csv;
    if (golden_csv_parse(buf, len, &csv, e) != 0) {
        return golden_prefix(e, "TTK CSV");
    }
    int aclnn = golden_csv_col(&csv, "api_name") >= 0;
    if (!aclnn && golden_csv_col(&csv, "op_name") < 0) {
        golden_csv_free(&csv);
        return golden_fail(e, "not a case file: a JSON list (ATK) or a CSV with an api_name or op_name column (TTK)");
    }
    s->kind = aclnn ? GOLDEN_CASES_TTK_ACLNN : GOLDEN_CASES_TTK_KERNEL;
    int named = golden_csv_col(&csv, "testcase_name") >= 0;
    for (int i = 0; i < csv.nrows; i++) {
        golden_case *c = golden_cases_add(s, e);
        if (c == NULL) {
            golden_csv_free(&csv);
            golden_caseset_free(s);
            return -1;
        }
        rowctx r = {&csv, &csv.rows[i], c, {0}, 0};
        c->line = csv.rows[i].line;
        const char *name = text(&r, "testcase_name");
        char auto_name[64];
        if (!named) { /* no column: TTK numbers the rows from 1 */
            snprintf(auto_name, sizeof auto_name, "auto_testcase_name_%d", i + 1);
            name = auto_name;
        } else if (name[strspn(name, " \t")] == '\0') {
            /* TTK finds no value and no default for the field and refuses
             * the whole file (TestcaseManager._process) */
            golden_fail(e, "line %d: testcase_name is empty (TTK refuses the whole file; name every row, "
                        "or leave the column out to have rows named auto_testcase_name_1, _2, ...)",
                        csv.rows[i].line);
            golden_csv_free(&csv);
            golden_caseset_free(s);
            return -1;
        }
        /* TTK strips every cell (TestcaseManager reads rows stripped) */
        size_t b = strspn(name, " \t\r\n"), n = strlen(name);
        while (n > b && strchr(" \t\r\n", name[n - 1]) != NULL) {
            n--;
        }
        char *stripped = malloc(n - b + 1);
        if (stripped != NULL) {
            memcpy(stripped, name + b, n - b);
            stripped[n - b] = '\0';
        }
        if (stripped == NULL || golden_case_set_name(c, stripped) != 0) {
            free(stripped);
            golden_csv_free(&csv);
            golden_caseset_free(s);
            return golden_fail(e, "out of memory");
        }
        free(stripped);
        if (aclnn) {
            read_aclnn(&r);
        } else {
            read_kernel(&r);
        }
        if (c->error == NULL) {
            golden_case_finish(c);
        }
        for (int d = 0; d < r.ndocs; d++) {
            golden_lit_free(r.docs[d]);
        }
    }
    golden_csv_free(&csv);
    return 0;
}
