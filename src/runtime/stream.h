/* Streams (internal view). */
#ifndef OPSNN_RUNTIME_STREAM_H_
#define OPSNN_RUNTIME_STREAM_H_

#include "acl/acl_base.h"

/* 1 when stream is NULL (the default stream) or a live stream. */
int opsnn_stream_valid(aclrtStream stream);

#endif /* OPSNN_RUNTIME_STREAM_H_ */
