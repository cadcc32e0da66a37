#!/usr/bin/env bash
# Both threading backends in one run (docs/performance.md, "OpenMP against
# the pool"): one opsnn_bench binary, run in alternating rounds against the
# libopsnn.so of an OpenMP build and of a pool build (LD_LIBRARY_PATH picks
# the library; every run's header must name the backend it was given), then
# one table of the best time per cell for each backend and their ratio.
#
# usage: bench/backends.sh OPENMP_BUILD POOL_BUILD OUT_DIR [ROUNDS [opsnn_bench options...]]
#   OPENMP_BUILD, POOL_BUILD  build trees configured with -DOPSNN_THREADING=openmp / pool
#   OUT_DIR                   receives round<k>-<backend>.csv and backends.md
#   ROUNDS                    alternating rounds (default 4; the order flips every round;
#                             0: measure nothing, tabulate the CSVs OUT_DIR already holds)
# The default options are the mid-size and 8-element cells:
#   --ops softshrink-backward,selu-backward --dtypes fp32,bf16 --layouts contiguous
#   --sizes 8,16K,32K,64K,128K,256K --threads 1,2 --rounds 1
set -euo pipefail
if [ $# -lt 3 ]; then
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
omp_build=$1 pool_build=$2 out=$3
rounds=${4:-4}
shift $(($# < 4 ? $# : 4))
opts=("$@")
if [ ${#opts[@]} -eq 0 ]; then
  opts=(--ops softshrink-backward,selu-backward --dtypes fp32,bf16 --layouts contiguous
        --sizes 8,16K,32K,64K,128K,256K --threads 1,2 --rounds 1)
fi
bench=$omp_build/bench/opsnn_bench
[ -x "$bench" ] || { echo "backends.sh: no $bench (build the OpenMP tree first)"; exit 2; }
mkdir -p "$out"

run() { # backend, build, round
  local csv="$out/round$3-$1.csv"
  LD_LIBRARY_PATH="$(cd "$2" && pwd)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    "$bench" "${opts[@]}" --csv "$csv" >/dev/null
  grep -q "^# opsnn_bench, .*, threads $1\$" "$csv" ||
    { echo "backends.sh: $csv was not measured on the $1 library:"; head -1 "$csv"; exit 1; }
}
measure=$rounds
if ((rounds == 0)); then
  rounds=$(find "$out" -maxdepth 1 -name 'round*-openmp.csv' | wc -l)
  ((rounds > 0)) || { echo "backends.sh: no round*-openmp.csv in $out to tabulate"; exit 2; }
else
  rm -f "$out"/round*-*.csv # a table of this run's rounds only
fi
for ((k = 1; k <= measure; k++)); do
  if ((k % 2)); then
    run openmp "$omp_build" "$k"; run pool "$pool_build" "$k"
  else
    run pool "$pool_build" "$k"; run openmp "$omp_build" "$k"
  fi
  echo "round $k of $rounds done"
done

python3 - "$out" "$rounds" <<'EOF'
import csv, glob, os, sys
out, rounds = sys.argv[1], int(sys.argv[2])
best = {}  # (cell, backend) -> best call_ns over the rounds
header = None
for path in sorted(glob.glob(os.path.join(out, "round*-*.csv"))):
    backend = path.rsplit("-", 1)[1][:-4]
    with open(path) as f:
        lines = [l for l in f if not l.startswith("#")]
        if header is None:
            with open(path) as g:
                header = [l.strip("# \n") for l in g if l.startswith("#")]
    for r in csv.DictReader(lines):
        cell = (r["op"], r["dtype"], r["layout"], int(r["elems"]), int(r["threads"]))
        ns = float(r["call_ns"])
        key = (cell, backend)
        best[key] = min(best.get(key, ns), ns)
cells = sorted({c for c, _ in best}, key=lambda c: (c[0], c[1], c[2], c[3], c[4]))
def size(n):
    return f"{n >> 10}K" if n >= 1024 and n % 1024 == 0 else str(n)
rows = ["| op | dtype | elements | threads | OpenMP (us) | pool (us) | OpenMP / pool |",
        "|---|---|---|---|---|---|---|"]
worst = 0.0
for c in cells:
    o, p = best.get((c, "openmp")), best.get((c, "pool"))
    if o is None or p is None:
        continue
    ratio = o / p
    worst = max(worst, ratio)
    rows.append(f"| {c[0]} | {c[1]} | {size(c[3])} | {c[4]} | {o / 1e3:.3f} | {p / 1e3:.3f} | {ratio:.2f} |")
text = "\n".join(rows) + "\n"
text += f"\nbest of {rounds} alternating rounds per backend; worst OpenMP / pool ratio {worst:.2f}\n"
# the same ratios by size: a row per operator, dtype, layout and thread count
sizes = sorted({c[3] for c in cells})
summary = ["| op | dtype | layout | threads | " + " | ".join(size(n) for n in sizes) + " |",
           "|---" * (4 + len(sizes)) + "|"]
for key in sorted({(c[0], c[1], c[2], c[4]) for c in cells}):
    got = []
    for n in sizes:
        c = (key[0], key[1], key[2], n, key[3])
        o, p = best.get((c, "openmp")), best.get((c, "pool"))
        got.append("-" if o is None or p is None else f"{o / p:.2f}")
    summary.append(f"| {key[0]} | {key[1]} | {key[2]} | {key[3]} | " + " | ".join(got) + " |")
text += "\nOpenMP / pool by size:\n\n" + "\n".join(summary) + "\n"
with open(os.path.join(out, "backends.md"), "w") as f:
    f.write("\n".join("# " + h for h in header[:4]) + "\n\n" + text)
print(text)
EOF
