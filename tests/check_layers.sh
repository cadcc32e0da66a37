#!/usr/bin/env bash
# The layering of docs/design.md, build-enforced:
#   kernels/              includes only kernels/ and include/ (the opsnn_kernels
#                         target's include path): a kernel that includes a header
#                         of src/ or ops/ must fail to compile;
#   ops/*/op_kernel/      includes only kernels/, include/ and its own op_kernel
#                         folder (relative includes that stay inside it);
#   src/executor/         the engine: includes nothing of ops/.
# Compiles a probe that breaks the first rule on exactly that path, expects
# the failure, and the same probe without it, which must compile; greps the
# sources for the rest.
# usage: check_layers.sh <source dir> <C compiler>
set -u
src=$1 cc=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include "kernels.h"\nint probe(void) { return OPSNN_KERNEL_MAX; }\n' >"$tmp/ok.c"
printf '#include "kernels.h"\n#include "common/error.h"\nint probe(void) { return 0; }\n' >"$tmp/bad.c"
printf '#include "kernels.h"\n#include "ops/kernels.h"\nint probe(void) { return 0; }\n' >"$tmp/bad_ops.c"
flags=(-std=c11 -fsyntax-only -I"$src/kernels" -I"$src/include")
if ! "$cc" "${flags[@]}" "$tmp/ok.c"; then
  echo "FAIL: kernels.h does not compile on the kernel layer's include path"
  exit 1
fi
if "$cc" "${flags[@]}" "$tmp/bad.c" 2>/dev/null; then
  echo "FAIL: a kernel could include src/common/error.h"
  exit 1
fi
if "$cc" "${flags[@]}" "$tmp/bad_ops.c" 2>/dev/null; then
  echo "FAIL: a kernel could include ops/kernels.h"
  exit 1
fi
# no kernel source names a src/ or ops/ header either (it would not compile in the build)
if grep -rnE '#include "(\.\./)*(common|tensor|executor|ops|runtime|tiling)/' "$src/kernels"; then
  echo "FAIL: kernels/ includes src/ or ops/ headers"
  exit 1
fi
if grep -rnE '#include "\.\./' "$src/kernels"; then
  echo "FAIL: kernels/ includes a header above itself"
  exit 1
fi
# an operator's kernels: kernels/ and include/ by name, their own folder relatively
status=0
for k in "$src"/ops/*/op_kernel; do
  [ -d "$k" ] || continue
  while IFS= read -r line; do
    file=${line%%:*}
    inc=$(printf '%s\n' "$line" | sed -E 's/.*#include "([^"]*)".*/\1/')
    dir=$(dirname "$file")
    if [ ! -e "$dir/$inc" ] && { [ -e "$src/kernels/$inc" ] || [ -e "$src/include/$inc" ]; }; then
      continue # a shared kernel header or a public one, on the kernel layer's path
    fi
    if [ ! -e "$dir/$inc" ]; then
      echo "FAIL: $line: not in kernels/, include/ nor its own op_kernel/"
      status=1
      continue
    fi
    target=$(realpath -m "$dir/$inc")
    case "$target" in
      "$(realpath -m "$k")"/*) ;;
      *) echo "FAIL: $line: an op_kernel may include only kernels/, include/ and its own op_kernel/"
         status=1 ;;
    esac
  done < <(grep -rnE '#include "' "$k" | grep -vE '#include "(acl|aclnn)/')
done
[ "$status" -eq 0 ] || exit 1
# the engine names nothing of the operators
if grep -rnE '#include "(\.\./)*ops/' "$src/src/executor"; then
  echo "FAIL: src/executor/ includes ops/"
  exit 1
fi
echo "ok: kernels/ sees only kernels/ and include/; op_kernel/ only those and itself; src/executor/ nothing of ops/"
