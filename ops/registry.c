/* The operator table and the public introspection API (opsnn/ops.h), both
 * generated from the manifest (ops/all.def). */
#include "ops/registry.h"

#include <string.h>

#include "opsnn/ops.h"

/* every operator's public header */
#define OPSNN_DEF_HEADERS
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"

const opsnn_op_info *const opsnn_op_table[] = {
#define OPSNN_OP(name, api, command, kernel_op, nargs) &opsnn_op_##name,
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
};

const size_t opsnn_op_table_count = sizeof opsnn_op_table / sizeof opsnn_op_table[0];

const opsnn_op_info *opsnn_op_find(const char *api)
{
    for (size_t i = 0; api != NULL && i < opsnn_op_table_count; i++) {
        if (strcmp(opsnn_op_table[i]->api, api) == 0) {
            return opsnn_op_table[i];
        }
    }
    return NULL;
}

/* ---- the public introspection API ---- */

/* Every operator's parameters, one array in manifest order; each operator's
 * start ARGS_<name> and index ARG_<op>_<param> let the compiler check that
 * an OPSNN_OP's nargs counts exactly its OPSNN_ARG lines. */
static const opsnn_op_arg ALL_ARGS[] = {
#define OPSNN_ARG(op, kind, name, short_name, dtype, def) \
    {#name, short_name, OPSNN_ARG_##kind, ACL_##dtype, def},
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
};

enum {
#define OPSNN_OP(name, api, command, kernel_op, nargs) \
    ARGS_##name, NARGS_##name##_ = (nargs), ARGS_##name##_end_ = ARGS_##name + (nargs) - 1,
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
    ARGS_TOTAL_
};
_Static_assert((size_t)ARGS_TOTAL_ == sizeof ALL_ARGS / sizeof ALL_ARGS[0],
               "the OPSNN_OP nargs of ops/all.def add up to its OPSNN_ARG lines");

enum {
#define OPSNN_ARG(op, kind, name, short_name, dtype, def) ARG_##op##_##name,
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
    ARG_COUNT_
};
#define OPSNN_ARG(op, kind, name, short_name, dtype, def)                               \
    _Static_assert((int)ARG_##op##_##name >= (int)ARGS_##op &&                          \
                       (int)ARG_##op##_##name < (int)ARGS_##op + (int)NARGS_##op##_,        \
                   "OPSNN_ARG(" #op ", " #name ") follows its operator's OPSNN_OP within nargs");
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"

/* o[0], ..., o[n-1]: the operands as phase 1's arguments (void * converts to
 * each parameter's pointer type). */
#define OPERANDS_1(o) o[0]
#define OPERANDS_2(o) OPERANDS_1(o), o[1]
#define OPERANDS_3(o) OPERANDS_2(o), o[2]
#define OPERANDS_4(o) OPERANDS_3(o), o[3]
#define OPERANDS_5(o) OPERANDS_4(o), o[4]
#define OPERANDS_6(o) OPERANDS_5(o), o[5]
#define OPERANDS_7(o) OPERANDS_6(o), o[6]
#define OPERANDS_8(o) OPERANDS_7(o), o[7]
#define OPERANDS(n, o) OPERANDS_##n(o)

#define OPSNN_OP(name, api, command, kernel_op, nargs)                                        \
    static aclnnStatus gws_##name(void *const *o, uint64_t *workspaceSize,                   \
                                  aclOpExecutor **executor)                                  \
    {                                                                                        \
        return aclnn##api##GetWorkspaceSize(OPERANDS(nargs, o), workspaceSize, executor);   \
    }
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"

static const opsnn_op_meta META[] = {
#define OPSNN_OP(name, api, command, kernel_op, nargs) \
    {#name, "aclnn" #api, command, kernel_op, nargs, &ALL_ARGS[ARGS_##name], gws_##name, aclnn##api},
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"
};
#define META_COUNT (sizeof META / sizeof META[0])
_Static_assert(sizeof META / sizeof META[0] == sizeof opsnn_op_table / sizeof opsnn_op_table[0],
               "one meta per descriptor");

size_t opsnn_op_count(void)
{
    return META_COUNT;
}

const opsnn_op_meta *opsnn_op_at(size_t i)
{
    return i < META_COUNT ? &META[i] : NULL;
}

const opsnn_op_meta *opsnn_op_lookup(const char *s)
{
    for (size_t i = 0; s != NULL && i < META_COUNT; i++) {
        const opsnn_op_meta *m = &META[i];
        if (strcmp(m->name, s) == 0 || strcmp(m->api, s) == 0 || strcmp(m->command, s) == 0 ||
            strcmp(m->kernel_op, s) == 0) {
            return m;
        }
    }
    return NULL;
}
