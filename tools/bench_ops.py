"""bench_ops.py - the op path on real kernels: pvc's native backend against hand-written C
computing the same bits and against numpy doing the same math on the same data, and the
simulator against native (run by tools/bench_ops.sh).

Workloads: samples/softmax_rows.py, samples/layernorm_rows.py and samples/rmsnorm_rows.py on
R x 256 FP32 rows (R / 8 tiles of 8 rows; every tile is a pl.load, a vector-function call, a
pl.store), for each R of --rows (default 512, 4096, 16384: the input is 2, 16 and 64 times the
256 KiB Unified Buffer), launched in process through the pvc package (libpvc: the program
compiled once, each launch binds the arrays and runs the kernel); against bench/hand_rows.c
(--hand: its shared object, built with the native backend's flags), the same arithmetic in
the same order written by hand, straight from the input array to the output; and against
numpy in float32 on the same arrays (max/exp/sum/divide; mean/var/sqrt/scale; mean of
squares/sqrt/scale). Before timing, native, sim and the hand C must give the same bytes and
stay close to numpy.

Timing: one sample repeats a contestant's call until it has run at least --min-ms, and counts
time per call; the contestants take turns sample by sample (native, sim, hand, numpy, native,
...), so load on the machine weighs on all of them alike. The time is this process's CPU time
(--clock cpu, the default: the contestants run one at a time, a pvc launch on a thread of its
own (pvc's interruptible launch), so the process's clock counts all of it, and time the
machine's other jobs take is not counted) or wall time (--clock wall). Each ratio printed is
the median over the repetitions of the ratio within one repetition, with the lowest and
highest of those ratios beside it. --tsv FILE also writes one line per kernel and size for
`make bench` (bench/ops.c). The figures are measurements; the targets are bench/ops.c's.
"""
import argparse
import ctypes
import os
import statistics
import sys
import time

import numpy as np

import pvc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLS = 256
UB_BYTES = 256 * 1024


