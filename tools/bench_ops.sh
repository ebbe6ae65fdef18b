#!/bin/sh
# bench_ops.sh [BUILD] [REPS] [ROWS]: the op path on real kernels (softmax, layernorm samples) -
# pvc's native backend vs numpy on the same math and data, the simulator vs native - timed in
# process through the pvc package (tools/bench_ops.py has the method). ROWS is a comma-separated
# list of row counts (default 512,4096,16384: 2, 16 and 64 times the Unified Buffer). Not part of
# `make test`; prints measured ratios, no targets. BUILD defaults to build (it needs BUILD/pvc
# and BUILD/libpvc.so).
build=${1:-build}; reps=${2:-7}; rows=${3:-512,4096,16384}
if [ ! -x "$build/pvc" ] || [ ! -f "$build/libpvc.so" ]; then
    echo "bench_ops.sh: run make first ($build/pvc, $build/libpvc.so)" >&2; exit 2
fi
PVC_LIB=$(cd "$build" && pwd)/libpvc.so exec "$build/pvc" py tools/bench_ops.py --reps "$reps" \
    --rows "$rows"
