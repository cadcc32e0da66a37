#!/usr/bin/env bash
# The kernel layer's include path is kernels/ and include/ only (the
# opsnn_kernels target): a kernel that includes a header of src/ must fail to
# compile. Compiles a probe that does, on exactly that path, and expects the
# failure; and the same probe without the src/ include, which must compile.
# usage: check_layers.sh <source dir> <C compiler>
set -u
src=$1 cc=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include "kernels.h"\nint probe(void) { return OPSNN_KERNEL_COUNT; }\n' >"$tmp/ok.c"
printf '#include "kernels.h"\n#include "common/error.h"\nint probe(void) { return 0; }\n' >"$tmp/bad.c"
flags=(-std=c11 -fsyntax-only -I"$src/kernels" -I"$src/include")
if ! "$cc" "${flags[@]}" "$tmp/ok.c"; then
  echo "FAIL: kernels.h does not compile on the kernel layer's include path"
  exit 1
fi
if "$cc" "${flags[@]}" "$tmp/bad.c" 2>/dev/null; then
  echo "FAIL: a kernel could include src/common/error.h"
  exit 1
fi
# no kernel source names a src/ header either (it would not compile in the build)
if grep -rnE '#include "(common|tensor|executor|ops|runtime|tiling)/' "$src/kernels"; then
  echo "FAIL: kernels/ includes src/ headers"
  exit 1
fi
echo "ok: kernels/ sees only kernels/ and include/"
