#!/bin/sh
# bench_rt.sh BUILD [BUILD_B] [ROUNDS]: nanoseconds per call of the runtime's register ops
# (tools/bench_rt.c has the list and the inputs). With one build, one run of each op's median.
# With two, the two binaries run in turns (A B A B ..., 7 runs each) so machine load weighs on
# both alike, and each op's line gives A's and B's median ns and the median of the per-turn
# ratios B / A (< 1: B is faster). Builds need BUILD/libpvcrt.a (make all).
set -e
a=$1; b=$2; rounds=${3:-9}
if [ -z "$a" ] || [ ! -f "$a/libpvcrt.a" ]; then
    echo "usage: sh tools/bench_rt.sh BUILD [BUILD_B] [ROUNDS] (each BUILD with libpvcrt.a)" >&2
    exit 2
fi
cc=${CC:-cc}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for x in $a $b; do
    $cc -std=c11 -O2 -Iruntime/include tools/bench_rt.c "$x/libpvcrt.a" -lm -pthread \
        -o "$tmp/bench_$(echo "$x" | tr / _)"
done
bin() { echo "$tmp/bench_$(echo "$1" | tr / _)"; }
if [ -z "$b" ]; then
    "$(bin "$a")" "$rounds"
    exit 0
fi
for turn in 1 2 3 4 5 6 7; do
    "$(bin "$a")" "$rounds" | sed "s/^/A $turn /"
    "$(bin "$b")" "$rounds" | sed "s/^/B $turn /"
done > "$tmp/runs"
/usr/bin/python3 - "$tmp/runs" "$a" "$b" <<'PY'
import statistics, sys
runs = {}
order = []
for line in open(sys.argv[1]):
    side, turn, op, ns = line.split()
    if op not in runs:
        runs[op] = {"A": {}, "B": {}}
        order.append(op)
    runs[op][side][turn] = float(ns)
print("%-12s %10s %10s %8s   (A = %s, B = %s)" % ("op", "A ns", "B ns", "B / A", sys.argv[2], sys.argv[3]))
for op in order:
    a, b = runs[op]["A"], runs[op]["B"]
    ratio = statistics.median(b[t] / a[t] for t in a)
    print("%-12s %10.1f %10.1f %8.2f" % (op, statistics.median(a.values()),
                                        statistics.median(b.values()), ratio))
PY
