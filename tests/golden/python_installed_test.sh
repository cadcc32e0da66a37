#!/usr/bin/env bash
# `cmake --install` into a fresh prefix, then import opsnn from there with no
# OPSNN_LIBRARY and no LD_LIBRARY_PATH, and compute the seed example.
# usage: python_installed_test.sh CMAKE BUILD_DIR PYTHON SITE_SUBDIR
set -eu
CMAKE=$1 BUILD=$2 PY=$3 SITE=$4
P=$(mktemp -d)
trap 'rm -rf "$P"' EXIT
"$CMAKE" --install "$BUILD" --prefix "$P" > /dev/null
unset OPSNN_LIBRARY LD_LIBRARY_PATH
cd "$P"
PYTHONPATH="$P/$SITE" "$PY" -c '
import numpy as np, opsnn, opsnn.golden
assert opsnn.library_path.startswith("'"$P"'"), opsnn.library_path
g = np.arange(8, dtype=np.float32).reshape(4, 2)
x = np.array([1, 1, 1, 2, 1, 2, 3, 3], np.float32).reshape(4, 2)
y = opsnn.golden.soft_shrink_grad_golden(g, x, lambd=1.2)
assert y.tolist() == [[0, 0], [0, 3], [0, 5], [6, 7]], y
print("installed opsnn", opsnn.library_version(), "from", opsnn.library_path)
'
