/* ATK case json (ops-nn activation/OP/tests/st/aclnnOP/atk_aclnnOP.json): a list
 * of {"id", "aclnn_name", "standard": {"acc": ...}, "inputs": [{"type":
 * "tensor"|"scalar", "dtype", "shape", "range_values"}...]}. aclnn_name is any
 * operator of the library; its inputs are in API order (the tensor inputs and
 * the scalar, e.g. gradOutput, self, lambda). A one-input operator's case
 * saves that input only; the others' also save the output's initial storage
 * (TTK's slot of it). range_values [lo, hi] is uniform, a one-element list
 * ["-inf"] or a bare number means every element is that value, and
 * {"name": "nd", "mean": [a, b], "std": [c, d]} is a normal distribution. */
#include <stdio.h>
#include <string.h>

#include "cases.h"

static void read_input(golden_case *c, const golden_lit *in, int slot)
{
    golden_err e;
    const golden_lit *type = golden_lit_get(in, "type"), *dt = golden_lit_get(in, "dtype");
    const golden_lit *shape = golden_lit_get(in, "shape"), *range = golden_lit_get(in, "range_values");
    if (type == NULL || type->kind != LIT_STR || dt == NULL || dt->kind != LIT_STR) {
        golden_case_error(c, "input %d: needs \"type\" and \"dtype\" strings", slot);
        return;
    }
    const golden_dtype *d = golden_case_dtype(dt->str);
    if (d == NULL) {
        golden_case_error(c, "input %d: dtype \"%s\" is not one of %s", slot, dt->str, golden_dtype_names());
        return;
    }
    /* the argument this input is: the slot-th non-output argument */
    int arg = -1;
    for (int i = 0, seen = 0; i < c->op->nargs; i++) {
        if (c->op->args[i].kind != OPSNN_ARG_TENSOR_OUT && seen++ == slot) {
            arg = i;
            break;
        }
    }
    int is_scalar = arg >= 0 && c->op->args[arg].kind == OPSNN_ARG_SCALAR;
    if (strcmp(type->str, "scalar") == 0) {
        if (!is_scalar) {
            golden_case_error(c, "input %d: unexpected scalar", slot);
            return;
        }
        c->scalar_input = 1;
        c->scalar_dtype = d;
        if (golden_case_range(range, &c->lambd_range, &e) != 0) {
            golden_case_error(c, "%s: %s", c->op->args[arg].name, e.msg);
            return;
        }
        c->lambd_random = c->lambd_range.lo != c->lambd_range.hi;
        c->lambd = c->lambd_range.lo;
        return;
    }
    if (strcmp(type->str, "tensor") != 0 || is_scalar) {
        golden_case_error(c, "input %d: unexpected %s input", slot, type->str);
        return;
    }
    int k = 0;
    while (k < c->info.nin && c->info.in_arg[k] != arg) {
        k++;
    }
    golden_case_tensor *t = &c->in[k];
    t->dtype = d;
    t->given = 1;
    if (golden_case_shape(shape, &t->shape, &e) != 0) {
        golden_case_error(c, "input %d: %s", slot, e.msg);
        return;
    }
    if (golden_case_range(range, &t->range, &e) != 0) {
        golden_case_error(c, "input %d: %s", slot, e.msg);
    }
}

static void read_case(golden_case *c, const golden_lit *obj, size_t index)
{
    c->line = (int)index;
    c->output_slot = 1;
    c->out.range.lo = c->out.range.hi = 0.0;
    const golden_lit *id = golden_lit_get(obj, "id"), *api = golden_lit_get(obj, "aclnn_name");
    int64_t idv = (int64_t)index;
    golden_lit_int(id, &idv);
    const char *apiname = api != NULL && api->kind == LIT_STR ? api->str : "";
    const char *bare = strncmp(apiname, "aclnn", 5) == 0 ? apiname + 5 : apiname;
    char name[300];
    snprintf(name, sizeof name, "aclnn%s_%lld", bare, (long long)idv);
    golden_case_set_name(c, name);
    if (obj->kind != LIT_DICT) {
        golden_case_error(c, "case %zu is not an object", index);
        return;
    }
    char full[300];
    snprintf(full, sizeof full, "aclnn%s", bare);
    if (golden_case_find_op(c, full, 0, "aclnn_name", '"', apiname) != 0) {
        return;
    }
    c->output_slot = c->info.nin > 1; /* as ops-nn's atk_aclnnSelu.json: the case saves self only */
    const golden_lit *std = golden_lit_get(golden_lit_get(obj, "standard"), "acc");
    if (std != NULL && (golden_lit_get(std, "single_bm") != NULL ||
                        (std->kind == LIT_STR && strcmp(std->str, "single_bm") == 0))) {
        c->has_method = 1;
        c->method = GOLDEN_CMP_SINGLE_BM;
    }
    const golden_lit *inputs = golden_lit_get(obj, "inputs");
    size_t want = (size_t)(c->info.nin + (c->info.scalar_arg >= 0));
    if (inputs == NULL || inputs->kind != LIT_LIST || inputs->n != want) {
        golden_case_error(c, "\"inputs\" must list %zu inputs", want);
        return;
    }
    for (size_t i = 0; i < want && c->error == NULL; i++) {
        read_input(c, inputs->items[i], (int)i);
    }
    if (c->error == NULL && c->info.scalar_arg >= 0 && !c->scalar_input) {
        golden_case_error(c, "input %d (%s) must be a scalar", c->info.nin, c->op->args[c->info.scalar_arg].name);
    }
    if (c->error == NULL) {
        golden_case_finish(c);
    }
}

int golden_cases_parse_atk(const char *buf, size_t len, golden_caseset *s, golden_err *e)
{
    memset(s, 0, sizeof *s);
    s->kind = GOLDEN_CASES_ATK;
    golden_lit_doc *doc;
    const golden_lit *root;
    if (golden_lit_parse(buf, len, &doc, &root, e) != 0) {
        return golden_prefix(e, "ATK json");
    }
    if (root->kind != LIT_LIST) {
        golden_lit_free(doc);
        return golden_fail(e, "ATK json: the top level must be a list of cases");
    }
    for (size_t i = 0; i < root->n; i++) {
        golden_case *c = golden_cases_add(s, e);
        if (c == NULL) {
            golden_lit_free(doc);
            golden_caseset_free(s);
            return -1;
        }
        read_case(c, root->items[i], i);
    }
    golden_lit_free(doc);
    return 0;
}
