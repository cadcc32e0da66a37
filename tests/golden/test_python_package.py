#!/usr/bin/env python3
"""The opsnn Python package against the C library and the CLI: seed examples,
strided and offset views, broadcasting, out=, every dtype the operators take
(bf16 as a uint16 view and, when importable, ml_dtypes), errors carrying the
aclnn status, the status table against the C headers, the golden plugins
bit-identical to `opsnn-golden`, and torch tensors when torch is importable.
usage: test_python_package.py OPSNN_GOLDEN SOURCE_DIR   (PYTHONPATH/OPSNN_LIBRARY set by ctest)"""
import ctypes
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

import opsnn
import opsnn.golden as plugin
from opsnn import status

G, SRC = os.path.abspath(sys.argv[1]), sys.argv[2]
fails = 0


def check(name, cond):
    global fails
    print(("ok: " if cond else "FAIL: ") + name)
    fails += not cond


def bits(a):
    return np.ascontiguousarray(a).view(np.uint8).tobytes()


# seed examples (SoftshrinkBackward from the spec of the operator, SeluBackward
# sample data, where result == 0 takes the result <= 0 branch: 1.7581)
g = np.arange(8, dtype=np.float32).reshape(4, 2)
x = np.array([1, 1, 1, 2, 1, 2, 3, 3], np.float32).reshape(4, 2)
check("softshrink seed example", np.array_equal(opsnn.softshrink_backward(g, x, 1.2),
                                                 np.array([0, 0, 0, 3, 0, 5, 6, 7], np.float32).reshape(4, 2)))
r = np.array([-2, -1, 0, 1, 2, 3, -0.5, 0.5], np.float32)
y = opsnn.selu_backward(np.ones(8, np.float32), r)
check("selu sample values", np.allclose(y, [-0.2419, 0.7581, 1.7581, 1.0507, 1.0507, 1.0507, 1.2581, 1.0507],
                                        atol=1e-4))

rng = np.random.default_rng(5)
big = rng.uniform(-2, 2, (12, 11)).astype(np.float32)
gv, xv = big[1::2, ::3], big[::2, 1::3]  # strided, offset views
want = opsnn.softshrink_backward(np.ascontiguousarray(gv), np.ascontiguousarray(xv), 0.7)
check("strided + offset views", np.array_equal(opsnn.softshrink_backward(gv, xv, 0.7), want))
check("transposed view", np.array_equal(opsnn.selu_backward(big.T, big.T), opsnn.selu_backward(
    np.ascontiguousarray(big.T), np.ascontiguousarray(big.T))))
check("negative strides", np.array_equal(opsnn.selu_backward(big[::-1], big[::-1]),
                                         opsnn.selu_backward(big, big)[::-1]))
out = np.full((6, 4), 9, np.float32)
res = opsnn.softshrink_backward(gv, xv, 0.7, out=out)
check("out= is written and returned", res is out and np.array_equal(out, want))
bc = opsnn.softshrink_backward(rng.uniform(-1, 1, (5, 1)).astype(np.float32),
                               rng.uniform(-1, 1, (1, 6)).astype(np.float32), 0.3)
check("broadcast shape", bc.shape == (5, 6))

check("broadcast_to (zero-stride) inputs", np.array_equal(
    opsnn.softshrink_backward(np.broadcast_to(xv[0], (6, 4)), xv, 0.7),
    opsnn.softshrink_backward(np.ascontiguousarray(np.broadcast_to(xv[0], (6, 4))), np.ascontiguousarray(xv), 0.7)))
s0 = opsnn.selu_backward(np.float32(2.0), np.float32(1.0))
check("NumPy scalars are rank-0 arrays", s0.shape == () and s0 == np.float32(2.0) * np.float32(1.0507009873554805))
check("empty arrays", opsnn.selu_backward(np.zeros((0, 3), np.float16), np.zeros((0, 3), np.float16)).shape == (0, 3))
for dt in (np.float16, np.int8, np.int32):
    a = (rng.uniform(-50, 50, 64)).astype(dt)
    b = (rng.uniform(-2, 2, 64)).astype(dt)
    check("selu %s runs" % np.dtype(dt).name, opsnn.selu_backward(a, b).dtype == dt)
