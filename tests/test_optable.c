/*
 * test_optable.c - the operator table (ops/registry.h) and the public
 * introspection API (opsnn/ops.h), both generated from the manifest
 * (ops/all.def): every descriptor is
 * found by its API name, its dtype rules give the op_api's lists per SoC,
 * its operands are named as the aclnn parameters are, and its tiling
 * function gives the public calculator's blocking; the public table agrees
 * with the descriptors and the aclnn functions (a call through its thunk
 * gives the direct call's status and bits), is found by every key and ends
 * with NULL.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "ops/registry.h"
#include "opsnn/ops.h"
#include "test_util.h"

static void every_operator_is_found_by_its_api_name(void **state)
{
    (void)state;
    assert_true(opsnn_op_table_count >= 2);
    for (size_t i = 0; i < opsnn_op_table_count; i++) {
        const opsnn_op_info *op = opsnn_op_table[i];
        assert_ptr_equal(opsnn_op_find(op->api), op);
        assert_int_equal(strncmp(op->api, "aclnn", 5), 0);
        assert_true(op->ninputs >= 1 && op->ninputs <= OPSNN_MAX_INPUTS);
        assert_true(op->params_size <= OPSNN_MAX_PARAM_BYTES);
        assert_non_null(op->tiling);
        assert_true(op->dtypes[0].socs != 0);
        /* a cost of 0 would keep every call on one thread */
        assert_true(op->ps_per_elem[0] > 0 && op->ps_per_elem[1] > 0);
        for (int k = 0; k <= op->ninputs; k++) {
            assert_non_null(op->operands[k]);
        }
    }
    assert_null(opsnn_op_find("aclnnSeluBackwardX"));
    assert_null(opsnn_op_find(NULL));
}

/* The op_api's GetDtypeSupportList per SoC family, as messages list them. */
static void dtype_lists_follow_the_op_api_per_soc(void **state)
{
    (void)state;
    static const struct {
        const opsnn_op_info *op;
        const char *soc;
        const char *list;
    } rows[] = {
        {&opsnn_op_selu_backward, "Ascend910", "FLOAT, FLOAT16, INT32 or INT8"},
        {&opsnn_op_selu_backward, "Ascend310P3", "FLOAT, FLOAT16, INT32 or INT8"},
        {&opsnn_op_selu_backward, "Ascend910B3", "FLOAT, FLOAT16, BF16, INT32 or INT8"},
        {&opsnn_op_selu_backward, "Ascend950", "FLOAT, FLOAT16, BF16, INT32 or INT8"},
        {&opsnn_op_softshrink_backward, "Ascend910", "FLOAT or FLOAT16"},
        {&opsnn_op_softshrink_backward, "Ascend310P3", "FLOAT or FLOAT16"},
        {&opsnn_op_softshrink_backward, "Ascend910B3", "FLOAT, FLOAT16 or BF16"},
        {&opsnn_op_softshrink_backward, "Ascend910_9391", "FLOAT, FLOAT16 or BF16"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const opsnn_soc_info *soc;
        char buf[96];
        assert_int_equal(opsnn_soc_lookup(rows[i].soc, &soc), 0);
        assert_string_equal(opsnn_op_dtype_list(rows[i].op, soc, OPSNN_OPP_BUILTIN, buf, sizeof buf), rows[i].list);
        int bf16 = strstr(rows[i].list, "BF16") != NULL;
        assert_int_equal(opsnn_op_dtype_ok(rows[i].op, ACL_BF16, soc, OPSNN_OPP_BUILTIN), bf16);
        assert_true(opsnn_op_dtype_ok(rows[i].op, ACL_FLOAT16, soc, OPSNN_OPP_BUILTIN));
        assert_false(opsnn_op_dtype_ok(rows[i].op, ACL_DOUBLE, soc, OPSNN_OPP_BUILTIN));
    }
}

static void operands_are_named_as_the_aclnn_parameters(void **state)
{
    (void)state;
    assert_string_equal(opsnn_operand_name(&opsnn_op_softshrink_backward, 0), "gradOutput");
    assert_string_equal(opsnn_operand_name(&opsnn_op_softshrink_backward, 1), "self");
    assert_string_equal(opsnn_operand_name(&opsnn_op_selu_backward, 1), "result");
    assert_string_equal(opsnn_operand_name(&opsnn_op_selu_backward, OPSNN_OPERAND_OUTPUT),
                        "gradInput");
}

/* Each descriptor's tiling is the public calculator's answer, read into the
 * common blocking struct (SeluGrad's block count is its block_dim). */
static void tiling_functions_give_the_public_calculators_blocks(void **state)
{
    (void)state;
    opsnn_platform cpu = {"cpu", OPSNN_TILING_ARCH35, 8, OPSNN_CPU_UB_SIZE};
    static const int64_t sizes[] = {1, 1000, 1 << 20, 12345679};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int64_t n = sizes[i];
        opsnn_tiling_tensor flat = {ACL_FLOAT16, 1, &n};
        opsnn_blocking b;
        opsnn_softshrink_bwd_params sp = {0.5f};
        opsnn_softshrink_grad_tiling st;
        assert_int_equal(opsnn_softshrink_grad_tiling_compute(&cpu, &flat, &flat, &flat, 0.5f, &st),
                         ACLNN_SUCCESS);
        assert_int_equal(opsnn_op_softshrink_backward.tiling(&cpu, ACL_FLOAT16, n, &sp, &b),
                         ACLNN_SUCCESS);
        assert_int_equal(b.block_former, st.data.blockFormer);
        assert_int_equal(b.block_num, st.data.blockNum);
        assert_int_equal(b.ub_former, st.data.ubFormer);
        opsnn_selu_grad_tiling lt;
        assert_int_equal(opsnn_selu_grad_tiling_compute(&cpu, &flat, &flat, &flat, &lt),
                         ACLNN_SUCCESS);
        assert_int_equal(opsnn_op_selu_backward.tiling(&cpu, ACL_FLOAT16, n, NULL, &b),
                         ACLNN_SUCCESS);
        assert_int_equal(b.block_former, lt.data.blockFormer);
        assert_int_equal(b.block_num, lt.block_dim);
        assert_int_equal(b.ub_former, lt.data.ubFormer);
    }
}

