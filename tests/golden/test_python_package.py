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
        ss = np.fromfile(os.path.join(w, "ss.bin"), npdt).reshape(7, 9)
        se = np.fromfile(os.path.join(w, "se.bin"), npdt).reshape(7, 9)
        check("kernel plugin soft_shrink_grad == CLI (%s)" % dt,
              bits(plugin.soft_shrink_grad_golden(a, b, lambd=0.75)) == bits(ss))
        check("kernel plugin selu_grad == CLI (%s)" % dt, bits(plugin.selu_grad_golden(a, b)) == bits(se))
        check("aclnn plugin == CLI (%s)" % dt,
              bits(plugin.aclnn_softshrink_backward_golden(a, b, np.float32(0.75))[0]) == bits(ss) and
              bits(plugin.AclnnSeluBackwardTestSpec.golden(a, b)[0]) == bits(se))
check("plugin tables name existing functions",
      all(callable(getattr(plugin, f)) for t in plugin.__golden__.values() for f in t.values()) and
      all(hasattr(plugin, c) for c in plugin.__spec__.values()))

try:
    import torch
    t = torch.from_numpy(big)
    tv = t[1::2, ::3]
    check("torch strided view", np.array_equal(opsnn.softshrink_backward(tv, t[::2, 1::3], 0.7).numpy(), want))
    tb = torch.from_numpy(big).to(torch.bfloat16)
    check("torch bf16", opsnn.selu_backward(tb, tb).dtype == torch.bfloat16)
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

print("%d failures" % fails)
sys.exit(1 if fails else 0)
