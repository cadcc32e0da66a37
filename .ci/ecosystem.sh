#!/usr/bin/env bash
# Ecosystem checks: install the gcc build into a temporary prefix (then move
# the prefix, so the CMake package and opsnn.pc must be relocatable) and build
# and run tests/downstream/ against it three ways: find_package, pkg-config,
# and the CANN link names (-lascendcl -lnnopbase -lopapi, and ctypes).
# Uses build-ci/ when .ci/run has built it, else configures build-ci-eco/.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/deps.sh
opsnn_install_deps
if ! command -v pkg-config >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing: pkgconf"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq pkgconf >/dev/null
fi
jobs=$(nproc 2>/dev/null || echo 2)
root=$(pwd)

build=build-ci
if [ ! -f "$build/CMakeCache.txt" ]; then
  build=build-ci-eco
  cmake -S . -B "$build" -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build" -j"$jobs" >/dev/null

tmp=$(mktemp -d "${TMPDIR:-/tmp}/opsnn-eco.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cmake --install "$build" --prefix "$tmp/stage" >/dev/null
mv "$tmp/stage" "$tmp/prefix"
prefix=$tmp/prefix
libdir=$(dirname "$(find "$prefix" -name libopsnn.so -print -quit)")

passed=0
failed=0
# check NAME COMMAND...: run a check, show its output, count it.
check() {
  local name=$1 out rc
  shift
  # set -e inside the substitution: a failing step fails the check (errexit
  # would be ignored under `||`).
  set +e
  out=$(set -e; "$@" 2>&1)
  rc=$?
  set -e
  if [ "$rc" -eq 0 ]; then
    passed=$((passed + 1))
    echo "PASS $name"
  else
    failed=$((failed + 1))
    echo "FAIL $name (exit $rc)"
  fi
  [ -z "$out" ] || printf '%s\n' "$out" | sed 's/^/    /'
}

installed_layout() {
  local so major
  major=$(sed -n 's/^#define OPSNN_VERSION_MAJOR \([0-9]*\)$/\1/p' include/opsnn/opsnn.h)
  so=libopsnn.so.$major
  readelf -d "$libdir/$so" | grep -q "SONAME.*\[$so\]"
  for f in libopsnn.a libopsnn.so cmake/opsnn/opsnnConfig.cmake cmake/opsnn/opsnnConfigVersion.cmake \
           pkgconfig/opsnn.pc; do
    [ -e "$libdir/$f" ] || { echo "missing $libdir/$f"; return 1; }
  done
  for n in ascendcl nnopbase opapi opapi_nn opapi_math; do
    [ "$(readlink "$libdir/lib$n.so")" = "$so" ] || { echo "lib$n.so is not a link to $so"; return 1; }
    # CANN's layout: PREFIX/lib64 has every name, resolving to the same file
    [ "$(readlink -f "$prefix/lib64/lib$n.so")" = "$(readlink -f "$libdir/$so")" ] ||
      { echo "lib64/lib$n.so does not resolve to $so"; return 1; }
  done
  [ -f "$prefix/set_env.sh" ] || { echo "missing set_env.sh"; return 1; }
  # the prefix was moved after installing: bash finds it from the file itself
  local home
  home=$(bash -c ". '$prefix/set_env.sh'; echo \"\$ASCEND_HOME_PATH\"")
  [ "$home" = "$prefix" ] || { echo "set_env.sh of the moved prefix says $home"; return 1; }
  # every operator header under both names (aclnnop/ and the bare aclnn/
  # one the official samples include), and the shared headers
  local src h
  for src in include/aclnnop/aclnn_*.h; do
    h=${src##*/}
    for d in aclnnop aclnn; do
      [ -f "$prefix/include/$d/$h" ] || { echo "missing include/$d/$h"; return 1; }
    done
  done
  for h in acl/acl.h aclnn/aclnn_base.h opsnn/opsnn.h opsnn/tiling.h opsnn/ops.h; do
    [ -f "$prefix/include/$h" ] || { echo "missing include/$h"; return 1; }
  done
  echo "SONAME $so; libascendcl/libnnopbase/libopapi/libopapi_nn/libopapi_math.so -> $so (lib and lib64); set_env.sh"
}

find_package_build() {
  cmake -S tests/downstream -B "$tmp/ds-cmake" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ >/dev/null
  cmake --build "$tmp/ds-cmake" -j"$jobs" >/dev/null
  ctest --test-dir "$tmp/ds-cmake" --output-on-failure | grep -E "tests passed|Failed|\*\*\*"
}

pkgconfig_build() {
  make -s -f tests/downstream/Makefile PREFIX="$prefix" OUT="$tmp" pkgconfig
  "$tmp/consumer_pc" | tail -1
  "$tmp/consumer_pc_static" | tail -1
  # the static build must not need libopsnn.so at run time
  if readelf -d "$tmp/consumer_pc_static" | grep -q 'NEEDED.*libopsnn'; then
    echo "consumer_pc_static needs libopsnn.so"
    return 1
  fi
}

cann_names_build() {
  make -s -f tests/downstream/Makefile PREFIX="$prefix" OUT="$tmp" cann
  readelf -d "$tmp/consumer_cann" | grep NEEDED | grep -o 'libopsnn[^]]*'
  LD_LIBRARY_PATH="$libdir" "$tmp/consumer_cann"
  # the CMake build of CANN's aclnn samples, with ASCEND_HOME_PATH = the prefix
  ASCEND_HOME_PATH="$prefix" cmake -S tests/downstream/cann_style -B "$tmp/ds-cann" \
        -DCMAKE_C_COMPILER=gcc >/dev/null
  cmake --build "$tmp/ds-cann" >/dev/null
  LD_LIBRARY_PATH="$libdir" "$tmp/ds-cann/opapi_test" | tail -1
}

check "install layout (headers, SONAME, libopsnn.a, package files, CANN names, lib64, set_env.sh)" installed_layout
check "find_package(opsnn): opsnn::opsnn, opsnn::opsnn_static, C++" find_package_build
check "pkg-config opsnn: shared with rpath, static with --static" pkgconfig_build
check "CANN link names: -lascendcl -lnnopbase -lopapi (make, CANN-style CMake)" cann_names_build
if command -v python3 >/dev/null 2>&1; then
  check "ctypes: CDLL(libascendcl.so), CDLL(libopapi.so)" python3 tests/downstream/ctypes_check.py "$libdir"
else
  echo "SKIP ctypes: no python3"
fi
ctest_in_build() {
  ctest --test-dir "$root/$build" -R "exported_symbols_match_headers|train_selu_mlp" \
        --output-on-failure | grep -vE "^(Internal ctest|Test project|Total Test time|    Start|$)"
}
check "exported symbols, training example (ctest in $build)" ctest_in_build

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
