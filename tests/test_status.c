/*
 * test_status.c - opsnn_status_name / opsnn_status_message name every ACL
 * and ACLNN status code of the public headers, spelled as the headers spell
 * them; 0 is ACLNN_SUCCESS; anything else is UNKNOWN.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "acl/acl_base.h"
#include "aclnn/aclnn_base.h"
#include "opsnn/opsnn.h"

#define CODE(c) {c, #c}
static const struct {
    int code;
    const char *name;
} CODES[] = {
    CODE(ACLNN_ERR_PARAM_NULLPTR), CODE(ACLNN_ERR_PARAM_INVALID), CODE(ACLNN_ERR_RUNTIME_ERROR),
    CODE(ACLNN_ERR_INNER), CODE(ACLNN_ERR_INNER_CREATE_EXECUTOR), CODE(ACLNN_ERR_INNER_NULLPTR),
    CODE(ACL_ERROR_INVALID_PARAM), CODE(ACL_ERROR_UNINITIALIZE), CODE(ACL_ERROR_REPEAT_INITIALIZE),
    CODE(ACL_ERROR_REPEAT_FINALIZE), CODE(ACL_ERROR_BAD_ALLOC), CODE(ACL_ERROR_INVALID_DEVICE),
    CODE(ACL_ERROR_INTERNAL_ERROR), CODE(ACL_ERROR_FAILURE), CODE(ACL_ERROR_RT_PARAM_INVALID),
    CODE(ACL_ERROR_RT_INVALID_DEVICEID), CODE(ACL_ERROR_RT_MEMORY_ALLOCATION),
};

static void every_header_code_has_its_name_and_a_message(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof CODES / sizeof CODES[0]; i++) {
        assert_string_equal(opsnn_status_name(CODES[i].code), CODES[i].name);
        const char *msg = opsnn_status_message(CODES[i].code);
        assert_true(strlen(msg) > 5);
        assert_string_not_equal(msg, "unknown status code");
    }
}

static void zero_is_success_and_other_values_are_unknown(void **state)
{
    (void)state;
    assert_string_equal(opsnn_status_name(0), "ACLNN_SUCCESS");
    assert_string_equal(opsnn_status_message(0), "success");
    static const int others[] = {-1, 1, 161000, 161003, 999999, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        assert_string_equal(opsnn_status_name(others[i]), "UNKNOWN");
        assert_string_equal(opsnn_status_message(others[i]), "unknown status code");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_header_code_has_its_name_and_a_message),
        cmocka_unit_test(zero_is_success_and_other_values_are_unknown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
