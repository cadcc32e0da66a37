#!/usr/bin/env bash
# The aarch64 stage of CI (docs/platforms.md): cross-build with
# gcc-aarch64-linux-gnu, run under qemu-user, compare bits with x86-64.
#
#  1. installs what is missing (gcc-aarch64-linux-gnu, qemu-user, and
#     libcmocka-dev:arm64 through Debian multiarch); when that is not
#     possible (no root, no network), says so and skips the stage (exit 0);
#  2. cross-builds a Release tree with cmake/toolchains/aarch64-linux-gnu.cmake,
#     and a second one with clang (-Werror, as every build: clang's warnings
#     on aarch64 code; the pool backend, as no arm64 libomp is installed) that
#     is only built, not run;
#  3. checks that `opsnn-golden version` under qemu reports the NEON path;
#  4. runs the whole ctest under qemu for QEMU_CPU=neoverse-n1 (a
#     Kunpeng-920-like ARMv8.2 core) and QEMU_CPU=max (SVE, BF16 and the rest);
#  5. reruns the numerics suites under OPSNN_ISA=scalar|neon x 1|3 threads;
#  6. compares bits across architectures: the same deterministic inputs
#     (every dtype, the special value classes, 1 and 3 threads, every ISA
#     path of each side) through the x86-64 and the aarch64 opsnn-golden,
#     every output compared with cmp (.ci/xarch_outputs.sh).
# qemu gives correctness, not speed: no timing is taken here.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
jobs=$(nproc 2>/dev/null || echo 2)
sysroot=/usr/aarch64-linux-gnu

skip() {
  echo "aarch64 stage SKIPPED: $*"
  echo "  (needs gcc-aarch64-linux-gnu, qemu-user and libcmocka-dev:arm64; see docs/platforms.md)"
  exit 0
}

install_arm64_deps() {
  local pkgs=()
  command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || pkgs+=(gcc-aarch64-linux-gnu)
  command -v qemu-aarch64 >/dev/null 2>&1 || pkgs+=(qemu-user)
  [ -f /usr/lib/aarch64-linux-gnu/libcmocka.so ] || pkgs+=(libcmocka-dev:arm64)
  command -v cmake >/dev/null 2>&1 || pkgs+=(cmake)
  command -v gcc >/dev/null 2>&1 || pkgs+=(gcc)
  command -v perl >/dev/null 2>&1 || pkgs+=(perl)
  [ "${#pkgs[@]}" -eq 0 ] && return 0
  command -v apt-get >/dev/null 2>&1 || skip "missing ${pkgs[*]} and no apt-get"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    sudo -n true 2>/dev/null || skip "missing ${pkgs[*]} and no root/sudo to install them"
    sudo="sudo -n"
  fi
  echo "installing: ${pkgs[*]}"
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    $sudo dpkg --add-architecture arm64 || skip "dpkg --add-architecture arm64 failed"
  fi
  $sudo apt-get update -qq >/dev/null 2>&1 || skip "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${pkgs[@]}" >/dev/null 2>&1 \
    || skip "apt-get install ${pkgs[*]} failed"
}

install_arm64_deps
qemu=(qemu-aarch64 -L "$sysroot" -E LD_LIBRARY_PATH="$sysroot/lib")

echo "== aarch64: cross build (Release)"
build=build-ci-arm64
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
  -DCMAKE_BUILD_TYPE=Release -DOPSNN_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j"$jobs" >/dev/null

echo "== aarch64: clang cross build (Release, pool threads; built, not run)"
cmake -S . -B build-ci-arm64-clang -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
  -DOPSNN_AARCH64_CC=clang -DCMAKE_BUILD_TYPE=Release -DOPSNN_BUILD_BENCH=OFF >/dev/null
cmake --build build-ci-arm64-clang -j"$jobs" >/dev/null
aarch64-linux-gnu-readelf -h build-ci-arm64-clang/libopsnn.so | grep -q AArch64 \
  || { echo "the clang cross build did not make an aarch64 library"; exit 1; }

