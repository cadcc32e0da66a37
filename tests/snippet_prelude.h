/* tests/check_snippets.sh: what a documentation fragment may assume.
 *
 * A fenced ```c block of README.md or docs/ that defines main() is a complete
 * program and is compiled, linked and run exactly as written. Any other block
 * is a fragment: it is compiled as the body of a function, after this file.
 * So a fragment may use the C standard headers below, every public header,
 * and the placeholder names declared here ("some float x", "the host buffer
 * hostGrad", ...), and nothing else. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "opsnn/opsnn.h"

/* element values: g gradOutput, x self, r result, y gradInput, L lambda */
extern float g, x, r, y, L;
/* the float32 SELU constants */
extern const float SCALE, SCALE_ALPHA;
/* buffers and sizes of an outline of host code */
extern size_t n;
extern void *hostGrad, *hostSelf, *hostOut, *devGrad, *devSelf, *devOut;
extern aclrtStream stream;
void read_file(const char *path, void *buf, size_t bytes);
void write_file(const char *path, const void *buf, size_t bytes);
