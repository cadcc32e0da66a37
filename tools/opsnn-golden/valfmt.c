#include "valfmt.h"

#include <math.h>
#include <stdio.h>

const char *golden_fmt_value(double v, char *buf, size_t size)
{
    if (isnan(v)) {
        snprintf(buf, size, "nan");
    } else if (isinf(v)) {
        snprintf(buf, size, "%s", v < 0 ? "-inf" : "inf");
    } else {
        snprintf(buf, size, "%.9g", v);
    }
    return buf;
}