u = (rng.integers(0, 2**16, 32, dtype=np.uint16) & 0x3FFF)  # bf16 bits, finite
check("bf16 as uint16 bits", opsnn.softshrink_backward(u, u, 0.5).dtype == np.uint16)
try:
    import ml_dtypes
    bf = u.view(ml_dtypes.bfloat16)
    check("bf16 via ml_dtypes", np.array_equal(opsnn.softshrink_backward(bf, bf, 0.5).view(np.uint16),
                                               opsnn.softshrink_backward(u, u, 0.5)))
except ImportError:
    print("skip: ml_dtypes not importable")

try:
    opsnn.softshrink_backward(g, x, -1.0)
    check("negative lambda raises", False)
except opsnn.OpsnnError as e:
    check("negative lambda raises with status and message",
          e.status == 161002 and e.status_name == "ACLNN_ERR_PARAM_INVALID" and "lambd" in e.message)
try:
    opsnn.softshrink_backward(np.ones(3, np.float32), np.ones(4, np.float32))
    check("no broadcast raises", False)
except opsnn.OpsnnError as e:
    check("no broadcast raises the library's error", e.status == 161002)
try:
    opsnn.selu_backward(np.ones(3, np.float32), np.ones(4, np.float32))
    check("shape mismatch raises", False)
except opsnn.OpsnnError as e:
    check("shape mismatch raises", e.status == status.ACLNN_ERR_PARAM_INVALID)

# the status table equals the headers
codes = {}
for h in ("include/acl/acl_base.h", "include/aclnn/aclnn_base.h"):
    for m in re.finditer(r"#define (ACLN?N?_[A-Z_]+) (\d+)", open(os.path.join(SRC, h)).read()):
        if m.group(1).startswith(("ACL_SUCCESS", "ACL_ERROR", "ACLNN_")):
            codes[m.group(1)] = int(m.group(2))
table = {n: c for c, n in list(status.ACL_STATUS.items()) + list(status.ACLNN_STATUS.items())}
check("status table equals the headers (%d codes)" % len(codes), table == codes)

# ... and the library's own names (opsnn_status_name): every header code, 0 as ACLNN_SUCCESS
from opsnn._lib import lib as _clib
_clib.opsnn_status_name.restype = ctypes.c_char_p
_clib.opsnn_status_name.argtypes = [ctypes.c_int]
c_names = {c: _clib.opsnn_status_name(c).decode() for c in set(codes.values())}
check("status names equal opsnn_status_name", all(c_names[c] == status.status_name(c) for c in c_names)
      and _clib.opsnn_status_name(12345).decode() == "UNKNOWN")

