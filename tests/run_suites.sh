#!/bin/sh
# run_suites.sh MAKE BUILD [full]: `make test` (and `make test-full` with full) - every suite
# in its configurations, two at a time, and one closing line "N passed, M failed" summed
# over all of them.
#
# The jobs below are a list in order; each of $PVC_TEST_LANES workers (default 2, one per
# core of a CI machine) takes the first job nobody has taken whose build has ended (mkdir is
# the claim) and runs it with its output in a file of its own. This script prints
# each job's output whole when it ends (so the suites' lines never interleave), with its
# count line, wall and CPU seconds; a build is one case, a suite's count line its cases. A
# job that fails to build or prints no count line counts as one failure; a suite whose build
# failed is not run and counts as one failure.
#
# What runs where (the Makefile's `test` comment says why):
#   plain (BUILD)      every suite: unit, golden, e2e, sim, robust, ops, py
#   SAN=1 (BUILD/san)  the suites that exercise C memory: unit, sim, robust, ops on the
#                      simulator's two loops, golden's runs of pvc (GOLDEN_MODE=pvc)
#   fuzzers            fuzz-smoke (clang, ASan+UBSan: one build serves both configurations)
#   full adds          every suite under SAN=1 too (e2e, py, golden whole, ops on all its
#                      backends), ops on cc's objects in both trees
# Every job shares one native object cache, BUILD/test-cache (an object is built once per
# content and flags, whichever suite or tree asks first), and puts its scratch files on a RAM
# file system when there is one (PVC_TEST_SCRATCH: pvc run writes its outputs with fsync),
# and is told it has one core (PVC_TEST_CORES=1: no pytest-xdist workers).
# Background jobs of a non-interactive shell start with SIGINT ignored: a test that needs
# Ctrl-C installs Python's handler itself (tests/py/test_caller_memory.py).
MAKE=${1:-make}; BUILD=${2:-build}; mode=${3:-}
lanes=${PVC_TEST_LANES:-2}
dir=$(mktemp -d); trap 'rm -rf "$dir" "$scratch"' EXIT
scratch=$(mktemp -d /dev/shm/pvc-test.XXXXXX 2>/dev/null) || scratch=$(mktemp -d)
mkdir -p "$BUILD"
PVC_CACHE_DIR=$(cd "$BUILD" && pwd)/test-cache; export PVC_CACHE_DIR
mkdir -p -m 700 "$PVC_CACHE_DIR"
unset PVC_NATIVE_BUILD PVC_CFLAGS

njobs=0
# job NAME NEEDS KIND MAKE-ARGS...: KIND is build (one case: it builds) or suite (its count
# line); NEEDS is the build job it waits for, or -
job() {
    njobs=$((njobs + 1))
    printf '%s\n' "$1" >"$dir/name.$njobs"; echo "$2" >"$dir/needs.$njobs"; echo "$3" >"$dir/kind.$njobs"
    shift 3; echo "$*" >"$dir/args.$njobs"
}
# tree CFG BUILD-JOB "MAKE-ARGS" SUITE...: a job per suite of one tree; a SUITE word
# NAME:VAR=VALUE passes VAR=VALUE to make too
tree() {
    cfg=$1; needs=$2; args=$3; shift 3
    for s in "$@"; do
        case $s in *:*) job "${s%%:*} ($cfg)" "$needs" suite $args "${s#*:}" "${s%%:*}" ;;
                   *) job "$s ($cfg)" "$needs" suite $args "$s" ;; esac
    done
}
plain="BUILD=$BUILD SAN=0"; san="BUILD=$BUILD/san SAN=1"
# The builds first, then each tree's suites longest first, so that the lanes end together.
job build-plain - build $plain test-build
job build-san - build $san test-build
if [ "$mode" = full ]; then
    every="robust sim py e2e golden ops:OPS_BACKENDS=sim,obs,tcc,cc unit"
    job build-fuzz - build BUILD="$BUILD" FUZZ_BUILD="$BUILD/fuzz" fuzzers
    # shellcheck disable=SC2086 # the suites, one word each
    tree san build-san "$san" $every
    # shellcheck disable=SC2086
    tree plain build-plain "$plain" $every
    job fuzz-smoke build-fuzz suite BUILD="$BUILD" FUZZ_BUILD="$BUILD/fuzz" fuzz-smoke
else
    # the fuzzers' smoke stays in make test: the differential stream/whole fuzzer is the
    # check that the streamed compile reads every file as the whole compile does
    job build-fuzz - build BUILD="$BUILD" FUZZ_BUILD="$BUILD/fuzz" fuzzers
    job fuzz-smoke build-fuzz suite BUILD="$BUILD" FUZZ_BUILD="$BUILD/fuzz" fuzz-smoke
    tree plain build-plain "$plain" e2e py sim golden robust ops unit
    tree san build-san "$san" golden:GOLDEN_MODE=pvc robust sim ops:OPS_BACKENDS=sim,obs unit
