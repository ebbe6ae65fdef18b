"""bench_race.py - the simulator's map of GM shared between blocks (compiler/sim/race.c): ms
per launch of tests/e2e/blocks/copy_rows.py on 1 block (no map) and on 2 blocks (the map
checks every GM byte moved), for one or more libpvc.so builds side by side.

Cases: 64 MiB tensors of which 512 rows (128 KiB; 64 KiB per block on 2 blocks) are copied,
and 4 MiB tensors copied whole. Each build runs in a worker process of its own, launching
through the pvc package; the contestants take turns sample by sample (build A 1 block,
build B 1 block, A 2 blocks, B 2 blocks, ...), so load on the machine weighs on all alike.
A sample repeats launches for at least --min-ms of the worker's CPU time (time.process_time);
the figures are medians over --reps samples.

usage: build/pvc py tools/bench_race.py NAME=LIBPVC.so [NAME=LIBPVC.so ...] [--reps N] [--min-ms MS]
e.g.   build/pvc py tools/bench_race.py before=/tmp/libpvc_main.so after=build/libpvc.so"""
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNEL = os.path.join(ROOT, "tests", "e2e", "blocks", "copy_rows.py")
# (name, tensor rows of 64 floats, rows copied): 64 MiB tensors of which 128 KiB are copied
# (64 KiB per block at 2 blocks), and 4 MiB tensors copied whole
CASES = [("sparse 64MiB/128KiB", 262144, 512), ("dense 4MiB", 16384, 16384)]


def worker():
    import numpy as np
    import pvc
    k = pvc.load(KERNEL).kernel("copy_rows_kernel")
    arrays = {}
    for line in sys.stdin:
        case, blocks, min_s = line.split()
        rows, copied = next((r, c) for n, r, c in CASES if n.split()[0] == case)
        if case not in arrays:
            a = np.random.RandomState(1).standard_normal((rows, 64)).astype(np.float32)
            arrays[case] = (a, np.zeros_like(a))
        a, out = arrays[case]
        n, start = 0, time.process_time()
        while True:
            k.launch([a, out, copied], blocks=int(blocks), backend="sim")
            n += 1
            spent = time.process_time() - start
            if spent >= float(min_s):
                break
        if not np.array_equal(out[:copied], a[:copied]):
            sys.exit("bench_race: %s on %s blocks: out is not a copy of a" % (case, blocks))
        print(spent / n, flush=True)


def main():
    if sys.argv[1:] == ["--worker"]:
        return worker()
    args, reps, min_ms = [], 5, 200.0
    it = iter(sys.argv[1:])
    for x in it:
        if x == "--reps":
            reps = int(next(it))
        elif x == "--min-ms":
            min_ms = float(next(it))
        else:
            args.append(x.split("=", 1))
    procs = {}
    for name, lib in args:
        env = dict(os.environ, PVC_LIB=os.path.abspath(lib), PYTHONPATH=os.path.join(ROOT, "python"))
        procs[name] = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker"], env=env,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    print("bench_race: tests/e2e/blocks/copy_rows.py on the simulator, %d repetitions, samples of "
          "at least %g ms CPU time, medians; contestants take turns" % (reps, min_ms))
    print("%-22s %-10s %12s %12s %10s" % ("case", "build", "1 block ms", "2 blocks ms", "2 / 1"))
    for case, _, _ in CASES:
        t = {(n, b): [] for n in procs for b in (1, 2)}
        for _ in range(reps):
            for b in (1, 2):
                for n, p in procs.items():
                    p.stdin.write("%s %d %g\n" % (case.split()[0], b, min_ms / 1000))
                    p.stdin.flush()
                    t[n, b].append(float(p.stdout.readline()))
        for n in procs:
            one, two = statistics.median(t[n, 1]), statistics.median(t[n, 2])
            print("%-22s %-10s %12.3f %12.3f %10.2f" % (case, n, one * 1e3, two * 1e3, two / one))
        sys.stdout.flush()
    for p in procs.values():
        p.stdin.close()
        p.wait()


if __name__ == "__main__":
    main()
