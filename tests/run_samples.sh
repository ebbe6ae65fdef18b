#!/bin/sh
# run_samples.sh PVC: `make samples` - pvc check and pvc ir on every sample, one line each.
# (End-to-end runs join this line when the simulator and the native backend exist.)
pvc=${1:-build/pvc}
pass=0; fail=0
for src in samples/*.py; do
    if ! "$pvc" check "$src"; then
        printf 'FAIL  %-40s pvc check\n' "$src"; fail=$((fail + 1)); continue
    fi
    ir=$("$pvc" ir "$src") || { printf 'FAIL  %-40s pvc ir\n' "$src"; fail=$((fail + 1)); continue; }
    funcs=$(printf '%s\n' "$ir" | grep -cE '^(vector_function|jit) ')
    ops=$(printf '%s\n' "$ir" | grep -cE '^  .*  @[0-9]+:[0-9]+')
    printf 'ok    %-40s %d functions, %d ops lowered\n' "$src" "$funcs" "$ops"
    pass=$((pass + 1))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
