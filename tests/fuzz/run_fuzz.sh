#!/bin/sh
# run_fuzz.sh FUZZER SECONDS [FUZZER SECONDS]...: run each libFuzzer harness for its SECONDS
# from a fresh copy of its seed corpus, with its dictionary:
#   fuzz_frontend  the compiler (passes, dumps, C emitter): samples/*.py, tests/diag/*.py,
#                  tests/golden/*.py, tests/sim/*.py, tests/e2e/*.py, tests/fuzz/corpus/*;
#                  tests/fuzz/python.dict
#   fuzz_npy       the .npy reader: samples/data/*/*/*.npy, tests/fuzz/corpus_npy/*;
#                  tests/fuzz/npy.dict
#   fuzz_sim       compile-then-simulate (fast and observing loop compared, op budget):
#                  the seeds and dictionary of fuzz_frontend
#   fuzz_stream    the streamed compile against the whole one, test files mutated in their
#                  line structure: the seeds of fuzz_frontend and tests/stream/*.py
# $PVC_FUZZ_SEEDS, a directory, adds its .py files (any depth) to the compiler harnesses' seeds.
# Prints each run's executions, coverage and peak memory, a crash if there was one, and one
# count line: "N passed, M failed", a harness that ran clean passing.
pass=0; fail=0
while [ $# -ge 2 ]; do
    fuzzer=$1; secs=$2; shift 2
    name=${fuzzer##*/}
    dir=$(dirname "$fuzzer")
    work=$(mktemp -d "$dir/run.XXXXXX")
    mkdir -p "$work/corpus" "$dir/crashes"
    case $name in
    fuzz_npy)
        # samples/data/<sample>/<case>/<file>.npy: names repeat, so prefix them
        for f in samples/data/*/*/*.npy; do
            c=${f#samples/data/}; cp "$f" "$work/corpus/$(printf '%s' "$c" | tr / _)"
        done
        cp tests/fuzz/corpus_npy/* "$work/corpus/" 2>/dev/null
        dict=tests/fuzz/npy.dict; max_len=4096 ;;
    *)
        cp samples/*.py tests/diag/*.py tests/golden/*.py "$work/corpus/" 2>/dev/null
        # tests/sim and tests/e2e share file names: prefix them so none overwrites another
        for f in tests/sim/*.py tests/e2e/*.py; do cp "$f" "$work/corpus/$(basename "$(dirname "$f")")_${f##*/}"; done
        [ -d tests/fuzz/corpus ] && cp tests/fuzz/corpus/* "$work/corpus/" 2>/dev/null
        for f in tests/stream/*.py; do cp "$f" "$work/corpus/stream_${f##*/}"; done
        if [ -n "$PVC_FUZZ_SEEDS" ]; then
            find "$PVC_FUZZ_SEEDS" -name '*.py' | awk '{ print NR, $0 }' | while read -r i f; do
                cp "$f" "$work/corpus/seed${i}_${f##*/}"
            done
        fi
        dict=tests/fuzz/python.dict; max_len=8192
        [ "$name" = fuzz_stream ] && max_len=65536 ;; # whole test files
    esac
    "$fuzzer" "$work/corpus" -dict="$dict" -max_total_time="$secs" -max_len=$max_len -timeout=10 \
        -rss_limit_mb=2048 -artifact_prefix="$dir/crashes/$name-" -print_final_stats=1 \
        >"$work/log" 2>&1
    rc=$?
    echo "$name:"
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|^==[0-9]+==ERROR|SUMMARY|^fuzz_' "$work/log" | head -n 20
    grep -E '^#[0-9]+.*(DONE|INITED)' "$work/log" | tail -n 1 # cov: edges, ft: features, corp
    rm -rf "$work"
    if [ $rc -eq 0 ]; then echo "$name: ${secs}s clean"; pass=$((pass + 1))
    else echo "$name: fuzzer exit $rc; artifacts in $dir/crashes/"; fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
