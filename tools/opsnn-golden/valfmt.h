/* Printing element values the same way on every platform ("nan", "inf"). */
#ifndef OPSNN_GOLDEN_VALFMT_H_
#define OPSNN_GOLDEN_VALFMT_H_

#include <stddef.h>

/** %.9g for finite values (exact for every float32), "nan", "inf", "-inf". */
const char *golden_fmt_value(double v, char *buf, size_t size);

#endif
