#!/usr/bin/env python3
"""Check an `opsnn-golden run --prepare DIR` tree against TTK's manual-data
protocol (hicann/ops-test-kit docs/Manual_Data_Prepare_and_Replay.md), written
from that document and independent of the C code: the case file is parsed
again here (csv + ast.literal_eval, json), and for every case the directory
name, the file names, dtypes, byte sizes, .npy headers and golden shape
suffixes are derived and compared; stray files, subdirectories, links and
left-over hidden temporary directories fail the check.

usage: validate_prepare.py CASES DIR {bin|npy} [--max-numel N] [--absent NAME ...]
Standard library only. Exit 0 when the tree is exactly right."""
import ast
import csv
import hashlib
import io
import json
import math
import os
import re
import struct
import sys

ITEMSIZE = {"float32": 4, "float16": 2, "bfloat16": 2, "int8": 1, "int32": 4, "uint8": 1}
ALIAS = {"fp32": "float32", "float": "float32", "fp16": "float16", "half": "float16", "bf16": "bfloat16"}
NPY_DESCR = {"float32": "<f4", "float16": "<f2", "bfloat16": "|V2", "int8": "|i1", "int32": "<i4", "uint8": "|u1"}
# Manual_Data_Prepare_and_Replay.md section 4: <role>_<index>_<dtype>[__shape_<token>].<ext>
NAME_RE = re.compile(r"^(input|scalar|golden)_(0|[1-9][0-9]*)_([A-Za-z0-9][A-Za-z0-9_.-]*?)"
                     r"(?:__shape_(scalar|[0-9]+(?:x[0-9]+)*))?\.(bin|npy|pt)$")


def dirname(name):
    """Section 3.3: names of [A-Za-z0-9_.-], at most 120 characters, are used as
    they are; others are sanitised and get the first 12 hex digits of the
    SHA-256 of the complete name."""
    if re.fullmatch(r"[A-Za-z0-9_.-]{1,120}", name) and name.strip("._") == name:
        return name
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._") or "case"
    return safe[:96] + "-" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:12]


def dt(name):
    name = ALIAS.get(name, name)
    if name not in ITEMSIZE:
        raise ValueError("dtype %r" % name)
    return name