# golden plugins: bit-identical to the CLI on the same inputs
with tempfile.TemporaryDirectory() as w:
    for dt, npdt in (("fp32", np.float32), ("fp16", np.float16)):
        a = rng.uniform(-3, 3, (7, 9)).astype(npdt)
        b = rng.uniform(-3, 3, (7, 9)).astype(npdt)
        a.tofile(os.path.join(w, "a.bin"))
        b.tofile(os.path.join(w, "b.bin"))
        subprocess.run([G, "softshrink-backward", "--grad", "a.bin", "--self", "b.bin", "--lambda", "0.75",
                        "--dtype", dt, "--shape", "7,9", "--out", "ss.bin"], cwd=w, check=True, capture_output=True)
        subprocess.run([G, "selu-backward", "--grad", "a.bin", "--result", "b.bin", "--dtype", dt, "--shape", "7,9",
                        "--out", "se.bin"], cwd=w, check=True, capture_output=True)
        subprocess.run([G, "hardshrink-backward", "--grad", "a.bin", "--self", "b.bin", "--lambd", "0.75",
                        "--dtype", dt, "--shape", "7,9", "--out", "hs.bin"], cwd=w, check=True, capture_output=True)
        ss = np.fromfile(os.path.join(w, "ss.bin"), npdt).reshape(7, 9)
        se = np.fromfile(os.path.join(w, "se.bin"), npdt).reshape(7, 9)
        hs = np.fromfile(os.path.join(w, "hs.bin"), npdt).reshape(7, 9)
        check("kernel plugin soft_shrink_grad == CLI (%s)" % dt,
              bits(plugin.soft_shrink_grad_golden(a, b, lambd=0.75)) == bits(ss))
        check("kernel plugin selu_grad == CLI (%s)" % dt, bits(plugin.selu_grad_golden(a, b)) == bits(se))
        check("aclnn plugin == CLI (%s)" % dt,
              bits(plugin.aclnn_softshrink_backward_golden(a, b, np.float32(0.75))[0]) == bits(ss) and
              bits(plugin.AclnnSeluBackwardTestSpec.golden(a, b)[0]) == bits(se))
        check("hard_shrink_grad plugins == CLI (%s)" % dt,
              bits(plugin.hard_shrink_grad_golden(a, b, lambd=0.75)) == bits(hs) and
              bits(plugin.aclnn_hardshrink_backward_golden(a, b, np.float32(0.75))[0]) == bits(hs) and
              bits(plugin.AclnnHardshrinkBackwardTestSpec.golden(a, b, 0.75)[0]) == bits(hs) and
              np.count_nonzero(hs) > 0)
check("plugin tables name existing functions",
      all(callable(getattr(plugin, f)) for t in plugin.__golden__.values() for f in t.values()) and
      all(hasattr(plugin, c) for c in plugin.__spec__.values()))

def raises(exc, fn, *args, **kwargs):
    """The exception fn raised when it is an `exc`, else None."""
    try:
        fn(*args, **kwargs)
    except exc as e:
        return e
    except Exception as e:  # noqa: BLE001 - a wrong exception type is a failure
        print("  raised %r" % e)
    return None



try:
    import torch
    t = torch.from_numpy(big)
    tv = t[1::2, ::3]
    check("torch strided view", np.array_equal(opsnn.softshrink_backward(tv, t[::2, 1::3], 0.7).numpy(), want))
    tb = torch.from_numpy(big).to(torch.bfloat16)
    check("torch bf16", opsnn.selu_backward(tb, tb).dtype == torch.bfloat16)
    # as torch: in place on a leaf that requires grad, or out= with grad, is a RuntimeError
    leaf = torch.zeros(4, requires_grad=True)
    check("torch leaf requiring grad refused in place",
          raises(RuntimeError, opsnn.inplace_selu, leaf) is not None)
    check("torch out= requiring grad refused",
          raises(RuntimeError, opsnn.selu, torch.zeros(4), out=leaf) is not None)
    with torch.no_grad():
        opsnn.inplace_selu(leaf)
    check("torch leaf in place under no_grad allowed", True)
except ImportError:
    print("skip: torch not importable")

# the forward operators: Softshrink by hand (x - l, x + l or 0), Selu against
# float64, InplaceSelu bit-identical to Selu (also on a negative-stride view)
xs = np.array([-3, -0.5, 0, 0.25, 1, 2.5, np.nan, -np.inf], np.float32)
want = np.array([-2, 0, 0, 0, 0, 1.5, 0, -np.inf], np.float32)
got = opsnn.softshrink(xs, 1.0)
check("softshrink forward by hand", np.array_equal(got[[0, 1, 2, 3, 4, 5, 7]], want[[0, 1, 2, 3, 4, 5, 7]]))
xf = rng.uniform(-6, 3, (7, 9)).astype(np.float32)
ref = 1.0507009873554805 * np.where(xf > 0, xf.astype(np.float64),
                                    1.6732632423543772 * np.expm1(xf.astype(np.float64)))
check("selu forward within 2^-20 of float64", np.allclose(opsnn.selu(xf), ref, rtol=2.0**-20, atol=1e-30))
yf = opsnn.selu(xf[::-1, ::2])
xc = np.array(xf)
res = opsnn.inplace_selu(xc[::-1, ::2])
check("inplace_selu == selu, on a negative-stride view", bits(res) == bits(yf)
      and bits(xc[::-1, ::2]) == bits(yf) and bits(xc[:, 1::2]) == bits(xf[:, 1::2]))
