#!/bin/sh
# run_py.sh PVC [--library]: `make py` - pypto_pro test files run unmodified on the CPU through
# `pvc py`, in one pytest session (pytest-xdist spreads it over two processes when installed):
#   1. the Python suite tests/py/: the library from Python, both backends; and
#      tests/py/test_sample_mains.py: every sample's __main__ block prints PASSED (default
#      backend); a sample that names a torch dtype this torch lacks (Debian's torch 1.13 has no
#      float8 types and no uint16/32/64) fails with pvc's message naming the dtype
#   2. every other sample's test functions, once per backend (the plugin
#      tests/py/sample_backends.py parametrizes them through PVC_BACKEND)
#   3. one sample run as a process of its own, `pvc py samples/load_align_norm.py`: PASSED
# --library: 1 without the samples (the library path alone, say for a quick SAN=1 run).
# $PVC_TEST_CORES=1 (make test, whose other lane has the other core) runs the session in one
# process: pytest-xdist's workers would each start Python and torch for no gain.
# Ends with "N passed, M failed".
pvc=${1:-build/pvc}; mode=${2:-}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; [ -n "$2" ] && printf '%s\n' "$2" | tail -n 20 | sed 's/^/    /'; fail=$((fail + 1)); }
xdist=-n2; "$pvc" py -c 'import xdist' 2>/dev/null || xdist=
[ "${PVC_TEST_CORES:-2}" -gt 1 ] || xdist=

# pytest_counts NAME LOG RC: adds pytest's "N passed, M failed, K error" line to the totals
pytest_counts() {
    line=$(tail -n 1 "$2")
    # a blank first, so that the count that opens the line has a non-digit before it too
    p=$(printf ' %s' "$line" | sed -n 's/.*[^0-9]\([0-9][0-9]*\) passed.*/\1/p')
    f=$(printf ' %s' "$line" | sed -n 's/.*[^0-9]\([0-9][0-9]*\) failed.*/\1/p')
    e=$(printf ' %s' "$line" | sed -n 's/.*[^0-9]\([0-9][0-9]*\) error.*/\1/p')
    p=${p:-0}; f=$((${f:-0} + ${e:-0}))
    [ "$3" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    grep -E '^(FAILED|ERROR|SKIPPED)' "$2" | sed 's/^/    /'
    echo "$1: $line"
    pass=$((pass + p)); fail=$((fail + f))
}

if [ "$mode" = --library ]; then
    what="tests/py without the samples"; set -- tests/py --ignore=tests/py/test_sample_mains.py
else
    what="tests/py and every sample, both backends"; set -- tests/py samples/*.py
fi
# shellcheck disable=SC2086 # $xdist is one flag or none
PYTHONPATH=tests/py${PYTHONPATH:+:$PYTHONPATH} "$pvc" py -m pytest -q -rs -p no:cacheprovider \
    -p sample_backends $xdist "$@" >"$tmp/suite" 2>&1
pytest_counts "pytest ($what)" "$tmp/suite" $?

if [ "$mode" != --library ]; then
    out=$("$pvc" py samples/load_align_norm.py 2>&1); rc=$?
    if [ $rc -eq 0 ] && [ "$(printf '%s\n' "$out" | tail -n 1)" = PASSED ]; then
        ok "pvc py samples/load_align_norm.py"
    else bad "pvc py samples/load_align_norm.py (exit $rc)" "$out"; fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
