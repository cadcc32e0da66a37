/* Filling and choosing a 16-bit lookup table (lut16.h). */
#include "lut16.h"

#include <string.h>

enum { LUT16_EMPTY = 0, LUT16_FILLING = 1, LUT16_READY = 2 };

/* The table if this run may use it, filling it first when it is empty; NULL
 * to compute. */
static const uint16_t *lut16_for(opsnn_lut16 *t, opsnn_ukernel_fn compute, size_t n,
                                 const opsnn_kparams *p, size_t param_bytes)
{
    if ((n < OPSNN_LUT16_MIN_RUN && p->call_elems < OPSNN_LUT16_MIN_CALL) ||
        param_bytes > OPSNN_LUT16_KEY_BYTES) {
        return NULL;
    }
    int state = atomic_load_explicit(&t->state, memory_order_acquire);
    if (state == LUT16_READY) {
        return memcmp(t->key, p->op, param_bytes) == 0 ? t->v : NULL;
    }
    if (state != LUT16_EMPTY ||
        !atomic_compare_exchange_strong_explicit(&t->state, &state, LUT16_FILLING,
                                                 memory_order_acquire, memory_order_relaxed)) {
        return NULL; /* another run is filling it (or just has): compute this one */
    }
    for (uint32_t i = 0; i < OPSNN_LUT16_ENTRIES; i++) {
        t->v[i] = (uint16_t)i;
    }
    const opsnn_kparams fill = {p->op, OPSNN_NT_NONE, OPSNN_LUT16_ENTRIES};
    compute(OPSNN_LUT16_ENTRIES, t->v, t->v, t->v, &fill); /* in place, every pattern */
    memcpy(t->key, p->op, param_bytes);
    atomic_store_explicit(&t->state, LUT16_READY, memory_order_release);
    return t->v;
}

void opsnn_lut16_run(opsnn_lut16 *table, opsnn_lut16_fn apply, opsnn_ukernel_fn compute, size_t n,
                     const void *a, void *y, const opsnn_kparams *p, size_t param_bytes)
{
    const uint16_t *t = lut16_for(table, compute, n, p, param_bytes);
    if (t != NULL) {
        apply(n, a, y, t, p->nt_store);
    } else {
        compute(n, a, a, y, p);
    }
}

int opsnn_lut16_gathers_pay(void)
{
    return opsnn_cpu_vendor() == OPSNN_CPU_VENDOR_INTEL;
}
