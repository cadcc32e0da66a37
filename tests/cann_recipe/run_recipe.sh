#!/usr/bin/env bash
# run_recipe.sh BUILD_DIR SOURCE_DIR
#
# A new user's path through ops-nn's docs/zh/context/compile_and_run_sample.md
# against libopsnn, in an empty temporary directory and a clean environment:
#   1. cmake --install BUILD_DIR --prefix PREFIX
#   2. source PREFIX/set_env.sh (twice: it must be idempotent)
#   3. for each aclnn sample in SOURCE_DIR/ops/*/examples/*.cpp: the
#      recipe's CMakeLists.txt (tests/cann_recipe/CMakeLists.txt) and the
#      sample as test_aclnn.cpp, then verbatim
#        mkdir -p build; cd build
#        cmake ../ -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE; make
#        cd bin; ./opapi_test
#   4. the program must exit 0, print nothing on stderr, report no FAIL, and
#      print the values its sidecar NAME.expect lists (the official sample's,
#      or values derived by hand in the sample's header), run under the SoC
#      and package that file names.
set -u
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
here=$src/tests/cann_recipe
tmp=$(mktemp -d "${TMPDIR:-/tmp}/opsnn-recipe.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
say() { printf '%s\n' "$*"; }
bad() { say "FAIL: $*"; fail=1; }

if ! cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    bad "cmake --install failed"
    exit 1
fi
prefix=$tmp/prefix

# set_env.sh: sourced twice, in bash and in a POSIX sh.
for sh in bash sh; do
    out=$(env -i HOME="$tmp" PATH="$PATH" LD_LIBRARY_PATH=/opt/x "$sh" -c \
        ". '$prefix/set_env.sh'; . '$prefix/set_env.sh'; \
         printf '%s\n%s\n%s\n' \"\$ASCEND_CUSTOM_PATH\" \"\$ASCEND_HOME_PATH\" \"\$LD_LIBRARY_PATH\"")
    want=$(printf '%s\n%s\n%s\n' "$prefix" "$prefix" "$prefix/lib64:/opt/x")
    [ "$out" = "$want" ] || bad "set_env.sh under $sh gave [$out], want [$want]"
done

# expect_get / expect_check: the values each sample must print, from its
# sidecar ops/<op>/examples/NAME.expect (examples/aclnn_samples/expect.sh).
. "$src/examples/aclnn_samples/expect.sh"

n=0
for sample in "$src"/ops/*/examples/*.cpp; do
    name=$(basename "$sample" .cpp)
    dir=$tmp/$name
    mkdir -p "$dir"
    cp "$here/CMakeLists.txt" "$dir/CMakeLists.txt"
    cp "$sample" "$dir/test_aclnn.cpp"
    env -i HOME="$tmp" PATH="$PATH" bash -c "
        source '$prefix/set_env.sh'
        cd '$dir' && mkdir -p build && cd build &&
        cmake ../ -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE >'$dir/cmake.log' 2>&1 &&
        make >'$dir/make.log' 2>&1" || {
        cat "$dir/cmake.log" "$dir/make.log" 2>/dev/null
        bad "$name: the recipe's build failed"
        continue
    }
    exe=$dir/build/bin/opapi_test
    # Built with CMAKE_SKIP_RPATH: it finds the library only through set_env.sh.
    if readelf -d "$exe" | grep -q 'R\(UN\)\?PATH'; then
        bad "$name: the program has an rpath"
    fi
    # each sample on the SoC and package its .expect names (that of the
    # ops-nn sample it comes from), and the values it must print
    exp=${sample%.cpp}.expect
    if [ ! -f "$exp" ]; then
        bad "$name: no $exp"
        continue
    fi
    cfg="OPSNN_SOC=$(expect_get "$exp" soc) OPSNN_OPP=$(expect_get "$exp" opp)"
    env -i HOME="$tmp" PATH="$PATH" $cfg bash -c "source '$prefix/set_env.sh' && cd '$dir/build/bin' && ./opapi_test" \
        >"$dir/out" 2>"$dir/err"
    rc=$?
    sed "s/^/  /" "$dir/out"
    [ "$rc" -eq 0 ] || bad "$name: exit status $rc"
    [ ! -s "$dir/err" ] || { sed "s/^/  stderr: /" "$dir/err"; bad "$name: wrote to stderr"; }
    ! grep -qw FAIL "$dir/out" || bad "$name: the sample reports FAIL"
    expect_check "$name" "$exp" "$dir/out" || bad "$name: results differ from $exp"
    n=$((n + 1))
done
[ "$n" -ge 2 ] || bad "expected at least two samples, built $n"
[ "$fail" -eq 0 ] && say "cann recipe: $n samples built with the ops-nn recipe and ran correctly"
exit "$fail"
