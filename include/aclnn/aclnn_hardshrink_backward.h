/*
 * aclnn/aclnn_hardshrink_backward.h - the same declarations as aclnnop/aclnn_hardshrink_backward.h.
 *
 * CANN's sample build puts ${ASCEND_PATH}/include and ${ASCEND_PATH}/include/aclnn
 * on the include path, and operator samples may write
 * #include "aclnn_hardshrink_backward.h"; this file makes that bare name
 * resolve, whichever of the two directories found it.
 */
#ifndef ACLNN_ACLNN_HARDSHRINK_BACKWARD_H_
#define ACLNN_ACLNN_HARDSHRINK_BACKWARD_H_

#include "../aclnnop/aclnn_hardshrink_backward.h"

#endif /* ACLNN_ACLNN_HARDSHRINK_BACKWARD_H_ */
