/* The operator sub-commands: read the inputs, run the operator through the
 * public aclnn two-phase API, write gradInput. */
#ifndef OPSNN_GOLDEN_OP_H_
#define OPSNN_GOLDEN_OP_H_

int golden_cmd_softshrink(int argc, char **argv);
int golden_cmd_selu(int argc, char **argv);

#endif
