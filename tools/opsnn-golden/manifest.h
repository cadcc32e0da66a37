/* The manifest of a prepared tree: what a judge must agree with before it
 * reads the tree's goldens. `run --prepare DIR` writes DIR/opsnn-golden.manifest
 * (a JSON object of strings, integers and a list of case directory names; TTK
 * reads only case directories, so the file beside them is ignored there);
 * `run --npu-dir ... --golden-dir DIR` reads it and refuses a tree prepared
 * under another configuration: library version, SoC, operator package,
 * case file contents, seed when one is given. A case the tree does not
 * list is an error of that case alone. */
#ifndef OPSNN_GOLDEN_MANIFEST_H_
#define OPSNN_GOLDEN_MANIFEST_H_

#include <stdint.h>

#include "err.h"

#define GOLDEN_MANIFEST_NAME "opsnn-golden.manifest"

typedef struct {
    char library_version[64];
    char soc[64];
    char operator_package[64];
    char kernel_generation[64];
    char format[8];
    char cases_sha256[65];
    uint64_t seed;
    char **cases; /* case directory names */
    int ncases;
} golden_manifest;

/** The configuration of this process: library version, SoC the library
 *  imitates now, operator package and the kernel generation they select;
 *  plus what the caller gives. cases is
 *  copied. */
int golden_manifest_now(golden_manifest *m, const char *format, const char *cases_sha256, uint64_t seed,
                        char **cases, int ncases, golden_err *e);

/** Write root/GOLDEN_MANIFEST_NAME through the safe-output path. */
int golden_manifest_write(const char *root, const golden_manifest *m, golden_err *e);

/** Read root/GOLDEN_MANIFEST_NAME (a regular file, bounded). */
int golden_manifest_read(const char *root, golden_manifest *m, golden_err *e);

/** 0 when a judge configured as `now` may read the tree `tree`; else -1 with
 *  a message naming the field, both values and what to do. seed_given: the
 *  judge was given --seed (now->seed), which must then match. */
int golden_manifest_agree(const golden_manifest *tree, const golden_manifest *now, int seed_given,
                          golden_err *e);

/** 1 when the tree lists the case directory dirname. */
int golden_manifest_has(const golden_manifest *m, const char *dirname);

void golden_manifest_free(golden_manifest *m);

#endif
