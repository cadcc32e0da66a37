/* opsnn-golden: golden reference outputs, precision comparison and NPU tiling
 * data for libopsnn's operators, from its public API.
 *
 * Every operator of the library is a sub-command (its command name, options
 * and help come from the library's operator table, op.h); the tool's own
 * sub-commands are rows of COMMANDS below. Adding one = one row: its name,
 * the function that runs it (given the words after the name), its synopsis
 * (shown by `opsnn-golden --help` and at the top of its own help) and the
 * rest of its own help. `opsnn-golden NAME --help` (or -h anywhere after the
 * name, or `opsnn-golden help NAME`) prints that help on stdout and exits 0;
 * the ctest `cli_help` checks this for every row. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "gen.h"
#include "op.h"
#include "opsnn/opsnn.h"
#include "run.h"
#include "tiling.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *synopsis; /* the command line(s); options in [] are optional */
    const char *details;  /* what it does, defaults, exit status */
    const opsnn_op_meta *op; /* an operator's sub-command (run is NULL) */
} golden_command;

static int cmd_version(int argc, char **argv);
static int cmd_commands(int argc, char **argv);
static int cmd_ops(int argc, char **argv);

static const golden_command TOOL_COMMANDS[] = {
    {"gen", golden_cmd_gen,
     "gen --out FILE [--out FILE ...] --dtype T --shape S [--seed N] [--range LO,HI]\n"
     "    [--nan-ratio P] [--inf-ratio P]\n"
     "gen --out FILE --dtype T --values V0,V1,... [--shape S]\n",
     "Random inputs, uniform in [LO, HI) (default -1,1), each --out with its own stream of\n"
     "the seed; or the explicit --values (shape default: 1-D).\n", NULL},
    {"compare", golden_cmd_compare,
     "compare --golden FILE --actual FILE [--dtype T] [--golden-dtype T] [--shape S]\n"
     "        [--method mixed|stat_rel_err|single_bm|close|cosine|binary|ratio]\n"
     "        [--rtol R] [--atol A] [--ptol P] [--ratio Q] [--show N]\n",
     "The verdict of CANN's test kits: --method mixed (TTK's default: |a - g| <= atol +\n"
     "rtol*|g| per element, matched ratio >= 0.99, max abs error under the dtype's limit),\n"
     "stat_rel_err / single_bm (MERE < th, MARE < 10 th), close (rtol, ptol, atol), cosine,\n"
     "binary (always for integer outputs); docs/golden.md gives every formula.\n"
     "--method ratio (also chosen by --rtol/--atol/--ratio without --method) is the original\n"
     "rule: an element is an error when |actual - golden| > atol + rtol*|golden|; the check\n"
     "passes when errors/elements <= ratio. Defaults: fp32 1e-4 1e-4 1e-4, fp16 1e-3 1e-3\n"
     "1e-3, bf16 4e-3 4e-3 4e-3, integers 0. --show N lists the first N errors.\n"
     "Exit status: 0 pass, 1 fail, 2 bad input.\n", NULL},
    {"run", golden_cmd_run,
     "run CASES [--prepare DIR] [--format bin|npy] [--seed N]\n"
     "    [--npu-dir DIR (--golden-dir TREE | --regenerate-goldens)]\n"
     "    [--compare METHOD] [--report-csv F] [--report-json F] [--junit F]\n"
     "    [--max-numel N] [--quiet] [--emit-ttk-csv F] [--testcase NAME ...]\n",
     "Every case of an ATK .json or a TTK kernel/aclnn .csv (recognised by content): inputs\n"
     "from the file's ranges and --seed (default 0), goldens from the library; --prepare\n"
     "writes TTK's manual-data tree (--format, default bin) for `ttk --manual-data-dirs`,\n"
     "and its manifest (library, SoC, operator package, seed, cases). --npu-dir judges NPU\n"
     "outputs saved in that layout (output_0_<dtype>.bin) against the goldens of the\n"
     "--golden-dir tree (refused if prepared under another configuration), or goldens\n"
     "computed again from --seed with --regenerate-goldens, with --compare (default: the\n"
     "file's standard, else mixed); a FAIL names the worst element. One line per case, a summary,\n"
     "reports as CSV, JSON, JUnit; --emit-ttk-csv writes the cases as a TTK aclnn table.\n"
     "Cases with a tensor above --max-numel elements (default 67108864) are skipped;\n"
     "--testcase NAME (repeatable) runs only the cases of that testcase_name.\n"
     "Exit status: 0 all pass, 1 a case fails, 2 bad input (a bad row or refused case).\n", NULL},
    {"tiling", golden_cmd_tiling,
     "tiling softshrink|selu|hardshrink|Softshrink|Selu --shape S --dtype T [--soc NAME]\n"
     "       [--core-num N] [--ub-size B] [--lambda L] [--input1-shape S]\n"
     "       [--input1-dtype T] [--output-shape S] [--output-dtype T] [--json] [--bin FILE]\n",
     "The ops-nn host tiling for this shape and dtype on a SoC (docs/tiling.md); --json\n"
     "prints it with the struct's field names, --bin writes the TilingData struct's bytes.\n", NULL},
    {"version", cmd_version, "version [--soc NAME] [--opp NAME]\n",
     "The tool's and the linked library's versions, and the SoC, operator package and kernel\n"
     "generation in effect.\n", NULL},
    {"commands", cmd_commands, "commands\n", "The sub-command names, one per line.\n", NULL},
    {"ops", cmd_ops, "ops [--markdown]\n",
     "The library's operators, one per line: name, aclnn API, sub-command, ops-nn kernel op.\n"
     "--markdown prints the table docs/api/README.md carries between its markers.\n", NULL},
};

