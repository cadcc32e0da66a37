/* Ends an inclusion of ops/all.def (ops/manifest.h): every manifest macro and
 * section switch is undefined again. Not include-guarded on purpose. */
#undef OPSNN_OP
#undef OPSNN_ARG
#undef OPSNN_FAMILY
#undef OPSNN_KTEST
#undef OPSNN_UKERNEL
#undef OPSNN_UKERNEL_C
#undef OPSNN_UKERNEL_X
#undef OPSNN_DEF_KERNELS
#undef OPSNN_DEF_PARAMS
#undef OPSNN_DEF_MODELS
#undef OPSNN_DEF_HEADERS
