#!/usr/bin/env bash
# Every kernel generation on every vector path in one run (docs/performance.md,
# "Kernel generations"): one opsnn_bench binary, run once per (ISA path,
# generation) with OPSNN_ISA and --soc/--opp (arch35: Ascend950 builtin; tbe:
# Ascend910B builtin; experimental: Ascend910B ops-nn), every run's header
# checked for the path and generation it was given; then one table of each
# cell's ratio to the bound per generation.
#
# usage: bench/generations.sh BUILD OUT_DIR [opsnn_bench options...]
#   BUILD    a build tree (Release for numbers that mean something)
#   OUT_DIR  receives <isa>-<generation>.csv and generations.md
#   OPSNN_GEN_ISAS  the paths to run (default: the vector paths of avx2, avx512
#                   and neon that this build and CPU have)
#   OPSNN_GEN_TABLE_ONLY=1  measure nothing: tabulate the CSVs OUT_DIR already holds
# The default options are the large contiguous and mixed cells of the
# operators whose kernels differ by generation:
#   --ops softshrink-backward,selu-backward,hardshrink-backward,softshrink,selu
#   --dtypes fp32,fp16,bf16 --layouts contiguous,mixed --sizes 16M,64M --threads 2 --rounds 3
# (the forward operators have no mixed cells; their TBE Softshrink and
# experimental Selu differ from arch35 in fp16)
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
build=$1 out=$2
shift 2
opts=("$@")
if [ ${#opts[@]} -eq 0 ]; then
  opts=(--ops softshrink-backward,selu-backward,hardshrink-backward,softshrink,selu --dtypes fp32,fp16,bf16
        --layouts contiguous,mixed --sizes 16M,64M --threads 2 --rounds 3)
fi
bench=$build/bench/opsnn_bench golden=$build/tools/opsnn-golden
[ -x "$bench" ] || { echo "generations.sh: no $bench (build the tree first)"; exit 2; }
mkdir -p "$out"

isas=${OPSNN_GEN_ISAS:-}
if [ -z "$isas" ]; then # the paths the library says this build and CPU have
  for isa in avx2 avx512 neon; do
    case $(OPSNN_ISA=$isa ASCEND_GLOBAL_LOG_LEVEL=4 "$golden" version) in
      *"($isa kernels"* | *", $isa kernels"*) isas="$isas $isa" ;;
    esac
  done
fi
[ -n "$isas" ] || { echo "generations.sh: no vector path in this build/CPU"; exit 2; }

gens="arch35:Ascend950:builtin tbe:Ascend910B:builtin experimental:Ascend910B:ops-nn"
for isa in $isas; do
  for g in $gens; do
    IFS=: read -r gen soc opp <<<"$g"
    csv="$out/$isa-$gen.csv"
    [ "${OPSNN_GEN_TABLE_ONLY:-0}" = 1 ] && continue
    OPSNN_ISA=$isa "$bench" --soc "$soc" --opp "$opp" "${opts[@]}" --csv "$csv" >/dev/null
    grep -q "^# opsnn_bench, .*, isa $isa," "$csv" && grep -q "^# soc .*: $gen kernels\$" "$csv" ||
      { echo "generations.sh: $csv was not measured on $isa / $gen:"; head -2 "$csv"; exit 1; }
    echo "$isa $gen done"
  done
done

names=$(for g in $gens; do printf '%s,' "${g%%:*}"; done)
python3 - "$out" "${names%,}" $isas <<'EOF'
import csv, os, sys
out, gens, isas = sys.argv[1], sys.argv[2].split(","), sys.argv[3:]
ratio, header = {}, []
for isa in isas:
    for gen in gens:
        with open(os.path.join(out, f"{isa}-{gen}.csv")) as f:
            text = f.readlines()
        header = header or [l.strip("# \n") for l in text if l.startswith("#")]
        for r in csv.DictReader(l for l in text if not l.startswith("#")):
            cell = (isa, r["op"], r["dtype"], r["layout"], int(r["elems"]), int(r["threads"]))
            ratio[cell, gen] = float(r["ratio"])
def size(n):
    return f"{n >> 20}M" if n % (1 << 20) == 0 else f"{n >> 10}K" if n % 1024 == 0 else str(n)
rows = ["| path | op | dtype | layout | elements | threads | " + " | ".join(gens) + " |",
        "|---" * (6 + len(gens)) + "|"]
worst = 9.0
for cell in sorted({c for c, _ in ratio}, key=lambda c: (isas.index(c[0]),) + c[1:]):
    got = [ratio.get((cell, g)) for g in gens]
    worst = min([worst] + [v for v in got if v is not None])
    shown = ["-" if v is None else f"{v:.2f}" for v in got]
    rows.append(f"| {cell[0]} | {cell[1]} | {cell[2]} | {cell[3]} | {size(cell[4])} | {cell[5]} | "
                + " | ".join(shown) + " |")
text = "\n".join(rows) + f"\n\nratio to the in-run bound per generation; lowest {worst:.2f}\n"
# the same by path and layout: the range of the cells in each generation
summary = ["| path | layout | " + " | ".join(gens) + " |", "|---" * (2 + len(gens)) + "|"]
for isa in isas:
    for layout in sorted({c[3] for c, _ in ratio if c[0] == isa}):
        shown = []
        for g in gens:
            v = [r for (c, gen), r in ratio.items() if c[0] == isa and c[3] == layout and gen == g]
            shown.append(f"{min(v):.2f}-{max(v):.2f}" if v else "-")
        summary.append(f"| {isa} | {layout} | " + " | ".join(shown) + " |")
text += "\nRange by path and layout:\n\n" + "\n".join(summary) + "\n"
with open(os.path.join(out, "generations.md"), "w") as f:
    f.write("\n".join("# " + h for h in header[:4] if not h.startswith("soc ")) + "\n\n" + text)
print(text)
EOF