echo "== aarch64: opsnn-golden version under qemu"
version=$(QEMU_CPU=neoverse-n1 "${qemu[@]}" "$build/tools/opsnn-golden" version)
echo "$version"
case $version in
  *"neon kernels"*) ;;
  *) echo "expected the NEON path in: $version"; exit 1 ;;
esac

for cpu in neoverse-n1 max; do
  echo "== aarch64: ctest under qemu, QEMU_CPU=$cpu"
  QEMU_CPU=$cpu ctest --test-dir "$build" --output-on-failure -j"$jobs" \
    >"$build/ctest-$cpu.log" 2>&1 \
    || { cat "$build/ctest-$cpu.log"; echo "ctest failed under QEMU_CPU=$cpu"; exit 1; }
  grep -E '^[0-9]+% tests passed' "$build/ctest-$cpu.log"
done

echo "== aarch64: numerics under OPSNN_ISA x threads (QEMU_CPU=neoverse-n1)"
for isa in scalar neon; do
  for t in 1 3; do
    QEMU_CPU=neoverse-n1 OPSNN_ISA=$isa OPSNN_NUM_THREADS=$t \
      ctest --test-dir "$build" -R 'numerics|golden_bits' -j"$jobs" >/dev/null \
      || { echo "numerics failed under OPSNN_ISA=$isa OPSNN_NUM_THREADS=$t"; exit 1; }
  done
done
echo "numerics: passed under scalar, neon x {1,3} threads"

echo "== cross-architecture bits: x86-64 vs aarch64 (qemu)"
# The x86-64 side: the gcc build .ci/run made (build-ci), else a Release build of its own.
host=build-ci
if [ ! -f "$host/CMakeCache.txt" ]; then
  host=build-ci-xarch-x86
  cmake -S . -B "$host" -DCMAKE_BUILD_TYPE=Release -DOPSNN_BUILD_TESTS=OFF -DOPSNN_BUILD_EXAMPLES=OFF \
    -DOPSNN_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$host" -j"$jobs" --target opsnn-golden >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
host_isas="scalar avx2"
grep -qw avx512f /proc/cpuinfo 2>/dev/null && host_isas="$host_isas avx512"
bash .ci/xarch_outputs.sh "$work/x86" "$host_isas" "$host/tools/opsnn-golden" &
QEMU_CPU=neoverse-n1 bash .ci/xarch_outputs.sh "$work/arm" "scalar neon" "${qemu[@]}" \
  "$build/tools/opsnn-golden"
wait $!
ref=$work/x86/scalar-t1
# Every case must have run (an error on both sides would compare equal).
failed=$(grep -Lx 0 "$ref"/*.rc || true)
[ -z "$failed" ] || { echo "cases that failed on x86-64 scalar: $failed"; exit 1; }
files=0
bad=0
same() { # A B: byte-identical, or counted and shown
  files=$((files + 1))
  if ! cmp -s "$1" "$2"; then
    bad=$((bad + 1))
    echo "DIFFERS: ${2#"$work"/} vs ${1#"$work"/}: $(cmp "$1" "$2" 2>&1 | head -n 1)"
  fi
}
for f in "$work"/x86/in/*; do # gen is deterministic across architectures
  same "$f" "$work/arm/in/${f##*/}"
done
for f in "$ref"/*; do # every path and thread count of both sides = x86 scalar, 1 thread
  for d in "$work"/x86/*-t* "$work"/arm/*-t*; do
    [ "$d" = "$ref" ] || same "$f" "$d/${f##*/}"
  done
done
if [ "$bad" -ne 0 ]; then
  echo "cross-architecture bits: $bad of $files comparisons differ"
  exit 1
fi
echo "cross-architecture bits: $files comparisons identical (x86-64: $host_isas; aarch64: scalar neon;" \
  "1 and 3 threads; outputs and exit statuses)"
echo "aarch64 stage: $((SECONDS - start)) s"
