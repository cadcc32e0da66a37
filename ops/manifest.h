/*
 * The operator manifest's macros (X-macros; the C preprocessor is the only
 * generator). An includer defines the OPSNN_DEF_* sections and the macros it
 * needs, then includes ops/manifest.h (which defaults every other macro to
 * nothing), "ops/all.def" and "ops/manifest_end.h" (which #undefs them all,
 * so the next includer starts clean). Not include-guarded on purpose.
 *
 * Every op.def holds, for each aclnn operator of its folder, one row:
 *
 *   OPSNN_OP(name, Api, command, kernel_op, nargs)
 *       name       C and Python name: descriptor opsnn_op_<name>, opsnn.<name>()
 *       Api        aclnn<Api> / aclnn<Api>GetWorkspaceSize
 *       command    "softshrink-backward": the opsnn-golden command
 *       kernel_op  "soft_shrink_grad": the ops-nn folder, the ATK/TTK op name
 *       nargs      the number of OPSNN_ARG lines that follow
 *   OPSNN_ARG(op, kind, name, short_name, dtype, def)
 *       one per phase-1 parameter in C-signature order (workspaceSize and
 *       executor excluded): kind TENSOR_IN, TENSOR_OUT, TENSOR_INOUT or
 *       SCALAR; name the aclnn parameter name (a token); short_name the CLI
 *       option and Python keyword; dtype (ACL_<dtype>) and default def
 *       (a double) of a scalar as the tools create it.
 *
 * and these conditional sections (a relative #include resolves in the
 * operator's folder):
 *
 *   #ifdef OPSNN_DEF_KERNELS   its micro-kernel families, each
 *       OPSNN_FAMILY(KIND)                     -> OPSNN_KERNEL_<KIND> (ops/kernels.h)
 *       OPSNN_KTEST(KIND, type, init...)       the parameter struct `type` the
 *           kernel sweep (tests/test_kernels_isa.c) hands the family, as a C
 *           initializer that may use `float lambda` (the sweep's threshold)
 *       #include "op_kernel/<family>/list.inc" its rows:
 *       OPSNN_UKERNEL(KIND, ISA, dtype, fn)
 *       OPSNN_UKERNEL_C(KIND, ISA, dtype, fn)  a variant whose b is one value
 *       OPSNN_UKERNEL_X(KIND, ISA, cdt, adt, bdt, ydt, fn)  a mixed-dtype variant
 *       (kernels/kernels.h says what each row means).
 *   #ifdef OPSNN_DEF_PARAMS    #include "op_kernel/params.h": its parameter structs
 *   #ifdef OPSNN_DEF_HEADERS   #include "aclnnop/aclnn_<name>.h": its public header(s)
 */
#ifndef OPSNN_OP
#define OPSNN_OP(name, api, command, kernel_op, nargs)
#endif
#ifndef OPSNN_ARG
#define OPSNN_ARG(op, kind, name, short_name, dtype, def)
#endif
#ifndef OPSNN_FAMILY
#define OPSNN_FAMILY(kind)
#endif
#ifndef OPSNN_KTEST
#define OPSNN_KTEST(kind, type, ...)
#endif
#ifndef OPSNN_UKERNEL
#define OPSNN_UKERNEL(kind, isa, dtype, fn)
#endif
#ifndef OPSNN_UKERNEL_C
#define OPSNN_UKERNEL_C(kind, isa, dtype, fn)
#endif
#ifndef OPSNN_UKERNEL_X
#define OPSNN_UKERNEL_X(kind, isa, cdt, adt, bdt, ydt, fn)
#endif
