#!/usr/bin/env bash
# The shared library links the OpenMP runtime exactly when the build's
# threading backend is OpenMP: -DOPSNN_THREADING=openmp (the default) needs
# libgomp (gcc) or libomp / libiomp5 (clang) among its DT_NEEDED entries,
# -DOPSNN_THREADING=pool (or a compiler without OpenMP) none of them.
# usage: check_threading_link.sh <libopsnn.so> <openmp|pool>
set -u
lib=$1 backend=$2
readelf=$(command -v readelf || command -v llvm-readelf) || { echo "SKIP: no readelf"; exit 0; }
needed=$("$readelf" -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p')
[ -n "$needed" ] || { echo "FAIL: no DT_NEEDED entries read from $lib"; exit 1; }
runtime=$(printf '%s\n' "$needed" | grep -E '^lib(gomp|omp|iomp5)\.so' || true)
echo "$lib ($backend backend) needs: $(printf '%s ' $needed)"
case $backend in
  openmp) [ -n "$runtime" ] || { echo "FAIL: an OpenMP build that links no OpenMP runtime"; exit 1; } ;;
  pool) [ -z "$runtime" ] || { echo "FAIL: a pool build that links $runtime"; exit 1; } ;;
  *) echo "FAIL: backend must be openmp or pool, got '$backend'"; exit 1 ;;
esac
echo "ok: ${runtime:-no OpenMP runtime}"
