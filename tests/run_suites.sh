#!/bin/sh
# make test: run every suite in two configurations (plain, then SAN=1 under BUILD/san) and
# the fuzzers once, echo each suite's output, and end with one line "N passed, M failed" summed over all.
# A suite that fails to build or prints no count line counts as one failure.
# usage: run_suites.sh MAKE BUILD
MAKE=${1:-make}; BUILD=${2:-build}
pass=0; fail=0
log=$(mktemp); trap 'rm -f "$log"' EXIT
run() { # run NAME make-args...
    name=$1; shift
    echo "== $name"
    $MAKE --no-print-directory "$@" >"$log" 2>&1; rc=$?
    cat "$log"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        echo "== $name: FAILED (exit $rc, no count line)"; fail=$((fail + 1)); return
    fi
    p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed}
    [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    pass=$((pass + p)); fail=$((fail + f))
}
build() { # build NAME make-args...: a build failure is one failed case
    name=$1; shift
    echo "== $name"
    if $MAKE --no-print-directory "$@" >"$log" 2>&1; then pass=$((pass + 1)); else
        cat "$log"; echo "== $name: build FAILED"; fail=$((fail + 1)); fi
}
for cfg in plain san; do
    if [ $cfg = plain ]; then set -- BUILD="$BUILD" SAN=0; else set -- BUILD="$BUILD/san" SAN=1; fi
    build "build ($cfg)" "$@" all
    run "unit ($cfg)" "$@" unit
    run "golden ($cfg)" "$@" golden
    run "e2e ($cfg)" "$@" e2e
    run "sim ($cfg)" "$@" sim
    run "robust ($cfg)" "$@" robust
    run "ops ($cfg)" "$@" ops
    run "py ($cfg)" "$@" py
done
# The fuzzers are always built with ASan+UBSan, so one run serves both configurations.
run "fuzz-smoke" BUILD="$BUILD" FUZZ_BUILD="$BUILD/fuzz" fuzz-smoke
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
