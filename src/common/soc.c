/* SoC names, their vector-core counts and UB sizes, and the SoC the process
 * imitates (see soc.h). Core counts are the nominal AIV counts of each part;
 * UB sizes are 256 KiB before Atlas A2, 192 KiB on A2/A3 and 240 KiB on
 * Ascend 950 (the UB_SIZE ops-nn's arch35 tiling UTs configure). */
#include "common/soc.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/error.h"
#include "kernels/once.h"
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
/* Ascend950: the one SoC whose built-in and ops-nn kernels are the same
 * (arch35), the ops-nn main line's samples and docs (docs/soc.md). */
#define DEFAULT_ROW 17

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

/* The names of opsnn_opp, in enum order. */
static const char *const OPP_NAMES[] = {"builtin", "ops-nn"};
#define N_OPPS ((int)(sizeof OPP_NAMES / sizeof OPP_NAMES[0]))

int opsnn_opp_lookup(const char *name, opsnn_opp *out)
{
    if (name == NULL || out == NULL) {
        return -1;
    }
    for (int i = 0; i < N_OPPS; i++) {
        if (strcasecmp(name, OPP_NAMES[i]) == 0) {
            *out = (opsnn_opp)i;
            return 0;
        }
    }
    return -1;
}

const char *opsnn_opp_name(opsnn_opp opp)
{
    return (unsigned)opp < (unsigned)N_OPPS ? OPP_NAMES[opp] : "unknown";
}

opsnn_kernel_gen opsnn_kernel_gen_of(const opsnn_soc_info *soc, opsnn_opp opp)
{
    switch (soc->family) {
    case OPSNN_SOC_FAMILY_ASCEND950: return OPSNN_GEN_ARCH35;
    case OPSNN_SOC_FAMILY_ASCEND910B:
    case OPSNN_SOC_FAMILY_ASCEND910_93:
        return opp == OPSNN_OPP_OPSNN ? OPSNN_GEN_EXPERIMENTAL : OPSNN_GEN_TBE;
    default: /* Ascend910, Ascend310P: ops-nn builds no kernel of these operators */
        return opp == OPSNN_OPP_OPSNN ? OPSNN_GEN_NONE : OPSNN_GEN_TBE;
    }
}

const char *opsnn_kernel_gen_name(opsnn_kernel_gen gen)
{
    switch (gen) {
    case OPSNN_GEN_ARCH35: return "arch35";
    case OPSNN_GEN_EXPERIMENTAL: return "experimental";
    case OPSNN_GEN_TBE: return "tbe";
    default: return "none";
    }
}

/* The environment's choices, read once on first use: OPSNN_SOC's SoC and
 * OPSNN_OPP's package, else the defaults. An unknown value is an error that
 * every later use reports (env_soc_error, env_opp_error), until the setter
 * of that value overrides it. */
static const opsnn_soc_info *env_soc = &SOCS[DEFAULT_ROW];
static opsnn_opp env_opp = OPSNN_OPP_BUILTIN;
static char env_soc_error[640], env_opp_error[128]; /* "" when the value is good */
static opsnn_once_flag env_once = OPSNN_ONCE_INIT;
/* opsnn_set_soc() / opsnn_set_opp()'s choices; NULL / -1: follow the environment. */
static _Atomic(const opsnn_soc_info *) chosen_soc;
static atomic_int chosen_opp = -1;