def bcast(a, b):
    n = max(len(a), len(b))
    a = (1,) * (n - len(a)) + tuple(a)
    b = (1,) * (n - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if x != y and 1 not in (x, y):
            raise ValueError("shapes do not broadcast")
        out.append(y if x == 1 else x)
    return tuple(out)


def lit(row, col, default=None):
    v = (row.get(col) or "").strip()
    # TTK evaluates cells; float('inf') is the one call a table may hold
    return eval(v, {"__builtins__": {}}, {"float": float}) if v else default  # noqa: S307


def per_slot(v, i):
    if isinstance(v, (tuple, list)):
        return v[0] if len(v) == 1 else (v[i] if i < len(v) else None)
    return v


def storage(view, given):
    """TTK's storage shape of a tensor: the CSV's, else the view shape
    (TensorApiTestcaseBase.flat_storage_shape), whatever the strides."""
    return tuple(given) if given else tuple(view)


def ttk_names(rows, op_col):
    """Row names as TTK's TestcaseManager gives them: auto_testcase_name_<i+1>
    when the column is missing (_testcase_hdr_check), a repeated name of an
    enabled row renamed <name>_<op>_dup<k> (_rename_duplicate_case_name)."""
    seen, names = set(), []
    for i, row in enumerate(rows):
        name = row["testcase_name"].strip() if "testcase_name" in row else "auto_testcase_name_%d" % (i + 1)
        if str(row.get("is_enabled", "")).strip() == "False":
            names.append(name)
            continue
        if name in seen:
            k = 0
            while "%s_%s_dup%d" % (name, row[op_col], k) in seen:
                k += 1
            name = "%s_%s_dup%d" % (name, row[op_col], k)
        seen.add(name)
        names.append(name)
    return names


# What the protocol needs to know of the operators, from their aclnn and
# ops-nn definitions: the shrink gradients broadcast their two inputs, and
# their aclnn calls take a scalar (lambda / lambd), stored as a scalar file.
BROADCAST_KERNELS = ("soft_shrink_grad", "hard_shrink_grad")
SCALAR_APIS = ("aclnnSoftshrinkBackward", "aclnnHardshrinkBackward")


def expect_cases(path):
    """[(name, input slots[(dtype, storage shape)], scalars[dtype], (golden dtype, shape))]
    for every case a correct run must prepare; raises on rows that are bad."""
    text = open(path, encoding="utf-8").read()
    cases = []
    if text.lstrip().startswith("["):
        for c in json.loads(text):
            api = c["aclnn_name"]
            api = api if api.startswith("aclnn") else "aclnn" + api
            ins = [i for i in c["inputs"] if i["type"] == "tensor"]
            scal = [dt(i["dtype"]) for i in c["inputs"] if i["type"] == "scalar"]
            shapes = [tuple(i["shape"]) for i in ins]
            out = bcast(*shapes) if "shrink" in api else shapes[0]
            # an aclnn signature's every tensor is an input slot, gradInput too
            # (section 4.1: inputs store final backing storage, the CSV rebuilds
            # pure-output roles)
            tensors = [(dt(i["dtype"]), s) for i, s in zip(ins, shapes)] + [(dt(ins[0]["dtype"]), out)]
            cases.append(("%s_%s" % (api, c["id"]), tensors, scal, (dt(ins[0]["dtype"]), out)))
        return cases
    rows = list(csv.DictReader(io.StringIO(text)))
    names = ttk_names(rows, "api_name" if rows and "api_name" in rows[0] else "op_name")
    for row, name in zip(rows, names):
        if str(row.get("is_enabled", "")).strip() == "False":
            continue
        if row.get("api_name"):
            views = lit(row, "tensor_view_shapes")
            dts = lit(row, "tensor_dtypes")
            stor = lit(row, "tensor_storage_shapes", ()) or ()
            ins = []
            for k in range(3):
                ins.append((dt(per_slot(dts, k)), storage(views[k], stor[k] if k < len(stor) else None)))
            scal = []
            if row["api_name"] in SCALAR_APIS:
                sd = lit(row, "scalar_dtypes", ("float32",)) or ("float32",)
                scal = [dt(sd[0])]
            cases.append((name, ins, scal, (dt(per_slot(dts, 2)), tuple(views[2]))))
        else:
            shapes = lit(row, "input_shapes")
            dts = lit(row, "input_dtypes")
            odts = lit(row, "output_dtypes")
            ins = [(dt(per_slot(dts, k)), tuple(shapes[k])) for k in range(2)]
            out = bcast(shapes[0], shapes[1]) if row["op_name"] in BROADCAST_KERNELS else tuple(shapes[0])
            cases.append((name, ins, [], (dt(per_slot(odts, 0)), out)))
    return cases


def check_npy(path, dtype, shape, errors):
    data = open(path, "rb").read()
    if data[:6] != b"\x93NUMPY":
        errors.append("%s: not a .npy file" % path)
        return
    hlen = struct.unpack("<H", data[8:10])[0] if data[6] == 1 else struct.unpack("<I", data[8:12])[0]
    start = (10 if data[6] == 1 else 12) + hlen
    header = ast.literal_eval(data[(10 if data[6] == 1 else 12):start].decode("latin1"))
    if header["descr"] != NPY_DESCR[dtype] or header["fortran_order"] or tuple(header["shape"]) != tuple(shape):
        errors.append("%s: header %r, want descr %r shape %r" % (path, header, NPY_DESCR[dtype], tuple(shape)))
    if len(data) - start != math.prod(shape) * ITEMSIZE[dtype]:
        errors.append("%s: %d data bytes, want %d" % (path, len(data) - start, math.prod(shape) * ITEMSIZE[dtype]))


def main(argv):
    cases_path, root, fmt = argv[1], argv[2], argv[3]
    max_numel = None
    absent = set()
    rest = argv[4:]
    while rest:
        if rest[0] == "--max-numel":
            max_numel = int(rest[1])
            rest = rest[2:]
        elif rest[0] == "--absent":
            absent.update(rest[1:])
            rest = []
        else:
            raise SystemExit("unknown argument %s" % rest[0])
    errors = []
    want_dirs = {}
    for name, ins, scal, (gdt, gshape) in expect_cases(cases_path):
        sizes = [math.prod(s) for _, s in ins] + [math.prod(gshape)]
        if name in absent or (max_numel is not None and max(sizes) > max_numel):
            absent.add(name)
            continue
        files = {}
        for i, (d, s) in enumerate(ins):
            files["input_%d_%s.%s" % (i, d, fmt)] = (d, s if s else (1,))
        for i, d in enumerate(scal):
            files["scalar_%d_%s.%s" % (i, d, fmt)] = (d, (1,))
        if fmt == "bin":
            token = "x".join(str(x) for x in gshape) if gshape else "scalar"
            files["golden_0_%s__shape_%s.bin" % (gdt, token)] = (gdt, gshape)
        else:  # a rank-0 golden is saved (1,): ManualDataStore._write_single stores it contiguous
            files["golden_0_%s.npy" % gdt] = (gdt, gshape if gshape else (1,))
        want_dirs[dirname(name)] = (name, files)
    present = sorted(os.listdir(root))
    # opsnn-golden's manifest beside the case directories (TTK only opens the
    # directory of a case it looks up: ManualDataStore.case_dir): JSON whose
    # case list names every case directory
    manifest = os.path.join(root, "opsnn-golden.manifest")
    if "opsnn-golden.manifest" in present:
        present.remove("opsnn-golden.manifest")
        m = json.load(open(manifest))
        for key in ("library_version", "soc", "operator_package", "format", "seed", "cases_sha256", "cases"):
            if key not in m:
                errors.append("%s: no %s" % (manifest, key))
        if sorted(m.get("cases", [])) != sorted(e for e in present if not e.startswith(".")):
            errors.append("%s: cases %s, directories %s" % (manifest, m.get("cases"), present))
        if m.get("format") != fmt:
            errors.append("%s: format %r, want %r" % (manifest, m.get("format"), fmt))
    else:
        errors.append("%s missing" % manifest)
    for entry in present:
        p = os.path.join(root, entry)
        if entry.startswith("."):
            errors.append("left-over hidden entry %s" % p)
        elif entry not in want_dirs:
            errors.append("unexpected case directory %s" % p)
        elif os.path.islink(p) or not os.path.isdir(p):
            errors.append("%s is not a plain directory" % p)
    for d, (name, files) in sorted(want_dirs.items()):
        p = os.path.join(root, d)
        if not os.path.isdir(p):
            errors.append("case %r: directory %s missing" % (name, d))
            continue
        got = sorted(os.listdir(p))
        if got != sorted(files):
            errors.append("case %r: files %s, want %s" % (name, got, sorted(files)))
        for f in got:
            fp = os.path.join(p, f)
            if NAME_RE.fullmatch(f) is None or os.path.islink(fp) or not os.path.isfile(fp):
                errors.append("%s: not a protocol data file" % fp)
            elif f in files:
                d_, s_ = files[f]
                if fmt == "bin":
                    if os.path.getsize(fp) != math.prod(s_) * ITEMSIZE[d_]:
                        errors.append("%s: %d bytes, want %d" % (fp, os.path.getsize(fp), math.prod(s_) * ITEMSIZE[d_]))
                else:
                    check_npy(fp, d_, s_, errors)
    for e in errors:
        print("FAIL:", e)
    print("%s: %d case directories checked, %d absent as expected, %d problems" %
          (root, len(want_dirs), len(absent), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
