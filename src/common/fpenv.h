/* The floating-point environment phase 2 runs under (internal).
 *
 * Results must not depend on what the host did to its threads' FP control
 * register: the emulated NPU's float32 units round to nearest even and keep
 * subnormals (docs/fidelity.md), so every thread that runs kernel code runs
 * it under exactly that environment, with every FP exception masked:
 *   x86-64   MXCSR = 0x1f80 (round to nearest, FTZ and DAZ off, all masked);
 *   aarch64  FPCR  = 0      (RN, FZ/FZ16/DN/AH/FIZ off, no traps), as Linux
 *            starts a process;
 *   others   fesetenv(FE_DFL_ENV).
 * Enter saves the thread's environment and sets the library's; leave puts
 * the saved one back (its sticky exception flags included: what the kernels
 * raised is not reported). Both are a few instructions; enter skips the
 * write when the thread already has the library's setting. Any threading
 * backend calls them around the work it runs on a thread. */
#ifndef OPSNN_COMMON_FPENV_H_
#define OPSNN_COMMON_FPENV_H_

#include <fenv.h>

typedef struct {
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    unsigned int mxcsr;
#elif defined(__aarch64__) && defined(__GNUC__)
    unsigned long fpcr;
#else
    fenv_t env;
#endif
} opsnn_fpenv;

/* Save the calling thread's environment in *saved, then set the library's. */
void opsnn_fpenv_enter(opsnn_fpenv *saved);
/* Restore what opsnn_fpenv_enter saved. */
void opsnn_fpenv_leave(const opsnn_fpenv *saved);

#endif /* OPSNN_COMMON_FPENV_H_ */
