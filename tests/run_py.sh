#!/bin/sh
# run_py.sh PVC: `make py` - pypto_pro test files run unmodified on the CPU through `pvc py`.
#   1. the Python suite tests/py/ (pytest): the library from Python, both backends
#   2. every sample with a __main__ block, `pvc py samples/X.py`: prints PASSED (default backend)
#   3. every sample's test functions under pytest, once per backend (PVC_BACKEND; native with
#      pytest-xdist when it is installed)
# A sample that names a torch dtype this torch lacks (Debian's torch 1.13 has no float8 types
# and no uint16/32/64) cannot run here: it must fail with pvc's message naming the dtype, and
# is left out of 3. Ends with "N passed, M failed".
pvc=${1:-build/pvc}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; [ -n "$2" ] && printf '%s\n' "$2" | tail -n 20 | sed 's/^/    /'; fail=$((fail + 1)); }
# pytest-xdist spreads a suite over processes; tried once below (the native samples), since
# on two cores its start-up costs more than these short suites take.
xdist=-n2; "$pvc" py -c 'import xdist' 2>/dev/null || xdist=

# pytest_counts NAME LOG RC: adds pytest's "N passed, M failed, K error" line to the totals
pytest_counts() {
    line=$(tail -n 1 "$2")
    p=$(printf '%s' "$line" | sed -n 's/.*[^0-9]\([0-9][0-9]*\) passed.*/\1/p')
    f=$(printf '%s' "$line" | sed -n 's/.*[^0-9]\([0-9][0-9]*\) failed.*/\1/p')
    e=$(printf '%s' "$line" | sed -n 's/.*[^0-9]\([0-9][0-9]*\) error.*/\1/p')
    case "$line" in [0-9]*" passed"*) p=${line%% passed*} ;; esac
    case "$line" in [0-9]*" failed"*) f=${line%% failed*} ;; esac
    p=${p:-0}; f=$((${f:-0} + ${e:-0}))
    [ "$3" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    grep -E '^(FAILED|ERROR|SKIPPED)' "$2" | sed 's/^/    /'
    echo "$1: $line"
    pass=$((pass + p)); fail=$((fail + f))
}

# ---- 1. the Python suite ---------------------------------------------------------------
"$pvc" py -m pytest -q -rs -p no:cacheprovider tests/py >"$tmp/suite" 2>&1
pytest_counts "tests/py" "$tmp/suite" $?

# ---- 2. and 3. the samples ---------------------------------------------------------------
# the torch.<name> dtypes a sample uses that this torch lacks
lacks() {
    for n in $(grep -o 'torch\.\(float8_[a-z0-9_]*\|uint16\|uint32\|uint64\)' "$1" | sort -u); do
        "$pvc" py -c "import torch, sys; sys.exit(hasattr(torch, '${n#torch.}'))" 2>/dev/null && printf '%s ' "$n"
    done
}
runnable=""; mains=""
for f in samples/*.py; do
    name=${f#samples/}; missing=$(lacks "$f")
    if [ -n "$missing" ]; then
        out=$("$pvc" py "$f" 2>&1)
        first=${missing%% *}
        if printf '%s\n' "$out" | grep -qF "has no dtype $first"; then
            ok "$name cannot run on this torch: it names $first, and the error says so"
        else bad "$name: want an error naming $first" "$out"; fi
        continue
    fi
    runnable="$runnable $f"
    grep -q '__main__' "$f" && mains="$mains $f"
done
# two at a time: each is a Python start-up with torch
# shellcheck disable=SC2016,SC2086 # the inner script expands its own arguments
printf '%s\n' $mains | xargs -P 2 -I{} sh -c \
    '"$0" py "$1" >"$2/${1##*/}.out" 2>&1; echo $? >"$2/${1##*/}.rc"' "$pvc" {} "$tmp"
for f in $mains; do
    name=${f#samples/}; rc=$(cat "$tmp/$name.rc" 2>/dev/null || echo 127)
    if [ "$rc" -eq 0 ] && [ "$(tail -n 1 "$tmp/$name.out")" = PASSED ]; then ok "pvc py $name"
    else bad "pvc py $name (exit $rc)" "$(cat "$tmp/$name.out")"; fi
done
for backend in sim native; do
    jobs=; [ $backend = native ] && jobs=$xdist
    # shellcheck disable=SC2086 # lists of files and flags
    PVC_BACKEND=$backend "$pvc" py -m pytest -q -rs -p no:cacheprovider $jobs $runnable >"$tmp/samples" 2>&1
    pytest_counts "samples under pytest ($backend)" "$tmp/samples" $?
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