out = np.empty_like(xf)
check("selu out=", opsnn.selu(xf, out=out) is out and bits(out) == bits(opsnn.selu(xf)))
try:
    opsnn.softshrink(xs, -1.0)
    check("softshrink negative lambd raises", False)
except opsnn.OpsnnError as e:
    check("softshrink negative lambd raises PARAM_INVALID", e.status == 161002 and "lambd" in e.message)


# issue 25 #11: an output the call must not write is refused before the call
seed_g = np.arange(8, dtype=np.float32)
seed_x = np.array([1, 1, 1, 2, 1, 2, 3, 3], np.float32)
frozen = bytes(32)
ro = np.frombuffer(frozen, dtype=np.float32)
e = raises(ValueError, opsnn.softshrink_backward, seed_g, seed_x, 1.2, out=ro)
check("out= over immutable bytes refused", e is not None and "read-only" in str(e) and frozen == bytes(32))
e = raises(ValueError, opsnn.inplace_selu, np.frombuffer(bytes(16), dtype=np.float32))
check("inplace_selu on a read-only array refused", e is not None and "selfRef" in str(e))
with tempfile.TemporaryDirectory() as d:
    np.save(os.path.join(d, "m.npy"), np.linspace(-2, 2, 1024, dtype=np.float32))
    # in a child: before the fix the interpreter died with SIGSEGV
    code = ("import numpy as np, opsnn\n"
            "m = np.load(%r, mmap_mode='r')\n"
            "try:\n    opsnn.inplace_selu(m)\nexcept ValueError as e:\n    print('refused:', e)\n"
            % os.path.join(d, "m.npy"))
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    check("inplace_selu on a read-only mmap: refused, no signal",
          child.returncode == 0 and "refused:" in child.stdout)

# issue 25 #12: byte order is checked, never read as native
be_g, be_x = seed_g.astype(">f4"), seed_x.astype(">f4")
got = opsnn.softshrink_backward(be_g, be_x, 1.2)
check("big-endian inputs converted", got.tolist() == [0, 0, 0, 3, 0, 5, 6, 7] and got.dtype.isnative)
be_out = np.zeros(8, ">f4")
res = opsnn.softshrink_backward(seed_g, seed_x, 1.2, out=be_out)
check("big-endian out= written in its own byte order", res is be_out and be_out.tolist() == [0, 0, 0, 3, 0, 5, 6, 7])
be_h = np.linspace(-2, 2, 16).astype(">f2")
check("big-endian fp16 selu == native", bits(opsnn.selu(be_h).astype("<f2")) == bits(opsnn.selu(be_h.astype("<f2"))))
inpl = np.linspace(-2, 2, 16).astype(">f4")
opsnn.inplace_selu(inpl)
check("inplace_selu on a big-endian array", bits(inpl.astype("<f4")) == bits(opsnn.selu(np.linspace(-2, 2, 16)
                                                                                       .astype("<f4"))))

# issue 24 (Python package): bad scalars and operands are TypeErrors, as torch raises them
for bad_l in (None, "0.5", [0.5], object()):
    e = raises(TypeError, opsnn.softshrink_backward, seed_g, seed_x, bad_l)
    check("lambd=%s is a TypeError" % type(bad_l).__name__, e is not None and "lambd" in str(e))
check("lambd as a 0-d array", opsnn.softshrink_backward(seed_g, seed_x, np.array(1.2)).tolist() ==
      [0, 0, 0, 3, 0, 5, 6, 7])
e = raises(TypeError, opsnn.selu_backward, [1.0, 2.0], seed_x)
check("a list input is a TypeError naming it", e is not None and "grad" in str(e) and "list" in str(e))
e = raises(TypeError, opsnn.softshrink, 1.5)
check("a Python number as the tensor is a TypeError", e is not None)
e = raises(TypeError, opsnn.selu, seed_x, out=bytearray(32))
check("out= that is not an array is a TypeError", e is not None and "out" in str(e))

