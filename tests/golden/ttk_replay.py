#!/usr/bin/env python3
"""Trees prepared by `opsnn-golden run --prepare` replayed the way TTK's own
code replays them, emulated from what that code does (hicann/ops-test-kit,
not installed here):

- ttk/core_modules/manual_data.py: ManualDataStore._find_case (one directory
  per case_directory_name), _scan_case (regular files only, names matching
  _DATA_FILE_NAME, a shape suffix on bin goldens only), _ordered_files
  (indexes contiguous from 0, counts as the CSV says), load_case (all tensors
  of the signature, or the compact form without pure outputs), _input_specs /
  _physical_array_spec / _saved_array_shape (storage shape, rank 0 as (1,)),
  _load_array / _load_npy (bin byte size, npy shape and dtype, custom dtypes
  as void), ManualDataCase.load_goldens (expected shape () for a rank-0
  golden, storage (1,));
- testcase_manager/testcase_tensor_api_base.py flat_storage_shape (the view
  shape when the CSV gives none), testcase_aclnn.py AclnnParamPlan.build_args
  and npu/op_api/golden_generation.py _call_custom_golden (the plugin called
  with the C signature's operands positionally), the CSV cells read as Python
  literals with the attribute of the scalar's C name as its value
  (attributes['lambda'], attributes['lambd']); the plugin's function looked
  up through its __golden__ table, as TTK's loader does.

Each case is loaded, its golden recomputed by the plugin from the loaded
inputs (as TTK recomputes a golden on replay when asked) and compared bit for
bit with the stored one: the tree holds the right data, not only the right
names. usage: ttk_replay.py OPSNN_GOLDEN SOURCE_DIR"""
import ast
import csv
import importlib.util
import math
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

G, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
HERE = os.path.join(SRC, "tests", "golden")
sys.path.insert(0, HERE)
# TTK's naming rules, written once for both checkers (TestcaseManager's names,
# manual_data.case_directory_name)
from validate_prepare import dirname as case_directory_name, ttk_names  # noqa: E402
spec = importlib.util.spec_from_file_location("golden", os.path.join(SRC, "python", "opsnn", "golden.py"))
plugin = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plugin)

DATA_FILE_NAME = re.compile(r"^(input|scalar|golden)_(0|[1-9][0-9]*)_([A-Za-z0-9][A-Za-z0-9_.-]*?)"
                            r"(?:__shape_(scalar|[0-9]+(?:x[0-9]+)*))?\.(bin|pt|npy)$")
NP = {"float32": np.float32, "float16": np.float16, "bfloat16": np.uint16, "int8": np.int8, "int32": np.int32,
      "uint8": np.uint8}
fails = 0


class ReplayError(Exception):
    pass


def check(name, cond):
    global fails
    print(("ok: " if cond else "FAIL: ") + name)
    fails += not cond


def saved_shape(shape):
    return tuple(shape) if tuple(shape) else (1,)


def scan_case(case_dir):
    if not os.path.isdir(case_dir) or os.path.islink(case_dir):
        raise ReplayError("prepared testcase %s was not found" % case_dir)
    entries = {}
    for f in sorted(os.listdir(case_dir)):
        p = os.path.join(case_dir, f)
        if os.path.islink(p) or not os.path.isfile(p):
            raise ReplayError("non-regular file %s" % p)
        m = DATA_FILE_NAME.fullmatch(f)
        if m is None:
            raise ReplayError("unexpected file %s" % f)
        role, idx, dtype, token, fmt = m.groups()
        if role == "golden" and fmt == "bin" and token is None:
            raise ReplayError("bin golden without a shape suffix: %s" % f)
        if token is not None and not (role == "golden" and fmt == "bin"):
            raise ReplayError("shape suffix on %s" % f)
        shape = None if token is None else () if token == "scalar" else tuple(int(d) for d in token.split("x"))
        entries[(role, int(idx))] = (dtype, fmt, p, shape)
    return entries


def ordered(entries, role, count=None):
    files = [entries[k] for k in sorted(k for k in entries if k[0] == role)]
    if [k[1] for k in sorted(k for k in entries if k[0] == role)] != list(range(len(files))):
        raise ReplayError("%s indexes not contiguous" % role)
    if count is not None and len(files) != count:
        raise ReplayError("%s slot count %d != CSV %d" % (role, len(files), count))
    return files


def load_array(entry, dtype, shape):
    fdtype, fmt, path, _ = entry
    if fdtype != dtype:
        raise ReplayError("%s: filename dtype %s != CSV %s" % (path, fdtype, dtype))
    if fmt == "bin":
        want = math.prod(shape) * np.dtype(NP[dtype]).itemsize
        if os.path.getsize(path) != want:
            raise ReplayError("%s byte size %d != expected %d" % (path, os.path.getsize(path), want))
        return np.fromfile(path, dtype=NP[dtype]).reshape(shape)
    a = np.load(path, allow_pickle=False)
    if tuple(a.shape) != tuple(shape):
        raise ReplayError("%s stored shape %s != expected %s" % (path, a.shape, tuple(shape)))
    if dtype == "bfloat16":
        if a.dtype.kind != "V" or a.dtype.itemsize != 2:
            raise ReplayError("%s: bfloat16 stored as %s" % (path, a.dtype))
        return a.view(np.uint16)
    if a.dtype.name != dtype:
        raise ReplayError("%s stored dtype %s != %s" % (path, a.dtype.name, dtype))
    return a