/* The public table: one entry per descriptor, in the same order, with the
 * manifest's names and the descriptor's operands. */
static void public_table_matches_the_descriptors(void **state)
{
    (void)state;
    assert_int_equal(opsnn_op_count(), opsnn_op_table_count);
    for (size_t i = 0; i < opsnn_op_count(); i++) {
        const opsnn_op_meta *m = opsnn_op_at(i);
        const opsnn_op_info *op = opsnn_op_table[i];
        assert_non_null(m);
        assert_string_equal(m->api, op->api);
        assert_ptr_equal(opsnn_op_find(m->api), op);
        assert_non_null(m->get_workspace_size);
        assert_non_null(m->run);
        assert_true(m->nargs >= 1 && m->nargs <= 8);
        /* the tensors of the signature are the descriptor's operands, inputs
         * then the output, and only scalars have a dtype of their own */
        int t = 0;
        for (int k = 0; k < m->nargs; k++) {
            const opsnn_op_arg *a = &m->args[k];
            assert_non_null(a->name);
            assert_non_null(a->short_name);
            if (a->kind == OPSNN_ARG_SCALAR) {
                continue;
            }
            int operand = a->kind == OPSNN_ARG_TENSOR_IN ? t++ : OPSNN_OPERAND_OUTPUT;
            assert_string_equal(a->name, opsnn_operand_name(op, operand));
            if (a->kind == OPSNN_ARG_TENSOR_INOUT) {
                assert_string_equal(a->name, opsnn_operand_name(op, 0));
            }
        }
    }
    assert_null(opsnn_op_at(opsnn_op_count()));
    assert_null(opsnn_op_at((size_t)-1));
}