# --- the plugins as TTK calls them (issue 24), TTK's steps emulated from its code:
# plugin_loader/scanner.py PluginScanner._scan_module (AST: __golden__'s kernel/
# aclnn/e2e tables merged), custom_plugin_manager.py load_if_available
# (spec_from_file_location), testcase_aclnn.py AclnnParamPlan.build_args (C
# signature order: tensors and scalars positionally, attributes that are not C
# parameters as keywords), npu/op_api/golden_generation.py _call_custom_golden
# (TTK's keywords) and _promote_dtype with utilities DTYPE_PROMOTE_MAP.
import ast
import importlib.util

PLUGIN = os.path.join(SRC, "python", "opsnn", "golden.py")


def ttk_scan(path):
    tree = ast.parse(open(path, encoding="utf-8").read())
    ops = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and \
                node.targets[0].id == "__golden__" and isinstance(node.value, ast.Dict):
            for k, v in zip(node.value.keys, node.value.values):
                if isinstance(k, ast.Constant) and k.value in ("kernel", "aclnn", "e2e") and isinstance(v, ast.Dict):
                    ops.update({a.value: b.value for a, b in zip(v.keys, v.values)})
    return ops


def ttk_load(path, op):
    spec = importlib.util.spec_from_file_location(os.path.splitext(os.path.basename(path))[0], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return getattr(mod, ttk_scan(path)[op])


LAYOUT = {"aclnnSoftshrinkBackward": [("tensor", "gradOutput"), ("tensor", "self"), ("scalar", "lambda"),
                                      ("tensor", "gradInput")],
          "aclnnSeluBackward": [("tensor", "gradOutput"), ("tensor", "result"), ("tensor", "gradInput")],
          "aclnnHardshrinkBackward": [("tensor", "gradOutput"), ("tensor", "self"), ("scalar", "lambd"),
                                      ("tensor", "gradInput")]}
PROMOTE = {"float16": "float32", "bfloat16": "float32", "float32": "float64"}


def ttk_call(api, tensors, scalars, attributes, promote=False):
    if promote:
        tensors = [t.astype(PROMOTE.get(t.dtype.name, t.dtype)) for t in tensors]
        scalars = [s.astype(PROMOTE.get(s.dtype.name, s.dtype)) for s in scalars]
    tq, sq, args, names = list(tensors), list(scalars), [], set()
    for kind, name in LAYOUT[api]:
        names.add(name)
        args.append(tq.pop(0) if kind == "tensor" else sq.pop(0) if kind == "scalar" else attributes.get(name))
    kwargs = {"short_soc_version": "Ascend910B", "testcase_name": "t", "tensor_dtypes": None,
              "tensor_formats": ("ND",), "scalar_dtypes": None, "use_torch": False}
    kwargs.update({k: v for k, v in attributes.items() if k not in names})
    return ttk_load(PLUGIN, api)(*args, **kwargs)


check("TTK's scanner finds all six plugins", set(ttk_scan(PLUGIN)) ==
      {"soft_shrink_grad", "selu_grad", "hard_shrink_grad", "aclnnSoftshrinkBackward", "aclnnSeluBackward",
       "aclnnHardshrinkBackward"})
sg, sx = seed_g.reshape(4, 2), seed_x.reshape(4, 2)
want_ss = [[0, 0], [0, 3], [0, 5], [6, 7]]
lam = np.array(1.2, np.float32)  # TTK hands the scalar as a 0-d array/tensor
for attrs in ({"lambd": 0.5}, {"lambda": 1.2}, {}):
    try:
        got = ttk_call("aclnnSoftshrinkBackward", [sg, sx, np.zeros((4, 2), np.float32)], [lam], attrs)
        check("aclnn softshrink plugin as TTK calls it, attributes %r" % attrs,
              len(got) == 1 and got[0].dtype == np.float32 and got[0].tolist() == want_ss)
    except TypeError as exc:
        check("aclnn softshrink plugin as TTK calls it, attributes %r (%s)" % (attrs, exc), False)
got = ttk_call("aclnnSoftshrinkBackward", [sg.astype(np.float16), sx.astype(np.float16),
                                           np.zeros((4, 2), np.float32)], [lam], {})
check("plugin golden takes gradInput's dtype", got[0].dtype == np.float32 and got[0].tolist() == want_ss)
# Promote: fp32 operands as float64; golden in float64 with the kernel's rules
got = ttk_call("aclnnSoftshrinkBackward", [sg, sx, np.zeros((4, 2), np.float32)], [lam], {}, promote=True)
check("Promote softshrink: float64 golden", got[0].dtype == np.float64 and got[0].tolist() == want_ss)
edge_x = np.array([np.nan, -0.5, 0.5, -np.inf, 0.25], np.float32)
got = ttk_call("aclnnSoftshrinkBackward", [np.full(5, 2.0, np.float32), edge_x, np.zeros(5, np.float32)],
               [np.array(0.5, np.float32)], {}, promote=True)
check("Promote softshrink: NaN selects grad, |x| == lambda gives +0",
      got[0].tolist() == [2, 0, 0, 2, 0] and not np.signbit(got[0][1]))
r64 = np.array([-2, -1, 0, -0.0, 1, 0.5, np.nan, -np.inf], np.float32)
got = ttk_call("aclnnSeluBackward", [np.ones(8, np.float32), r64, np.zeros(8, np.float32)], [], {}, promote=True)
sa, sc = 1.7580993408473768599402175208123, 1.0507009873554804934193349852946
want_sel = [-2 + sa, -1 + sa, sa, sa, sc, sc, sc]
check("Promote selu: float64 with the branch rules (r <= 0: g*(r+SCALE*ALPHA); NaN, +: g*SCALE)",
      got[0].dtype == np.float64 and got[0][:7].tolist() == want_sel and got[0][7] == -np.inf)
fp32 = ttk_call("aclnnSeluBackward", [np.ones(8, np.float32), r64, np.zeros(8, np.float32)], [], {})[0]
check("Promote selu within float32 rounding of the fp32 golden",
      np.allclose(fp32[:7].astype(np.float64), want_sel, rtol=2.0**-23, atol=0))
got = ttk_call("aclnnSeluBackward", [np.ones(8, np.float16), r64.astype(np.float16), np.zeros(8, np.float16)],
               [], {}, promote=True)
check("Promote fp16 case: float32 through the library", got[0].dtype == np.float32)
kern = ttk_load(PLUGIN, "soft_shrink_grad")(sg.astype(np.float64), sx.astype(np.float64), lambd=1.2)
check("kernel plugin in Promote (float64)", kern.dtype == np.float64 and kern.tolist() == want_ss)

# HardshrinkBackward: as TTK calls it (lambd is the C parameter's name, so it
# arrives positionally), and Promote's float64 rules per kernel generation,
# which must give the values of the library's float32 golden on the same
# generation (the library is checked bit for bit against each kernel's
# emulation; the float64 rules are written independently here).
got = ttk_call("aclnnHardshrinkBackward", [sg, sx, np.zeros((4, 2), np.float32)], [np.array(1.2, np.float32)],
               {"lambd": 9.0})
check("aclnn hardshrink plugin as TTK calls it", len(got) == 1 and got[0].tolist() == want_ss)
hg = np.array([2, 2, 2, 2, 2, 2, -2, np.inf, np.nan, -2], np.float32)
hx = np.array([np.nan, -0.5, 0.5, -np.inf, 0.25, 0.0, 0.1, 0.3, 0.3, 3], np.float32)
want_hs = {  # lambd 0.5; None: NaN
    "arch35": [2, 0, 0, 2, 0, 0, 0, 0, 0, -2],
    "experimental": [0, 0, 0, 2, 0, 0, 0, 0, 0, -2],
    "tbe": [2, 0, 0, 2, 0, 0, -0.0, None, None, -2],
}
for soc, opp, gen in (("Ascend950", None, "arch35"), ("Ascend910B", "ops-nn", "experimental"),
                      ("Ascend910B", None, "tbe")):
    opsnn.set_soc(soc)
    opsnn.set_opp(opp)
    p64 = ttk_call("aclnnHardshrinkBackward", [hg, hx, np.zeros(10, np.float32)], [np.array(0.5, np.float32)], {},
                   promote=True)[0]
    f32 = ttk_call("aclnnHardshrinkBackward", [hg, hx, np.zeros(10, np.float32)], [np.array(0.5, np.float32)], {})[0]
    want = want_hs[gen]
    num = ~np.isnan(p64)  # a NaN's sign is the FPU's default, not a rule of the kernel
    as_list = [None if np.isnan(v) else v for v in p64.tolist()]
    check("Promote hardshrink on %s: float64 with the %s rules" % (soc, gen),
          opsnn.kernel_generation() == gen and p64.dtype == np.float64 and as_list == want and
          list(np.signbit(p64[num])) == [bool(np.signbit(w)) for w in want if w is not None])
    check("Promote hardshrink on %s agrees with the float32 golden, zero signs and NaNs included" % soc,
          np.array_equal(p64.astype(np.float32), f32, equal_nan=True) and
          list(np.signbit(p64[num])) == list(np.signbit(f32[num])))
    neg = ttk_load(PLUGIN, "hard_shrink_grad")(np.ones(2), np.array([0.0, 0.25]), lambd=-1.0)
    check("Promote hardshrink kernel plugin on %s: lambd < 0 used as 0" % soc,
          neg.dtype == np.float64 and neg.tolist() == [0.0, 1.0])
opsnn.set_opp(None)
opsnn.set_soc(None)

# torch's rule for tensors that require grad, without torch installed: a
# stand-in module and tensor type (the package decides by the type's module
# and reads requires_grad / is_leaf / torch.is_grad_enabled(), refusing before
# any other use of the tensor). With torch installed the section above uses
# the real one.
if "torch" not in sys.modules:
    import types
    fake = types.ModuleType("torch")
    fake.grad = True
    fake.is_grad_enabled = lambda: fake.grad
    FakeTensor = type("Tensor", (), {"__module__": "torch", "requires_grad": True, "is_leaf": True})
    sys.modules["torch"] = fake
    try:
        e = raises(RuntimeError, opsnn.inplace_selu, FakeTensor())
        check("leaf requiring grad refused in place (torch's message)", e is not None and "leaf Variable" in str(e))
        e = raises(RuntimeError, opsnn.selu, seed_x, out=FakeTensor())
        check("out= requiring grad refused", e is not None and "automatic differentiation" in str(e))
        fake.grad = False  # torch.no_grad(): the check lets it through (and the stand-in fails later)
        try:
            opsnn.inplace_selu(FakeTensor())
            passed = True
        except RuntimeError:
            passed = False
        except AttributeError:  # the stand-in has no device: the grad check let it through
            passed = True
        check("under no_grad the grad check passes", passed)
    finally:
        del sys.modules["torch"]

# the load error names every path tried, OPSNN_LIBRARY's first
child = subprocess.run([sys.executable, "-c", "import opsnn"], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, OPSNN_LIBRARY="/nonexistent/libopsnn.so.0"))
check("a bad OPSNN_LIBRARY is named in the load error", child.returncode != 0 and
      "/nonexistent/libopsnn.so.0: no such file" in child.stderr and "OPSNN_LIBRARY" in child.stderr)
