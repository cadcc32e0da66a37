#!/usr/bin/env bash
# End-to-end test of `opsnn-golden run`: every case file in this directory in
# one command, the --prepare tree checked by validate_prepare.py (written from
# TTK's manual-data protocol) for both formats, bad rows reported while the
# rest still run, --npu-dir verdicts, reports, exit codes and determinism.
# usage: golden_run_test.sh OPSNN_GOLDEN PYTHON3
set -u
PY=$2
HERE=$(cd "$(dirname "$0")" && pwd)
W=$(mktemp -d)
E=$(mktemp -d)
trap 'rm -rf "$W" "$E"' EXIT
. "$HERE/../cli/emulator.sh" # a cross build runs opsnn-golden under its emulator
G=$(opsnn_emulated "$E" "$1")
cd "$W"
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
expect_rc() { # NAME WANT CMD...
    local name=$1 want=$2
    shift 2
    "$@" > out.txt 2> err.txt
    local rc=$?
    if [ "$rc" = "$want" ]; then ok "$name"; else bad "$name: exit $rc, expected $want"; cat out.txt err.txt; fi
}
has() { if grep -qF -- "$2" "$3"; then ok "$1"; else bad "$1: missing \"$2\" in $3"; cat "$3"; fi; }

GOOD="ttk_kernel_soft_shrink_grad.csv ttk_kernel_selu_grad.csv ttk_aclnn_softshrink_backward.csv
      ttk_aclnn_selu_backward.csv atk_softshrink_backward_small.json atk_selu_backward_small.json
      ttk_kernel_hard_shrink_grad.csv ttk_aclnn_hardshrink_backward.csv atk_hardshrink_backward_small.json"
for f in $GOOD; do
    for fmt in bin npy; do
        rm -rf "prep_$fmt"
        expect_rc "$f $fmt: every case in one command" 0 "$G" run "$HERE/$f" --prepare "prep_$fmt" \
            --format "$fmt" --max-numel 1000000 --seed 7
        expect_rc "$f $fmt: tree follows the TTK protocol" 0 "$PY" "$HERE/validate_prepare.py" "$HERE/$f" \
            "prep_$fmt" "$fmt" --max-numel 1000000
    done
done

echo "== HardShrinkGrad kernel cases: the goldens by hand (standard library only)"
rm -rf hsv && expect_rc "hard_shrink_grad cases" 0 "$G" run "$HERE/ttk_kernel_hard_shrink_grad.csv" --prepare hsv \
    --seed 3
