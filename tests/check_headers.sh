#!/usr/bin/env bash
# Every public header compiles on its own as C99 and as C++17 with
# -Wall -Wextra -Werror. Usage: check_headers.sh INCLUDE_DIR CC CXX
set -u
inc=$1 cc=$2 cxx=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for h in $(cd "$inc" && find . -name '*.h' | sed 's|^\./||' | sort); do
  printf '#include "%s"\nint opsnn_header_check_%s;\n' "$h" "$(echo "$h" | tr '/.' '__')" >"$tmp/t.c"
  cp "$tmp/t.c" "$tmp/t.cpp"
  for lang in c99 c++17; do
    if [ "$lang" = c99 ]; then
      "$cc" -std=c99 -Wall -Wextra -Wpedantic -Werror -I"$inc" -c "$tmp/t.c" -o "$tmp/t.o" 2>"$tmp/err"
    else
      "$cxx" -std=c++17 -Wall -Wextra -Wpedantic -Werror -I"$inc" -c "$tmp/t.cpp" -o "$tmp/t.o" 2>"$tmp/err"
    fi
    if [ $? -eq 0 ]; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL $h as $lang:"
      cat "$tmp/err"
    fi
  done
done
echo "headers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
