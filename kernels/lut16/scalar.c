/* 16-bit table lookup, portable C (lut16.h). */
#include "lut16.h"

void opsnn_lut16_apply__scalar(size_t n, const uint16_t *a, uint16_t *y, const uint16_t *table,
                               int nt)
{
    (void)nt;
    for (size_t i = 0; i < n; i++) {
        y[i] = table[a[i]];
    }
}