def softmax_np(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def layernorm_np(x, gamma, beta, eps):
    mean = x.mean(axis=1, keepdims=True)
    xc = x - mean
    var = (xc * xc).mean(axis=1, keepdims=True)
    return xc / np.sqrt(var + np.float32(eps)) * gamma + beta


def rmsnorm_np(x, gamma, eps):
    return x * (np.float32(1) / np.sqrt((x * x).mean(axis=1, keepdims=True) + np.float32(eps))) \
        * gamma


def ptr(a):
    return a.ctypes.data_as(ctypes.c_void_p)


def hand_calls(lib, x, gamma, beta, tiles):
    """The hand C of each workload, writing y (bench/hand_rows.c; None without --hand)."""
    if lib is None:
        return [None] * 3
    rows, f = ctypes.c_long(tiles * 8), ctypes.c_float
    return [lambda y: lib.hand_softmax(ptr(x), ptr(y), rows),
            lambda y: lib.hand_layernorm(ptr(x), ptr(gamma), ptr(beta), ptr(y), rows,
                                         f(1.0 / COLS), f(1e-5)),
            lambda y: lib.hand_rmsnorm(ptr(x), ptr(gamma), ptr(y), rows, f(1.0 / COLS), f(1e-6))]


def workloads(rows, soft, norm, rms, lib=None):
    rng = np.random.RandomState(20240611)
    x = (rng.standard_normal((rows, COLS)) * 3.0).astype(np.float32)
    gamma = (rng.random_sample((1, COLS)) + 0.5).astype(np.float32)
    beta = rng.standard_normal((1, COLS)).astype(np.float32)
    tiles = rows // 8
    hs, hl, hr = hand_calls(lib, x, gamma, beta, tiles)
    return [
        ("softmax", lambda y: [x, y, tiles], soft, lambda: softmax_np(x), hs),
        ("layernorm", lambda y: [x, gamma, beta, y, 1.0 / COLS, 1e-5, tiles], norm,
         lambda: layernorm_np(x, gamma, beta, 1e-5), hl),
        ("rmsnorm", lambda y: [x, gamma, y, 1.0 / COLS, 1e-6, tiles], rms,
         lambda: rmsnorm_np(x, gamma, 1e-6), hr),
    ]


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = time.process_time


def per_call(fn, min_s):
    """Seconds per call of fn, repeated until min_s has passed (at least once)."""
    n, start = 0, clock()
    while True:
        fn()
        n += 1
        spent = clock() - start
        if spent >= min_s:
            return spent / n


def check(name, rows, args, kernel, ref, hand):
    outs = {}
    for backend in ("native", "sim"):
        y = np.zeros((rows, COLS), np.float32)
        kernel.launch(args(y), backend=backend)
        outs[backend] = y
    if outs["native"].tobytes() != outs["sim"].tobytes():
        sys.exit("bench_ops: %s: native and sim outputs differ" % name)
    if hand:
        y = np.zeros((rows, COLS), np.float32)
        hand(y)
        if y.tobytes() != outs["native"].tobytes():
            bad = np.flatnonzero(y.view(np.uint32) != outs["native"].view(np.uint32))
            sys.exit("bench_ops: %s: the hand C and pvc native differ in %d of %d lanes (first: "
                     "row %d, column %d)" % (name, bad.size, y.size, bad[0] // COLS, bad[0] % COLS))
    want = ref()
    if not np.allclose(outs["native"], want, rtol=1e-4, atol=1e-5):
        sys.exit("bench_ops: %s: native output is not close to numpy's" % name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=7, help="repetitions (medians over them)")
    ap.add_argument("--min-ms", type=float, default=30.0, help="least time per sample")
    ap.add_argument("--rows", default="512,4096,16384",
                    help="comma-separated row counts (multiples of 8)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                    help="cpu: this thread's CPU time (default); wall: elapsed time")
    ap.add_argument("--tsv", help="also write kernel, R, the four medians (native, sim, numpy, hand C; ms) and the three ratios "
                                  "(median, lowest, highest), tab-separated, to this file")
    ap.add_argument("--hand", help="bench/hand_rows.c's shared object: the hand-written C row")
    ap.add_argument("--loop", choices=("native", "sim", "numpy", "hand"),
                    help="only run this contestant, --reps samples per kernel and size, and print "
                         "the time per call (for a profiler: perf record ... --loop native)")
    a = ap.parse_args()
    global clock
    clock = CLOCKS[a.clock]
    min_s = a.min_ms / 1000.0
    sizes = [int(r) for r in a.rows.split(",")]
    if any(r <= 0 or r % 8 for r in sizes):
        sys.exit("bench_ops: --rows takes positive multiples of 8")
    soft = pvc.load(os.path.join(ROOT, "samples", "softmax_rows.py")).kernel("softmax_kernel")
    norm = pvc.load(os.path.join(ROOT, "samples", "layernorm_rows.py")).kernel("layernorm_kernel")
    rms = pvc.load(os.path.join(ROOT, "samples", "rmsnorm_rows.py")).kernel("rmsnorm_kernel")
    lib = ctypes.CDLL(os.path.abspath(a.hand)) if a.hand else None
    if a.loop == "hand" and not lib:
        sys.exit("bench_ops: --loop hand needs --hand")
    if a.loop:
        for rows in sizes:
            for name, args, kernel, ref, hand in workloads(rows, soft, norm, rms, lib):
                y = np.zeros((rows, COLS), np.float32)
                fn = ref if a.loop == "numpy" else (lambda: hand(y)) if a.loop == "hand" else (
                    lambda: kernel.launch(args(y), backend=a.loop))
                t = statistics.median(per_call(fn, min_s) for _ in range(a.reps))
                print("%s %s R=%d: %.3f ms per call" % (a.loop, name, rows, t * 1e3))
        return
    print("bench_ops: R x %d FP32 rows, %d repetitions, samples of at least %g ms of %s time, "
          "%d cpus" % (COLS, a.reps, a.min_ms, a.clock, os.cpu_count() or 0))
    tsv = open(a.tsv, "w") if a.tsv else None
    print("%-10s %6s %5s %9s %9s %9s %9s   %-19s %-19s %-19s" % (
        "kernel", "R", "x UB", "native ms", "sim ms", "hand ms", "numpy ms", "native / hand C",
        "numpy / hand C", "sim / native"))
    for rows in sizes:
        for name, args, kernel, ref, hand in workloads(rows, soft, norm, rms, lib):
            check(name, rows, args, kernel, ref, hand)
            y = np.zeros((rows, COLS), np.float32)
            runs = {"native": lambda: kernel.launch(args(y), backend="native"),
                    "sim": lambda: kernel.launch(args(y), backend="sim"),
                    "hand": (lambda: hand(y)) if hand else None,
                    "numpy": ref}
            runs = {k: fn for k, fn in runs.items() if fn}
            times = {k: [] for k in runs}
            for _ in range(a.reps):
                for k, fn in runs.items():               # interleaved: one sample each in turn
                    times[k].append(per_call(fn, min_s))
            med = {k: statistics.median(v) for k, v in times.items()}
            base = "hand" if hand else "numpy"
            ratios = [[n / h for n, h in zip(times["native"], times[base])],
                      [p / h for p, h in zip(times["numpy"], times[base])],
                      [s / n for s, n in zip(times["sim"], times["native"])]]
            print("%-10s %6d %5.0f %9.3f %9.3f %9s %9.3f   %-19s %-19s %-19s" % (
                name, rows, rows * COLS * 4 / UB_BYTES, med["native"] * 1e3, med["sim"] * 1e3,
                "%.3f" % (med["hand"] * 1e3) if hand else "-", med["numpy"] * 1e3,
                *(spread(r) if hand or i == 2 else "-" for i, r in enumerate(ratios))))
            if tsv and hand:
                tsv.write("\t".join([name, str(rows)] + ["%.6g" % (med[k] * 1e3) for k in
                                                          ("native", "sim", "numpy", "hand")] +
                                     ["%.4g" % v for r in ratios for v in
                                      (statistics.median(r), min(r), max(r))]) + "\n")
            sys.stdout.flush()
    if tsv:
        tsv.close()
    print("ratios are time per call (> 1: the first is slower): the median of the "
          "per-repetition ratios [lowest - highest]")


def spread(ratios):
    return "%.2f [%.2f - %.2f]" % (statistics.median(ratios), min(ratios), max(ratios))


if __name__ == "__main__":
    main()
