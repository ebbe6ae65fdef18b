#!/bin/sh
# bench_ops.sh [BUILD] [REPS] [ROWS] [bench_ops.py options]: the op path on real kernels (the
# softmax, layernorm and rmsnorm samples) - pvc's native backend vs hand-written C of the same
# bits (--hand SO: bench/hand_rows.c built, as `make bench` builds it) and vs numpy on the same
# math and data, the simulator vs native - timed in process through the pvc package
# (tools/bench_ops.py has the method; --clock wall, --tsv FILE). ROWS is a comma-separated list
# of row counts (default 512,4096,16384: 2, 16 and 64 times the Unified Buffer). Not part of
# `make test` (`make bench` runs it at 512 and 4096 rows, bench/ops.c). The native contestant
# is cc's object: PVC_NATIVE_BUILD=cc makes the first launch wait for it (a program keeps the
# object its first launch loaded, and a cache miss loads libtcc's). BUILD defaults to build (it
# needs BUILD/pvc and BUILD/libpvc.so).
build=${1:-build}; reps=${2:-7}; rows=${3:-512,4096,16384}
[ $# -gt 3 ] && shift 3 || shift $#
if [ ! -x "$build/pvc" ] || [ ! -f "$build/libpvc.so" ]; then
    echo "bench_ops.sh: run make first ($build/pvc, $build/libpvc.so)" >&2; exit 2
fi
PVC_NATIVE_BUILD=cc PVC_LIB=$(cd "$build" && pwd)/libpvc.so exec "$build/pvc" py tools/bench_ops.py --reps "$reps" \
    --rows "$rows" "$@"