# the SoC and operator package: int32 5000 x 1.0507 per kernel generation
# (arch35 via fp16: 5252; experimental float32 + CAST_RINT: 5254; TBE
# truncation: 5253), as keyword arguments, process-wide, and as the CLI gives
g5, r5 = np.array([5000], np.int32), np.array([1], np.int32)
check("default configuration", (opsnn.get_soc(), opsnn.get_opp(), opsnn.kernel_generation())
      == ("Ascend950", "builtin", "arch35"))
check("selu int32 arch35", opsnn.selu_backward(g5, r5)[0] == 5252)
check("selu int32 experimental (keywords)", opsnn.selu_backward(g5, r5, soc="Ascend910B", opp="ops-nn")[0] == 5254)
check("keywords leave the setting alone", opsnn.get_soc() == "Ascend950" and opsnn.get_opp() == "builtin")
opsnn.set_soc("ascend910b")
check("selu int32 tbe (set_soc)", opsnn.selu_backward(g5, r5)[0] == 5253 and opsnn.kernel_generation() == "tbe")
opsnn.set_opp("ops-nn")
check("selu uint8 only with ops-nn", opsnn.selu_backward(np.array([4], np.uint8), np.array([1], np.uint8))[0] == 4)
opsnn.set_opp(None)
opsnn.set_soc(None)
for bad_call in (lambda: opsnn.set_soc("Ascend999"), lambda: opsnn.set_opp("tbe"),
                 lambda: opsnn.selu_backward(g5, r5, opp="tbe")):
    try:
        bad_call()
        check("unknown configuration name raises", False)
    except opsnn.OpsnnError as e:
        check("unknown configuration name raises PARAM_INVALID", e.status == 161002 and "got" in e.message)
