#!/usr/bin/env bash
# check_snippets.sh SOURCE_DIR CC LIBOPSNN [EXTRA_FLAGS]
#
# Every fenced ```c block of README.md and docs/ (all .md files below it)
# compiles:
#   - a block that defines main() is a complete program: compiled as C11 with
#     -Wall -Wextra -Wpedantic -Werror exactly as written (with -I include),
#     linked against LIBOPSNN, and run; it must exit 0;
#   - any other block is a fragment: compiled as the body of a function after
#     tests/snippet_prelude.h (standard and public headers, placeholder
#     names), with the same warnings except "unused".
# EXTRA_FLAGS (one word list, e.g. -fsanitize=address,undefined) is added to
# every compilation: a sanitizer build's library needs it in the program.
# Prints FILE:LINE and the compiler's message for each block that fails.
set -u
src=$(cd "$1" && pwd)
cc=$2
lib=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
read -r -a extra <<<"${4:-}"
. "$(dirname "$0")/cli/emulator.sh" # a cross build runs the programs under its emulator
prog=$(opsnn_emulated "$tmp/bin" "$tmp/prog")
warn=(-std=c11 -Wall -Wextra -Wpedantic -Werror "${extra[@]}")
pass=0 fail=0

# extract FILE: write each ```c block to $tmp/blocks/N.c, its origin to N.where
mkdir "$tmp/blocks"
files=("$src/README.md")
while IFS= read -r f; do files+=("$f"); done < <(find "$src/docs" -name '*.md' | sort)
awk -v out="$tmp/blocks" -v srcdir="$src/" '
    FNR == 1 { inblk = 0 }
    !inblk && /^[ \t]*```[cC][ \t]*$/ {
        inblk = 1; k++; name = FILENAME; sub(srcdir, "", name)
        print name ":" FNR > (out "/" k ".where"); close(out "/" k ".where")
        printf "" > (out "/" k ".c")
        match($0, /^[ \t]*/); indent = RLENGTH
        next
    }
    inblk && /^[ \t]*```[ \t]*$/ { inblk = 0; close(out "/" k ".c"); next }
    inblk { print substr($0, indent + 1) >> (out "/" k ".c") }
' "${files[@]}"

for block in "$tmp"/blocks/*.c; do
    where=$(cat "${block%.c}.where")
    if grep -Eq '(^|[^A-Za-z0-9_])main[ \t]*\(' "$block"; then
        if "$cc" "${warn[@]}" -I"$src/include" "$block" "$lib" -Wl,-rpath,"$(dirname "$lib")" \
               -o "$tmp/prog" 2>"$tmp/err" &&
           (cd "$tmp" && ASCEND_PROCESS_LOG_PATH="$tmp/log" timeout 30 "$prog" >"$tmp/out" 2>&1); then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL $where (program):"
            sed 's/^/    /' "$tmp/err" "$tmp/out" 2>/dev/null
        fi
    else
        {
            echo '#include "snippet_prelude.h"'
            grep '^#' "$block"
            echo 'void snippet_fragment(void);'
            echo 'void snippet_fragment(void)'
            echo '{'
            echo "#line $((${where##*:} + 1)) \"${where%:*}\""
            grep -v '^#' "$block"
            echo '}'
        } >"$tmp/frag.c"
        if "$cc" "${warn[@]}" -Wno-unused-variable -Wno-unused-but-set-variable -Wno-unused-value \
               -I"$src/include" -I"$src/tests" -c "$tmp/frag.c" -o "$tmp/frag.o" 2>"$tmp/err"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL $where (fragment):"
            sed 's/^/    /' "$tmp/err"
        fi
    fi
done
echo "snippets: $pass compiled, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
