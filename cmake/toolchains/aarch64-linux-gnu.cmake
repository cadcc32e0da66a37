# Cross-compiling for 64-bit Arm Linux (Kunpeng 920 and other ARMv8 hosts)
# with Debian's gcc-aarch64-linux-gnu, running the tests under qemu-user:
#
#   cmake -S . -B build-arm64 \
#         -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
#   cmake --build build-arm64 -j2 && ctest --test-dir build-arm64
#
# Overrides: OPSNN_AARCH64_PREFIX (compiler prefix, default
# aarch64-linux-gnu-), OPSNN_AARCH64_CC (the C compiler, default the prefix's
# gcc; `clang` cross-compiles with clang's own aarch64 target and the same
# binutils and libraries), OPSNN_AARCH64_SYSROOT (the target's libraries,
# default /usr/aarch64-linux-gnu), OPSNN_QEMU (default qemu-aarch64). Set
# QEMU_CPU in the environment to choose the emulated core (e.g. neoverse-n1,
# max).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(OPSNN_AARCH64_PREFIX "aarch64-linux-gnu-" CACHE STRING "Cross compiler prefix")
set(OPSNN_AARCH64_SYSROOT "/usr/aarch64-linux-gnu" CACHE PATH "aarch64 runtime libraries")
set(OPSNN_QEMU "qemu-aarch64" CACHE STRING "User-mode emulator for aarch64 binaries")

set(OPSNN_AARCH64_CC "${OPSNN_AARCH64_PREFIX}gcc" CACHE STRING "Cross C compiler (gcc or clang)")
set(CMAKE_C_COMPILER ${OPSNN_AARCH64_CC})
if(OPSNN_AARCH64_CC MATCHES "clang")
  # also handed to the tests that compile programs themselves (doc snippets)
  set(CMAKE_C_COMPILER_TARGET aarch64-linux-gnu)
endif()
# C++ is optional (bench/vs_libtorch, header checks): only when installed.
find_program(OPSNN_AARCH64_CXX ${OPSNN_AARCH64_PREFIX}g++)
if(OPSNN_AARCH64_CXX)
  set(CMAKE_CXX_COMPILER ${OPSNN_AARCH64_CXX})
endif()

# Debian's multiarch arm64 packages (libcmocka-dev:arm64) live under
# /usr/lib/aarch64-linux-gnu and /usr/include; the cross toolchain's own
# libraries under the sysroot. Search both, and never the build host's.
set(CMAKE_FIND_ROOT_PATH ${OPSNN_AARCH64_SYSROOT} /usr/lib/aarch64-linux-gnu)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# ctest and add_test() run target binaries through qemu. -L gives the cross
# runtime's dynamic loader; -E LD_LIBRARY_PATH pins the libraries to that same
# runtime: left to the multiarch search path, the loader mixes the sysroot's
# ld.so with the multiarch libc6:arm64 (a dependency of libcmocka-dev:arm64),
# and every pthread_create then spins forever.
set(CMAKE_CROSSCOMPILING_EMULATOR
    ${OPSNN_QEMU} -L ${OPSNN_AARCH64_SYSROOT} -E LD_LIBRARY_PATH=${OPSNN_AARCH64_SYSROOT}/lib)
