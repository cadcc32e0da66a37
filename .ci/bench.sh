#!/usr/bin/env bash
# CI smoke test of the benchmarks (called from .ci/run after the gcc build in
# build-ci/ exists): opsnn_bench --quick must run every case and pass its
# sampled output check, tools/plot_perf.py must turn its CSV into a valid SVG
# and the Markdown tables, bench/backends.sh must time the OpenMP and the pool
# library in one run (when .ci/run's pool build exists), bench/generations.sh
# must time every kernel generation (--soc/--opp) on every vector path of this
# CPU, and vs_libtorch (only when it was built, i.e. libtorch was found) must
# run a short comparison. Timings are not judged:
# CI machines are shared and noisy.
set -uo pipefail
cd "$(dirname "$0")/.."
build=${OPSNN_BENCH_BUILD_DIR:-build-ci}
passed=0
failed=0
log=$(mktemp)
step() { # name, command... (its output is shown only when it fails)
  local name=$1
  shift
  if "$@" >"$log" 2>&1; then
    echo "ok: $name"
    passed=$((passed + 1))
  else
    tail -n 40 "$log"
    echo "FAILED: $name"
    failed=$((failed + 1))
  fi
}

if ! command -v python3 >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-minimal >/dev/null
fi
if [ ! -x "$build/bench/opsnn_bench" ]; then
  cmake -S . -B "$build" -DOPSNN_BUILD_BENCH=ON >/dev/null &&
    cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" --target opsnn_bench >/dev/null
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$log"' EXIT

echo "== opsnn_bench --quick"
step "opsnn_bench --quick (all ops, dtypes, layouts; 8..1M; 1,2 threads)" \
  "$build/bench/opsnn_bench" --quick --threads 1,2 --csv "$tmp/bench.csv"
if grep -q '^# anchor = ' "$tmp/bench.csv"; then
  step "the transposed rows carry the OpenBLAS anchor" \
    python3 -c 'import csv, sys
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#"))
        if r["layout"] == "transposed"]
sys.exit(not rows or any(float(r["transpose_anchor"]) <= 0 for r in rows))' "$tmp/bench.csv"
else
  echo "== opsnn_bench built without OpenBLAS: no transposed anchor measured"
fi
step "opsnn_bench rejects a bad option" \
  bash -c '! "$0" --sizes 0 2>/dev/null' "$build/bench/opsnn_bench"
step "opsnn_bench odd sizes (1, 7, 1021)" \
  "$build/bench/opsnn_bench" --quick --sizes 1,7,1021 --threads 2

echo "== tools/plot_perf.py"
step "plot_perf.py writes the chart and tables" \
  python3 tools/plot_perf.py "$tmp/bench.csv" --svg "$tmp/chart.svg" --markdown "$tmp/tables.md"
step "the chart is well-formed SVG with a line per op" \
  python3 -c 'import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); sys.exit(len(d.getElementsByTagName("polyline")) < 4)' "$tmp/chart.svg"
step "opsnn_bench mid-size calls (16K, 256K; contiguous)" \
  "$build/bench/opsnn_bench" --quick --sizes 16K,256K --layouts contiguous --csv "$tmp/mid.csv"
step "plot_perf.py layout chart and mid-size before/after table" \
  python3 tools/plot_perf.py "$tmp/bench.csv" --layout-svg "$tmp/layouts.svg" \
    --midsize "$tmp/mid.csv" --midsize-before "$tmp/mid.csv" --midsize-svg "$tmp/mid.svg" \
    --markdown "$tmp/tables.md"
step "the layout and mid-size charts are well-formed SVG with lines" \
  python3 -c 'import sys, xml.dom.minidom as m; sys.exit(any(len(m.parse(p).getElementsByTagName("polyline")) < 2 for p in sys.argv[1:]))' "$tmp/layouts.svg" "$tmp/mid.svg"
step "the tables have every section" \
  bash -c 'for s in source targets results bound layouts torch midsize; do grep -q "^## $s" "$0" || exit 1; done' "$tmp/tables.md"