#define NTOOL (sizeof TOOL_COMMANDS / sizeof TOOL_COMMANDS[0])
#define MAX_COMMANDS (NTOOL + 64)

/* The operators' sub-commands (library order), then the tool's own. */
static golden_command COMMANDS[MAX_COMMANDS];
static size_t NCOMMANDS;

static void build_commands(void)
{
    static char text[64][2][4096];
    NCOMMANDS = 0;
    for (size_t i = 0; golden_op_at(i) != NULL && i < 64; i++) {
        const opsnn_op_meta *m = golden_op_at(i);
        golden_op_synopsis(m, text[i][0], sizeof text[i][0]);
        golden_op_details(m, text[i][1], sizeof text[i][1]);
        golden_command c = {m->command, NULL, text[i][0], text[i][1], m};
        COMMANDS[NCOMMANDS++] = c;
    }
    for (size_t i = 0; i < NTOOL; i++) {
        COMMANDS[NCOMMANDS++] = TOOL_COMMANDS[i];
    }
}

static const char NOTES[] =
    "files: NAME.npy is NumPy .npy (format 1.0/2.0, C order; dtype and shape from the header),\n"
    "       any other name is raw little-endian data (numpy tofile) and needs --dtype and --shape\n"
    "       (compare reads it as 1-D without --shape).\n"
    "dtypes: fp32 (float32, float), fp16 (float16, half), bf16 (bfloat16), int8, int32,\n"
    "        uint8 (selu-backward on Ascend910B / 910_93 with --opp ops-nn; tiling selu).\n"
    "        bf16 .npy files are written with descr '<u2'; read them back with --dtype bf16.\n"
    "shapes: 4,2 or [4,2] or 4x2; \"\" or scalar for rank 0.\n"
    "config: every command takes --soc NAME and --opp builtin|ops-nn (default: OPSNN_SOC and\n"
    "        OPSNN_OPP, else Ascend950 and builtin), the SoC and operator package whose kernels\n"
    "        the goldens reproduce (docs/soc.md); `version` prints the one in effect. tiling's\n"
    "        --soc names its platform. An unknown name is an error (exit status 2).\n"
    "errors: a message on stderr naming the file or option, exit status 2, no output written.\n";

/* Each line of text, indented. */
static void put_indented(FILE *f, const char *indent, const char *text)
{
    while (*text != '\0') {
        size_t n = strcspn(text, "\n");
        fprintf(f, "%s%.*s\n", indent, (int)n, text);
        text += n + (text[n] == '\n');
    }
}

static void usage(FILE *f)
{
    fputs("usage: opsnn-golden <command> [options]\n"
          "       opsnn-golden <command> --help     help of one command\n\ncommands:\n", f);
    for (size_t i = 0; i < NCOMMANDS; i++) {
        put_indented(f, "  ", COMMANDS[i].synopsis);
    }
    fputc('\n', f);
    fputs(NOTES, f);
}

static void command_help(const golden_command *c)
{
    const char *syn = c->synopsis;
    while (*syn != '\0') { /* "opsnn-golden " before each form, continuation lines aligned */
        size_t n = strcspn(syn, "\n");
        const char *lead = syn == c->synopsis ? "usage: opsnn-golden "
                           : syn[0] == ' '    ? "             "
                                              : "       opsnn-golden ";
        printf("%s%.*s\n", lead, (int)n, syn);
        syn += n + (syn[n] == '\n');
    }
    putchar('\n');
    fputs(c->details, stdout);
    putchar('\n');
    fputs(NOTES, stdout);
}

static const golden_command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++) {
        if (strcmp(COMMANDS[i].name, name) == 0) {
            return &COMMANDS[i];
        }
    }
    return NULL;
}

static int cmd_version(int argc, char **argv)
{
    (void)argv;
    if (argc > 0) {
        fprintf(stderr, "opsnn-golden version: takes no arguments\n");
        return 2;
    }
    printf("opsnn-golden %d.%d.%d (libopsnn %s, %s kernels, %s threads)\n", OPSNN_VERSION_MAJOR,
           OPSNN_VERSION_MINOR, OPSNN_VERSION_PATCH, opsnn_version_string(), opsnn_get_isa(),
           opsnn_get_threading());
    printf("SoC %s, operator package %s, kernel generation %s\n", opsnn_get_soc(), opsnn_get_opp(),
           opsnn_get_kernel_generation());
    return 0;
}

