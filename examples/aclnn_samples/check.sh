#!/bin/sh
# check.sh PREFIX - build the official-style aclnn samples (ops/<op>/examples/
# NAME.cpp) against an installed libopsnn (PREFIX/include, PREFIX/lib) exactly
# as a ported Ascend host program is built, run each under the SoC and package
# its sidecar NAME.expect names, and compare what it prints with the values
# that file lists (the official sample's, or values derived by hand in the
# sample's header; expect.sh describes the format). Exits 0 when every sample
# matches, non-zero on any build, run or value mismatch. CXX (default g++)
# picks the compiler.
set -eu

if [ "$#" -ne 1 ]; then
    echo "usage: $0 INSTALL_PREFIX" >&2
    exit 2
fi
PREFIX=$1
HERE=$(cd "$(dirname "$0")" && pwd)
CXX=${CXX:-g++}

if [ ! -f "$PREFIX/include/aclnnop/aclnn_softshrink_backward.h" ]; then
    echo "check.sh: no libopsnn headers under $PREFIX/include" >&2
    exit 2
fi

# The library directory: PREFIX/lib unless the install used lib64 or a
# multiarch directory (GNUInstallDirs).
LIBDIR=$PREFIX/lib
for d in "$PREFIX/lib" "$PREFIX/lib64" "$PREFIX"/lib/*-linux-gnu; do
    if [ -e "$d/libopsnn.so" ]; then
        LIBDIR=$d
        break
    fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/opsnn-samples.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM

# The samples live with their operators: ops/<op>/examples/NAME.cpp, each
# with its NAME.expect.
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/expect.sh"

status=0
n=0
for src in "$ROOT"/ops/*/examples/*.cpp; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .cpp)
    exp=${src%.cpp}.expect
    n=$((n + 1))
    if [ ! -f "$exp" ]; then
        echo "check.sh: $name has no $exp" >&2
        status=1
        continue
    fi
    if ! "$CXX" -std=c++17 -Wall -Wextra -Werror -I"$PREFIX/include" "$src" \
        -L"$LIBDIR" -lopsnn -Wl,-rpath,"$LIBDIR" -o "$WORK/$name"; then
        echo "check.sh: building $name failed" >&2
        status=1
        continue
    fi
    rc=0
    OPSNN_SOC=$(expect_get "$exp" soc) OPSNN_OPP=$(expect_get "$exp" opp) \
        "$WORK/$name" >"$WORK/$name.out" 2>&1 || rc=$?
    cat "$WORK/$name.out"
    if [ "$rc" -ne 0 ]; then
        echo "check.sh: $name exited with status $rc" >&2
        status=1
    elif expect_check "$name" "$exp" "$WORK/$name.out"; then
        echo "$name: values OK"
    else
        echo "check.sh: $name: results differ from $exp" >&2
        status=1
    fi
done
if [ "$n" -lt 2 ]; then
    echo "check.sh: expected samples under $ROOT/ops/*/examples, found $n" >&2
    status=1
fi
if [ "$status" -eq 0 ]; then
    echo "check.sh: aclnn samples OK"
fi
exit "$status"
