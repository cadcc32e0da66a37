/*
 * test_optable.c - the operator table (src/ops/table.h): every descriptor is
 * found by its API name, its dtype rules give the op_api's lists per SoC,
 * its operands are named as the aclnn parameters are, and its tiling
 * function gives the public calculator's blocking.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "ops/table.h"

static void every_operator_is_found_by_its_api_name(void **state)
{
    (void)state;
    assert_true(opsnn_op_count >= 2);
    for (size_t i = 0; i < opsnn_op_count; i++) {
        const opsnn_op_info *op = opsnn_op_table[i];
        assert_ptr_equal(opsnn_op_find(op->api), op);
        assert_int_equal(strncmp(op->api, "aclnn", 5), 0);
        assert_true(op->ninputs >= 1 && op->ninputs <= OPSNN_MAX_INPUTS);
        assert_true(op->params_size <= OPSNN_MAX_PARAM_BYTES);
        assert_non_null(op->tiling);
        assert_true(op->dtypes[0].socs != 0);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_operator_is_found_by_its_api_name),
        cmocka_unit_test(dtype_lists_follow_the_op_api_per_soc),
        cmocka_unit_test(operands_are_named_as_the_aclnn_parameters),
        cmocka_unit_test(tiling_functions_give_the_public_calculators_blocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