"$PY" - <<'PY' && ok "hard_shrink_grad goldens: gradient where |self| > max(lambd, 0), else +0, broadcast" ||
import glob, struct
def f32(path):
    d = open(path, "rb").read()
    return list(struct.unpack("<%df" % (len(d) // 4), d))
def bf16(path):
    d = open(path, "rb").read()
    return [struct.unpack("<f", struct.pack("<I", h << 16))[0] for h in struct.unpack("<%dH" % (len(d) // 2), d)]
def want(g, x, lam):
    return [gi if abs(xi) > lam else 0.0 for gi, xi in zip(g, x)]
def case(name, load, lam, expand=None):
    g, x = (load("hsv/%s/input_%d_%s.bin" % (name, k, load.__name__.replace("f32", "float32").replace("bf16", "bfloat16")))
            for k in (0, 1))
    if expand:
        g, x = expand(g, x)
    gold = load(glob.glob("hsv/%s/golden_0_*" % name)[0])
    w = want(g, x, lam)
    assert [struct.pack("<f", v) for v in gold] == [struct.pack("<f", v) for v in w], (name, gold, w)
    assert any(v != 0 for v in w) or name.endswith("lambd")
case("hsg_fp32_4x2", f32, struct.unpack("<f", struct.pack("<f", 1.2))[0])
case("hsg_fp32_scalar_negative_lambd", f32, 0.0)  # lambd -1 used as 0; |self| in [1, 1]
# gradOutput (7, 1, 5) and self (3, 1) broadcast to (7, 3, 5)
case("hsg_bf16_bcast", bf16, 0.25, lambda g, x: ([g[i * 5 + k] for i in range(7) for j in range(3) for k in range(5)],
                                               [x[j] for i in range(7) for j in range(3) for k in range(5)]))
PY
    bad "hard_shrink_grad goldens"

echo "== the validator catches what it must"
F=$HERE/ttk_kernel_selu_grad.csv
rm -rf v && "$G" run "$F" --prepare v --quiet > /dev/null
touch v/selu_grad_int8/notes.json
expect_rc "stray file rejected" 1 "$PY" "$HERE/validate_prepare.py" "$F" v bin
rm v/selu_grad_int8/notes.json
head -c 7 v/selu_grad_fp32_8/input_0_float32.bin > t && mv t v/selu_grad_fp32_8/input_0_float32.bin
expect_rc "short input rejected" 1 "$PY" "$HERE/validate_prepare.py" "$F" v bin
rm -rf v && "$G" run "$F" --prepare v --quiet > /dev/null
mv v/selu_grad_int32/golden_0_int32__shape_64.bin v/selu_grad_int32/golden_0_int32__shape_8x8.bin
expect_rc "wrong shape suffix rejected" 1 "$PY" "$HERE/validate_prepare.py" "$F" v bin
mkdir v/.selu_grad_int8.tmp
rm -rf v/selu_grad_int32 && "$G" run "$F" --prepare v --quiet > /dev/null
expect_rc "left-over temporary directory rejected" 1 "$PY" "$HERE/validate_prepare.py" "$F" v bin
rmdir v/.selu_grad_int8.tmp
expect_rc "re-prepare replaces the old directories" 0 "$PY" "$HERE/validate_prepare.py" "$F" v bin

echo "== case directory names: TTK's sanitising + SHA-256 rule"
cat > names.csv <<'CSV'
testcase_name,op_name,input_dtypes,input_shapes,output_dtypes,output_shapes
plain-Name_1.0,selu_grad,"('float32',)","((2,), (2,))","('float32',)","((2,),)"
with space/and:colon,selu_grad,"('float32',)","((2,), (2,))","('float32',)","((2,),)"
_leading_underscore,selu_grad,"('float32',)","((2,), (2,))","('float32',)","((2,),)"
naïve,selu_grad,"('float32',)","((2,), (2,))","('float32',)","((2,),)"
CSV
"$PY" -c "print('x' * 130 + ',selu_grad,\"(\\'float32\\',)\",\"((2,), (2,))\",\"(\\'float32\\',)\",\"((2,),)\"')" >> names.csv
rm -rf n && expect_rc "names: run" 0 "$G" run names.csv --prepare n
expect_rc "names: validator agrees" 0 "$PY" "$HERE/validate_prepare.py" names.csv n bin
# SHA-256("with space/and:colon")[:12] and the sanitised stem, computed by hashlib
want=$("$PY" -c "import hashlib;print('with_space_and_colon-'+hashlib.sha256(b'with space/and:colon').hexdigest()[:12])")
if [ -d "n/$want" ]; then ok "sanitised name $want"; else bad "no n/$want"; ls n; fi
if [ -d n/plain-Name_1.0 ]; then ok "plain name kept"; else bad "plain name"; fi

cat > dup.csv <<'CSV'
testcase_name,op_name,input_dtypes,input_shapes,output_dtypes,output_shapes
a b,selu_grad,"('float32',)","((2,), (2,))","('float32',)","((2,),)"
same,selu_grad,"('float32',)","((2,), (2,))","('float32',)","((2,),)"
same,selu_grad,"('float32',)","((3,), (3,))","('float32',)","((3,),)"
CSV
rm -rf dd && expect_rc "duplicate names renamed as TTK does" 0 "$G" run dup.csv --prepare dd
# TestcaseManager._rename_duplicate_case_name: <name>_<op_name>_dup<i>
has "duplicate renamed" "GOLDEN same_selu_grad_dup0" out.txt
if [ -f dd/same/golden_0_float32__shape_2.bin ] && [ -f dd/same_selu_grad_dup0/golden_0_float32__shape_3.bin ]; then
    ok "both duplicates prepared under TTK's names"; else bad "dup"; ls dd; fi
expect_rc "duplicates: validator (TTK's rule) agrees" 0 "$PY" "$HERE/validate_prepare.py" dup.csv dd bin

echo "== trees, CSVs and names as TTK's code reads them (issue 24)"
# no testcase_name column: TestcaseManager._testcase_hdr_check numbers rows from 1
cat > unnamed.csv <<'CSV'
api_name,tensor_view_shapes,tensor_dtypes,attributes,scalar_dtypes
aclnnSoftshrinkBackward,"((2,), (2,), (2,))","('float32',)",{'lambda': 0.25},"('float32',)"
aclnnSoftshrinkBackward,"((3,), (3,), (3,))","('float32',)",{'lambd': 0.75},"('float32',)"
aclnnSoftshrinkBackward,"((4,), (4,), (4,))","('float32',)",{'lambda': 0.5},"('float32',)"
CSV
rm -rf un && expect_rc "unnamed rows" 0 "$G" run unnamed.csv --prepare un --emit-ttk-csv un.csv
if [ "$(ls un | grep -v manifest | tr '\n' ' ')" = "auto_testcase_name_1 auto_testcase_name_2 auto_testcase_name_3 " ]; then
    ok "rows numbered from 1"; else bad "auto names"; ls un; fi
# TTK takes the scalar from attributes['lambda'] (AclnnParamPlan.build_args); 'lambd' still read
has "lambda key read" "auto_testcase_name_1 " out.txt
has "lambda 0.25 used" "golden computed (lambda 0.25)" out.txt
has "lambd key still read" "golden computed (lambda 0.75)" out.txt
has "lambda key written" "{'lambda': 0.25}" un.csv
if ! grep -q "'lambd'" un.csv; then ok "no lambd key written"; else bad "lambd written"; fi
expect_rc "unnamed: validator agrees" 0 "$PY" "$HERE/validate_prepare.py" unnamed.csv un bin
# an empty testcase_name cell: TTK cannot fill the field and refuses the file
cat > emptyname.csv <<'CSV'
testcase_name,op_name,input_dtypes,input_shapes
ok_row,selu_grad,"('float32',)","((2,), (2,))"
,selu_grad,"('float32',)","((2,), (2,))"
CSV
rm -rf en && expect_rc "an empty testcase_name refuses the file" 2 "$G" run emptyname.csv --prepare en
has "empty name located" "line 3: testcase_name is empty" err.txt
if [ ! -e en ]; then ok "nothing prepared"; else bad "prepared despite the refusal"; fi
# rank 0 in npy: inputs and golden (1,), as ManualDataStore saves and loads them
cat > rank0.csv <<'CSV'
testcase_name,api_name,tensor_view_shapes,tensor_dtypes,attributes,scalar_dtypes
r0,aclnnSoftshrinkBackward,"((), (), ())","('float32',)",{'lambda': 0.5},"('float32',)"
CSV
rm -rf r0 && expect_rc "rank 0 npy" 0 "$G" run rank0.csv --prepare r0 --format npy
"$PY" - <<'PY' && ok "rank-0 npy files are (1,)" || bad "rank-0 npy shapes"
import ast, os
for f in sorted(os.listdir("r0/r0")):
    d = open(os.path.join("r0/r0", f), "rb").read()
    h = ast.literal_eval(d[10:10 + d[8] + 256 * d[9]].decode("latin1"))
    assert tuple(h["shape"]) == (1,), (f, h)
PY
expect_rc "rank 0 npy: validator agrees" 0 "$PY" "$HERE/validate_prepare.py" rank0.csv r0 npy
cp -r r0 r0npu
expect_rc "rank 0 npy: judged against its own tree" 0 "$G" run rank0.csv --npu-dir r0npu --golden-dir r0
rm -rf r0b && expect_rc "rank 0 bin" 0 "$G" run rank0.csv --prepare r0b
if [ -f r0b/r0/golden_0_float32__shape_scalar.bin ]; then ok "bin golden named __shape_scalar"; else bad "r0 bin"; ls r0b/r0; fi
# strided without a storage shape: storage = view shape (flat_storage_shape)
cat > nostorage.csv <<'CSV'
testcase_name,api_name,tensor_view_shapes,tensor_dtypes,tensor_view_strides,attributes,scalar_dtypes
fits,aclnnSoftshrinkBackward,"((3, 4), (3, 4), (3, 4))","('float32',)","((1, 3), None, None)",{'lambda': 0.5},"('float32',)"
overflows,aclnnSoftshrinkBackward,"((3, 4), (3, 4), (3, 4))","('float32',)","((8, 1), None, None)",{'lambda': 0.5},"('float32',)"
CSV
rm -rf ns && expect_rc "strided without storage" 2 "$G" run nostorage.csv --prepare ns --format npy
has "view beyond the view-shaped storage refused" "tensor_storage_shapes: tensor 0 has none, so its storage is its view shape (12 elements" out.txt
"$PY" - <<'PY' && ok "storage file has the view shape (3, 4)" || bad "storage shape"
import ast
d = open("ns/fits/input_0_float32.npy", "rb").read()
h = ast.literal_eval(d[10:10 + d[8] + 256 * d[9]].decode("latin1"))
assert tuple(h["shape"]) == (3, 4), h
PY

echo "== bad rows: a clear message each, the others still run, exit 2"
rm -rf b
expect_rc "kernel bad rows exit 2" 2 "$G" run "$HERE/ttk_kernel_bad_rows.csv" --prepare b
has "bad dtype named" "dtype 'float64' is not one of" out.txt
has "unknown op named" "op_name 'relu_grad' is not soft_shrink_grad, selu_grad" out.txt
has "bad literal located" "column input_dtypes: unterminated list" out.txt
has "library refusal carried" "result shape must equal gradOutput shape" out.txt
has "summary" "summary: 5 cases: 0 pass, 0 fail, 0 golden only, 0 skipped, 5 errors" out.txt
expect_rc "aclnn bad rows exit 2" 2 "$G" run "$HERE/ttk_aclnn_bad_rows.csv" --prepare b
has "negative lambda refused" "lambda must be >= 0" out.txt
has "disabled row skipped" "1 skipped" out.txt
expect_rc "hostile rows (huge strides, offsets, overflowing broadcast, short storage)" 2 \
    "$G" run "$HERE/ttk_aclnn_hostile_rows.csv"
has "huge stride refused" "reaches beyond 2^63 elements" out.txt
has "huge offset refused" "not an integer in [0, 2^62]" out.txt
has "short storage refused by the library" "the view must lie inside storageDims" out.txt
has "hostile summary" "summary: 4 cases: 0 pass, 0 fail, 0 golden only, 0 skipped, 4 errors" out.txt
mixed=$W/mixed.csv
{ head -1 "$HERE/ttk_kernel_selu_grad.csv"; sed -n 2p "$HERE/ttk_kernel_selu_grad.csv";
  echo 'broken,selu_grad,"(float32",,,,,,{},,,'; } > "$mixed"
rm -rf m && expect_rc "a bad row does not stop the good one" 2 "$G" run "$mixed" --prepare m
if [ -d m/selu_grad_fp32_8 ] && [ ! -e m/broken ]; then ok "good row prepared, bad row not"; else bad "mixed rows"; ls m; fi
expect_rc "unreadable case file exit 2" 2 "$G" run nonexistent.csv
expect_rc "not a case file exit 2" 2 "$G" run "$HERE/validate_prepare.py"
expect_rc "bad option exit 2" 2 "$G" run "$HERE/ttk_kernel_selu_grad.csv" --compare nosuch

echo "== NPU outputs: --npu-dir verdicts and reports"
A=$HERE/ttk_aclnn_softshrink_backward.csv
rm -rf p npu && "$G" run "$A" --prepare p --quiet > /dev/null && cp -r p npu
expect_rc "identical outputs pass" 0 "$G" run "$A" --npu-dir npu --golden-dir p --report-csv r.csv --report-json r.json --junit r.xml
has "pass summary" "summary: 4 cases: 4 pass, 0 fail" out.txt
"$PY" - <<'PY' && ok "reports parse (csv, json, junit)" || bad "reports"
import csv, json, xml.etree.ElementTree as ET
rows = list(csv.DictReader(open("r.csv")))
assert len(rows) == 4 and all(r["precision_status"] == "PASS" and r["compare_method"] == "mixed" for r in rows), rows
j = json.load(open("r.json"))
assert j["summary"] == {"total": 4, "golden": 0, "pass": 4, "fail": 0, "skip": 0, "error": 0}, j["summary"]
s = ET.parse("r.xml").getroot().find("testsuite")
assert s.get("tests") == "4" and s.get("failures") == "0", s.attrib
PY
# one element off by a lot: the case fails, the others pass
f=$(ls npu/aclnn_ss_fp32/golden_0_*)
printf '\x00\x00\x80\x7f' | dd of="$f" bs=1 seek=4 conv=notrunc 2> /dev/null
expect_rc "a wrong NPU output fails (exit 1)" 1 "$G" run "$A" --npu-dir npu --golden-dir p --junit r.xml
has "failing case named" "FAIL   aclnn_ss_fp32" out.txt
has "NaN/inf reason" "NaN/inf positions differ" out.txt
has "junit failure" 'failures="1"' r.xml
expect_rc "--compare binary: the same verdicts" 1 "$G" run "$A" --npu-dir npu --golden-dir p --compare binary
has "binary named" "binary: 1 of 8 elements differ" out.txt
rm -rf npu/aclnn_ss_bf16_bcast
expect_rc "a missing NPU output is an error (exit 2)" 2 "$G" run "$A" --npu-dir npu --golden-dir p
has "missing output named" "no NPU output" out.txt

echo "== ATK cases as a TTK aclnn table (--emit-ttk-csv): the table prepares the same tree"
rm -rf t1 t2
expect_rc "emit a TTK table" 0 "$G" run "$HERE/atk_softshrink_backward_small.json" --prepare t1 \
    --emit-ttk-csv atk.csv --max-numel 1000000
has "infinite lambda written as Python reads it" "{'lambda': float('inf')}" atk.csv
expect_rc "the emitted table runs" 0 "$G" run atk.csv --prepare t2
expect_rc "the emitted table validates" 0 "$PY" "$HERE/validate_prepare.py" atk.csv t2 bin
if diff -r -x opsnn-golden.manifest t1 t2 > /dev/null; then ok "same tree from the json and from the table"; else bad "trees differ"; fi
expect_rc "--emit-ttk-csv with --npu-dir refused" 2 "$G" run atk.csv --npu-dir t2 --emit-ttk-csv x.csv

echo "== --testcase selects cases, as TTK's -t"
rm -rf sel && expect_rc "two cases selected" 0 "$G" run "$HERE/ttk_kernel_selu_grad.csv" --prepare sel \
    --testcase selu_grad_int8 --testcase selu_grad_fp32_8
has "selected summary" "summary: 2 cases" out.txt
if [ "$(ls sel | grep -v manifest | tr '\n' ' ')" = "selu_grad_fp32_8 selu_grad_int8 " ]; then ok "only those prepared"; else bad "selection"; ls sel; fi
expect_rc "unknown --testcase" 2 "$G" run "$HERE/ttk_kernel_selu_grad.csv" --testcase nosuch

echo "== compare's default is TTK's mixed: the issue's two loose verdicts now fail"
"$G" gen --out cg.bin --dtype fp16 --shape 32768 --seed 3 --range -2,2 > /dev/null
"$PY" - <<'PY'
import struct
d = bytearray(open("cg.bin", "rb").read())
n = bytearray(d)
for i in (5, 7000, 30000):                      # three NaN where the golden is finite
    n[2 * i:2 * i + 2] = struct.pack("<H", 0x7E00)
open("nan.bin", "wb").write(n)
o = bytearray(d)
for i in (11, 22):                              # two elements off by 0.5
    h = struct.unpack("<e", bytes(o[2 * i:2 * i + 2]))[0]
    o[2 * i:2 * i + 2] = struct.pack("<e", h + 0.5)
open("off.bin", "wb").write(o)
PY
expect_rc "three NaN where the golden is finite: ratio passes" 0 \
    "$G" compare --method ratio --golden cg.bin --actual nan.bin --dtype fp16
expect_rc "three NaN where the golden is finite: mixed (default) fails" 1 \
    "$G" compare --golden cg.bin --actual nan.bin --dtype fp16
has "mixed names the NaN mismatch" "NaN/inf positions differ" out.txt
expect_rc "two elements off by 0.5: ratio passes" 0 \
    "$G" compare --method ratio --golden cg.bin --actual off.bin --dtype fp16
expect_rc "two elements off by 0.5: mixed (default) fails" 1 \
    "$G" compare --golden cg.bin --actual off.bin --dtype fp16
has "mixed names the limit" "max_abs_error 0.5 > 0.1" out.txt
expect_rc "integer outputs go to binary" 1 "$G" compare --method cosine --golden cg.bin --actual off.bin \
    --golden-dtype int32 --dtype int32
has "binary for integers" "method: binary (integer output: compared bit for bit)" out.txt

echo "== aclnnSelu (forward) from an ATK json in ops-nn's atk_aclnnSelu.json shape"
# {"name": "nd"} normal ranges, ["nan"] / ["-inf"] / ["inf"] fills, rank 9, an
# empty tensor, single_bm standards; case 8 has an empty mean range.
F=$HERE/atk_selu_small.json
rm -rf sp
expect_rc "aclnnSelu cases: 8 goldens, 1 bad case" 2 "$G" run "$F" --prepare sp --seed 5
has "aclnnSelu rank 9" "GOLDEN aclnnSelu_6" out.txt
has "aclnnSelu nd range checked" '"nd" range: "mean" and "std" must be [min, max]' out.txt
has "aclnnSelu summary" "8 golden only, 0 skipped, 1 errors" out.txt
# -inf -> -SCALE*ALPHA = -1.7580993 (0xbfe10966); bf16 NaN stays the quiet NaN, +inf stays +inf
if od -v -An -tx4 sp/aclnnSelu_2/golden_0_float32__shape_8.bin | tr -s ' \n' ' ' | grep -qx ' \(bfe10966 \)\{8\}'; then
    ok "selu(-inf) = -SCALE*ALPHA"; else bad "selu(-inf)"; od -v -An -tx4 sp/aclnnSelu_2/golden_0_float32__shape_8.bin; fi
if od -v -An -tx2 sp/aclnnSelu_1/golden_0_bfloat16__shape_7.bin | tr -s ' \n' ' ' | grep -qx ' \(7fc0 \)\{7\}'; then
    ok "selu(NaN) = NaN"; else bad "selu(NaN)"; fi
if od -v -An -tx2 sp/aclnnSelu_3/golden_0_bfloat16__shape_15x1.bin | tr -s ' \n' ' ' | grep -qx ' \(7f80 \)\{15\}'; then
    ok "selu(inf) = inf"; else bad "selu(inf)"; fi
expect_rc "aclnnSelu judged by single_bm against its own golden" 2 "$G" run "$F" --npu-dir sp --golden-dir sp
has "aclnnSelu single_bm verdicts" "8 pass, 0 fail" out.txt
has "aclnnSelu single_bm method" "single_bm: mere 0 < 0.00012207" out.txt

echo "== determinism: the seed decides the inputs"
rm -rf d1 d2 d3
"$G" run "$HERE/ttk_kernel_selu_grad.csv" --prepare d1 --seed 3 --quiet > /dev/null
"$G" run "$HERE/ttk_kernel_selu_grad.csv" --prepare d2 --seed 3 --quiet > /dev/null
"$G" run "$HERE/ttk_kernel_selu_grad.csv" --prepare d3 --seed 4 --quiet > /dev/null
if diff -r d1 d2 > /dev/null; then ok "same seed, same bytes"; else bad "same seed differs"; fi
if ! cmp -s d1/selu_grad_fp16_2d/input_0_float16.bin d3/selu_grad_fp16_2d/input_0_float16.bin; then
    ok "another seed, other inputs"; else bad "seed ignored"; fi


echo "== every output through the safe path, every input opened without blocking (issue 25, 8-10)"
A=$HERE/ttk_aclnn_selu_backward.csv
rm -rf so && mkdir so && "$G" run "$A" --prepare so/p --quiet > /dev/null && cp -r so/p so/npu
# 8: a FIFO report is written through and stays a FIFO
mkfifo so/fifo.csv
timeout 20 cat so/fifo.csv > so/from_fifo.csv &
reader=$!
expect_rc "report to a FIFO" 0 timeout 20 "$G" run "$A" --npu-dir so/npu --golden-dir so/p --report-csv so/fifo.csv --quiet
wait "$reader"
if [ -p so/fifo.csv ] && grep -q '^"aclnn_selu_fp32",SeluBackward' so/from_fifo.csv; then ok "FIFO written through, still a FIFO"
else bad "FIFO replaced or not written"; ls -l so; fi
# 8: an existing X.tmp is not destroyed; a symlink at X.tmp is not followed
echo keep > so/r.csv.tmp
echo victim > so/victim
ln -s victim so/j.json.tmp
expect_rc "reports beside X.tmp files" 0 "$G" run "$A" --npu-dir so/npu --golden-dir so/p --report-csv so/r.csv \
    --report-json so/j.json --junit so/x.xml --quiet
if [ "$(cat so/r.csv.tmp)" = keep ] && [ "$(cat so/victim)" = victim ] && [ -L so/j.json.tmp ]; then
    ok "X.tmp kept, its symlink not followed"; else bad "X.tmp clobbered"; ls -l so; cat so/victim; fi
if ! ls so | grep -q 'tmp-'; then ok "no temporary file left"; else bad "temporary left"; ls so; fi
# 8: a symlinked report keeps the link and replaces its target
echo old > so/target.xml
ln -s target.xml so/link.xml
expect_rc "junit through a symlink" 0 "$G" run "$A" --npu-dir so/npu --golden-dir so/p --junit so/link.xml --quiet
if [ -L so/link.xml ] && grep -q '<testsuites>' so/target.xml; then ok "link kept, target written"
else bad "symlink replaced"; ls -l so; fi
# 8: --emit-ttk-csv into a FIFO too
mkfifo so/emit.fifo
timeout 20 cat so/emit.fifo > so/emitted.csv &
reader=$!
expect_rc "emit-ttk-csv to a FIFO" 0 timeout 20 "$G" run "$A" --prepare so/q --emit-ttk-csv so/emit.fifo --quiet
wait "$reader"
if [ -p so/emit.fifo ] && grep -q aclnnSeluBackward so/emitted.csv; then ok "emitted through the FIFO"
else bad "emit FIFO"; fi
# 9: a FIFO where an NPU output should be: refused at once, not waited on
d=so/npu/$(ls so/npu | head -1)
f=$(ls "$d"/golden_0_*)
rm "$f" && mkfifo "$d/output_0_float32__shape_$(basename "$f" | sed 's/.*__shape_//; s/\.bin$//').bin"
rm "$f" 2>/dev/null
expect_rc "a FIFO in --npu-dir is an error, not a hang" 2 timeout 20 "$G" run "$A" --npu-dir so/npu --golden-dir so/p
has "FIFO named" "a FIFO, not a regular file" out.txt
# 9: a FIFO as the case file: no writer, no hang
mkfifo so/cases.fifo
expect_rc "a FIFO case file without a writer does not hang" 2 timeout 20 "$G" run so/cases.fifo
# 10: names with a comma, a quote and a line break survive --emit-ttk-csv (RFC 4180)
cat > so/odd.csv <<'CSV'
testcase_name,api_name,tensor_view_shapes,tensor_dtypes
"with,comma",aclnnSeluBackward,"((2,), (2,), (2,))","('float32',)"
"with ""quote""",aclnnSeluBackward,"((2,), (2,), (2,))","('float32',)"
"two
lines",aclnnSeluBackward,"((2,), (2,), (2,))","('float32',)"
CSV
expect_rc "odd names emitted" 0 "$G" run so/odd.csv --prepare so/o1 --emit-ttk-csv so/odd_out.csv --quiet
"$PY" - <<'PY' && ok "emitted names round-trip through a CSV reader" || bad "emitted names broken"
import csv
rows = list(csv.DictReader(open("so/odd_out.csv", newline="")))
names = [r["testcase_name"] for r in rows]
assert names == ["with,comma", 'with "quote"', "two\nlines"], names
assert all(r["api_name"] == "aclnnSeluBackward" for r in rows), rows
PY
expect_rc "the emitted odd table runs" 0 "$G" run so/odd_out.csv --prepare so/o2 --quiet
if diff -r -x opsnn-golden.manifest so/o1 so/o2 > /dev/null; then ok "same tree from the odd table"; else bad "odd trees differ"; fi

echo "== the judge reads the tree (issue 24): goldens, manifest, paths first, FAIL lines, progress, modes"
A=$HERE/ttk_aclnn_softshrink_backward.csv
rm -rf jt && mkdir jt
(umask 022 && "$G" run "$A" --prepare jt/tree --seed 1 --quiet > /dev/null)
if [ "$(stat -c %a jt/tree/aclnn_ss_fp32)" = 755 ]; then ok "case directories 0755 under umask 022"
else bad "case directory mode $(stat -c %a jt/tree/aclnn_ss_fp32)"; fi
has "manifest records the SoC" '"soc": "Ascend950"' jt/tree/opsnn-golden.manifest
has "manifest records the operator package" '"operator_package": "builtin"' jt/tree/opsnn-golden.manifest
has "manifest records the kernel generation" '"kernel_generation": "arch35"' jt/tree/opsnn-golden.manifest
has "manifest records the seed" '"seed": 1,' jt/tree/opsnn-golden.manifest
(umask 022 && "$G" run "$A" --prepare jt/tree --seed 1 --quiet --testcase aclnn_ss_fp32 > /dev/null)
has "a --testcase re-prepare keeps the other cases in the manifest" '"aclnn_ss_fp32_strided"' jt/tree/opsnn-golden.manifest
cp -r jt/tree jt/npu
expect_rc "judge an exact NPU tree with no seed" 0 "$G" run "$A" --npu-dir jt/npu --golden-dir jt/tree
has "every case passes" "summary: 4 cases: 4 pass, 0 fail" out.txt
expect_rc "judging against regenerated goldens needs the seed" 1 "$G" run "$A" --npu-dir jt/npu --regenerate-goldens
expect_rc "regenerated with the right seed" 0 "$G" run "$A" --npu-dir jt/npu --regenerate-goldens --seed 1
f=$(ls jt/npu/aclnn_ss_fp32/golden_0_*)
"$PY" - "$f" <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
v = struct.unpack_from("<f", d, 4 * 6)[0]
struct.pack_into("<f", d, 4 * 6, v + 100.0)      # element [3, 0] of the (4, 2) output
open(sys.argv[1], "wb").write(d)
PY
expect_rc "a perturbed element fails" 1 "$G" run "$A" --npu-dir jt/npu --golden-dir jt/tree
has "FAIL line names the worst element" "worst element [3, 0]: golden " out.txt
has "FAIL line counts the elements over tolerance" "1 of 8 elements over tolerance" out.txt
expect_rc "a judge given another seed is refused" 2 "$G" run "$A" --npu-dir jt/npu --golden-dir jt/tree --seed 2
has "seed named" "prepared with --seed 1, this judge was given --seed 2" err.txt
expect_rc "a judge on another SoC is refused" 2 env OPSNN_SOC=Ascend310P "$G" run "$A" --npu-dir jt/npu --golden-dir jt/tree
has "SoC named" "the tree was prepared with SoC Ascend950, this judge runs SoC Ascend310P" err.txt
expect_rc "a judge with another operator package is refused" 2 env OPSNN_OPP=ops-nn "$G" run "$A" --npu-dir jt/npu --golden-dir jt/tree
has "package named" "the tree was prepared with operator package builtin, this judge runs operator package ops-nn" err.txt
sed 's/"library_version": "[^"]*"/"library_version": "0.0.0-other"/' jt/tree/opsnn-golden.manifest > jt/m && mv jt/m jt/tree/opsnn-golden.manifest
expect_rc "a tree of another library version is refused" 2 "$G" run "$A" --npu-dir jt/npu --golden-dir jt/tree
has "library version named" "prepared with library version 0.0.0-other" err.txt
rm jt/tree/opsnn-golden.manifest
expect_rc "a tree without a manifest is refused" 2 "$G" run "$A" --npu-dir jt/npu --golden-dir jt/tree
has "manifest missing named" "no opsnn-golden.manifest" err.txt
rm -rf jt/bad && "$G" run "$HERE/ttk_aclnn_bad_rows.csv" --prepare jt/bad --quiet > /dev/null
expect_rc "a case the tree lacks is an error of its own" 2 "$G" run "$HERE/ttk_aclnn_bad_rows.csv" --npu-dir jt/bad \
    --golden-dir jt/bad
has "missing case named" "not in the --golden-dir tree" out.txt
expect_rc "--npu-dir without goldens to judge against" 2 "$G" run "$A" --npu-dir jt/npu
has "golden source asked for" "--npu-dir needs the goldens to judge against: --golden-dir TREE" err.txt
"$G" run "$A" --prepare jt/tree --seed 1 --quiet > /dev/null
expect_rc "another case file against the tree is refused" 2 "$G" run "$HERE/ttk_aclnn_selu_backward.csv" \
    --npu-dir jt/npu --golden-dir jt/tree
has "case file named" "case file (SHA-256)" err.txt
# every path before the first case: nothing runs, nothing is written
expect_rc "a missing --npu-dir" 2 "$G" run "$A" --npu-dir jt/nosuch --golden-dir jt/tree
has "missing npu dir named" "--npu-dir jt/nosuch: No such file or directory" err.txt
if ! grep -q "^PASS\|^FAIL\|^ERROR" out.txt; then ok "no case ran"; else bad "cases ran"; fi
touch jt/afile
expect_rc "a --prepare that is a file" 2 "$G" run "$A" --prepare jt/afile
has "prepare file named" "--prepare jt/afile: exists and is not a directory" err.txt
expect_rc "an unwritable --report-csv" 2 "$G" run "$A" --prepare jt/p2 --report-csv jt/nodir/r.csv
has "report dir named" "--report-csv jt/nodir/r.csv: the directory jt/nodir does not exist" err.txt
if [ ! -e jt/p2 ]; then ok "nothing prepared"; else bad "prepared before the path check"; fi
expect_rc "--testcase matching nothing" 2 "$G" run "$A" --prepare jt/p3 --testcase nosuchcase
has "no case named" "no case named by --testcase" err.txt
# progress: nothing extra when piped; a bar with an ETA on a terminal
"$G" run "$A" --prepare jt/p4 > /dev/null 2> jt/err_piped
if [ ! -s jt/err_piped ]; then ok "no progress output when piped"; else bad "progress when piped"; cat jt/err_piped; fi
if command -v script > /dev/null; then
    script -qfec "'$G' run '$A' --prepare jt/p5" /dev/null > jt/tty.txt 2>&1
    if grep -q 'ETA' jt/tty.txt && grep -q '\[#*\.*\] [0-9]*/4' jt/tty.txt; then ok "progress bar with ETA on a terminal"
    else bad "no progress on a terminal"; cat -v jt/tty.txt | head -5; fi
fi

echo "$fails failures"
[ "$fails" = 0 ]