static void public_table_has_the_manifest_rows(void **state)
{
    (void)state;
    static const struct {
        const char *name, *api, *command, *kernel_op;
        int nargs;
        const char *args; /* name:short_name, space separated */
    } want[] = {
        {"softshrink_backward", "aclnnSoftshrinkBackward", "softshrink-backward", "soft_shrink_grad", 4,
         "gradOutput:grad self:self lambda:lambda gradInput:out"},
        {"selu_backward", "aclnnSeluBackward", "selu-backward", "selu_grad", 3,
         "gradOutput:grad result:result gradInput:out"},
        {"softshrink", "aclnnSoftshrink", "softshrink", "softshrink", 3, "self:self lambd:lambd out:out"},
        {"selu", "aclnnSelu", "selu", "selu", 2, "self:self out:out"},
        {"inplace_selu", "aclnnInplaceSelu", "inplace-selu", "selu", 1, "selfRef:self"},
    };
    assert_true(opsnn_op_count() >= sizeof want / sizeof want[0]);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const opsnn_op_meta *m = opsnn_op_at(i);
        assert_string_equal(m->name, want[i].name);
        assert_string_equal(m->api, want[i].api);
        assert_string_equal(m->command, want[i].command);
        assert_string_equal(m->kernel_op, want[i].kernel_op);
        assert_int_equal(m->nargs, want[i].nargs);
        char got[256] = "";
        for (int k = 0; k < m->nargs; k++) {
            size_t u = strlen(got);
            snprintf(got + u, sizeof got - u, "%s%s:%s", k ? " " : "", m->args[k].name,
                     m->args[k].short_name);
        }
        assert_string_equal(got, want[i].args);
    }
    const opsnn_op_meta *s = opsnn_op_lookup("softshrink_backward");
    assert_int_equal(s->args[2].kind, OPSNN_ARG_SCALAR);
    assert_int_equal(s->args[2].scalar_dtype, ACL_FLOAT);
    assert_true(s->args[2].scalar_default == 0.5);
    assert_int_equal(s->args[0].kind, OPSNN_ARG_TENSOR_IN);
    assert_int_equal(s->args[3].kind, OPSNN_ARG_TENSOR_OUT);
    assert_int_equal(opsnn_op_lookup("inplace_selu")->args[0].kind, OPSNN_ARG_TENSOR_INOUT);
}

static void lookup_by_every_key(void **state)
{
    (void)state;
    for (size_t i = 0; i < opsnn_op_count(); i++) {
        const opsnn_op_meta *m = opsnn_op_at(i);
        assert_ptr_equal(opsnn_op_lookup(m->name), m);
        assert_ptr_equal(opsnn_op_lookup(m->api), m);
        assert_ptr_equal(opsnn_op_lookup(m->command), m);
        /* kernel_op may be shared (Selu and InplaceSelu): the first in order */
        const opsnn_op_meta *k = opsnn_op_lookup(m->kernel_op);
        assert_non_null(k);
        assert_string_equal(k->kernel_op, m->kernel_op);
        assert_true(k <= m);
    }
    assert_ptr_equal(opsnn_op_lookup("selu"), opsnn_op_at(3));
    assert_ptr_equal(opsnn_op_lookup("aclnnInplaceSelu"), opsnn_op_at(4));
    assert_null(opsnn_op_lookup("aclnnSeluBackwardX"));
    assert_null(opsnn_op_lookup(""));
    assert_null(opsnn_op_lookup("SoftshrinkBackward"));
    assert_null(opsnn_op_lookup(NULL));
}