def load_golden(entry, dtype, view):
    storage = saved_shape(view)
    expected = () if not tuple(view) and math.prod(storage) == 1 else storage
    if entry[3] is not None and tuple(entry[3]) != tuple(expected):
        raise ReplayError("golden saved shape %s != device output shape %s" % (entry[3], expected))
    return load_array(entry, dtype, storage)


def view_of(storage, shape, strides, offset):
    flat = storage.reshape(-1)
    if strides is None:
        return flat[offset:offset + math.prod(shape)].reshape(shape)
    item = flat.dtype.itemsize
    return np.lib.stride_tricks.as_strided(flat[offset:], shape=tuple(shape),
                                           strides=tuple(s * item for s in strides))


def lit(row, col, default=None):
    v = (row.get(col) or "").strip()
    return eval(v, {"__builtins__": {}}, {"float": float}) if v else default  # noqa: S307 (TTK evals cells)


def per(v, k):
    return v[0] if len(v) == 1 else v[k]


# The aclnn signatures with a scalar, and the attributes key TTK reads its
# value from (the C parameter's name); the kernels whose two inputs broadcast.
SCALAR_KEY = {"aclnnSoftshrinkBackward": "lambda", "aclnnHardshrinkBackward": "lambd"}
BROADCAST_KERNELS = ("soft_shrink_grad", "hard_shrink_grad")


def plugin_golden(kind, op):
    """The plugin's golden for op as TTK finds it: through __golden__."""
    return getattr(plugin, plugin.__golden__[kind][op])


def replay_aclnn(tree, row):
    """One row of a TTK aclnn table: load, recompute, compare."""
    name, api = row["testcase_name"], row["api_name"]
    views, dts = lit(row, "tensor_view_shapes"), lit(row, "tensor_dtypes")
    stor = lit(row, "tensor_storage_shapes", ()) or ()
    strides = lit(row, "tensor_view_strides", ()) or ()
    offsets = lit(row, "tensor_view_offsets", ()) or ()
    specs = []
    for k in range(3):
        s = stor[k] if k < len(stor) and stor[k] is not None else views[k]  # flat_storage_shape
        specs.append((per(dts, k), saved_shape(s)))
    entries = scan_case(os.path.join(tree, case_directory_name(name)))
    inputs = ordered(entries, "input")
    if len(inputs) not in (3, 2):
        raise ReplayError("input slot count %d" % len(inputs))
    arrays = [load_array(e, d, s) for e, (d, s) in zip(inputs, specs)]
    if len(arrays) == 2:  # compact form: TTK makes fresh storage for the pure output
        arrays.append(np.ones(specs[2][1], NP[specs[2][0]]))
    tensors = [view_of(arrays[k], views[k], strides[k] if k < len(strides) else None,
                       (offsets[k] or 0) if k < len(offsets) else 0) for k in range(3)]
    scalars = []
    if api in SCALAR_KEY:
        sd = per(lit(row, "scalar_dtypes", ("float32",)), 0)
        (sc,) = ordered(entries, "scalar", 1)
        scalars = [load_array(sc, sd, (1,))]
        key = SCALAR_KEY[api]
        want = lit(row, "attributes", {}).get(key)
        if want is None or float(scalars[0][0]) != np.asarray(want, NP[sd]).item():
            raise ReplayError("scalar file %r != attributes[%r] %r" % (scalars[0][0], key, want))
    (gold,) = ordered(entries, "golden", 1)
    golden = load_golden(gold, per(dts, 2), views[2])
    # build_args: tensors and scalars positionally in C order; the scalar a 0-d value
    args = tensors[:2] + [scalars[0].reshape(())] + tensors[2:] if scalars else tensors
    got = plugin_golden("aclnn", api)(*args, short_soc_version="Ascend910B", testcase_name=name, use_torch=False)[0]
    return np.ascontiguousarray(got).reshape(-1).view(np.uint8).tobytes() == golden.reshape(-1).view(np.uint8).tobytes()


def replay_kernel(tree, row, name):
    shapes, dts = lit(row, "input_shapes"), lit(row, "input_dtypes")
    odt = per(lit(row, "output_dtypes", (per(dts, 0),)), 0)
    entries = scan_case(os.path.join(tree, case_directory_name(name)))
    ins = ordered(entries, "input", 2)
    arrays = [load_array(e, per(dts, k), saved_shape(shapes[k])).reshape(shapes[k]) for k, e in enumerate(ins)]
    ordered(entries, "scalar", 0)
    (gold,) = ordered(entries, "golden", 1)
    fn = plugin_golden("kernel", row["op_name"])
    if row["op_name"] in BROADCAST_KERNELS:
        lam = lit(row, "attributes", {}).get("lambd", 0.5)
        out_shape = np.broadcast_shapes(tuple(shapes[0]), tuple(shapes[1]))
        got = fn(arrays[0], arrays[1], lambd=lam, output_dtypes=(odt,))
    else:
        out_shape = tuple(shapes[0])
        got = fn(arrays[0], arrays[1], output_dtypes=(odt,))
    golden = load_golden(gold, odt, out_shape)
    return np.ascontiguousarray(got).reshape(-1).view(np.uint8).tobytes() == golden.reshape(-1).view(np.uint8).tobytes()


