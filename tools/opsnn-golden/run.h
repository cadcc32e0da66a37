/* `opsnn-golden run`: every case of an ATK json or TTK CSV in one command --
 * inputs drawn from the file's ranges, goldens from the library, the TTK
 * manual-data tree with --prepare, NPU outputs judged with --npu-dir, a
 * one-line-per-case table and CSV/JSON/JUnit reports. */
#ifndef OPSNN_GOLDEN_RUN_H_
#define OPSNN_GOLDEN_RUN_H_

int golden_cmd_run(int argc, char **argv);

#endif
