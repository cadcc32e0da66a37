#!/usr/bin/env bash
# End-to-end tests of the opsnn-golden command-line tool: the seed examples
# through gen -> run -> compare -> tiling, round trips through .bin and .npy,
# every refusal path (exit 2, a message naming the file and the mismatch,
# nothing written), and compare verdicts at and just past each threshold.
#
# Needs bash and coreutils only (od, cmp, head, tail): .npy files with odd
# headers are crafted with printf, values are checked with od, so no Python or
# NumPy is involved. Usage: golden_cli_test.sh PATH/TO/opsnn-golden
# (under OPSNN_TEST_EMULATOR in a cross build: tests/cli/emulator.sh).
set -u
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir "$T/w" "$T/log"
. "$(dirname "$0")/emulator.sh"
G=$(opsnn_emulated "$T/bin" "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")")
cd "$T/w" || exit 1
OUT=$T/log/out
ERR=$T/log/err

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL: $*"
    sed 's/^/  stdout: /' "$OUT" 2>/dev/null | head -20
    sed 's/^/  stderr: /' "$ERR" 2>/dev/null | head -20
}

# run NAME RC CMD...: CMD must exit with RC.
run() {
    local name=$1 want=$2
    shift 2
    "$@" >"$OUT" 2>"$ERR"
    local rc=$?
    if [ "$rc" -eq "$want" ]; then ok; else bad "$name: exit $rc, expected $want"; fi
}

# has NAME FILE TEXT: FILE ($OUT/$ERR) contains TEXT.
has() {
    if grep -qF -- "$3" "$2"; then ok; else bad "$1: missing \"$3\""; fi
}

# eq NAME GOT WANT
eq() {
    if [ "$2" = "$3" ]; then ok; else bad "$1: got \"$2\", want \"$3\""; fi
}

# refuse NAME TEXT... -- CMD...: exit 2, stderr holds every TEXT, nothing
# written in the working directory (no new file, no changed file, no temp).
refuse() {
    local name=$1
    shift
    local texts=()
    while [ "$1" != "--" ]; do texts+=("$1"); shift; done
    shift
    local before after
    before=$(ls -lA --time-style=+%s.%N . | sort | md5sum)
    "$@" >"$OUT" 2>"$ERR"
    local rc=$?
    after=$(ls -lA --time-style=+%s.%N . | sort | md5sum)
    if [ "$rc" -ne 2 ]; then bad "$name: exit $rc, expected 2"; return; fi
    [ "$before" = "$after" ] && ok || bad "$name: the directory changed"
    for t in "${texts[@]}"; do has "$name" "$ERR" "$t"; done
}

