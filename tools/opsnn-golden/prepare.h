/* TTK's manual-data directory protocol (hicann/ops-test-kit
 * docs/Manual_Data_Prepare_and_Replay.md and ttk/core_modules/manual_data.py,
 * revision 96ca3b18): one directory per testcase_name under the root,
 *   input_<i>_<numpy dtype>.<bin|npy>     inputs' backing storage
 *   scalar_<i>_<numpy dtype>.<bin|npy>    aclnn scalars, one element
 *   golden_<i>_<numpy dtype>__shape_<AxB|scalar>.bin   (npy: no suffix)
 * written into a hidden temporary directory next to it and renamed into place
 * only when complete. */
#ifndef OPSNN_GOLDEN_PREPARE_H_
#define OPSNN_GOLDEN_PREPARE_H_

#include <stddef.h>

#include "binio.h"
#include "err.h"

/** The case directory name of a testcase_name: the name itself when it has
 *  only [A-Za-z0-9_.-] and at most 120 characters; else every run of other
 *  characters becomes '_', leading/trailing '.' and '_' are stripped ("case"
 *  if nothing is left), cut to 96 characters, and '-' plus the first 12 hex
 *  digits of the SHA-256 of the whole name are appended. */
void golden_case_dirname(const char *name, char *out, size_t size);

/** "2x0x3"; "scalar" for rank 0. */
void golden_shape_token(const golden_shape *s, char *out, size_t size);

typedef struct {
    const golden_array *inputs[5]; /* up to GOLDEN_MAX_IN tensor inputs and the output slot */
    int ninputs;
    const golden_array *scalars[2];
    int nscalars;
    const golden_array *goldens[2];
    int ngoldens;
} golden_case_data;

/** Write one case under root (created when missing) as format "bin" or
 *  "npy"; an older directory of the same case is replaced. */
int golden_prepare_case(const char *root, const char *testcase_name, const golden_case_data *d,
                        const char *format, golden_err *e);

/** Remove a directory tree (not following links); depth-limited. */
int golden_remove_tree(const char *path, golden_err *e);

#endif
