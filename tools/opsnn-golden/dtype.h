/* The element types the tool reads and writes: names accepted on the command
 * line, the aclDataType each maps to, and the .npy descr written for it. */
#ifndef OPSNN_GOLDEN_DTYPE_H_
#define OPSNN_GOLDEN_DTYPE_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

typedef struct {
    const char *name; /* canonical name: fp32, fp16, bf16, int8, int32, uint8 */
    aclDataType acl;
    size_t size; /* bytes per element */
    const char *npy_descr; /* descr written to .npy; bf16 is written as '<u2' */
    int is_int;
    int64_t min, max; /* range of an integer type */
} golden_dtype;

/** Look up a command-line name or alias (fp32/float32/float, fp16/float16/half,
 *  bf16/bfloat16, int8, int32, uint8); NULL when unknown. */
const golden_dtype *golden_dtype_by_name(const char *name);

/** The dtype of an aclDataType; NULL when the tool has none. */
const golden_dtype *golden_dtype_by_acl(aclDataType acl);

/** The accepted names, for messages. */
const char *golden_dtype_names(void);

/** Element i of a little-endian array, widened exactly to double. */
double golden_get(const golden_dtype *dt, const void *data, int64_t i);

/** Store v as element i: floats round to float32 first, then to fp16/bf16
 *  (round to nearest even); integers must already be integral and in range. */
void golden_set(const golden_dtype *dt, void *data, int64_t i, double v);

#endif
