#!/usr/bin/env python3
"""Verdicts of `opsnn-golden compare --method M` against an independent NumPy
implementation of each method's published formula (hicann/ops-test-kit
docs/Precision_Comparison.md and ttk/core_modules/comparison/*.py; ATK
single_bm: MERE < th and MARE < 10 th) on crafted arrays: NaN/inf mismatches,
one huge outlier, an all-zero golden, subnormals, errors near each threshold.
Every (method, dtype, case) verdict must be identical.
usage: test_compare_methods.py OPSNN_GOLDEN"""
import os
import subprocess
import sys
import tempfile

import numpy as np

G = sys.argv[1]

MIXED = {"fp32": (2**-10, 2**-16, max(1e-2, 32 * 2**-23)),
         "fp16": (2**-9, 2**-9, max(1e-1, 32 * 2**-10)),
         "bf16": (2**-6, 2**-6, max(1.0, 32 * 2**-7))}
STAT_TH = {"fp32": 2**-13, "fp16": 2**-10, "bf16": 2**-7}


def to_bf16_bits(x):
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    nan = np.isnan(np.asarray(x, np.float32))
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    r[nan] = 0x7FC0
    return r


def bf16_to_f32(b):
    return (b.astype(np.uint32) << 16).view(np.float32)


def stored(x, dt):
    """The array as the file holds it, and its values as NumPy sees them."""
    x = np.asarray(x, np.float64)
    if dt == "fp32":
        a = x.astype(np.float32)
        return a, a
    if dt == "fp16":
        a = x.astype(np.float32).astype(np.float16)
        return a, a
    b = to_bf16_bits(x.astype(np.float32))
    return b, bf16_to_f32(b)


def ref_mixed(a, g, dt):
    rtol, atol, limit = MIXED[dt]
    a = a.astype(np.float32)
    g = g.astype(np.float32)
    with np.errstate(all="ignore"):
        err = np.abs(a - g)
        same_nan = np.isnan(a) & np.isnan(g)
        same_inf = np.isinf(a) & np.isinf(g) & (np.sign(a) == np.sign(g))
        special = np.isnan(a) | np.isnan(g) | np.isinf(a) | np.isinf(g)
        mismatch = special & ~same_nan & ~same_inf
        finite = np.isfinite(a) & np.isfinite(g)
        ok = same_nan | same_inf | (finite & (err <= atol + rtol * np.abs(g)))
        ratio = ok.sum() / a.size
        max_abs = np.inf if mismatch.any() else (float(err[finite].max()) if finite.any() else 0.0)
    return ratio >= 0.99 and max_abs <= limit


def ref_stat(a, g, dt):
    th = STAT_TH[dt]
    a = a.astype(np.float32)
    g = g.astype(np.float32)
    with np.errstate(all="ignore"):
        rel = np.abs(a - g) / (np.abs(g) + np.float32(1e-7))
        same_nan = np.isnan(a) & np.isnan(g)
        same_inf = np.isinf(a) & np.isinf(g) & (np.sign(a) == np.sign(g))
        special = np.isnan(a) | np.isnan(g) | np.isinf(a) | np.isinf(g)
        if (special & ~same_nan & ~same_inf).any():
            return False
        m = np.isfinite(a) & np.isfinite(g)
        if not m.any():
            return True
        mere = float(np.mean(rel[m]))  # float32, as TTK
        mare = float(np.max(rel[m]))
    return mere < th and mare < 10 * th


def ref_close(a, g, dt):
    rtol = ptol = 1e-3 if dt in ("fp16", "bf16") else 1e-4
    close = np.isclose(a, g, rtol=rtol, atol=1e-8, equal_nan=True)
    precision = close.sum() / a.size
    return not ((1 - precision) > ptol)


def ref_cosine(a, g, dt):
    """TTK's CosineSimilarityComparison.compare_impl (numpy path): the common
    dtype, fp16/bf16 computed in float32, pass <=> (1 - cos) <= rtol, so an
    undefined (NaN) cosine fails."""
    a = a.astype(np.float32)
    g = g.astype(np.float32)
    with np.errstate(all="ignore"):
        c = np.dot(a, g.T) / (np.linalg.norm(a) * np.linalg.norm(g))
    return bool((1 - c) <= 0.01)


def ref_binary(fa, fg, a, g):
    same = fa.view(np.uint8).reshape(fa.size, -1) == fg.view(np.uint8).reshape(fg.size, -1)
    eq = same.all(axis=1) | (np.isnan(a) & np.isnan(g))
    return bool(eq.all())


