/* The Ascend SoC the library imitates (internal).
 *
 * ops-nn's host code asks the platform which chip it runs on: the op_api picks
 * its dtype lists by SoC family (aclnn_softshrink_backward.cpp drops BF16 on
 * ASCEND910 and ASCEND310P, aclnn_selu_backward.cpp allows BF16 from ASCEND910B
 * to ASCEND910E) and the tiling reads the vector-core count and the UB size.
 * This module names those chips the way ops-nn and CANN spell them and keeps
 * the one the process imitates. */
#ifndef OPSNN_COMMON_SOC_H_
#define OPSNN_COMMON_SOC_H_

#include <stdint.h>

#include "aclnn/aclnn_base.h"

/* The families ops-nn's op_api and tiling tell apart for these operators
 * (op::SocVersion / platform_ascendc::SocVersion values of the same name). */
typedef enum {
    OPSNN_SOC_FAMILY_ASCEND910, /* Atlas training series (910A, 910ProA, ...) */
    OPSNN_SOC_FAMILY_ASCEND310P, /* Atlas inference series (310P1, 310P3) */
    OPSNN_SOC_FAMILY_ASCEND910B, /* Atlas A2 training / inference (910B1..910B4) */
    OPSNN_SOC_FAMILY_ASCEND910_93, /* Atlas A3 (910_9391, 910_9392, ...) */
    OPSNN_SOC_FAMILY_ASCEND950 /* Ascend 950 (arch35 kernels; "ascend950" in op_host defs) */
} opsnn_soc_family;

typedef struct {
    const char *name; /* canonical spelling, e.g. "Ascend910B3" */
    opsnn_soc_family family;
    int vector_core_num; /* AIV cores: what PlatformAscendC::GetCoreNumAiv() returns */
    int64_t ub_size; /* bytes of unified buffer per vector core */
} opsnn_soc_info;

/* The SoC called `name` (any letter case; CANN's Short_SoC_version names and
 * the op_host config keys such as "ascend910b", "ascend950"). Returns 0 and
 * sets *out, or -1 (NULL or unknown name) leaving *out alone. Sets no error. */
int opsnn_soc_lookup(const char *name, const opsnn_soc_info **out);

/* The SoC now imitated: opsnn_set_soc()'s choice, else OPSNN_SOC (read once,
 * on first use), else Ascend950. Never NULL; safe from any thread. An unknown
 * OPSNN_SOC leaves the default here; opsnn_config_check() reports it. */
const opsnn_soc_info *opsnn_soc_current(void);
/* Whether the SoC's TBE kernels see tik.vcopy (impl/util/util_soc_common.py
 * after_v200(): DaVinci V200 and later): every family but the Ascend910. */
int opsnn_soc_has_vcopy(const opsnn_soc_info *soc);

/* "Ascend910, Ascend910A, ..." : every accepted name, for messages. */
const char *opsnn_soc_names(void);

/* The operator package whose op_api and kernels are imitated (opsnn_set_opp). */
typedef enum {
    OPSNN_OPP_BUILTIN = 0, /* CANN's stock opp/built-in: TBE kernels before Ascend950 */
    OPSNN_OPP_OPSNN = 1 /* what hicann/ops-nn master builds for the SoC */
} opsnn_opp;

/* The kernel generation a (SoC, package) pair runs (docs/fidelity.md). */
typedef enum {
    OPSNN_GEN_ARCH35 = 0, /* ops-nn activation/<op>/op_kernel/arch35: Ascend950 */
    OPSNN_GEN_EXPERIMENTAL = 1, /* ops-nn experimental/activation/<op>: 910B, 910_93 */
    OPSNN_GEN_TBE = 2, /* CANN built-in TBE DSL kernels: 910, 310P, 910B, 910_93 */
    OPSNN_GEN_NONE = 3 /* ops-nn builds no kernel of these operators for the SoC */
} opsnn_kernel_gen;

/* "builtin" / "ops-nn" (any case) -> 0 and *out; -1 otherwise. Sets no error. */
int opsnn_opp_lookup(const char *name, opsnn_opp *out);
const char *opsnn_opp_name(opsnn_opp opp);
/* The package now imitated: opsnn_set_opp()'s choice, else OPSNN_OPP (read
 * once with OPSNN_SOC), else builtin. */
opsnn_opp opsnn_opp_current(void);
opsnn_kernel_gen opsnn_kernel_gen_of(const opsnn_soc_info *soc, opsnn_opp opp);
/* "arch35", "experimental", "tbe", "none". */
const char *opsnn_kernel_gen_name(opsnn_kernel_gen gen);

/* The configuration in effect, as one value. */
typedef struct {
    const opsnn_soc_info *soc;
    opsnn_opp opp;
    opsnn_kernel_gen gen;
} opsnn_config;

/* Fill *cfg; ACLNN_ERR_PARAM_INVALID (error message set) when OPSNN_SOC or
 * OPSNN_OPP named something unknown and no setter has overridden it. */
aclnnStatus opsnn_config_get(opsnn_config *cfg);

#endif /* OPSNN_COMMON_SOC_H_ */
