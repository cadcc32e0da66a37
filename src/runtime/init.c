/* aclInit / aclFinalize: a process-wide initialised flag (docs/runtime.md). Nothing
 * else requires aclInit; the flag exists so that ported programs see CANN's
 * repeat-init and repeat-finalize codes. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "acl/acl_rt.h"
#include "common/error.h"
#include "common/fork.h"

enum { NEVER_INITIALISED, INITIALISED, FINALISED };

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static int state = NEVER_INITIALISED;

void opsnn_init_fork(int phase)
{
    opsnn_fork_mutex(&state_lock, phase);
}

aclError aclInit(const char *configPath)
{
    if (configPath != NULL && configPath[0] != '\0') {
        /* Only readability is checked: the CANN config keys (dump, profiling)
         * have no meaning on the CPU. The file must be a regular file: opened
         * without blocking (a FIFO with no writer would block forever) and
         * refused when it is a FIFO, device or directory. */
        int fd = open(configPath, O_RDONLY | O_NONBLOCK);
        struct stat st;
        unsigned char byte;
        int regular = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
        int readable = regular && read(fd, &byte, 1) >= 0;
        if (fd >= 0) {
            close(fd);
        }
        if (!readable) {
            opsnn_error("aclInit: configPath must name a readable regular file, got \"%s\"%s",
                        configPath, fd >= 0 && !regular ? " (not a regular file)" : "");
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