# docs/performance.md holds the targets, docs/perf/tables.md the rest: each
# file gets the sections it has markers for
step "plot_perf.py --update-doc fills each file's own sections" \
  bash -c 'printf "<!-- BEGIN GENERATED: targets -->\nold\n<!-- END GENERATED: targets -->\n" >"$0/a.md" &&
           printf "<!-- BEGIN GENERATED: bound -->\nold\n<!-- END GENERATED: bound -->\n" >"$0/b.md" &&
           python3 tools/plot_perf.py "$0/bench.csv" --update-doc "$0/a.md" --update-doc "$0/b.md" 2>/dev/null &&
           grep -q "^| target (" "$0/a.md" && ! grep -q "^old" "$0/a.md" &&
           grep -q "^| elements |" "$0/b.md" && ! grep -q "^old" "$0/b.md" &&
           ! grep -q "^| elements |" "$0/a.md"' "$tmp"

# Both threading backends in one run: the same opsnn_bench against the
# OpenMP library of $build and the pool library of the pool build .ci/run made.
pool_build=${OPSNN_BENCH_POOL_BUILD_DIR:-build-ci-pool}
if [ -f "$pool_build/libopsnn.so" ]; then
  echo "== bench/backends.sh (OpenMP and pool libraries, alternating rounds)"
  step "backends.sh: one binary, both libraries, the table of both" \
    bash -c 'bench/backends.sh "$0" "$1" "$2" 2 --quick --ops softshrink-backward --dtypes fp32 \
             --sizes 8,64K --layouts contiguous --threads 1,2 && grep -q "OpenMP / pool" "$2/backends.md"' \
    "$build" "$pool_build" "$tmp/backends"
  step "backends.sh with 0 rounds tabulates the CSVs it has, by size too" \
    bash -c 'rm -f "$2/backends.md" && bench/backends.sh "$0" "$1" "$2" 0 >/dev/null &&
             grep -q "best of 2 alternating rounds" "$2/backends.md" &&
             grep -q "^| op | dtype | layout | threads | 8 | 64K |" "$2/backends.md"' \
    "$build" "$pool_build" "$tmp/backends"
else
  echo "== bench/backends.sh: no pool build in $pool_build (.ci/run makes it): skipped"
fi

echo "== bench/generations.sh (every kernel generation on every vector path)"
step "generations.sh: each (path, generation) run says what it ran, one table of all" \
  bash -c 'bench/generations.sh "$0" "$1" --quick --ops softshrink-backward,selu-backward \
           --dtypes bf16 --sizes 64K --layouts contiguous,mixed --threads 2 &&
           grep -q "| arch35 | tbe | experimental |" "$1/generations.md"' "$build" "$tmp/generations"
step "generations.sh with OPSNN_GEN_TABLE_ONLY=1 tabulates the CSVs it has, by path too" \
  bash -c 'rm -f "$1/generations.md" && OPSNN_GEN_TABLE_ONLY=1 bench/generations.sh "$0" "$1" >/dev/null &&
           grep -q "^| path | layout | arch35 | tbe | experimental |" "$1/generations.md"' \
  "$build" "$tmp/generations"
step "opsnn_bench rejects an unknown --soc" \
  bash -c '! "$0" --soc Ascend000 --quick 2>/dev/null' "$build/bench/opsnn_bench"

if [ -x "$build/bench/vs_libtorch" ]; then
  echo "== vs_libtorch --quick"
  step "vs_libtorch --quick (8, 64K)" \
    "$build/bench/vs_libtorch" --quick --sizes 8,64K --csv "$tmp/torch.csv"
  step "plot_perf.py with the libtorch CSV" \
    python3 tools/plot_perf.py "$tmp/bench.csv" --torch "$tmp/torch.csv" --markdown "$tmp/tables.md"
else
  echo "== vs_libtorch not in $build (libtorch not found, or not built): skipped"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
