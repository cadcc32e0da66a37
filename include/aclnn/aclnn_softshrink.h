/*
 * aclnn/aclnn_softshrink.h - the same declarations as aclnnop/aclnn_softshrink.h.
 *
 * CANN's sample build (ops-nn docs/zh/context/compile_and_run_sample.md) puts
 * ${ASCEND_PATH}/include and ${ASCEND_PATH}/include/aclnn on the include
 * path, and the operator samples write #include "aclnn_softshrink.h"; this file
 * makes that bare name resolve, whichever of the two directories found it.
 */
#ifndef ACLNN_ACLNN_SOFTSHRINK_H_
#define ACLNN_ACLNN_SOFTSHRINK_H_

#include "../aclnnop/aclnn_softshrink.h"

#endif /* ACLNN_ACLNN_SOFTSHRINK_H_ */
