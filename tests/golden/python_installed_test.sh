#!/usr/bin/env bash
# From an install prefix, as a user gets it:
#  - import opsnn with no OPSNN_LIBRARY and no LD_LIBRARY_PATH (the package
#    finds PREFIX's library by its own location) and compute the seed example;
#  - PREFIX/set_env.sh puts PREFIX/bin on PATH and the package on PYTHONPATH,
#    once however often it is sourced;
#  - docs/golden.md's quick start runs as pasted after sourcing it;
#  - `pip install` of the source tree's python/ (offline, setuptools only)
#    finds the library through the loader path set_env.sh sets.
# usage: python_installed_test.sh CMAKE BUILD_DIR PYTHON SITE_SUBDIR
set -eu
CMAKE=$1 BUILD=$2 PY=$3 SITE=$4
SRC=$(cd "$(dirname "$0")/../.." && pwd)
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

# set_env.sh, sourced twice: each directory once, in front
pydir=$(dirname "$PY")
env -i HOME="$P" PATH="/usr/bin:/bin:$pydir" PYTHONPATH=/x bash -c "
    . '$P/set_env.sh'; . '$P/set_env.sh'
    [ \"\$(command -v opsnn-golden)\" = '$P/bin/opsnn-golden' ] || { echo 'opsnn-golden not on PATH'; exit 1; }
    [ \"\$(echo \"\$PATH\" | tr ':' '\n' | grep -cx '$P/bin')\" = 1 ] || { echo \"PATH \$PATH\"; exit 1; }
    [ \"\$PYTHONPATH\" = '$P/$SITE:/x' ] || { echo \"PYTHONPATH \$PYTHONPATH\"; exit 1; }
    cd /tmp && '$PY' -c 'import opsnn, opsnn.golden' || exit 1
" || { echo "FAIL: set_env.sh"; exit 1; }
echo "ok: set_env.sh puts bin on PATH and the package on PYTHONPATH, once"

# the quick start of docs/golden.md, as pasted (PREFIX replaced)
Q=$P/quickstart
mkdir "$Q"
awk '/quick-start:/ {f = 1; next} f && /^```sh/ {g = 1; next} g && /^```/ {exit} g' "$SRC/docs/golden.md" |
    sed "s|PREFIX|$P|g" > "$Q/run.sh"
[ -s "$Q/run.sh" ] || { echo "FAIL: no quick-start block in docs/golden.md"; exit 1; }
(cd "$Q" && env -i HOME="$P" PATH="$pydir:/usr/bin:/bin" bash -e run.sh > out.txt 2>&1) ||
    { echo "FAIL: the quick start"; cat "$Q/out.txt"; exit 1; }
grep -q "summary: 2 cases: 2 pass, 0 fail" "$Q/out.txt" || { echo "FAIL: quick start verdicts"; cat "$Q/out.txt"; exit 1; }
echo "ok: docs/golden.md's quick start runs as pasted"

# pip install of the source tree, offline, setuptools only (a copy: pip
# writes build/ and *.egg-info next to the sources)
if ! "$PY" -c "import pip, setuptools" 2> /dev/null; then
    echo "skip: pip install (no pip or setuptools for $PY)"
    exit 0
fi
cp -r "$SRC/python" "$P/pysrc"
"$PY" -m pip install --no-build-isolation --no-index --no-deps --target "$P/pipsite" "$P/pysrc" > "$P/pip.log" 2>&1 ||
    { echo "FAIL: pip install"; cat "$P/pip.log"; exit 1; }
env -i HOME="$P" PATH="/usr/bin:/bin" bash -c "
    . '$P/set_env.sh'
    cd /tmp && PYTHONPATH='$P/pipsite' '$PY' -c '
import opsnn, numpy as np
assert opsnn.__file__.startswith(\"$P/pipsite\"), opsnn.__file__
assert opsnn.library_path == \"libopsnn.so.0\", opsnn.library_path  # through the loader path
import importlib.metadata as md
assert md.version(\"opsnn\") == opsnn.library_version(), (md.version(\"opsnn\"), opsnn.library_version())
print(\"pip-installed opsnn\", opsnn.library_version(), \"via\", opsnn.library_path)
'" || { echo "FAIL: pip-installed package"; exit 1; }
echo "ok: pip install from the source tree, library through the loader path"
