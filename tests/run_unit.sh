#!/bin/sh
# Runs each test binary given as an argument, echoes its output, and sums the
# "N passed, M failed" closing lines into one. Exit status 1 if anything failed
# or a binary crashed or printed no closing line.
pass=0; fail=0
for bin in "$@"; do
    out=$("$bin" 2>&1); rc=$?
    printf '%s\n' "$out" | grep -v '^ok ' || true
    line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
    if [ -z "$line" ]; then
        echo "$bin: no closing line (exit $rc)"; fail=$((fail + 1)); continue
    fi
    p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed}
    pass=$((pass + p)); fail=$((fail + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "$bin: exit $rc with no failed case"; fail=$((fail + 1))
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
