#!/bin/sh
# check.sh PREFIX - build the official-style aclnn samples (ops/<op>/examples/)
# against an installed
# libopsnn (PREFIX/include, PREFIX/lib) exactly as a ported Ascend host program
# is built, run them, and compare what they print with the values ops-nn's
# official samples print (activation/soft_shrink_grad/examples and
# activation/selu_grad/examples/arch35, ops-nn e5c3fa93):
#   softshrink: result[0..7] exactly 0,0,0,3,0,5,6,7 as printed by %f
#   selu:       result[0..7] within 1e-4 of -0.2419,0.7581,1.7581,1.0507,
#               1.0507,1.0507,1.2581,1.0507
#   selu, experimental data (experimental/activation/selu_grad/examples) on
#   Ascend910B with the ops-nn package: 0.2581,1.2581,2.1014,2.1014,-1.0507,
#               -1.0507,0.3790,0.5254
# and the forward samples, against values derived by hand in their headers:
#   softshrink (lambd 0.5): exactly -1.5,-0.5,0,0,0,0,0.5,2.5 as printed by %f
#   selu: within 1e-4 of -1.5202,-1.1113,0,1.0507,2.1014,3.1521,-0.6918,0.5254
# Exits 0 when both match, non-zero on any build, run or value mismatch.
# CXX (default g++) picks the compiler.
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

# The samples live with their operators: ops/<op>/examples/NAME.cpp.
ROOT=$(cd "$HERE/../.." && pwd)
sample() {
    for f in "$ROOT"/ops/*/examples/"$1".cpp; do
        if [ -f "$f" ]; then
            echo "$f"
            return 0
        fi
    done
    echo "check.sh: no $1.cpp under $ROOT/ops/*/examples" >&2
    return 1
}

build() {
    src=$(sample "$1") || return 1
    "$CXX" -std=c++17 -Wall -Wextra -Werror -I"$PREFIX/include" "$src" \
        -L"$LIBDIR" -lopsnn -Wl,-rpath,"$LIBDIR" -o "$WORK/$1"
}

# run NAME: run the sample, keep its output, fail if it exits non-zero.
run() {
    rc=0
    "$WORK/$1" >"$WORK/$1.out" 2>&1 || rc=$?
    cat "$WORK/$1.out"
    if [ "$rc" -ne 0 ]; then
        echo "check.sh: $1 exited with status $rc" >&2
        return 1
    fi
}

# compare NAME TOLERANCE EXPECTED...: the printed `result[i] is: v` lines must
# be exactly result[0] .. result[n-1], each v within TOLERANCE of EXPECTED[i]
# (TOLERANCE "exact": v must equal EXPECTED[i] as a string).
compare() {
    name=$1
    tol=$2
    shift 2
    awk -v tol="$tol" -v want="$*" -v name="$name" '
        BEGIN { n = split(want, exp_, " "); seen = 0; bad = 0 }
        /^result\[[0-9]+\] is: / {
            idx = $1; sub(/^result\[/, "", idx); sub(/\]$/, "", idx)
            v = $3
            if (idx != seen) { printf "%s: line for result[%s], expected result[%d]\n", name, idx, seen; bad = 1 }
            seen++
            if (seen > n) { printf "%s: extra value result[%s] = %s\n", name, idx, v; bad = 1; next }
            if (tol == "exact") {
                if (v != exp_[seen]) { printf "%s: result[%s] = %s, expected %s\n", name, idx, v, exp_[seen]; bad = 1 }
            } else {
                d = v - exp_[seen]; if (d < 0) d = -d
                if (!(d <= tol + 0)) { printf "%s: result[%s] = %s, expected %s +- %s\n", name, idx, v, exp_[seen], tol; bad = 1 }
            }
        }
        END {
            if (seen != n) { printf "%s: %d result lines, expected %d\n", name, seen, n; bad = 1 }
            if (!bad) printf "%s: %d values OK\n", name, n
            exit bad
        }' "$WORK/$name.out"
}

status=0
for s in test_aclnn_softshrink_backward test_aclnn_selu_backward test_aclnn_softshrink test_aclnn_selu \
    test_aclnn_selu_backward_experimental; do
    if ! build "$s"; then
        echo "check.sh: building $s failed" >&2
        status=1
    fi
done
[ "$status" -eq 0 ] || exit 1

# the arch35 samples on their SoC, the experimental one on Atlas A2 with ops-nn
export OPSNN_SOC=Ascend950 OPSNN_OPP=builtin
run test_aclnn_softshrink_backward || status=1
run test_aclnn_selu_backward || status=1
run test_aclnn_softshrink || status=1
run test_aclnn_selu || status=1
OPSNN_SOC=Ascend910B OPSNN_OPP=ops-nn run test_aclnn_selu_backward_experimental || status=1
[ "$status" -eq 0 ] || exit 1

compare test_aclnn_softshrink_backward exact \
    0.000000 0.000000 0.000000 3.000000 0.000000 5.000000 6.000000 7.000000 || status=1
compare test_aclnn_selu_backward 1e-4 \
    -0.2419 0.7581 1.7581 1.0507 1.0507 1.0507 1.2581 1.0507 || status=1
compare test_aclnn_softshrink exact \
    -1.500000 -0.500000 0.000000 0.000000 0.000000 0.000000 0.500000 2.500000 || status=1
compare test_aclnn_selu 1e-4 \
    -1.5202 -1.1113 0 1.0507 2.1014 3.1521 -0.6918 0.5254 || status=1
compare test_aclnn_selu_backward_experimental 1e-4 \
    0.2581 1.2581 2.1014 2.1014 -1.0507 -1.0507 0.3790 0.5254 || status=1

if [ "$status" -eq 0 ]; then
    echo "check.sh: aclnn samples OK"
fi
exit "$status"
