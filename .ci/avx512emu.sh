#!/usr/bin/env bash
# The AVX-512 emulation stage of CI (docs/testing.md): executes every AVX-512
# micro-kernel on a machine without AVX-512.
#
#  1. installs libsimde-dev when it is missing; when that is not possible (no
#     root, no apt-get, no network), says so and skips the stage (exit 0);
#  2. builds build-ci-avx512emu/ with -DOPSNN_EMULATE_AVX512=ON (gcc,
#     RelWithDebInfo): kernels/*/avx512.c compiled against SIMDe through
#     tests/avx512emu/immintrin.h, config.c reporting AVX-512 on any AVX2 CPU;
#  3. checks that `opsnn-golden version` under OPSNN_ISA=avx512 reports the
#     avx512 path (not a fallback);
#  4. runs the ISA and numerics suites under OPSNN_ISA=avx512 at 1 and 3 threads.
# Emulation gives correctness, not speed: no timing is taken here.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
jobs=$(nproc 2>/dev/null || echo 2)
build=build-ci-avx512emu

skip() {
  echo "avx512emu stage SKIPPED: $*"
  echo "  (needs libsimde-dev, SIMDe's headers; see docs/testing.md)"
  exit 0
}

case $(uname -m) in
  x86_64 | amd64) ;;
  *) skip "not an x86-64 machine ($(uname -m))" ;;
esac
if [ ! -f /usr/include/simde/x86/avx512.h ]; then
  command -v apt-get >/dev/null 2>&1 || skip "libsimde-dev is missing and there is no apt-get"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null || skip "libsimde-dev is missing and there is no root"
    sudo="sudo -n"
  fi
  echo "installing: libsimde-dev"
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libsimde-dev >/dev/null; } \
    || skip "could not install libsimde-dev"
fi

cmake -S . -B "$build" -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DOPSNN_EMULATE_AVX512=ON -DOPSNN_BUILD_TESTS=ON -DOPSNN_BUILD_BENCH=OFF -DOPSNN_BUILD_EXAMPLES=OFF >/dev/null
# gcc prints notes (not warnings) on 64-byte unions passed by value; the log
# is shown when the build fails (-Werror: any warning fails it).
cmake --build "$build" -j"$jobs" >"$build/build.log" 2>&1 || { cat "$build/build.log"; exit 1; }

version=$(OPSNN_ISA=avx512 ASCEND_GLOBAL_LOG_LEVEL=4 "$build"/tools/opsnn-golden version)
case $version in
  *"(avx512 kernels"* | *", avx512 kernels"*) echo "avx512emu: $version" ;;
  *) echo "avx512emu: OPSNN_ISA=avx512 did not select the avx512 path: $version"; exit 1 ;;
esac

suites='^(test_kernels_isa|test_kernels_scalar_b|test_kernels_mixed|test_cvt_isa|test_npu_emulation|test_golden_bits|test_forward_numerics|test_forward_generations|test_selu_numerics|test_softshrink_numerics|test_parallel|test_iter|test_iter_bcast)$'
for t in 1 3; do
  OPSNN_ISA=avx512 OPSNN_NUM_THREADS=$t ctest --test-dir "$build" -R "$suites" -j"$jobs" --output-on-failure \
    >"$build/ctest-$t.log" 2>&1 \
    || { cat "$build/ctest-$t.log"; echo "avx512emu: suites FAILED under OPSNN_ISA=avx512 OPSNN_NUM_THREADS=$t (emulated AVX-512)"; exit 1; }
done
echo "avx512emu: passed, emulated avx512 x {1,3} threads, $((SECONDS - start)) s"