fi

# one_job N: job N's output into $dir/out.N, "PASSED FAILED WALL CPU" into $dir/res.N; a
# build job leaves ok or failed in $dir/done.NAME for the jobs that need it
one_job() {
    n=$1; name=$(cat "$dir/name.$n"); needs=$(cat "$dir/needs.$n"); kind=$(cat "$dir/kind.$n")
    out=$dir/out.$n
    if [ "$needs" != - ]; then
        while [ ! -e "$dir/done.$needs" ]; do sleep 0.2; done
        if [ "$(cat "$dir/done.$needs")" != ok ]; then
            echo "not run: $needs failed" >"$out"; echo "0 1 0 0" >"$dir/res.$n"; return
        fi
    fi
    mkdir -p "$scratch/$n"
    t0=$(date +%s.%N)
    # shellcheck disable=SC2046 # make's arguments, one word each
    ( PVC_TEST_SCRATCH=$scratch/$n PVC_TEST_CORES=1; export PVC_TEST_SCRATCH PVC_TEST_CORES
      $MAKE --no-print-directory $(cat "$dir/args.$n") >"$out" 2>&1; rc=$?
      times >"$dir/times.$n"; exit $rc ); rc=$?
    t1=$(date +%s.%N)
    rm -rf "${scratch:?}/$n"
    # `times` prints the shell's user and system time, then its children's: "0m1.50s 0m0.25s"
    cpu=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); t += a[1] * 60 + a[2] } printf "%.1f", t }' \
        "$dir/times.$n")
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
    if [ "$kind" = build ]; then
        if [ $rc -eq 0 ]; then p=1; f=0; v=ok; else p=0; f=1; v=failed; echo "build FAILED (exit $rc)" >>"$out"; fi
        echo $v >"$dir/done.$name.tmp"; mv "$dir/done.$name.tmp" "$dir/done.$name"
    else
        cl=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
        if [ -z "$cl" ]; then p=0; f=1; echo "FAILED (exit $rc, no count line)" >>"$out"
        else
            p=${cl%% passed*}; f=${cl#*passed, }; f=${f%% failed}
            [ $rc -ne 0 ] && [ "$f" -eq 0 ] && f=1
        fi
    fi
    echo "$p $f $wall $cpu" >"$dir/res.$n"
}

# ready N: job N can start now (it needs no build, or its build has ended, well or not)
ready() {
    needs=$(cat "$dir/needs.$1")
    [ "$needs" = - ] || [ -e "$dir/done.$needs" ]
}

# worker: take the first job nobody has taken whose build has ended; when every job left is
# waiting for a build, wait for it rather than sit idle on the first of them (a lane that
# claimed fuzz-smoke while the fuzzers were still building idled for their whole build).
worker() {
    while :; do
        left=; n=1
        while [ $n -le $njobs ]; do
            if [ ! -e "$dir/claim.$n" ]; then
                left=1
                if ready $n && mkdir "$dir/claim.$n" 2>/dev/null; then
                    one_job $n
                    echo $n >>"$dir/finished"
                    continue 2
                fi
            fi
            n=$((n + 1))
        done
        [ -n "$left" ] || return 0
        sleep 0.2
    done
}

start=$(date +%s)
pids=; i=0; while [ $i -lt "$lanes" ]; do worker & pids="$pids $!"; i=$((i + 1)); done
# Print each job as it ends, in the order they end.
pass=0; fail=0; shown=0
while [ $shown -lt $njobs ]; do
    sleep 0.5
    alive=; for p in $pids; do kill -0 "$p" 2>/dev/null && alive=1; done
    # a worker killed mid-job: what it left unfinished counts as one failure
    [ -n "$alive" ] || [ "$(wc -l <"$dir/finished" 2>/dev/null || echo 0)" -gt $shown ] ||
        { echo "== $((njobs - shown)) jobs did not finish"; fail=$((fail + 1)); break; }
    [ -e "$dir/finished" ] || continue
    for n in $(sed -n "$((shown + 1)),\$p" "$dir/finished"); do
        name=$(cat "$dir/name.$n"); read -r p f wall cpu <"$dir/res.$n"
        echo "== $name"
        # a build's log only when it failed
        [ "$(cat "$dir/kind.$n")" = build ] && [ "$f" -eq 0 ] || cat "$dir/out.$n"
        echo "== $name: $p passed, $f failed (${wall} s, CPU ${cpu} s)"
        pass=$((pass + p)); fail=$((fail + f)); shown=$((shown + 1))
    done
done
wait
echo "== make test${mode:+-$mode}: $(($(date +%s) - start)) s in $lanes lanes"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