static int cmd_ops(int argc, char **argv)
{
    int markdown = argc == 1 && strcmp(argv[0], "--markdown") == 0;
    if (argc > 1 || (argc == 1 && !markdown)) {
        fprintf(stderr, "opsnn-golden ops: takes only --markdown\n");
        return 2;
    }
    if (markdown) {
        puts("| Operator | aclnn API | Computes | `opsnn-golden` | Python | ops-nn kernel op | Page |\n"
             "|---|---|---|---|---|---|---|");
    }
    for (size_t i = 0; golden_op_at(i) != NULL; i++) {
        const opsnn_op_meta *m = golden_op_at(i);
        if (markdown) {
            printf("| %s | `%s` | ", m->name, m->api);
            for (const char *p = opsnn_op_summary(m); *p != '\0'; p++) { /* a | would end the cell */
                if (*p == '|') {
                    putchar('\\');
                }
                putchar(*p);
            }
            printf(" | `%s` | `opsnn.%s()` | `%s` | [ops/%s/docs/](../../ops/%s/docs/) |\n", m->command, m->name,
                   m->kernel_op, m->kernel_op, m->kernel_op);
        } else {
            printf("%s %s %s %s\n", m->name, m->api, m->command, m->kernel_op);
        }
    }
    return 0;
}

static int cmd_commands(int argc, char **argv)
{
    (void)argv;
    if (argc > 0) {
        fprintf(stderr, "opsnn-golden commands: takes no arguments\n");
        return 2;
    }
    for (size_t i = 0; i < NCOMMANDS; i++) {
        puts(COMMANDS[i].name);
    }
    return 0;
}

/* The value of option `name` at argv[*i] ("--name V" or "--name=V"), advancing
 * *i past it; NULL when argv[*i] is not that option. *missing: no value. */
static const char *take_opt(int argc, char **argv, int *i, const char *name, int *missing)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0) {
        return NULL;
    }
    if (a[n] == '=') {
        return a + n + 1;
    }
    if (a[n] != '\0') {
        return NULL;
    }
    if (*i + 1 >= argc) {
        *missing = 1;
        return NULL;
    }
    return argv[++*i];
}

/* The options every command takes: --soc NAME and --opp NAME choose the
 * configuration (docs/soc.md) before the command runs, and are removed from
 * argv. `tiling` keeps --soc for itself (its platform may be "cpu"). Then
 * the configuration must be valid: a bad OPSNN_SOC / OPSNN_OPP is exit 2. */
static int apply_config_opts(const char *cmd, int *argc, char **argv)
{
    int keep_soc = strcmp(cmd, "tiling") == 0, out = 0;
    for (int i = 0; i < *argc; i++) {
        int missing = 0, at = i;
        const char *soc = keep_soc ? NULL : take_opt(*argc, argv, &i, "--soc", &missing);
        const char *opp = soc != NULL || missing ? NULL : take_opt(*argc, argv, &i, "--opp", &missing);
        if (missing) {
            fprintf(stderr, "opsnn-golden %s: %s needs a value\n", cmd, argv[at]);
            return 2;
        }
        if (soc == NULL && opp == NULL) {
            argv[out++] = argv[i];
            continue;
        }
        aclnnStatus rc = soc != NULL ? opsnn_set_soc(soc) : opsnn_set_opp(opp);
        if (rc != ACLNN_SUCCESS) {
            fprintf(stderr, "opsnn-golden %s: %s: %s\n", cmd, soc != NULL ? "--soc" : "--opp",
                    aclGetRecentErrMsg());
            return 2;
        }
    }
    *argc = out;
    if (opsnn_check_config() != ACLNN_SUCCESS) {
        fprintf(stderr, "opsnn-golden %s: %s\n", cmd, aclGetRecentErrMsg());
        return 2;
    }
    return 0;
}

static int is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

int main(int argc, char **argv)
{
    /* The tool prints every library error itself (on stderr, with exit
     * status 2); the library's own log records would only repeat them in a
     * plog file. ASCEND_GLOBAL_LOG_LEVEL set by the user still wins. */
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0);
    build_commands();
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *name = argv[1];
    if (is_help(name)) {
        usage(stdout);
        return 0;
    }
    if (strcmp(name, "help") == 0) {
        if (argc == 2) {
            usage(stdout);
            return 0;
        }
        const golden_command *c = find_command(argv[2]);
        if (c == NULL) {
            fprintf(stderr, "opsnn-golden help: unknown command \"%s\"\n", argv[2]);
            return 2;
        }
        command_help(c);
        return 0;
    }
    if (strcmp(name, "--version") == 0) {
        name = "version";
    }
    const golden_command *c = find_command(name);
    if (c == NULL) {
        fprintf(stderr, "opsnn-golden: unknown command \"%s\"\n\n", name);
        usage(stderr);
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        if (is_help(argv[i])) {
            command_help(c);
            return 0;
        }
    }
    int nargs = argc - 2;
    int rc = apply_config_opts(name, &nargs, argv + 2);
    if (rc != 0) {
        return rc;
    }
    return c->op != NULL ? golden_cmd_op(c->op, nargs, argv + 2) : c->run(nargs, argv + 2);
}
