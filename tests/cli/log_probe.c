/* log_probe: one failing call (aclrtSetDevice(1)) and one successful
 * softshrink, for tests/cli/log_env_test.sh, which runs it under CANN's log
 * variables. Exits 0 when both calls return what they should. */
#include "seed_softshrink.h"

int main(void)
{
    int ok = aclrtSetDevice(1) == ACL_ERROR_RT_INVALID_DEVICEID;
    return ok && seed_softshrink_call() ? 0 : 1;
}
