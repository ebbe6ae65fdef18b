#!/bin/sh
# run_fuzz.sh FUZZER SECONDS: fuzz the compiler (passes and C emitter) for SECONDS from a
# fresh copy of the seed corpus (samples/*.py, tests/diag/*.py, tests/golden/*.py,
# tests/sim/*.py, tests/e2e/*.py, tests/fuzz/corpus/*). Prints one count
# line: "1 passed, 0 failed" when no crash was found, else the crash and "0 passed, 1 failed".
fuzzer=$1; secs=${2:-25}
dir=$(dirname "$fuzzer")
work=$(mktemp -d "$dir/run.XXXXXX")
mkdir -p "$work/corpus" "$dir/crashes"
cp samples/*.py tests/diag/*.py tests/golden/*.py "$work/corpus/" 2>/dev/null
# tests/sim and tests/e2e share file names: prefix them so none overwrites another
for f in tests/sim/*.py tests/e2e/*.py; do cp "$f" "$work/corpus/$(basename "$(dirname "$f")")_${f##*/}"; done
[ -d tests/fuzz/corpus ] && cp tests/fuzz/corpus/* "$work/corpus/" 2>/dev/null
dict=""; [ -f tests/fuzz/python.dict ] && dict="-dict=tests/fuzz/python.dict"
"$fuzzer" "$work/corpus" $dict -max_total_time="$secs" -max_len=8192 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$dir/crashes/" -print_final_stats=1 \
    >"$work/log" 2>&1
rc=$?
grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|^==[0-9]+==ERROR|SUMMARY' "$work/log" | head -n 20
rm -rf "$work"
if [ $rc -eq 0 ]; then echo "fuzz-smoke: ${secs}s clean"; echo "1 passed, 0 failed"; exit 0; fi
echo "fuzz-smoke: fuzzer exit $rc; artifacts in $dir/crashes/"
echo "0 passed, 1 failed"; exit 1
