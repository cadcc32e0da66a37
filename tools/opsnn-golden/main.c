/* opsnn-golden: golden reference outputs, precision comparison and NPU tiling
 * data for SoftshrinkBackward and SeluBackward, from libopsnn's public API. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "gen.h"
#include "op.h"
#include "opsnn/opsnn.h"
#include "run.h"
#include "tiling.h"

static const char USAGE[] =
    "usage: opsnn-golden <command> [options]\n"
    "\n"
    "commands:\n"
    "  softshrink-backward --grad FILE --self FILE --out FILE [--lambda L] [--dtype T]\n"
    "                      [--self-dtype T] [--out-dtype T] [--shape S] [--self-shape S]\n"
    "      gradInput = gradOutput where |self| > lambda (or self is NaN), else 0.\n"
    "      lambda defaults to 0.5; --out-dtype defaults to the dtype of --grad.\n"
    "  selu-backward --grad FILE --result FILE --out FILE [--dtype T] [--out-dtype T] [--shape S]\n"
    "  gen --out FILE [--out FILE ...] --dtype T --shape S [--seed N] [--range LO,HI]\n"
    "      [--nan-ratio P] [--inf-ratio P]      random inputs (uniform in [LO, HI), default -1,1;\n"
    "                                           each --out gets its own stream of the seed)\n"
    "  gen --out FILE --dtype T --values V0,V1,... [--shape S]      explicit values\n"
    "  compare --golden FILE --actual FILE [--dtype T] [--golden-dtype T] [--shape S]\n"
    "      [--rtol R] [--atol A] [--ratio Q] [--show N]\n"
    "      error: |actual - golden| > atol + rtol*|golden|; pass: errors/elements <= ratio.\n"
    "      defaults: fp32 1e-4 1e-4 1e-4, fp16 1e-3 1e-3 1e-3, bf16 4e-3 4e-3 4e-3, ints 0.\n"
    "      exit status: 0 pass, 1 fail, 2 bad input.\n"
    "  tiling softshrink|selu --soc Ascend910B|Ascend950|cpu --shape S --dtype T [--lambda L]\n"
    "      [--json] [--bin FILE]                the NPU tiling data (SPEC 8); --bin writes the struct\n"
    "  run CASES [--prepare DIR] [--format bin|npy] [--seed N] [--npu-dir DIR] [--compare METHOD]\n"
    "      [--report-csv F] [--report-json F] [--junit F] [--max-numel N] [--quiet] [--emit-ttk-csv F]\n"
    "      every case of an ATK .json or TTK kernel/aclnn .csv: goldens, the TTK manual-data\n"
    "      tree (--prepare), verdicts on NPU outputs (--npu-dir); exit 0 pass, 1 fail, 2 bad input.\n"
    "  version                                  tool and library version\n"
    "\n"
    "files: NAME.npy is NumPy .npy (format 1.0/2.0, C order; dtype and shape from the header),\n"
    "       any other name is raw little-endian data (numpy tofile) and needs --dtype and --shape\n"
    "       (compare reads it as 1-D without --shape).\n"
    "dtypes: fp32 (float32, float), fp16 (float16, half), bf16 (bfloat16), int8, int32,\n"
    "        uint8 (for tiling selu).\n"
    "        bf16 .npy files are written with descr '<u2'; read them back with --dtype bf16.\n"
    "shapes: 4,2 or [4,2] or 4x2; \"\" or scalar for rank 0.\n"
    "errors: a message on stderr naming the file or option, exit status 2, no output written.\n";

int main(int argc, char **argv)
{
    /* The tool prints every library error itself; keep the library's log
     * quiet unless the user asked for it. */
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0);
    if (argc < 2) {
        fputs(USAGE, stderr);
        return 2;
    }
    const char *cmd = argv[1];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0 || strcmp(argv[1], "help") == 0) {
            fputs(USAGE, stdout);
            return 0;
        }
    }
    int n = argc - 2;
    char **rest = argv + 2;
    if (strcmp(cmd, "softshrink-backward") == 0) {
        return golden_cmd_softshrink(n, rest);
    }
    if (strcmp(cmd, "selu-backward") == 0) {
        return golden_cmd_selu(n, rest);
    }
    if (strcmp(cmd, "gen") == 0) {
        return golden_cmd_gen(n, rest);
    }
    if (strcmp(cmd, "compare") == 0) {
        return golden_cmd_compare(n, rest);
    }
    if (strcmp(cmd, "run") == 0) {
        return golden_cmd_run(n, rest);
    }
    if (strcmp(cmd, "tiling") == 0) {
        return golden_cmd_tiling(n, rest);
    }
    if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
        printf("opsnn-golden %d.%d.%d (libopsnn %s, %s kernels)\n", OPSNN_VERSION_MAJOR,
               OPSNN_VERSION_MINOR, OPSNN_VERSION_PATCH, opsnn_version_string(), opsnn_get_isa());
        return 0;
    }
    fprintf(stderr, "opsnn-golden: unknown command \"%s\"\n\n%s", cmd, USAGE);
    return 2;
}
