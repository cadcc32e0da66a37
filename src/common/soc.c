/* SoC names, their vector-core counts and UB sizes, and the SoC the process
 * imitates (see soc.h). Core counts are the nominal AIV counts of each part;
 * UB sizes are 256 KiB before Atlas A2, 192 KiB on A2/A3 and 240 KiB on
 * Ascend 950 (the UB_SIZE ops-nn's arch35 tiling UTs configure). */
#include "common/soc.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/error.h"
#include "opsnn/opsnn.h"

#define UB_256K 262144
#define UB_192K 196608
#define UB_240K 245760

/* The first row of each family is its generic name; the default is row DEFAULT_ROW. */
static const opsnn_soc_info SOCS[] = {
    {"Ascend910", OPSNN_SOC_FAMILY_ASCEND910, 32, UB_256K},
    {"Ascend910A", OPSNN_SOC_FAMILY_ASCEND910, 32, UB_256K},
    {"Ascend910ProA", OPSNN_SOC_FAMILY_ASCEND910, 32, UB_256K},
    {"Ascend910PremiumA", OPSNN_SOC_FAMILY_ASCEND910, 32, UB_256K},
    {"Ascend910ProB", OPSNN_SOC_FAMILY_ASCEND910, 30, UB_256K},
    {"Ascend310P", OPSNN_SOC_FAMILY_ASCEND310P, 8, UB_256K},
    {"Ascend310P1", OPSNN_SOC_FAMILY_ASCEND310P, 10, UB_256K},
    {"Ascend310P3", OPSNN_SOC_FAMILY_ASCEND310P, 8, UB_256K},
    {"Ascend910B", OPSNN_SOC_FAMILY_ASCEND910B, 48, UB_192K},
    {"Ascend910B1", OPSNN_SOC_FAMILY_ASCEND910B, 48, UB_192K},
    {"Ascend910B2", OPSNN_SOC_FAMILY_ASCEND910B, 48, UB_192K},
    {"Ascend910B2C", OPSNN_SOC_FAMILY_ASCEND910B, 48, UB_192K},
    {"Ascend910B3", OPSNN_SOC_FAMILY_ASCEND910B, 40, UB_192K},
    {"Ascend910B4", OPSNN_SOC_FAMILY_ASCEND910B, 40, UB_192K},
    {"Ascend910_93", OPSNN_SOC_FAMILY_ASCEND910_93, 48, UB_192K},
    {"Ascend910_9391", OPSNN_SOC_FAMILY_ASCEND910_93, 48, UB_192K},
    {"Ascend910_9392", OPSNN_SOC_FAMILY_ASCEND910_93, 48, UB_192K},
    {"Ascend950", OPSNN_SOC_FAMILY_ASCEND950, 64, UB_240K},
    {"Ascend950PR", OPSNN_SOC_FAMILY_ASCEND950, 64, UB_240K},
    {"Ascend950DT", OPSNN_SOC_FAMILY_ASCEND950, 64, UB_240K},
    {"Ascend950PR_9599", OPSNN_SOC_FAMILY_ASCEND950, 64, UB_240K},
    {"Ascend950PR_9589", OPSNN_SOC_FAMILY_ASCEND950, 64, UB_240K},
    /* the name older CANN releases gave the 950 */
    {"Ascend910_95", OPSNN_SOC_FAMILY_ASCEND950, 64, UB_240K},
};
#define N_SOCS ((int)(sizeof SOCS / sizeof SOCS[0]))
#define DEFAULT_ROW 8

int opsnn_soc_lookup(const char *name, const opsnn_soc_info **out)
{
    if (name == NULL || out == NULL) {
        return -1;
    }
    for (int i = 0; i < N_SOCS; i++) {
        if (strcasecmp(name, SOCS[i].name) == 0) {
            *out = &SOCS[i];
            return 0;
        }
    }
    return -1;
}

static char names_list[N_SOCS * 20];
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

static void join_names(void)
{
    size_t len = 0;
    for (int i = 0; i < N_SOCS; i++) {
        size_t n = strlen(SOCS[i].name);
        /* every name is shorter than 18 characters: ", " + name always fits */
        if (i > 0) {
            memcpy(names_list + len, ", ", 2);
            len += 2;
        }
        memcpy(names_list + len, SOCS[i].name, n);
        len += n;
    }
    names_list[len] = '\0';
}

const char *opsnn_soc_names(void)
{
    pthread_once(&names_once, join_names);
    return names_list;
}

/* OPSNN_SOC's SoC, else the default; read on the first opsnn_soc_current(). */
static const opsnn_soc_info *env_soc = &SOCS[DEFAULT_ROW];
static pthread_once_t env_once = PTHREAD_ONCE_INIT;
/* opsnn_set_soc()'s choice; NULL: follow the environment. */
static _Atomic(const opsnn_soc_info *) chosen_soc;

static void read_env(void)
{
    const char *s = getenv("OPSNN_SOC");
    if (s == NULL || s[0] == '\0') {
        return;
    }
    if (opsnn_soc_lookup(s, &env_soc) != 0) {
        opsnn_log(OPSNN_LOG_WARNING, "OPSNN_SOC=%s is not a known SoC (one of %s); using %s", s,
                  opsnn_soc_names(), SOCS[DEFAULT_ROW].name);
    }
}

const opsnn_soc_info *opsnn_soc_current(void)
{
    const opsnn_soc_info *soc = atomic_load(&chosen_soc);
    if (soc != NULL) {
        return soc;
    }
    pthread_once(&env_once, read_env);
    return env_soc;
}

aclnnStatus opsnn_set_soc(const char *name)
{
    const opsnn_soc_info *soc = NULL;
    if (name != NULL && opsnn_soc_lookup(name, &soc) != 0) {
        opsnn_error("opsnn_set_soc: name must be one of %s (any case), got \"%s\"", opsnn_soc_names(),
                    name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    atomic_store(&chosen_soc, soc);
    opsnn_log(OPSNN_LOG_INFO, "SoC set to %s", opsnn_soc_current()->name);
    return ACLNN_SUCCESS;
}

const char *opsnn_get_soc(void)
{
    return opsnn_soc_current()->name;
}