/* Phase 1 and 2 through the thunks: the direct calls' status, message and bits. */
static void thunks_give_the_direct_calls_results(void **state)
{
    (void)state;
    enum { N = 8 };
    int64_t dims[] = {N};
    float g[N] = {0, 1, 2, 3, 4, 5, 6, 7}, x[N] = {1, 1, 1, 2, 1, 2, 3, 3};
    float ya[N], yb[N];
    /* SoftshrinkBackward */
    for (int rep = 0; rep < 2; rep++) {
        float lam = rep == 0 ? 1.2f : 0.0f;
        memset(ya, 0xa5, sizeof ya);
        memset(yb, 0x5a, sizeof yb);
        aclTensor *tg = tu_tensor(dims, 1, ACL_FLOAT, g), *tx = tu_tensor(dims, 1, ACL_FLOAT, x);
        aclTensor *ta = tu_tensor(dims, 1, ACL_FLOAT, ya), *tb = tu_tensor(dims, 1, ACL_FLOAT, yb);
        aclScalar *l = tu_scalar_f32(lam);
        uint64_t wa = 1, wb = 2;
        aclOpExecutor *ea = NULL, *eb = NULL;
        assert_int_equal(aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tx, l, ta, &wa, &ea), ACLNN_SUCCESS);
        assert_int_equal(aclnnSoftshrinkBackward(NULL, wa, ea, NULL), ACLNN_SUCCESS);
        const opsnn_op_meta *m = opsnn_op_lookup("aclnnSoftshrinkBackward");
        void *const ops[] = {tg, tx, l, tb};
        assert_int_equal(m->get_workspace_size(ops, &wb, &eb), ACLNN_SUCCESS);
        assert_int_equal(wb, wa);
        assert_int_equal(m->run(NULL, wb, eb, NULL), ACLNN_SUCCESS);
        tu_assert_bits_equal(yb, ya, N, 4, "thunk");
        aclDestroyTensor(tg);
        aclDestroyTensor(tx);
        aclDestroyTensor(ta);
        aclDestroyTensor(tb);
        aclDestroyScalar(l);
    }
    /* every operator, float32 and fp16 operands from the seed data: same bits */
    for (size_t i = 0; i < opsnn_op_count(); i++) {
        const opsnn_op_meta *m = opsnn_op_at(i);
        uint16_t in[2][N], out[2][N];
        for (int k = 0; k < N; k++) {
            in[0][k] = tu_h(g[k] - 3.5f);
            in[1][k] = tu_h(x[k] - 1.5f);
        }
        void *ops[2][8];
        aclTensor *made[2][8] = {{NULL}};
        aclScalar *sc[2] = {NULL, NULL};
        for (int r = 0; r < 2; r++) {
            uint16_t inout[N];
            memcpy(inout, in[0], sizeof inout);
            int t = 0;
            for (int k = 0; k < m->nargs; k++) {
                const opsnn_op_arg *a = &m->args[k];
                if (a->kind == OPSNN_ARG_SCALAR) {
                    float v = (float)a->scalar_default;
                    ops[r][k] = sc[r] = aclCreateScalar(&v, ACL_FLOAT);
                } else {
                    void *data = a->kind == OPSNN_ARG_TENSOR_IN ? (void *)in[t++]
                                 : a->kind == OPSNN_ARG_TENSOR_OUT ? (void *)out[r]
                                                                   : (void *)out[r];
                    if (a->kind == OPSNN_ARG_TENSOR_INOUT) {
                        memcpy(out[r], inout, sizeof inout);
                    }
                    ops[r][k] = made[r][k] = tu_tensor(dims, 1, ACL_FLOAT16, data);
                }
            }
        }
        memset(out[0], 0x11, sizeof out[0]);
        memset(out[1], 0x22, sizeof out[1]);
        for (int k = 0; k < m->nargs; k++) {
            if (m->args[k].kind == OPSNN_ARG_TENSOR_INOUT) {
                memcpy(out[0], in[0], sizeof out[0]);
                memcpy(out[1], in[0], sizeof out[1]);
            }
        }
        uint64_t ws[2];
        aclOpExecutor *ex[2];
        assert_int_equal(m->get_workspace_size(ops[0], &ws[0], &ex[0]), ACLNN_SUCCESS);
        assert_int_equal(m->run(NULL, ws[0], ex[0], NULL), ACLNN_SUCCESS);
        assert_int_equal(m->get_workspace_size(ops[1], &ws[1], &ex[1]), ACLNN_SUCCESS);
        assert_int_equal(m->run(NULL, ws[1], ex[1], NULL), ACLNN_SUCCESS);
        tu_assert_bits_equal(out[1], out[0], N, 2, m->name);
        /* the direct call for the operator, through its own symbol */
        uint16_t direct[N];
        memcpy(direct, in[0], sizeof direct);
        aclTensor *a0 = tu_tensor(dims, 1, ACL_FLOAT16, in[0]), *a1 = tu_tensor(dims, 1, ACL_FLOAT16, in[1]);
        aclTensor *d = tu_tensor(dims, 1, ACL_FLOAT16, direct);
        float half = 0.5f;
        aclScalar *dl = aclCreateScalar(&half, ACL_FLOAT);
        uint64_t dws = 0;
        aclOpExecutor *dex = NULL;
        tu_phase2_fn run = NULL;
        aclnnStatus rc;
        if (strcmp(m->name, "softshrink_backward") == 0) {
            rc = aclnnSoftshrinkBackwardGetWorkspaceSize(a0, a1, dl, d, &dws, &dex);
            run = aclnnSoftshrinkBackward;
        } else if (strcmp(m->name, "selu_backward") == 0) {
            rc = aclnnSeluBackwardGetWorkspaceSize(a0, a1, d, &dws, &dex);
            run = aclnnSeluBackward;
        } else if (strcmp(m->name, "softshrink") == 0) {
            rc = aclnnSoftshrinkGetWorkspaceSize(a0, dl, d, &dws, &dex);
            run = aclnnSoftshrink;
        } else if (strcmp(m->name, "selu") == 0) {
            rc = aclnnSeluGetWorkspaceSize(a0, d, &dws, &dex);
            run = aclnnSelu;
        } else if (strcmp(m->name, "inplace_selu") == 0) {
            rc = aclnnInplaceSeluGetWorkspaceSize(d, &dws, &dex);
            run = aclnnInplaceSelu;
        } else {
            rc = ACLNN_SUCCESS; /* a newer operator: covered by its own suites */
        }
        if (run != NULL) {
            assert_int_equal(rc, ACLNN_SUCCESS);
            assert_int_equal(dws, ws[0]);
            assert_int_equal(run(NULL, dws, dex, NULL), ACLNN_SUCCESS);
            tu_assert_bits_equal(out[0], direct, N, 2, m->name);
        }
        aclDestroyTensor(a0);
        aclDestroyTensor(a1);
        aclDestroyTensor(d);
        aclDestroyScalar(dl);
        for (int r = 0; r < 2; r++) {
            for (int k = 0; k < 8; k++) {
                if (made[r][k] != NULL) {
                    aclDestroyTensor(made[r][k]);
                }
            }
            if (sc[r] != NULL) {
                aclDestroyScalar(sc[r]);
            }
        }
    }
}

