#!/usr/bin/env python3
"""fork safety from Python (docs/runtime.md, "Fork"): a multiprocessing pool
forked from a parent whose phase 2 pool has started and gone to sleep, while
another parent thread keeps logging failing calls, runs multi-threaded calls
in every child and gets the right results. Every wait has a deadline: a child
that hangs fails the test instead of hanging it.
usage: fork_pool.py   (PYTHONPATH / OPSNN_LIBRARY / OPSNN_NUM_THREADS set by ctest)"""
import multiprocessing as mp
import os
import sys
import threading
import time

import numpy as np

import opsnn

N = 1 << 18  # ~3 MB of traffic: phase 2 uses the pool
DEADLINE_S = int(os.environ.get("FORK_POOL_DEADLINE_S", "120"))


def expected(g, x, lambd):
    return np.where((x > lambd) | (x < -lambd), g, np.float32(0))


def big_call(seed):
    rng = np.random.default_rng(seed)
    g = rng.standard_normal(N).astype(np.float32)
    x = rng.standard_normal(N).astype(np.float32)
    got = opsnn.softshrink_backward(g, x, 0.5)
    return bool(np.array_equal(got, expected(g, x, np.float32(0.5))))


def child_job(seed):
    ok = True
    for i in range(3):  # the child's worker asleep, then woken, a few times
        ok = ok and big_call(seed * 10 + i)
        time.sleep(0.01)
    try:
        opsnn.softshrink_backward(np.zeros(2, np.float32), np.zeros(3, np.float32), 0.5)
        ok = False  # the shapes do not broadcast: must be refused
    except opsnn.OpsnnError:
        pass
    return ok


def main():
    ok = big_call(1)
    time.sleep(0.05)  # past the spin window: the parent's worker sleeps
    stop = threading.Event()

    def logger():
        while not stop.is_set():
            try:
                opsnn.softshrink_backward(np.zeros(2, np.float32), np.zeros(3, np.float32), 0.5)
            except opsnn.OpsnnError:
                pass
            time.sleep(0.001)  # a few MB of log at most

    t = threading.Thread(target=logger)
    t.start()
    fails = 0
    try:
        ctx = mp.get_context("fork")
        for rnd in range(3):
            with ctx.Pool(2) as pool:
                res = pool.map_async(child_job, range(rnd * 8, rnd * 8 + 8))
                try:
                    results = res.get(timeout=DEADLINE_S)
                except mp.TimeoutError:
                    print("FAIL: round %d: the forked children did not finish in %d s" % (rnd, DEADLINE_S))
                    pool.terminate()
                    fails += 1
                    break
                good = all(results)
                print(("ok" if good else "FAIL") + ": round %d: %d children, results %s" % (rnd, len(results), results))
                fails += not good
    finally:
        stop.set()
        t.join()
    ok = ok and big_call(2)  # the parent's pool still works
    print(("ok" if ok else "FAIL") + ": the parent's calls before and after")
    fails += not ok
    print("%d passed, %d failed" % (4 - fails, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
