/* Streams. Phase 2 runs its plan on the calling thread before returning, so a
 * stream is trivially an in-order queue whose work is complete at any
 * aclrtSynchronizeStream. Streams are still real objects, so bad handles are
 * reported instead of being silently accepted. */
#include "runtime/stream.h"

#include "acl/acl_rt.h"
#include "common/alloc.h"
#include "common/error.h"
#include "common/fork.h"
#include "common/ptrset.h"

struct opsnn_stream {
    int unused;
};

static opsnn_ptrset live_streams = OPSNN_PTRSET_INIT;

void opsnn_stream_fork(int phase)
{
    opsnn_ptrset_fork(&live_streams, phase);
}

#if defined(__GNUC__)
/* Unloading: an empty registry leaves no memory behind after dlclose. */
__attribute__((destructor)) static void streams_at_unload(void)
{
    opsnn_ptrset_release_if_empty(&live_streams);
}
#endif

int opsnn_stream_valid(aclrtStream stream)
{
    return stream == NULL || opsnn_ptrset_find(&live_streams, stream, NULL);
}

aclError aclrtCreateStream(aclrtStream *stream)
{
    if (stream == NULL) {
        opsnn_error("aclrtCreateStream: stream must not be NULL, got NULL");
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    struct opsnn_stream *s = opsnn_malloc(sizeof *s);
    if (s == NULL || opsnn_ptrset_insert(&live_streams, s, 0) != 0) {
        opsnn_free(s);
        opsnn_error("aclrtCreateStream: out of memory creating a stream");
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    *stream = s;
    return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream)
{
    if (stream == NULL || !opsnn_ptrset_remove(&live_streams, stream, NULL)) {
        opsnn_error("aclrtDestroyStream: stream must be a live stream from aclrtCreateStream, got %p",
                    stream);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    opsnn_free(stream);
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeStream(aclrtStream stream)
{
    if (!opsnn_stream_valid(stream)) {
        opsnn_error("aclrtSynchronizeStream: stream must be NULL or a live stream, got %p", stream);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    return ACL_SUCCESS;
}