/* A validation failure comes through the thunk with the same status and message. */
static void thunks_give_the_direct_calls_errors(void **state)
{
    (void)state;
    int64_t dims[] = {4};
    float g[4] = {0}, y[4];
    aclTensor *tg = tu_tensor(dims, 1, ACL_FLOAT, g), *ty = tu_tensor(dims, 1, ACL_FLOAT, y);
    aclScalar *l = tu_scalar_f32(-1.0f);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    char direct[256], thunk[256];
    aclnnStatus d = aclnnSoftshrinkBackwardGetWorkspaceSize(tg, tg, l, ty, &ws, &ex);
    tu_last_msg(direct, sizeof direct);
    void *const ops[] = {tg, tg, l, ty};
    aclnnStatus t = opsnn_op_lookup("softshrink-backward")->get_workspace_size(ops, &ws, &ex);
    tu_last_msg(thunk, sizeof thunk);
    assert_int_equal(d, ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(t, d);
    assert_string_equal(thunk, direct);
    void *const nul[] = {NULL, tg, l, ty};
    assert_int_equal(opsnn_op_lookup("softshrink_backward")->get_workspace_size(nul, &ws, &ex),
                     ACLNN_ERR_PARAM_NULLPTR);
    aclDestroyTensor(tg);
    aclDestroyTensor(ty);
    aclDestroyScalar(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_operator_is_found_by_its_api_name),
        cmocka_unit_test(dtype_lists_follow_the_op_api_per_soc),
        cmocka_unit_test(operands_are_named_as_the_aclnn_parameters),
        cmocka_unit_test(tiling_functions_give_the_public_calculators_blocks),
        cmocka_unit_test(public_table_matches_the_descriptors),
        cmocka_unit_test(public_table_has_the_manifest_rows),
        cmocka_unit_test(lookup_by_every_key),
        cmocka_unit_test(thunks_give_the_direct_calls_results),
        cmocka_unit_test(thunks_give_the_direct_calls_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