# Values of a raw file, space-separated (od type: f4, x2, d1, d4 ...).
vals() { od -An -v -t"$2" "$1" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }
# Bytes of a file as one hex string.
hex() { od -An -v -tx1 "$1" | tr -d ' \n'; }
# The data part of a .npy file (version 1.0 or 2.0).
npy_data() {
    local b major hlen
    read -r -a b <<<"$(od -An -v -tu1 -N12 "$1")"
    major=${b[6]}
    if [ "$major" -eq 1 ]; then
        hlen=$((b[8] + 256 * b[9] + 10))
    else
        hlen=$((b[8] + 256 * b[9] + 65536 * b[10] + 16777216 * b[11] + 12))
    fi
    tail -c +$((hlen + 1)) "$1"
}
# The header dict of a .npy file.
npy_dict() { head -c 512 "$1" | tr -d '\000-\011\013-\037\177-\377' | grep -o "{.*}"; }
# byte N: one byte with value N.
byte() { printf "\\x$(printf %02x "$1")"; }
# mknpy OUT MAJOR.MINOR DICT DATAFILE [HLEN]: a .npy file with that header dict,
# padded as NumPy pads (to 64 bytes); HLEN overrides the stored header length.
mknpy() {
    local out=$1 ver=$2 dict=$3 data=$4
    local major=${ver%.*} minor=${ver#*.}
    local prefix=10
    [ "$major" -ne 1 ] && prefix=12
    local n=$((${#dict} + 1))
    local hlen=$(((prefix + n + 63) / 64 * 64 - prefix))
    local stored=${5:-$hlen}
    {
        printf '\x93NUMPY'
        byte "$major"
        byte "$minor"
        byte $((stored & 255))
        byte $(((stored >> 8) & 255))
        if [ "$prefix" -eq 12 ]; then byte $(((stored >> 16) & 255)); byte $(((stored >> 24) & 255)); fi
        printf '%s' "$dict"
        printf "%$((hlen - n))s" ""
        printf '\n'
        cat "$data"
    } >"$out"
}

SEED_G=0,1,2,3,4,5,6,7
SEED_X=1,1,1,2,1,2,3,3

echo "== seed examples: gen -> run -> compare -> tiling"
run "gen grad" 0 "$G" gen --out g.bin --dtype fp32 --shape 4,2 --values $SEED_G
run "gen self" 0 "$G" gen --out x.bin --dtype fp32 --shape 4,2 --values $SEED_X
eq "gen writes the given values" "$(vals x.bin f4)" "1 1 1 2 1 2 3 3"
run "softshrink seed" 0 "$G" softshrink-backward --grad g.bin --self x.bin --lambda 1.2 --out y.bin \
    --dtype fp32 --shape 4,2
has "softshrink says what it wrote" "$OUT" "wrote y.bin (fp32, shape [4, 2])"
eq "softshrink seed values" "$(vals y.bin f4)" "0 0 0 3 0 5 6 7"
run "expected" 0 "$G" gen --out want.bin --dtype fp32 --values 0,0,0,3,0,5,6,7
run "compare seed softshrink" 0 "$G" compare --method ratio --golden want.bin --actual y.bin --dtype fp32 --shape 4,2
has "compare pass line" "$OUT" "PASS: error ratio 0 <= 0.0001"

for dt in fp16:x2:"0000 0000 0000 4200 0000 4500 4600 4700" bf16:x2:"0000 0000 0000 4040 0000 40a0 40c0 40e0"; do
    IFS=: read -r d t want <<<"$dt"
    "$G" gen --out g_$d.bin --dtype $d --shape 4,2 --values $SEED_G >/dev/null
    "$G" gen --out x_$d.bin --dtype $d --shape 4,2 --values $SEED_X >/dev/null
    run "softshrink seed $d" 0 "$G" softshrink-backward --grad g_$d.bin --self x_$d.bin --lambda 1.2 \
        --out y_$d.bin --dtype $d --shape 4,2
    eq "softshrink seed $d bits" "$(vals y_$d.bin $t)" "$want"
done

run "softshrink mixed dtypes" 0 "$G" softshrink-backward --grad g_fp16.bin --self x.bin --lambda 1.2 \
    --out ym.bin --dtype fp16 --self-dtype fp32 --out-dtype fp32 --shape 4,2
eq "mixed dtypes values" "$(vals ym.bin f4)" "0 0 0 3 0 5 6 7"

"$G" gen --out x2.bin --dtype fp32 --values 1,3 >/dev/null
run "softshrink broadcast self" 0 "$G" softshrink-backward --grad g.bin --self x2.bin --lambda 1.2 \
    --out yb.bin --dtype fp32 --shape 4,2 --self-shape 2
eq "broadcast self values" "$(vals yb.bin f4)" "0 1 0 3 0 5 0 7"
"$G" gen --out g2.bin --dtype fp32 --values 10,20 >/dev/null
run "softshrink broadcast grad" 0 "$G" softshrink-backward --grad g2.bin --self x.bin --lambda 1.2 \
    --out yb2.bin --dtype fp32 --shape 2 --self-shape 4,2
eq "broadcast grad values" "$(vals yb2.bin f4)" "0 0 0 20 0 20 10 20"
has "broadcast output shape" "$OUT" "shape [4, 2]"

run "selu gen result" 0 "$G" gen --out r.npy --dtype fp32 --values -2,-1,0,1,2,3,-0.5,0.5
run "selu gen grad" 0 "$G" gen --out o.npy --dtype fp32 --values 1,1,1,1,1,1,1,1
run "selu seed" 0 "$G" selu-backward --grad o.npy --result r.npy --out s.npy
run "selu expected" 0 "$G" gen --out s_want.npy --dtype fp32 \
    --values -0.2419,0.7581,1.7581,1.0507,1.0507,1.0507,1.2581,1.0507
run "compare seed selu (|err| < 1e-4)" 0 "$G" compare --method ratio --golden s_want.npy --actual s.npy \
    --rtol 0 --atol 1e-4 --ratio 0
run "selu seed is not within 1e-7" 1 "$G" compare --method ratio --golden s_want.npy --actual s.npy \
    --rtol 0 --atol 1e-7 --ratio 0

"$G" gen --out r8.bin --dtype int8 --values -2,-1,0,1,2,3,-1,1 >/dev/null
"$G" gen --out o8.bin --dtype int8 --values 10,10,10,10,10,10,10,10 >/dev/null
run "selu int8" 0 "$G" selu-backward --grad o8.bin --result r8.bin --out s8.bin --dtype int8 --shape 8
eq "selu int8 values (through fp16, result 0 takes the <= 0 branch)" "$(vals s8.bin d1)" \
    "-2 8 18 11 11 11 8 11"
"$G" gen --out r32.bin --dtype int32 --values -1,0 >/dev/null
"$G" gen --out o32.bin --dtype int32 --values 100,100 >/dev/null
run "selu int32" 0 "$G" selu-backward --grad o32.bin --result r32.bin --out s32.bin --dtype int32 --shape 2
eq "selu int32 values (75.81 -> 76, 175.81 -> 176: rounded, not truncated)" \
    "$(vals s32.bin d4)" "76 176"

# tiling: official ops-nn tiling UT inputs; --bin must be the struct of the
# ops-nn *_tiling_data.h header, little-endian with natural alignment.
run "tiling arch35 softshrink test_fp16_5d" 0 "$G" tiling softshrink --soc ascend950 --shape 16,1,4,4,8 \
    --dtype fp16 --bin t1.bin
for f in "algorithm: arch35" "dim0: 2048" "coreNum: 1" "blockFormer: 2048" "blockNum: 1" "ubFormer: 8320" \
    "lambd: 0.5" "tilingKey: 1" "blockDim: 1" "workspaceSize: 0" "tilingDataSize: 48"; do
    has "tiling arch35 softshrink text" "$OUT" "$f"
done
eq "tiling arch35 softshrink --bin: dim0, int32 coreNum + pad, blockFormer, blockNum, ubFormer, lambd + pad" \
    "$(hex t1.bin)" "0008000000000000""0100000000000000""0008000000000000""0100000000000000""8020000000000000""0000003f00000000"
run "tiling 910b softshrink fp16_large_double_buffer" 0 "$G" tiling softshrink --soc Ascend910B --core-num 48 \
    --ub-size 262144 --shape 4194304 --dtype fp16 --json --bin t2.bin
for f in '"algorithm": "910b"' '"totalNum": 4194304' '"blockFactor": 87552' '"ubFactor": 11520' '"lambd": 0.5' \
    '"tilingKey": 1' '"blockDim": 48' '"vectorCoreNum": 48' '"ubSize": 262144' '"tilingDataSize": 24'; do
    has "tiling 910b softshrink json" "$OUT" "$f"
done
eq "tiling json is one object" "$(head -c1 "$OUT")$(tail -c2 "$OUT" | head -c1)" "{}"
eq "tiling 910b softshrink --bin: totalNum, blockFactor, int32 ubFactor, lambd" "$(hex t2.bin)" \
    "0000400000000000""0056010000000000""002d0000""0000003f"
run "tiling 910b selu float32_success" 0 "$G" tiling selu --soc ascend910b --shape 2,3,4,5 --dtype fp32 --bin t3.bin
for f in "totalNum: 120" "blockFactor: 128" "ubFactor: 128" "tilingKey: 1" "blockDim: 1"; do
    has "tiling 910b selu" "$OUT" "$f"
done
eq "tiling 910b selu --bin: uint64 totalNum, uint32 blockFactor, uint32 ubFactor" "$(hex t3.bin)" \
    "7800000000000000""80000000""80000000"
run "tiling arch35 selu AcceptsMatchingSupportedDtypes" 0 "$G" tiling selu --soc Ascend950 --shape 16 --dtype fp32 \
    --bin t4.bin
eq "tiling arch35 selu --bin: 256 bytes, one-dim fields then zeros" "$(hex t4.bin)" \
    "1000000000000000""2000000000000000""0020000000000000""$(printf '0%.0s' $(seq 464))"
refuse "tiling arch35 selu RejectsMismatchedSupportedInputDtypes" "gradients and outputs must have the same dtype" -- \
    "$G" tiling selu --soc Ascend950 --shape 16 --dtype fp32 --input1-dtype fp16 --bin bad.bin
run "tiling arch35 selu broadcast" 0 "$G" tiling selu --soc Ascend950 --shape 2,3,4 --input1-shape 1,3,1 --dtype fp32
for f in "needBroadcast: 1" "innerSize: 1" "totalRows: 24" "outStrides: [0, 1, 0, 0, 0, 0, 0, 0]" "blockDim: 24" \
    "tilingKey: 1"; do
    has "tiling arch35 selu broadcast" "$OUT" "$f"
done
# HardShrinkGrad (values worked out from hard_shrink_grad_tiling.cpp, arch35
# and experimental: ops-nn has no tiling UT for it)
run "tiling arch35 hardshrink fp32 100000" 0 "$G" tiling hardshrink --soc Ascend950 --shape 100000 --dtype fp32 \
    --bin t6.bin
for f in "op: HardShrinkGrad" "algorithm: arch35" "gradients:" "features:" "backprops:" "totalNum: 100000" \
    "blockFactor: 1563" "ubFactor: 9536" "lambd: 0.5" "D_T_X: fp32" "BUFFER_MODE: 1" "blockDim: 64" \
    "workspaceSize: 0" "tilingDataSize: 32" "tilingStruct: HardShrinkGradTilingData"; do
    has "tiling arch35 hardshrink text" "$OUT" "$f"
done
eq "tiling arch35 hardshrink --bin: totalNum, blockFactor, ubFactor, lambd + pad" "$(hex t6.bin)" \
    "a086010000000000""1b06000000000000""4025000000000000""0000003f00000000"
run "tiling 910b hardshrink bf16 by its aclnn name" 0 "$G" tiling aclnnHardshrinkBackward --soc Ascend910B \
    --shape 4096 --dtype bf16 --lambda -1 --json --bin t7.bin
for f in '"algorithm": "910b"' '"totalNum": 4096' '"blockFactor": 86' '"ubFactor": 5440' '"lambd": -1' \
    '"D_T": "bf16"' '"BUFFER_MODE": 1' '"blockDim": 48' '"tilingDataSize": 32'; do
    has "tiling 910b hardshrink json" "$OUT" "$f"
done
eq "tiling 910b hardshrink --bin: lambd as given" "$(hex t7.bin)" \
    "0010000000000000""5600000000000000""4015000000000000""000080bf00000000"
run "tiling arch35 hardshrink negative lambd stored as 0" 0 "$G" tiling hard_shrink_grad --soc Ascend950 \
    --shape 1024 --dtype fp16 --lambda -1
for f in "lambd: -1" "ubFactor: 1024" "lambd: 0" "BUFFER_MODE: 0" "blockDim: 64"; do
    has "tiling arch35 hardshrink lambd < 0" "$OUT" "$f"
done
refuse "tiling arch35 hardshrink empty tensor" "an empty tensor is not tiled" -- \
    "$G" tiling hardshrink --soc Ascend950 --shape 0,4 --dtype fp16 --bin bad.bin
run "tiling 910b hardshrink empty tensor" 0 "$G" tiling hardshrink-backward --soc Ascend910B --shape 0 \
    --dtype fp16
for f in "totalNum: 0" "blockFactor: 0" "BUFFER_MODE: 0" "blockDim: 1"; do
    has "tiling 910b hardshrink empty" "$OUT" "$f"
done
refuse "tiling --lambda on SeluGrad" "SeluGrad has no lambd attribute" -- \
    "$G" tiling selu --soc Ascend950 --shape 4 --dtype fp32 --lambda 1
# the forward operators (values worked out from softshrink_tiling.cpp and the
# two selu tiling files; ops-nn has no tiling UT for them)
run "tiling arch35 Softshrink fp16 by its aclnn name" 0 "$G" tiling aclnnSoftshrink --soc Ascend950 --shape 2,5 \
    --dtype fp16 --lambda 0.3 --bin t8.bin
for f in "op: Softshrink" "x:" "y:" "totalNum: 10" "blockFactor: 1" "ubFactor: 7616" "tilingKey: 1" \
    "blockDim: 10" "tilingDataSize: 32"; do
    has "tiling arch35 Softshrink" "$OUT" "$f"
done
if grep -q "^input1\|features" "$OUT"; then bad "tiling Softshrink: a second input printed"; else ok; fi
eq "tiling arch35 Softshrink --bin: totalNum, blockFactor, ubFactor, lambd + pad" "$(hex t8.bin)" \
    "0a00000000000000""0100000000000000""c01d000000000000""9a99993e00000000"
refuse "tiling Softshrink on 910B" "no Softshrink tiling for Ascend910B" -- \
    "$G" tiling Softshrink --soc Ascend910B --shape 4 --dtype fp32
run "tiling 910b Selu fp16 by its NPU name" 0 "$G" tiling Selu --soc Ascend910B --shape 100000 --dtype fp16 \
    --json --bin t9.bin
for f in '"op": "Selu"' '"algorithm": "910b"' '"totalElements": 100000' '"blockFactor": 2096' \
    '"ubFactor": 24576' '"D_T_X": "fp16"' '"blockDim": 48' '"tilingDataSize": 24'; do
    has "tiling 910b Selu json" "$OUT" "$f"
done
eq "tiling 910b Selu --bin: totalElements, blockFactor, ubFactor" "$(hex t9.bin)" \
    "a086010000000000""3008000000000000""0060000000000000"
run "tiling arch35 Selu int8 through inplace-selu" 0 "$G" tiling inplace-selu --soc Ascend950 --shape 1000 \
    --dtype int8
for f in "blockFactor: 32" "ubFactor: 17536" "tilingKey: 0" "blockDim: 32"; do
    has "tiling arch35 Selu int8" "$OUT" "$f"
done
refuse "tiling Selu takes one input" "Selu has one input" -- \
    "$G" tiling aclnnSelu --soc Ascend950 --shape 4 --dtype fp32 --input1-shape 3
run "tiling empty tensor" 0 "$G" tiling softshrink --soc Ascend950 --shape 0,9,1 --dtype fp16 --bin t5.bin
eq "tiling empty tensor: the all-zero struct" "$(hex t5.bin)" "$(printf '0%.0s' $(seq 96))"
has "tiling empty tensor" "$OUT" "blockDim: 1"
run "tiling NaN lambda passes like on the NPU" 0 "$G" tiling softshrink --soc Ascend950 --shape 8 --dtype fp32 \
    --lambda nan --json
has "tiling NaN lambda" "$OUT" '"lambd": "nan"'
run "tiling 40-core part" 0 "$G" tiling softshrink --soc Ascend910B4 --shape 4194304 --dtype fp16
for f in "vectorCoreNum: 40" "blockFactor: 104960" "ubFactor: 8448" "blockDim: 40"; do
    has "tiling 40-core part" "$OUT" "$f"
done
run "tiling cpu" 0 "$G" tiling softshrink --soc cpu --shape 4096 --dtype fp32
has "tiling cpu profile" "$OUT" "ubSize: 262144"

echo "== round trips through .bin and .npy"
run "gen npy" 0 "$G" gen --out a.npy --dtype fp16 --shape 3,5 --seed 7 --range -4,4 --nan-ratio 0.1 --inf-ratio 0.1
run "gen bin" 0 "$G" gen --out a.bin --dtype fp16 --shape 3,5 --seed 7 --range -4,4 --nan-ratio 0.1 --inf-ratio 0.1
eq "npy header" "$(npy_dict a.npy)" "{'descr': '<f2', 'fortran_order': False, 'shape': (3, 5), }"
eq "npy data offset is 64-aligned" "$((($(wc -c <a.npy) - 30) % 64))" "0"
if npy_data a.npy | cmp -s - a.bin; then ok; else bad "same seed: .npy data equals .bin"; fi
"$G" gen --out a2.bin --dtype fp16 --shape 3,5 --seed 7 --range -4,4 --nan-ratio 0.1 --inf-ratio 0.1 >/dev/null
if cmp -s a.bin a2.bin; then ok; else bad "same seed gives the same file"; fi
"$G" gen --out a3.bin --dtype fp16 --shape 3,5 --seed 8 --range -4,4 >/dev/null
if cmp -s a.bin a3.bin; then bad "another seed gives another file"; else ok; fi
run "gen two outputs" 0 "$G" gen --out p.bin --out q.bin --dtype fp32 --shape 1000 --seed 3 --range 2,3
if cmp -s p.bin q.bin; then bad "each --out gets its own stream"; else ok; fi
eq "range is respected" "$(od -An -v -tf4 p.bin | tr -s ' ' '\n' | grep -v '^$' | awk '$1 < 2 || $1 >= 3' | wc -l)" "0"
eq "gen counts" "$(($(wc -c <p.bin) / 4))" "1000"
"$G" gen --out inj.bin --dtype fp32 --shape 10000 --seed 1 --nan-ratio 0.1 --inf-ratio 0.05 >/dev/null
nans=$(od -An -v -tx4 inj.bin | tr -s ' ' '\n' | grep -c '^7fc00000$')
infs=$(od -An -v -tx4 inj.bin | tr -s ' ' '\n' | grep -cE '^(7f800000|ff800000)$')
if [ "$nans" -gt 850 ] && [ "$nans" -lt 1150 ] && [ "$infs" -gt 380 ] && [ "$infs" -lt 620 ]; then ok; else
    bad "NaN/inf injection rates: $nans NaN, $infs inf of 10000"; fi
"$G" gen --out i8.bin --dtype int8 --shape 2000 --seed 1 --range -3,3 >/dev/null
eq "int8 range covers both ends" "$(vals i8.bin d1 | tr ' ' '\n' | sort -n | uniq | tr '\n' ' ')" "-3 -2 -1 0 1 2 3 "

# The same random case run from .bin and from .npy gives the same bits.
"$G" gen --out rg.npy --out rx.npy --dtype fp16 --shape 64,33 --seed 11 --range -2,2 --nan-ratio 0.02 \
    --inf-ratio 0.02 >/dev/null
npy_data rg.npy >rg.bin
npy_data rx.npy >rx.bin
run "softshrink from npy" 0 "$G" softshrink-backward --grad rg.npy --self rx.npy --out ry.npy
run "softshrink from bin" 0 "$G" softshrink-backward --grad rg.bin --self rx.bin --out ry.bin --dtype fp16 \
    --shape 64,33
if npy_data ry.npy | cmp -s - ry.bin; then ok; else bad "npy and bin runs give the same bits"; fi
eq "npy output header" "$(npy_dict ry.npy)" "{'descr': '<f2', 'fortran_order': False, 'shape': (64, 33), }"
run "compare npy vs bin" 0 "$G" compare --method ratio --golden ry.npy --actual ry.bin
has "compare npy shape used for indices" "$OUT" "shape: [64, 33]"
has "compare counts matching NaN/inf" "$OUT" "matching NaN/inf pairs"

# Version 2.0 header, hand-made: the same result as version 1.0.
npy_data rg.npy >rg.raw
mknpy rg2.npy 2.0 "{'descr': '<f2', 'fortran_order': False, 'shape': (64, 33), }" rg.raw
run "npy version 2.0 input" 0 "$G" softshrink-backward --grad rg2.npy --self rx.npy --out ry2.npy
if cmp -s ry.npy ry2.npy; then ok; else bad "npy 2.0 input gives the same output"; fi
# Double-quoted keys and no trailing comma are valid Python too.
mknpy rg3.npy 1.0 '{"descr": "<f2", "fortran_order": False, "shape": (64, 33)}' rg.raw
run "npy with double quotes" 0 "$G" softshrink-backward --grad rg3.npy --self rx.npy --out ry3.npy
if cmp -s ry.npy ry3.npy; then ok; else bad "double-quoted header gives the same output"; fi

# bf16: written as '<u2', read back with --dtype bf16; 'bfloat16' and '|V2' descrs accepted.
run "gen bf16 npy" 0 "$G" gen --out b.npy --out bx.npy --dtype bf16 --shape 4,8 --seed 5 --range -2,2
has "bf16 npy descr" <(npy_dict b.npy) "'descr': '<u2'"
run "bf16 npy with --dtype bf16" 0 "$G" softshrink-backward --grad b.npy --self bx.npy --dtype bf16 --out by.npy
npy_data b.npy >b.raw
npy_data bx.npy >bx.raw
mknpy bv.npy 1.0 "{'descr': '|V2', 'fortran_order': False, 'shape': (4, 8), }" b.raw
mknpy bxm.npy 1.0 "{'descr': 'bfloat16', 'fortran_order': False, 'shape': (4, 8), }" bx.raw
run "bf16 from |V2 and bfloat16 descrs" 0 "$G" softshrink-backward --grad bv.npy --self bxm.npy --dtype bf16 \
    --out by2.npy
if cmp -s by.npy by2.npy; then ok; else bad "bf16 descrs give the same output"; fi
run "bfloat16 descr needs no --dtype" 0 "$G" softshrink-backward --grad bxm.npy --self bxm.npy --out by3.bin

# int8 .npy is '|i1'; rank 0 and empty shapes.
run "gen int8 npy" 0 "$G" gen --out r8.npy --dtype int8 --shape 8 --values -2,-1,0,1,2,3,-1,1
has "int8 descr" <(npy_dict r8.npy) "'descr': '|i1'"
"$G" gen --out o8.npy --dtype int8 --values 10,10,10,10,10,10,10,10 >/dev/null
run "selu int8 npy" 0 "$G" selu-backward --grad o8.npy --result r8.npy --out s8.npy
if npy_data s8.npy | cmp -s - s8.bin; then ok; else bad "int8 npy run equals the bin run"; fi
run "gen scalar" 0 "$G" gen --out sc.npy --dtype fp32 --shape scalar --values -1
eq "scalar header" "$(npy_dict sc.npy)" "{'descr': '<f4', 'fortran_order': False, 'shape': (), }"
run "selu scalar" 0 "$G" selu-backward --grad sc.npy --result sc.npy --out ss.npy
eq "selu scalar value: -1 * (-1 + 1.7581)" "$(npy_data ss.npy | od -An -tf4 | tr -d ' ')" "-0.7580993"
run "gen empty" 0 "$G" gen --out em.npy --dtype fp16 --shape 0,3 --seed 1
run "softshrink empty" 0 "$G" softshrink-backward --grad em.npy --self em.npy --out ey.npy
eq "empty header" "$(npy_dict ey.npy)" "{'descr': '<f2', 'fortran_order': False, 'shape': (0, 3), }"
eq "empty data" "$(npy_data ey.npy | wc -c)" "0"
run "compare empty" 0 "$G" compare --method ratio --golden ey.npy --actual ey.npy

echo "== refusals: exit 2, a message naming the file, nothing written"
head -c 30 g.bin >short.bin
cat g.bin g.bin >long.bin
refuse "raw too short" "short.bin" "30 bytes" "needs 32" "too short" -- \
    "$G" softshrink-backward --grad short.bin --self x.bin --out bad.bin --dtype fp32 --shape 4,2
refuse "raw too long" "long.bin" "64 bytes" "too long" -- \
    "$G" softshrink-backward --grad g.bin --self long.bin --out bad.bin --dtype fp32 --shape 4,2
refuse "raw wrong size for fp16" "g.bin" "32 bytes" "of fp16 needs 16" -- \
    "$G" selu-backward --grad g.bin --result g.bin --out bad.bin --dtype fp16 --shape 4,2
refuse "raw needs --shape" "g.bin" "needs --shape" -- \
    "$G" softshrink-backward --grad g.bin --self x.bin --out bad.bin --dtype fp32
refuse "raw needs --self-shape/--shape" "x.bin" "needs --shape" -- \
    "$G" softshrink-backward --grad a.npy --self x.bin --out bad.bin
refuse "raw needs --dtype" "g.bin" "needs --dtype" -- \
    "$G" softshrink-backward --grad g.bin --self x.bin --out bad.bin --shape 4,2
refuse "unknown dtype" "unknown dtype \"fp64\"" -- \
    "$G" softshrink-backward --grad g.bin --self x.bin --out bad.bin --dtype fp64 --shape 4,2
refuse "missing file" "nope.bin" "cannot open" -- \
    "$G" softshrink-backward --grad nope.bin --self x.bin --out bad.bin --dtype fp32 --shape 4,2
cp a.npy anpy.bin
refuse "npy named .bin" "anpy.bin" "name it *.npy" -- "$G" compare --method ratio --golden anpy.bin --actual a.bin --dtype fp16
printf 'NUMPY junk' >junk.npy
refuse "no magic" "junk.npy" "not a .npy file" -- "$G" compare --method ratio --golden junk.npy --actual a.bin --dtype fp16
mknpy v3.npy 3.0 "{'descr': '<f4', 'fortran_order': False, 'shape': (4, 2), }" g.bin
refuse "version 3.0" "v3.npy" "unsupported .npy format version 3.0" -- \
    "$G" selu-backward --grad v3.npy --result v3.npy --out bad.npy
mknpy trunc.npy 1.0 "{'descr': '<f4', 'fortran_order': False, 'shape': (4, 2), }" /dev/null 4000
refuse "truncated header" "trunc.npy" "truncated .npy header" -- \
    "$G" selu-backward --grad trunc.npy --result trunc.npy --out bad.npy
printf '\x93NUMPY\x01' >tiny.npy
refuse "file shorter than the prefix" "tiny.npy" "truncated" -- \
    "$G" selu-backward --grad tiny.npy --result tiny.npy --out bad.npy
mknpy nokey.npy 1.0 "{'descr': '<f4', 'shape': (4, 2), }" g.bin
refuse "missing key" "nokey.npy" "missing key 'fortran_order'" -- \
    "$G" selu-backward --grad nokey.npy --result nokey.npy --out bad.npy
mknpy dupkey.npy 1.0 "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (8,), }" g.bin
refuse "repeated key" "dupkey.npy" "repeated key 'descr'" -- \
    "$G" selu-backward --grad dupkey.npy --result dupkey.npy --out bad.npy
mknpy notuple.npy 1.0 "{'descr': '<f4', 'fortran_order': False, 'shape': (8), }" g.bin
refuse "shape (8) is not a tuple" "notuple.npy" "'shape' tuple is malformed" -- \
    "$G" selu-backward --grad notuple.npy --result notuple.npy --out bad.npy
mknpy badbool.npy 1.0 "{'descr': '<f4', 'fortran_order': 0, 'shape': (8,), }" g.bin
refuse "fortran_order not a bool" "badbool.npy" "'fortran_order' must be True or False" -- \
    "$G" selu-backward --grad badbool.npy --result badbool.npy --out bad.npy
mknpy nodict.npy 1.0 "descr <f4" g.bin
refuse "header not a dict" "nodict.npy" "expected a dict literal" -- \
    "$G" selu-backward --grad nodict.npy --result nodict.npy --out bad.npy
mknpy fort.npy 1.0 "{'descr': '<f4', 'fortran_order': True, 'shape': (4, 2), }" g.bin
refuse "fortran order" "fort.npy" "Fortran-order arrays are not supported" -- \
    "$G" selu-backward --grad fort.npy --result fort.npy --out bad.npy
mknpy obj.npy 1.0 "{'descr': '|O', 'fortran_order': False, 'shape': (4,), }" g.bin
refuse "object array" "obj.npy" "object arrays" -- "$G" selu-backward --grad obj.npy --result obj.npy --out bad.npy
mknpy f8.npy 1.0 "{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }" g.bin
run "float64 is read as fp32 with one rounding" 0 "$G" selu-backward --grad f8.npy --result f8.npy --out f8out.npy
rm -f f8out.npy
refuse "float64 to an integer dtype" "f8.npy" "converts only to fp32, fp16 or bf16, not int32" -- \
    "$G" selu-backward --grad f8.npy --result f8.npy --dtype int32 --out bad.npy
mknpy f8s.npy 1.0 "{'descr': '<f8', 'fortran_order': False, 'shape': (5,), }" g.bin
refuse "float64 truncated" "f8s.npy" "of float64 needs 40" "too short" -- \
    "$G" selu-backward --grad f8s.npy --result f8s.npy --out bad.npy
mknpy be.npy 1.0 "{'descr': '>f4', 'fortran_order': False, 'shape': (8,), }" g.bin
refuse "big-endian" "be.npy" "big-endian data (descr '>f4')" -- \
    "$G" selu-backward --grad be.npy --result be.npy --out bad.npy
mknpy rec.npy 1.0 "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (8,), }" g.bin
refuse "structured" "rec.npy" "structured arrays are not supported" -- \
    "$G" selu-backward --grad rec.npy --result rec.npy --out bad.npy
mknpy u2.npy 1.0 "{'descr': '<u2', 'fortran_order': False, 'shape': (16,), }" g.bin
refuse "u2 without --dtype bf16" "u2.npy" "pass --dtype bf16" -- \
    "$G" selu-backward --grad u2.npy --result u2.npy --out bad.npy
mknpy nshort.npy 1.0 "{'descr': '<f4', 'fortran_order': False, 'shape': (4, 2), }" short.bin
refuse "npy data too short" "nshort.npy" "data is 30 bytes" "shape [4, 2] of fp32 needs 32" "too short" -- \
    "$G" selu-backward --grad nshort.npy --result nshort.npy --out bad.npy
mknpy nlong.npy 1.0 "{'descr': '<f4', 'fortran_order': False, 'shape': (4, 2), }" long.bin
refuse "npy data too long" "nlong.npy" "too long" -- \
    "$G" selu-backward --grad nlong.npy --result nlong.npy --out bad.npy
refuse "npy shape differs from --shape" "a.npy" "header shape [3, 5] differs from the given shape [5, 3]" -- \
    "$G" selu-backward --grad a.npy --result a.npy --out bad.npy --shape 5,3
refuse "npy dtype differs from --dtype" "s.npy" "holds fp32 (descr '<f4') but --dtype says fp16" -- \
    "$G" selu-backward --grad s.npy --result s.npy --out bad.npy --dtype fp16
"$G" gen --out x3.bin --dtype fp32 --values 1,2,3 >/dev/null
refuse "shapes do not broadcast" "shapes [4, 2] and [3] do not broadcast" -- \
    "$G" softshrink-backward --grad g.bin --self x3.bin --out bad.bin --dtype fp32 --shape 4,2 --self-shape 3
refuse "negative lambda (library check)" "lambda must be >= 0, got -0.5" -- \
    "$G" softshrink-backward --grad g.bin --self x.bin --out bad.bin --dtype fp32 --shape 4,2 --lambda -0.5
refuse "selu shapes differ (library check)" "aclnnSeluBackward" -- \
    "$G" selu-backward --grad a.npy --result ry.npy --out bad.npy
refuse "selu out dtype differs (library check)" "aclnnSeluBackward" -- \
    "$G" selu-backward --grad s.npy --result s.npy --out bad.npy --out-dtype fp16
refuse "softshrink int8 (library check)" "aclnnSoftshrinkBackward" -- \
    "$G" softshrink-backward --grad r8.bin --self r8.bin --out bad.bin --dtype int8 --shape 8
refuse "output directory missing" "nodir/y.bin" "cannot create" -- \
    "$G" softshrink-backward --grad g.bin --self x.bin --out nodir/y.bin --dtype fp32 --shape 4,2
mkdir outdir
refuse "output is a directory" "outdir" "is a directory" -- \
    "$G" softshrink-backward --grad g.bin --self x.bin --out outdir --dtype fp32 --shape 4,2
cp y.bin keep.bin
refuse "failed run keeps the old output" "short.bin" -- \
    "$G" softshrink-backward --grad short.bin --self x.bin --out keep.bin --dtype fp32 --shape 4,2
if cmp -s y.bin keep.bin; then ok; else bad "existing output untouched"; fi
refuse "unknown option" "unknown option --lamda" -- \
    "$G" softshrink-backward --grad g.bin --self x.bin --out bad.bin --lamda 1
refuse "option needs a value" "option --out needs a value" -- "$G" selu-backward --grad g.bin --out
refuse "option twice" "option --shape given more than once" -- \
    "$G" selu-backward --grad g.bin --result g.bin --out bad.bin --shape 8 --shape 8
refuse "missing required option" "option --result is required" -- "$G" selu-backward --grad g.bin --out bad.bin
refuse "bad shape" "--shape: bad shape \"4,-2\"" -- \
    "$G" selu-backward --grad g.bin --result g.bin --out bad.bin --dtype fp32 --shape 4,-2
refuse "unknown command" "unknown command \"softshrinkk\"" -- "$G" softshrinkk
refuse "gen bad range" "--range: need finite LO <= HI" -- "$G" gen --out bad.bin --dtype fp32 --shape 4 --range 2,1
refuse "gen int8 out of range" "[-128, 127]" -- "$G" gen --out bad.bin --dtype int8 --shape 4 --range 0,300
refuse "gen int NaN" "int8 has no NaN or inf" -- "$G" gen --out bad.bin --dtype int8 --shape 4 --nan-ratio 0.1
refuse "gen ratios over 1" "must be <= 1" -- "$G" gen --out bad.bin --dtype fp32 --shape 4 --nan-ratio 0.6 --inf-ratio 0.6
refuse "gen values count" "3 values, but the shape holds 4 elements" -- \
    "$G" gen --out bad.bin --dtype fp32 --shape 4 --values 1,2,3
refuse "gen values not int8" "\"1.5\" is not an int8 value" -- "$G" gen --out bad.bin --dtype int8 --values 1,1.5
refuse "gen values with seed" "--values cannot be combined" -- "$G" gen --out bad.bin --dtype fp32 --values 1 --seed 2
refuse "gen second output fails: none written" "nodir/b.bin" "cannot create" -- \
    "$G" gen --out good.bin --out nodir/b.bin --dtype fp32 --shape 4
refuse "compare counts differ" "golden has 8 elements, actual has 15" -- \
    "$G" compare --method ratio --golden g.bin --actual a.npy --golden-dtype fp32
"$G" gen --out sh1.npy --dtype fp32 --shape 4,2 --seed 1 >/dev/null
"$G" gen --out sh2.npy --dtype fp32 --shape 8 --seed 1 >/dev/null
refuse "compare npy shapes differ" "shapes differ: golden sh1.npy is [4, 2], actual sh2.npy is [8]" -- \
    "$G" compare --method ratio --golden sh1.npy --actual sh2.npy
refuse "compare raw needs a dtype" "needs --dtype" -- "$G" compare --method ratio --golden g.bin --actual x.bin
refuse "compare bad rtol" "--rtol must be a finite number >= 0" -- \
    "$G" compare --method ratio --golden g.bin --actual x.bin --dtype fp32 --rtol -1
refuse "tiling unknown soc" "--soc: opsnn_platform_get: soc must be cpu or one of" "got \"Ascend310\"" -- \
    "$G" tiling softshrink --soc Ascend310 --shape 4 --dtype fp32 --bin bad.bin
refuse "tiling soc without the kernel" "got Ascend910" -- \
    "$G" tiling softshrink --soc Ascend910 --shape 4 --dtype fp32 --bin bad.bin
refuse "tiling int8 softshrink" "same dtype, FLOAT, FLOAT16 or BF16" -- \
    "$G" tiling softshrink --soc Ascend950 --shape 4 --dtype int8 --bin bad.bin
refuse "tiling rank 9 softshrink" "rank <= 8" -- \
    "$G" tiling softshrink --soc Ascend950 --shape 1,1,1,1,1,1,1,1,1 --dtype fp32 --bin bad.bin
refuse "tiling negative lambda" "lambd must be >= 0" -- \
    "$G" tiling softshrink --soc Ascend910B --shape 4 --dtype fp32 --lambda -1 --bin bad.bin
refuse "tiling ub below the reserve (UT invalid_ub_size)" "no single-buffered UB pass fits" -- \
    "$G" tiling softshrink --soc Ascend910B --ub-size 8192 --shape 65 --dtype fp16 --bin bad.bin
refuse "tiling zero cores" "--core-num" -- \
    "$G" tiling softshrink --soc Ascend910B --core-num 0 --shape 65 --dtype fp16 --bin bad.bin
refuse "tiling unknown op" "unknown operator \"relu\"" -- "$G" tiling relu --soc cpu --shape 4 --dtype fp32
eq "no temporary files left" "$(ls -A | grep -c 'tmp-' || true)" "0"

echo "== compare verdicts at and just past each threshold"
# cmp_case NAME RC DTYPE GOLDEN ACTUAL [compare options...]
cmp_case() {
    local name=$1 want=$2 dt=$3 gv=$4 av=$5
    shift 5
    "$G" gen --out cg.bin --dtype "$dt" --values "$gv" >/dev/null &&
        "$G" gen --out ca.bin --dtype "$dt" --values "$av" >/dev/null
    run "$name" "$want" "$G" compare --method ratio --golden cg.bin --actual ca.bin --dtype "$dt" "$@"
}
# Exact thresholds (powers of two): |a - g| == atol passes, one ulp more fails.
cmp_case "atol: at the limit passes" 0 fp32 1 1.25 --rtol 0 --atol 0.25 --ratio 0
cmp_case "atol: one ulp past fails" 1 fp32 1 1.2500001 --rtol 0 --atol 0.25 --ratio 0
cmp_case "rtol: at the limit passes" 0 fp32 4 5 --rtol 0.25 --atol 0 --ratio 0
cmp_case "rtol: one ulp past fails" 1 fp32 4 5.0000005 --rtol 0.25 --atol 0 --ratio 0
cmp_case "rtol scales with |golden|" 0 fp32 -4 -5 --rtol 0.25 --atol 0 --ratio 0
# Defaults: the nearest values either side of atol + rtol*|golden|.
cmp_case "fp32 default: 1 vs 1.0001999 passes" 0 fp32 1 1.000199914
cmp_case "fp32 default: 1 vs 1.0002000 fails" 1 fp32 1 1.000200033
has "fp32 defaults shown" "$OUT" "rtol 0.0001, atol 0.0001, error ratio 0.0001 (dtype defaults)"
cmp_case "fp16 default: 0 vs 0.00099945 passes" 0 fp16 0 0.00099945068
cmp_case "fp16 default: 0 vs 0.0010004 fails" 1 fp16 0 0.00100040436
cmp_case "bf16 default: 1 vs 1.0078125 passes" 0 bf16 1 1.0078125
cmp_case "bf16 default: 1 vs 1.015625 fails" 1 bf16 1 1.015625
cmp_case "int8 default is exact" 1 int8 1 2
cmp_case "int8 with --atol 1" 0 int8 1 2 --atol 1
# Error ratio: errors/elements == ratio passes, one more error fails.
zeros() { local n=$1 s; s=$(printf '0,%.0s' $(seq 1 $((n - 1)))); echo "${s}0"; }
Z1000=$(zeros 1000)
cmp_case "fp16 ratio 1/1000 passes" 0 fp16 "$Z1000" "1,${Z1000#0,}"
has "ratio line" "$OUT" "PASS: error ratio 0.001 <= 0.001"
cmp_case "fp16 ratio 2/1000 fails" 1 fp16 "$Z1000" "1,1,${Z1000#0,0,}"
has "ratio line" "$OUT" "FAIL: error ratio 0.002 > 0.001"
Z10000=$(zeros 10000)
cmp_case "fp32 ratio 1/10000 passes" 0 fp32 "$Z10000" "1,${Z10000#0,}"
cmp_case "fp32 ratio 2/10000 fails" 1 fp32 "$Z10000" "1,1,${Z10000#0,0,}"
cmp_case "--ratio override" 0 fp32 "$Z1000" "1,1,${Z1000#0,0,}" --ratio 0.002
# NaN matches NaN; inf matches inf of the same sign; nothing else matches them.
cmp_case "NaN and inf pairs match" 0 fp32 "nan,inf,-inf,1" "nan,inf,-inf,1" --ratio 0
has "special pairs counted" "$OUT" "3 matching NaN/inf pairs"
cmp_case "golden NaN vs number" 1 fp32 "nan,1" "0,1" --ratio 0
cmp_case "number vs actual NaN" 1 fp32 "1,1" "nan,1" --ratio 0
cmp_case "inf vs -inf" 1 fp32 "inf,1" "-inf,1" --ratio 0
cmp_case "inf vs the largest float" 1 fp32 "inf" "3.4028235e38" --ratio 0
has "mismatch line with inf" "$OUT" "golden inf, actual 3.40282347e+38"
# Report: statistics, the first 10 mismatches with multi-dimensional indices.
"$G" gen --out cg.bin --dtype fp32 --shape 3,4 --values 1,1,1,1,1,1,1,1,1,1,1,1 >/dev/null
"$G" gen --out ca.bin --dtype fp32 --shape 3,4 --values 2,2,2,2,2,3,2,2,2,2,2,2 >/dev/null
run "report" 1 "$G" compare --method ratio --golden cg.bin --actual ca.bin --dtype fp32 --shape 3,4
for f in "max abs error: 2 at [1, 1]" "mean abs error: 1.08333333" "max rel error: 2 at [1, 1]" \
    "mean rel error: 1.08333333" "errors: 12 of 12 (error ratio 1)" "first 10 mismatches:" \
    "[1, 1] (flat 5): golden 1, actual 3, abs err 2, allowed 0.0002, rel err 2" \
    "[2, 1] (flat 9): golden 1, actual 2" "FAIL: error ratio 1 > 0.0001"; do
    has "report" "$OUT" "$f"
done
eq "report lists exactly 10 mismatches" "$(grep -c '(flat' "$OUT")" "10"
if grep -qF "(flat 10)" "$OUT"; then bad "the 11th mismatch is not listed"; else ok; fi
run "--show 3" 1 "$G" compare --method ratio --golden cg.bin --actual ca.bin --dtype fp32 --shape 3,4 --show 3
eq "--show 3 lists 3" "$(grep -c '(flat' "$OUT")" "3"
run "flat indices without a shape" 1 "$G" compare --method ratio --golden cg.bin --actual ca.bin --dtype fp32
has "flat index" "$OUT" "[5] (flat 5)"
# A float32 golden against a float16 result, with fp16 thresholds.
"$G" gen --out g32.bin --dtype fp32 --values 1,2,3.0001 >/dev/null
"$G" gen --out a16.bin --dtype fp16 --values 1,2,3 >/dev/null
run "fp32 golden vs fp16 actual" 0 "$G" compare --method ratio --golden g32.bin --golden-dtype fp32 --actual a16.bin --dtype fp16
has "fp16 thresholds from the actual" "$OUT" "rtol 0.001, atol 0.001, error ratio 0.001"

echo "== reliability: outputs all or none, special files, bounded reads, ranges"
# All outputs of one command are validated before any is committed.
echo precious >keep.npy
refuse "an empty second --out" "an output path must not be empty" -- \
    "$G" gen --out keep.npy --out "" --dtype fp32 --shape 2
eq "the first --out kept its contents" "$(cat keep.npy)" "precious"
mkdir outdir
refuse "a directory as the second --out" "outdir: is a directory" -- \
    "$G" gen --out keep.npy --out outdir --dtype fp32 --shape 2
eq "the first --out still kept its contents" "$(cat keep.npy)" "precious"
rmdir outdir
rm -f keep.npy
# At most 16 --out; 17 are refused (they overflowed a 16-entry array).
outs=()
for i in $(seq 17); do outs+=(--out "many$i.bin"); done
refuse "17 --out" "at most 16 --out files" -- "$G" gen "${outs[@]}" --dtype fp32 --shape 2
run "16 --out" 0 "$G" gen "${outs[@]:0:32}" --dtype fp32 --shape 2 --seed 1
eq "16 files written" "$(ls many*.bin | wc -l)" "16"
rm -f many*.bin
# "-" is stdout (the report goes to stderr then).
run "--out -" 0 "$G" gen --out - --dtype fp32 --values 1,2
eq "--out - wrote the data to stdout" "$(vals "$OUT" f4)" "1 2"
has "--out - reports on stderr" "$ERR" "gen: wrote - (fp32"
run "--out /dev/stdout" 0 "$G" gen --out /dev/stdout --dtype int8 --values 5,6
eq "--out /dev/stdout wrote the data" "$(vals "$OUT" d1)" "5 6"
# A FIFO is written through, not replaced by a regular file.
mkfifo fifo.bin
timeout 20 cat fifo.bin >fifo_got.bin &
reader=$!
run "--out FIFO" 0 timeout 20 "$G" gen --out fifo.bin --dtype fp32 --values 3,4
wait "$reader"
if [ -p fifo.bin ]; then ok; else bad "fifo.bin is no longer a FIFO"; fi
eq "the FIFO's reader got the data" "$(vals fifo_got.bin f4)" "3 4"
rm -f fifo.bin fifo_got.bin
# A character device (a private copy of /dev/null, root only) stays one.
if mknod null.dev c 1 3 2>/dev/null; then
    run "--out char device" 0 "$G" gen --out null.dev --dtype fp32 --values 1
    if [ -c null.dev ]; then ok; else bad "null.dev is no longer a character device"; fi
    rm -f null.dev
fi
# A symlink keeps being a link; its target gets the data.
"$G" gen --out real.bin --dtype fp32 --values 0 >/dev/null
ln -s real.bin link.bin
run "--out symlink" 0 "$G" gen --out link.bin --dtype fp32 --values 7,8
if [ -L link.bin ]; then ok; else bad "link.bin is no longer a symlink"; fi
eq "the link's target holds the data" "$(vals real.bin f4)" "7 8"
rm -f link.bin real.bin
ln -s nowhere/x.bin dangling.bin
refuse "--out dangling symlink" "symbolic link to nothing" -- "$G" gen --out dangling.bin --dtype fp32 --values 1
rm -f dangling.bin
# Reads are bounded by the size the shape or header says.
run "never-ending input with --shape" 2 timeout 20 "$G" softshrink-backward --grad /dev/zero --self x.bin \
    --out bad.bin --dtype fp32 --shape 4,2
has "never-ending input" "$ERR" "/dev/zero: holds more than the 32 bytes shape [4, 2] of fp32 needs"
run "never-ending input without --shape" 2 timeout 20 "$G" compare --golden /dev/zero --actual g.bin --dtype fp32
has "a device needs a shape" "$ERR" "/dev/zero: is not a regular file"
truncate -s 1G huge.bin
refuse "1 GiB file with --shape 4,2" "huge.bin: data is 1073741824 bytes" "too long" -- \
    timeout 20 "$G" softshrink-backward --grad huge.bin --self x.bin --out bad.bin --dtype fp32 --shape 4,2
rm -f huge.bin
{ printf '\x93NUMPY\x02\x00\xff\xff\xff\x7f'; } >hugehdr.npy
refuse "huge .npy header length" "hugehdr.npy: .npy header of 2147483647 bytes is too long" -- \
    "$G" selu-backward --grad hugehdr.npy --result hugehdr.npy --out bad.npy
rm -f hugehdr.npy
run "input from a pipe with --shape" 0 "$G" compare --golden <(cat g.bin) --actual g.bin --dtype fp32 --shape 4,2
# Integer dtypes: the default range is -1..1 within the dtype (uint8: 0..1).
run "uint8 default range" 0 "$G" gen --out u8.bin --dtype uint8 --shape 256 --seed 3
eq "uint8 values lie in 0..1" "$(vals u8.bin u1 | tr ' ' '\n' | sort -u | tr '\n' ' ')" "0 1 "
rm -f u8.bin
refuse "uint8 range below 0" "must hold an integer and lie in the uint8 range [0, 255]" -- \
    "$G" gen --out u8.bin --dtype uint8 --shape 4 --range -1,1

run "help" 0 "$G" --help
has "help lists compare" "$OUT" "compare --golden FILE --actual FILE"
run "version" 0 "$G" version
has "version" "$OUT" "opsnn-golden 0.1.0"
has "version names the default configuration" "$OUT" \
    "SoC Ascend950, operator package builtin, kernel generation arch35"
run "version --soc --opp" 0 "$G" version --soc ascend910b3 --opp=OPS-NN
has "version names the chosen configuration" "$OUT" \
    "SoC Ascend910B3, operator package ops-nn, kernel generation experimental"
OPSNN_SOC=Ascend910_93 run "version from the environment" 0 "$G" version
has "version from OPSNN_SOC" "$OUT" "SoC Ascend910_93, operator package builtin, kernel generation tbe"
refuse "unknown OPSNN_SOC" "OPSNN_SOC=Ascend999 is not a known SoC" -- env OPSNN_SOC=Ascend999 "$G" version
refuse "unknown OPSNN_OPP" "OPSNN_OPP=tbe is not a known operator package" -- env OPSNN_OPP=tbe "$G" version
refuse "unknown --soc" "--soc: opsnn_set_soc: name must be one of" "got \"Ascend999\"" -- \
    "$G" selu-backward --soc Ascend999 --grad o32.bin --result r32.bin --out sx.bin --dtype int32 --shape 2
refuse "unknown --opp" "--opp: opsnn_set_opp: name must be builtin or ops-nn" -- \
    "$G" selu-backward --opp tbe --grad o32.bin --result r32.bin --out sx.bin --dtype int32 --shape 2
refuse "--opp without a value" "--opp needs a value" -- "$G" version --opp

# The generations differ in their bits (int32 5000 x 1.0507: 5253.5049): the
# arch35 kernel rounds through fp16 (5252), the experimental one through
# float32 with CAST_RINT (5254), the TBE one truncates (5253).
"$G" gen --out g5.bin --dtype int32 --values 5000 >/dev/null
"$G" gen --out r5.bin --dtype int32 --values 1 >/dev/null
for cfg in "Ascend950 builtin 5252" "Ascend910B ops-nn 5254" "Ascend910B builtin 5253"; do
    set -- $cfg
    run "selu int32 on $1 $2" 0 "$G" selu-backward --soc "$1" --opp "$2" --grad g5.bin --result r5.bin \
        --out s5.bin --dtype int32 --shape 1
    eq "selu int32 on $1 $2" "$(vals s5.bin d4)" "$3"
done
OPSNN_SOC=Ascend910B OPSNN_OPP=ops-nn run "selu int32 from the environment" 0 "$G" selu-backward \
    --grad g5.bin --result r5.bin --out s5.bin --dtype int32 --shape 1
eq "selu int32 from the environment" "$(vals s5.bin d4)" "5254"
rm -f g5.bin r5.bin s5.bin

echo "== every operator of the library is a sub-command (from opsnn-golden ops)"
"$G" gen --out op_in.bin --dtype fp32 --values 1.5,-0.25,0,-3 >/dev/null
nops=0
for cmd in $("$G" ops | awk '{print $3}'); do
    nops=$((nops + 1))
    # its required FILE options from its synopsis: the inputs get op_in.bin, --out the output
    args=()
    for o in $("$G" help "$cmd" | sed -n '1,3p' | grep -o -- '--[A-Za-z0-9-]* FILE' | awk '{print $1}'); do
        if [ "$o" = --out ]; then args+=("$o" "op_$cmd.bin"); else args+=("$o" op_in.bin); fi
    done
    run "$cmd runs on fp32" 0 "$G" "$cmd" "${args[@]}" --dtype fp32 --shape 4
    has "$cmd says what it wrote" "$OUT" "$cmd: wrote op_$cmd.bin (fp32, shape [4])"
    refuse "$cmd: unknown option" "opsnn-golden $cmd: unknown option --no-such" -- \
        "$G" "$cmd" "${args[@]}" --no-such 1
    rm -f "op_$cmd.bin"
done
[ "$nops" -ge 2 ] && ok || bad "opsnn-golden ops lists $nops operators"
"$G" softshrink-backward --grad op_in.bin --self op_in.bin --out op_ref.bin --dtype fp32 --shape 4 >/dev/null
eq "softshrink-backward default lambda (the library's 0.5)" "$(vals op_ref.bin f4)" "1.5 0 0 -3"
rm -f op_in.bin op_ref.bin

echo "golden_cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
