/* The generic readers of an operator descriptor (executor/opdesc.h). */
#include "executor/opdesc.h"

#include <stdio.h>

#include "tensor/dtype.h"

static int rule_applies(const opsnn_dtype_rule *r, const opsnn_soc_info *soc, opsnn_opp opp)
{
    return (r->socs & OPSNN_SOC_BIT(soc->family)) != 0 &&
           (r->opps == 0 || (r->opps & OPSNN_OPP_BIT(opp)) != 0);
}

int opsnn_op_dtype_ok(const opsnn_op_info *op, aclDataType dt, const opsnn_soc_info *soc,
                      opsnn_opp opp)
{
    for (int i = 0; i < OPSNN_MAX_DTYPES && op->dtypes[i].socs != 0; i++) {
        if (op->dtypes[i].dtype == dt && rule_applies(&op->dtypes[i], soc, opp)) {
            return 1;
        }
    }
    return 0;
}

const char *opsnn_op_dtype_list(const opsnn_op_info *op, const opsnn_soc_info *soc, opsnn_opp opp,
                                char *buf, size_t size)
{
    const char *names[OPSNN_MAX_DTYPES];
    int n = 0;
    for (int i = 0; i < OPSNN_MAX_DTYPES && op->dtypes[i].socs != 0; i++) {
        if (rule_applies(&op->dtypes[i], soc, opp)) {
            names[n++] = opsnn_dtype_name(op->dtypes[i].dtype);
        }
    }
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && used < size; i++) {
        const char *sep = i == 0 ? "" : i == n - 1 ? " or " : ", ";
        int w = snprintf(buf + used, size - used, "%s%s", sep, names[i]);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

const char *opsnn_operand_name(const opsnn_op_info *op, int operand)
{
    if (operand == OPSNN_OPERAND_OUTPUT) {
        return op->operands[op->ninputs];
    }
    return operand >= 0 && operand < op->ninputs ? op->operands[operand] : "?";
}
