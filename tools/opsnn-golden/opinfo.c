#include "opinfo.h"

#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "opsnn/opsnn.h"

int golden_opinfo_of(const opsnn_op_meta *m, golden_opinfo *o, golden_err *e)
{
    memset(o, 0, sizeof *o);
    o->m = m;
    o->out_arg = -1;
    o->scalar_arg = -1;
    for (int i = 0; i < m->nargs; i++) {
        switch (m->args[i].kind) {
        case OPSNN_ARG_TENSOR_INOUT:
        case OPSNN_ARG_TENSOR_IN:
            if (m->args[i].kind == OPSNN_ARG_TENSOR_INOUT) { /* the output, and an input */
                if (o->out_arg >= 0) {
                    return golden_fail(e, "%s: more than one output: not supported by opsnn-golden", m->api);
                }
                o->out_arg = i;
                o->inplace = 1;
            }
            if (o->nin == GOLDEN_MAX_IN) {
                return golden_fail(e, "%s: more than %d tensor inputs: not supported by opsnn-golden", m->api,
                                   GOLDEN_MAX_IN);
            }
            o->in_arg[o->nin++] = i;
            break;
        case OPSNN_ARG_TENSOR_OUT:
            if (o->out_arg >= 0) {
                return golden_fail(e, "%s: more than one output: not supported by opsnn-golden", m->api);
            }
            o->out_arg = i;
            break;
        case OPSNN_ARG_SCALAR:
            if (o->scalar_arg >= 0) {
                return golden_fail(e, "%s: more than one scalar: not supported by opsnn-golden", m->api);
            }
            o->scalar_arg = i;
            break;
        }
    }
    if (o->nin == 0 || o->out_arg < 0) {
        return golden_fail(e, "%s: needs a tensor input and an output", m->api);
    }
    return 0;
}

const opsnn_op_meta *golden_op_at(size_t i)
{
    return opsnn_op_at(i);
}

const opsnn_op_meta *golden_op_find(const char *s)
{
    const opsnn_op_meta *m = opsnn_op_lookup(s);
    if (m == NULL && s != NULL && strncmp(s, "aclnn", 5) != 0) {
        char api[256];
        snprintf(api, sizeof api, "aclnn%s", s);
        m = opsnn_op_lookup(api);
    }
    return m;
}

const char *golden_op_bare(const opsnn_op_meta *m)
{
    return strncmp(m->api, "aclnn", 5) == 0 ? m->api + 5 : m->api;
}

int golden_op_ntensors(const opsnn_op_meta *m)
{
    int n = 0;
    for (int i = 0; i < m->nargs; i++) {
        n += m->args[i].kind != OPSNN_ARG_SCALAR;
    }
    return n;
}

const char *golden_op_field_api(const opsnn_op_meta *m)
{
    return m->api;
}

const char *golden_op_field_kernel(const opsnn_op_meta *m)
{
    return m->kernel_op;
}

void golden_op_list(char *buf, size_t size, const char *(*field)(const opsnn_op_meta *m))
{
    const char *names[64];
    size_t n = 0;
    for (size_t i = 0; golden_op_at(i) != NULL && n < 64; i++) {
        const char *s = field(golden_op_at(i));
        size_t k = 0;
        while (k < n && strcmp(names[k], s) != 0) {
            k++;
        }
        if (k == n) {
            names[n++] = s;
        }
    }
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < n && used < size; k++) {
        const char *sep = k == 0 ? "" : k + 1 == n ? " or " : ", ";
        int w = snprintf(buf + used, size - used, "%s%s", sep, names[k]);
        used += w > 0 ? (size_t)w : 0;
    }
}

const char *golden_py_alias(const char *name, char *buf, size_t size)
{
    static const char *const keywords[] = {"and", "as", "assert", "async", "await", "break", "class", "continue",
                                           "def", "del", "elif", "else", "except", "finally", "for", "from",
                                           "global", "if", "import", "in", "is", "lambda", "nonlocal", "not",
                                           "or", "pass", "raise", "return", "try", "while", "with", "yield"};
    snprintf(buf, size, "%s", name);
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++) {
        if (strcmp(name, keywords[i]) == 0 && strlen(buf) > 1) {
            buf[strlen(buf) - 1] = '\0';
        }
    }
    return buf;
}

int golden_op_execute(const opsnn_op_meta *m, void *const *operands, golden_err *e)
{
    aclOpExecutor *exec = NULL;
    void *ws = NULL;
    uint64_t ws_size = 0;
    aclnnStatus st = m->get_workspace_size(operands, &ws_size, &exec);
    if (st != ACLNN_SUCCESS) {
        return golden_fail(e, "%sGetWorkspaceSize failed (%s, %d): %s", m->api, opsnn_status_name(st), (int)st,
                           aclGetRecentErrMsg());
    }
    if (ws_size > 0 && aclrtMalloc(&ws, (size_t)ws_size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        golden_fail(e, "cannot allocate %llu bytes of workspace: %s", (unsigned long long)ws_size,
                    aclGetRecentErrMsg());
        aclDestroyAclOpExecutor(exec);
        return -1;
    }
    st = m->run(ws, ws_size, exec, NULL);
    int rc = 0;
    if (st != ACLNN_SUCCESS) {
        rc = golden_fail(e, "%s failed (%s, %d): %s", m->api, opsnn_status_name(st), (int)st, aclGetRecentErrMsg());
        aclDestroyAclOpExecutor(exec); /* a failed phase 2 does not consume the executor */
    }
    if (ws != NULL) {
        aclrtFree(ws);
    }
    return rc;
}