def cases(rng):
    n = 1000
    base = rng.uniform(-4, 4, n)
    out = {"identical": (base, base.copy())}
    a = base.copy()
    a[[5, 500, 900]] = np.nan
    out["three NaN where golden is finite"] = (base, a)
    a = base.copy()
    a[[10, 20]] += 0.5
    out["two elements off by 0.5"] = (base, a)
    a = base.copy()
    a[100] = 1e4
    out["one huge outlier"] = (base, a)
    g = np.zeros(n)
    out["all-zero golden, exact"] = (g, g.copy())
    out["all-zero golden, noise 1e-6"] = (g, rng.uniform(-1e-6, 1e-6, n))
    sub = rng.uniform(-1, 1, n) * 1e-40
    out["subnormal golden, actual 2x"] = (sub, sub * 2)
    g = base.copy()
    g[[1, 2]] = [np.inf, -np.inf]
    out["matching infinities"] = (g, g.copy())
    a = g.copy()
    a[1] = -np.inf
    out["infinity of the other sign"] = (g, a)
    out["relative error 3e-4 everywhere"] = (base, base * (1 + 3e-4))
    out["relative error 3e-3 everywhere"] = (base, base * (1 + 3e-3))
    out["relative error 2e-2 everywhere"] = (base, base * (1 + 2e-2))
    a = base.copy()
    a[:9] *= 1.5
    out["9 of 1000 elements off by 50%"] = (base, a)
    a = base.copy()
    a[:11] *= 1.001
    a[11:] *= 1 + 1e-5
    out["11 of 1000 elements off by 0.1%"] = (base, a)
    g = base.copy()
    g[::2] = np.nan
    out["half NaN, matching"] = (g, g.copy())
    # sums of squares above fp16's range: computed in float32 (TTK), defined
    g = rng.uniform(2, 4, 20000)
    a = g.copy()
    a[::2] *= -1
    out["large, half the signs flipped"] = (g, a)
    a = g.copy()
    a[:100] *= -1
    out["large, 100 signs flipped"] = (g, a)
    out["all zero"] = (np.zeros(64), np.zeros(64))  # undefined cosine: fails in TTK
    g = base.copy()
    g[7] = np.inf
    out["one infinity, matching"] = (g, g.copy())
    return out


def main():
    rng = np.random.default_rng(1234)
    fails = checked = 0
    with tempfile.TemporaryDirectory() as w:
        gp, ap = os.path.join(w, "g.bin"), os.path.join(w, "a.bin")
        for name, (g, a) in cases(rng).items():
            for dt in ("fp32", "fp16", "bf16"):
                fg, vg = stored(g, dt)
                fa, va = stored(a, dt)
                fg.tofile(gp)
                fa.tofile(ap)
                close_a = va if dt == "bf16" else fa   # TTK's close turns bf16 into float32
                close_g = vg if dt == "bf16" else fg
                want = {"mixed": ref_mixed(va, vg, dt), "stat_rel_err": ref_stat(va, vg, dt),
                        "single_bm": ref_stat(va, vg, dt), "close": ref_close(close_a, close_g, dt),
                        "cosine": ref_cosine(va, vg, dt),
                        "binary": ref_binary(fa, fg, va, vg)}
                for method, expect in want.items():
                    r = subprocess.run([G, "compare", "--method", method, "--golden", gp, "--actual", ap,
                                        "--dtype", dt], capture_output=True, text=True)
                    got = {0: True, 1: False}.get(r.returncode)
                    checked += 1
                    if got != expect:
                        fails += 1
                        print("FAIL: %s / %s / %s: tool %s, NumPy %s\n%s%s" % (
                            name, dt, method, got, expect, r.stdout, r.stderr))
        # stat_rel_err's MERE/MARE are NumPy's float32 mean and max to the bit
        # (pairwise sums in 8192-element blocks): sizes around each boundary
        for n in (1, 7, 8, 127, 128, 129, 1000, 8191, 8192, 8193, 20000, 70001):
            g = rng.uniform(-3, 3, n).astype(np.float32)
            a = (g * (1 + rng.uniform(-1e-4, 1e-4, n))).astype(np.float32)
            g.tofile(gp)
            a.tofile(ap)
            r = subprocess.run([G, "compare", "--method", "stat_rel_err", "--golden", gp, "--actual", ap,
                                "--dtype", "fp32"], capture_output=True, text=True)
            rel = np.abs(a - g) / (np.abs(g) + np.float32(1e-7))
            want = "mere %.9g" % float(np.mean(rel)), "mare %.9g" % float(np.max(rel))
            checked += 1
            if not all(w in r.stdout for w in want):
                fails += 1
                print("FAIL: stat_rel_err statistics, n = %d: want %s\n%s" % (n, want, r.stdout))
        # identical fp16 arrays: cosine 1 (TTK computes fp16 in float32; float16
        # arithmetic would give 0.99951)
        h = rng.uniform(-2, 2, 4096).astype(np.float16)
        h.tofile(gp)
        h.tofile(ap)
        r = subprocess.run([G, "compare", "--method", "cosine", "--golden", gp, "--actual", ap, "--dtype", "fp16"],
                           capture_output=True, text=True)
        checked += 1
        if r.returncode != 0 or "cosine 1:" not in r.stdout:
            fails += 1
            print("FAIL: identical fp16 arrays: want cosine 1\n%s" % r.stdout)
    print("%d verdicts checked, %d differ" % (checked, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
