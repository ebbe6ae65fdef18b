#!/bin/sh
# run_demo.sh PVC [BACKEND]: `make demo` - every case samples/data/<sample>/<case>/ run with
# `pvc run samples/<sample>.py --backend BACKEND` (default native): in_<P>.npy -> --input,
# expect_<P>.npy -> --expect, plus the extra flags of its args file. One line per case.
pvc=${1:-build/pvc}; backend=${2:-native}
pass=0; fail=0
for dir in samples/data/*/*/; do
    dir=${dir%/}; name=${dir#samples/data/}; sample=${name%%/*}
    set -- run "samples/$sample.py" --backend "$backend"
    for f in "$dir"/in_*.npy; do
        [ -e "$f" ] || continue
        p=${f##*/in_}; set -- "$@" --input "${p%.npy}=$f"
    done
    for f in "$dir"/expect_*.npy; do
        [ -e "$f" ] || continue
        p=${f##*/expect_}; set -- "$@" --expect "${p%.npy}=$f"
    done
    # shellcheck disable=SC2046 # args holds flags, one line, word-split on purpose
    if out=$("$pvc" "$@" $(cat "$dir/args" 2>/dev/null) 2>&1); then
        echo "PASS $name"; pass=$((pass + 1))
    else
        echo "FAIL $name (exit $?)"; printf '%s\n' "$out" | sed 's/^/    /'; fail=$((fail + 1))
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
