/*
 * The library's operator table (internal), generated from the manifest
 * (ops/all.def): every descriptor opsnn_op_<name> (defined by its
 * ops/<op>/op_api.c), the table in manifest order, and lookups.
 */
#ifndef OPSNN_OPS_REGISTRY_H_
#define OPSNN_OPS_REGISTRY_H_

#include <stddef.h>

#include "executor/opdesc.h"
#include "ops/kernels.h"

#define OPSNN_OP(name, api, command, kernel_op, nargs) extern const opsnn_op_info opsnn_op_##name;
#include "ops/manifest.h"
#include "ops/all.def"
#include "ops/manifest_end.h"

/* The table, in the manifest's order, and its length. */
extern const opsnn_op_info *const opsnn_op_table[];
extern const size_t opsnn_op_table_count;

/* The descriptor whose api is `api` (exact spelling), or NULL. */
const opsnn_op_info *opsnn_op_find(const char *api);

#endif /* OPSNN_OPS_REGISTRY_H_ */
