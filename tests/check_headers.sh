#!/usr/bin/env bash
# Every public header compiles on its own as C99, as C++11 (what CANN's sample
# recipe uses) and as C++17, with -Wall -Wextra -Wpedantic -Werror.
# Then the recipe's include path (ops-nn docs/zh/context/compile_and_run_sample.md:
# only INCLUDE_DIR and INCLUDE_DIR/aclnn) must resolve both the bare operator
# header names the official samples write and the aclnnop/ paths, in C++11.
# Usage: check_headers.sh INCLUDE_DIR CC CXX
set -u
inc=$1 cc=$2 cxx=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
# compile LABEL LANG FILE FLAGS...: count one compilation.
compile() {
    local label=$1 lang=$2 file=$3
    shift 3
    local tool=$cxx
    [ "$lang" = c99 ] && tool=$cc
    if "$tool" -std="$lang" -Wall -Wextra -Wpedantic -Werror "$@" -c "$file" -o "$tmp/t.o" 2>"$tmp/err"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $label as $lang:"
        cat "$tmp/err"
    fi
}
for h in $(cd "$inc" && find . -name '*.h' | sed 's|^\./||' | sort); do
    printf '#include "%s"\nint opsnn_header_check_%s;\n' "$h" "$(echo "$h" | tr '/.' '__')" >"$tmp/t.c"
    cp "$tmp/t.c" "$tmp/t.cpp"
    compile "$h" c99 "$tmp/t.c" -I"$inc"
    for lang in c++11 c++17; do
        compile "$h" "$lang" "$tmp/t.cpp" -I"$inc"
    done
done
for op in $(cd "$inc/aclnnop" && ls aclnn_*.h); do
    for path in "$op" "aclnnop/$op"; do
        printf '#include "acl/acl.h"\n#include "%s"\n#include "%s"\nint main() { return 0; }\n' \
            "$path" "$path" >"$tmp/t.cpp"
        compile "#include \"$path\" with the recipe's -I" c++11 "$tmp/t.cpp" -I"$inc" -I"$inc/aclnn"
    done
done
echo "headers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
