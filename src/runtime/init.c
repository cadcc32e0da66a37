/* aclInit / aclFinalize: a process-wide initialised flag (docs/runtime.md). Nothing
 * else requires aclInit; the flag exists so that ported programs see CANN's
 * repeat-init and repeat-finalize codes. */
#include <pthread.h>
#include <stdio.h>

#include "acl/acl_rt.h"
#include "common/error.h"

enum { NEVER_INITIALISED, INITIALISED, FINALISED };

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static int state = NEVER_INITIALISED;

aclError aclInit(const char *configPath)
{
    if (configPath != NULL && configPath[0] != '\0') {
        /* Only readability is checked: the CANN config keys (dump, profiling)
         * have no meaning on the CPU. A directory opens but cannot be read. */
        FILE *f = fopen(configPath, "rb");
        int readable = f != NULL && (fgetc(f), !ferror(f));
        if (f != NULL) {
            fclose(f);
        }
        if (!readable) {
            opsnn_error("aclInit: configPath must name a readable file, got \"%s\"", configPath);
            return ACL_ERROR_INVALID_PARAM;
        }
    }
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&state_lock);
    if (state == INITIALISED) {
        rc = ACL_ERROR_REPEAT_INITIALIZE;
    } else {
        state = INITIALISED;
    }
    pthread_mutex_unlock(&state_lock);
    if (rc != ACL_SUCCESS) {
        opsnn_error("aclInit: already initialised (call aclFinalize first), got a second aclInit");
    }
    return rc;
}

aclError aclFinalize(void)
{
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&state_lock);
    if (state == INITIALISED) {
        state = FINALISED;
    } else {
        rc = state == FINALISED ? ACL_ERROR_REPEAT_FINALIZE : ACL_ERROR_UNINITIALIZE;
    }
    pthread_mutex_unlock(&state_lock);
    if (rc == ACL_ERROR_REPEAT_FINALIZE) {
        opsnn_error("aclFinalize: already finalised, got a second aclFinalize");
    } else if (rc != ACL_SUCCESS) {
        opsnn_error("aclFinalize: aclInit was never called");
    }
    return rc;
}