CRAFTED = '''api_name,tensor_view_shapes,tensor_dtypes,tensor_storage_shapes,tensor_view_offsets,tensor_view_strides,attributes,scalar_dtypes
aclnnSoftshrinkBackward,"((), (), ())","('float32',)",,,,{'lambda': 0.5},"('float32',)"
aclnnSoftshrinkBackward,"((3, 4), (3, 4), (3, 4))","('float16',)","((4, 6), None, None)","(5, 0, 0)","((6, 1), None, None)",{'lambda': 0.25},"('float16',)"
aclnnSeluBackward,"((3, 4), (3, 4), (3, 4))","('bfloat16',)",,,"((1, 3), None, None)",{},
aclnnSeluBackward,"((2, 2), (2, 2), (2, 2))","('float32',)",,,,{},
'''
CRAFTED_DUP = '''testcase_name,api_name,tensor_view_shapes,tensor_dtypes,attributes,scalar_dtypes
same,aclnnSeluBackward,"((2,), (2,), (2,))","('float32',)",{},
same,aclnnSeluBackward,"((3,), (3,), (3,))","('float16',)",{},
same,aclnnSoftshrinkBackward,"((4,), (4,), (4,))","('float32',)",{'lambd': 0.75},"('float32',)"
'''


def main():
    with tempfile.TemporaryDirectory() as w:
        open(os.path.join(w, "crafted.csv"), "w").write(CRAFTED)
        open(os.path.join(w, "dup.csv"), "w").write(CRAFTED_DUP)
        sources = [os.path.join(HERE, f) for f in ("ttk_aclnn_softshrink_backward.csv", "ttk_aclnn_selu_backward.csv",
                                                   "ttk_aclnn_hardshrink_backward.csv",
                                                   "atk_softshrink_backward_small.json",
                                                   "atk_selu_backward_small.json",
                                                   "atk_hardshrink_backward_small.json")]
        sources += [os.path.join(w, "crafted.csv"), os.path.join(w, "dup.csv")]
        for src in sources:
            for fmt in ("bin", "npy"):
                tree, table = os.path.join(w, "t_" + fmt), os.path.join(w, "table.csv")
                subprocess.run(["rm", "-rf", tree], check=True)
                r = subprocess.run([G, "run", src, "--prepare", tree, "--format", fmt, "--seed", "3",
                                    "--max-numel", "1000000", "--emit-ttk-csv", table, "--quiet"],
                                   capture_output=True, text=True)
                label = "%s (%s)" % (os.path.basename(src), fmt)
                if r.returncode not in (0, 2):
                    check(label + ": prepared", False)
                    print(r.stdout, r.stderr)
                    continue
                rows = list(csv.DictReader(open(table, newline="")))
                check(label + ": the emitted table names %d cases" % len(rows), len(rows) > 0)
                if os.path.basename(src).endswith(".csv") and "api_name" in open(src).readline():
                    want = [n for n in ttk_names(list(csv.DictReader(open(src, newline=""))), "api_name")]
                    got = [row["testcase_name"] for row in rows]
                    check(label + ": names as TTK's TestcaseManager gives them", set(got) <= set(want))
                for row in rows:
                    try:
                        same = replay_aclnn(tree, row)
                        check("%s: %s loads and its golden is the plugin's" % (label, row["testcase_name"]), same)
                    except ReplayError as exc:
                        check("%s: %s: %s" % (label, row["testcase_name"], exc), False)
        for f in ("ttk_kernel_soft_shrink_grad.csv", "ttk_kernel_selu_grad.csv", "ttk_kernel_hard_shrink_grad.csv"):
            src = os.path.join(HERE, f)
            rows = list(csv.DictReader(open(src, newline="")))
            for fmt in ("bin", "npy"):
                tree = os.path.join(w, "k_" + fmt)
                subprocess.run(["rm", "-rf", tree], check=True)
                subprocess.run([G, "run", src, "--prepare", tree, "--format", fmt, "--seed", "3", "--quiet",
                                "--max-numel", "1000000"], capture_output=True, check=False)
                for row, name in zip(rows, ttk_names(rows, "op_name")):
                    if str(row.get("is_enabled", "")).strip() == "False":
                        continue
                    try:
                        check("%s (%s): %s loads and its golden is the plugin's" % (f, fmt, name),
                              replay_kernel(tree, row, name))
                    except ReplayError as exc:
                        check("%s (%s): %s: %s" % (f, fmt, name, exc), False)
    print("%d failures" % fails)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