check("a refused keyword restores the setting", opsnn.get_soc() == "Ascend950" and opsnn.get_opp() == "builtin")
with tempfile.TemporaryDirectory() as d:
    opsnn.set_soc("Ascend910B")
    for opp, want in (("builtin", 5253), ("ops-nn", 5254)):
        g5.tofile(os.path.join(d, "g.bin"))
        r5.tofile(os.path.join(d, "r.bin"))
        subprocess.run([G, "selu-backward", "--soc", "Ascend910B", "--opp", opp, "--grad", os.path.join(d, "g.bin"),
                        "--result", os.path.join(d, "r.bin"), "--out", os.path.join(d, "y.bin"), "--dtype", "int32",
                        "--shape", "1"], check=True)
        cli = np.fromfile(os.path.join(d, "y.bin"), np.int32)
        check("CLI and Python agree on %s" % opp, cli[0] == want and opsnn.selu_backward(g5, r5, opp=opp)[0] == want)
    opsnn.set_soc(None)
# the forward operators' A2/A3 kernels: the TBE Softshrink computes FLOAT16
# with lambd 0.3 rounded to half (0.3125 - 0.300048828125 = 0x2260; arch35
# 0x2266), the experimental Selu saturates int8 (122 -> 127; arch35 -128)
x16 = np.array([0x3500], np.uint16).view(np.float16)
check("softshrink fp16 tbe", opsnn.softshrink(x16, lambd=0.3, soc="Ascend910B").view(np.uint16)[0] == 0x2260)
check("softshrink fp16 arch35", opsnn.softshrink(x16, lambd=0.3).view(np.uint16)[0] == 0x2266)
x8 = np.array([122], np.int8)
check("selu int8 experimental", opsnn.selu(x8, soc="Ascend910B", opp="ops-nn")[0] == 127)
check("selu int8 arch35", opsnn.selu(x8)[0] == -128)

# every operator of the library is a function, made from its description
import inspect  # noqa: E402
ops = opsnn.operators()
check("the library describes its operators", len(ops) >= 5 and
      {"softshrink_backward", "selu_backward", "softshrink", "selu", "inplace_selu"} <= {o.name for o in ops})
for o in ops:
    fn = getattr(opsnn, o.name, None)
    check("opsnn.%s exists and is exported" % o.name, callable(fn) and o.name in opsnn.__all__)
    params = list(inspect.signature(fn).parameters)
    check("opsnn.%s ends with soc=, opp=" % o.name, params[-2:] == ["soc", "opp"])
    vals = np.array([1.5, -0.25, 0.0, -3.0], np.float32)
    n_in = sum(a.kind in (0, 2) for a in o.args)
    got = fn(*[vals.copy() for _ in range(n_in)])
    check("opsnn.%s runs on float32" % o.name, got.shape == (4,) and got.dtype == np.float32)
check("softshrink_backward's lambd default is the library's",
      inspect.signature(opsnn.softshrink_backward).parameters["lambd"].default == 0.5)

print("%d failures" % fails)
sys.exit(1 if fails else 0)