static void read_env(void)
{
    const char *s = getenv("OPSNN_SOC");
    if (s != NULL && s[0] != '\0' && opsnn_soc_lookup(s, &env_soc) != 0) {
        snprintf(env_soc_error, sizeof env_soc_error, "OPSNN_SOC=%.40s is not a known SoC (one of %s)",
                 s, opsnn_soc_names());
        opsnn_log(OPSNN_LOG_ERROR, "%s", env_soc_error);
    }
    const char *o = getenv("OPSNN_OPP");
    if (o != NULL && o[0] != '\0' && opsnn_opp_lookup(o, &env_opp) != 0) {
        snprintf(env_opp_error, sizeof env_opp_error,
                 "OPSNN_OPP=%.40s is not a known operator package (builtin or ops-nn)", o);
        opsnn_log(OPSNN_LOG_ERROR, "%s", env_opp_error);
    }
    if (env_soc_error[0] != '\0' || env_opp_error[0] != '\0') {
        return;
    }
    opsnn_log(OPSNN_LOG_INFO, "configuration: SoC %s, operator package %s, kernels %s (OPSNN_SOC=%s, "
              "OPSNN_OPP=%s)", env_soc->name, opsnn_opp_name(env_opp),
              opsnn_kernel_gen_name(opsnn_kernel_gen_of(env_soc, env_opp)), s != NULL ? s : "(unset)",
              o != NULL ? o : "(unset)");
}

const opsnn_soc_info *opsnn_soc_current(void)
{
    const opsnn_soc_info *soc = atomic_load(&chosen_soc);
    if (soc != NULL) {
        return soc;
    }
    opsnn_once(&env_once, read_env);
    return env_soc;
}

int opsnn_soc_has_vcopy(const opsnn_soc_info *soc)
{
    return soc->family != OPSNN_SOC_FAMILY_ASCEND910;
}

opsnn_opp opsnn_opp_current(void)
{
    int opp = atomic_load(&chosen_opp);
    if (opp >= 0) {
        return (opsnn_opp)opp;
    }
    opsnn_once(&env_once, read_env);
    return env_opp;
}

/* The environment's errors that a setter's choice (soc, opp: NULL / -1 when
 * none) does not replace. */
static aclnnStatus check_choices(const opsnn_soc_info *soc, int opp)
{
    if (env_soc_error[0] != '\0' && soc == NULL) {
        opsnn_error("%s", env_soc_error);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (env_opp_error[0] != '\0' && opp < 0) {
        opsnn_error("%s", env_opp_error);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus opsnn_check_config(void)
{
    opsnn_once(&env_once, read_env);
    return check_choices(atomic_load(&chosen_soc), atomic_load(&chosen_opp));
}

/* One reading of the setters' choices, checked as opsnn_check_config checks
 * them (every call's phase 1 passes here). */
aclnnStatus opsnn_config_get(opsnn_config *cfg)
{
    opsnn_once(&env_once, read_env);
    const opsnn_soc_info *soc = atomic_load(&chosen_soc);
    int opp = atomic_load(&chosen_opp);
    aclnnStatus rc = check_choices(soc, opp);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    cfg->soc = soc != NULL ? soc : env_soc;
    cfg->opp = opp >= 0 ? (opsnn_opp)opp : env_opp;
    cfg->gen = opsnn_kernel_gen_of(cfg->soc, cfg->opp);
    return ACLNN_SUCCESS;
}

static void log_config(const char *what)
{
    const opsnn_soc_info *soc = opsnn_soc_current();
    opsnn_opp opp = opsnn_opp_current();
    opsnn_log(OPSNN_LOG_INFO, "%s: SoC %s, operator package %s, kernels %s", what, soc->name,
              opsnn_opp_name(opp), opsnn_kernel_gen_name(opsnn_kernel_gen_of(soc, opp)));
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
    log_config("SoC set");
    return ACLNN_SUCCESS;
}

const char *opsnn_get_soc(void)
{
    return opsnn_soc_current()->name;
}

aclnnStatus opsnn_set_opp(const char *name)
{
    opsnn_opp opp = OPSNN_OPP_BUILTIN;
    if (name != NULL && opsnn_opp_lookup(name, &opp) != 0) {
        opsnn_error("opsnn_set_opp: name must be builtin or ops-nn (any case), got \"%s\"", name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    atomic_store(&chosen_opp, name == NULL ? -1 : (int)opp);
    log_config("operator package set");
    return ACLNN_SUCCESS;
}

const char *opsnn_get_opp(void)
{
    return opsnn_opp_name(opsnn_opp_current());
}

const char *opsnn_get_kernel_generation(void)
{
    return opsnn_kernel_gen_name(opsnn_kernel_gen_of(opsnn_soc_current(), opsnn_opp_current()));
}
