#!/bin/sh
# run_ops.sh PVC_CASES PVC [BUILD] [BACKENDS]: `make ops` - every vf op end to end, from Python
# source through the backends (tests/ops/README.md), in one process (build/pvc-cases,
# tests/cases/README.md).
#   1. tools/gen_op_tests.py writes the cases into BUILD/ops/cases/<case>/ (the kernel, inputs,
#      expected outputs from the numpy formulas of docs/SEMANTICS.md, the run flags)
#   2. pvc-cases runs every case on each of BACKENDS (default sim,obs,tcc: the simulator's
#      fast and observing loops, the native backend's libtcc build; `make test-full` adds cc's
#      object): a check is one output of one case, and passes when every backend matches the
#      expected file (--rtol 0 --atol 0, or --ulp 1 for the approximate ops of §9.4) and their
#      outputs are the same bytes. A fault case passes when every backend exits 1 with a
#      kernel-fault line that contains each line of its `fault` file.
#   3. tests/ops/diag/NAME.py: `pvc check` prints the diagnostics of NAME.err (written by hand
#      from the rule) and exits 1 when it holds an error, 0 when it holds only warnings; each
#      diagnostic is compared by file, line, severity and code, in any order (the column, the
#      message text and the source/caret lines are the implementation's wording)
#   4. coverage: every vf op of `pvc help ops` (and pl.get_spr, pl.set_vec_mask) ran in the
#      simulator's observing loop in a case whose outputs are compared with expected files
#      (pvc-cases --covered)
# tests/ops/KNOWN_FAILURES lists checks pvc gets wrong today (a name or a shell pattern such as
# blocks_*/*): a listed check that fails is an XFAIL (counted as passed), one that passes is an
# XPASS (counted as failed, so the list stays honest), a line that matches no check is a
# failure. Ends with "N passed, M failed".
set -u
cases=$1; pvc=$2; build=${3:-build}; backends=${4:-sim,obs,tcc}
work=$build/ops
known=tests/ops/KNOWN_FAILURES
mkdir -p "$work"
extra=$work/extra.txt   # checks of 3. and 4., judged with the cases' own (pvc-cases --also)
: >"$extra"

# ---- 1. generated cases ----------------------------------------------------------------------
rm -rf "$work/cases"
if ! /usr/bin/python3 tools/gen_op_tests.py --out "$work/cases" >"$work/gen.log" 2>&1; then
    cat "$work/gen.log"; echo "FAIL gen_op_tests.py" >>"$extra"
fi
# the tile-level ops (docs/SEMANTICS.md §15): kernels and cases from tools/gen_tile_tests.py
if ! /usr/bin/python3 tools/gen_tile_tests.py --out "$work/tile_cases" >"$work/gen_tile.log" 2>&1; then
    cat "$work/gen_tile.log"; echo "FAIL gen_tile_tests.py" >>"$extra"
fi

# ---- 3. diagnostics written by hand -------------------------------------------------------------
unmessage() { # FILE:LINE: severity: [CODE] of each diagnostic, sorted
    sed -n -E 's/^([^ :]+:[0-9]+):[0-9]+: (error|warning): .* (\[[EW][0-9]+\])$/\1: \2: \3/p' "$1" | sort
}
for src in tests/ops/diag/*.py; do
    [ -e "$src" ] || continue
    stem=${src%.py}; name=diag/$(basename "$stem")
    "$pvc" check "$src" >"$work/diag.out" 2>"$work/diag.err"; rc=$?
    unmessage "$stem.err" >"$work/diag.want"; unmessage "$work/diag.err" >"$work/diag.got"
    want=0; grep -q ': error: ' "$stem.err" && want=1
    if [ $rc -ne $want ]; then echo "FAIL $name pvc check exit $rc, expected $want" >>"$extra"
    elif [ -s "$work/diag.out" ]; then echo "FAIL $name output on stdout" >>"$extra"
    elif ! diff -u "$work/diag.want" "$work/diag.got" >"$work/diag.diff"; then
        echo "FAIL $name stderr differs from $stem.err: $(grep '^[-+][^-+]' "$work/diag.diff" | head -n 4 | tr '\n' ' ')" >>"$extra"
    else echo "PASS $name" >>"$extra"; fi
done

# ---- 2. and 4. the cases, and what they covered -----------------------------------------------
covered=$work/covered.txt   # each call that ran, and where: NAME FILE:LINE
# each backend's outputs, stdout and stderr per case: in $PVC_TEST_SCRATCH when set (make
# test puts it on a RAM file system: pvc run writes its outputs with fsync)
runs=${PVC_TEST_SCRATCH:-$work}/ops-runs
rm -rf "$runs"
ops=$("$pvc" help ops | sed -n 's/^\(vf\.[a-z_0-9]*\)(.*/\1/p')
# shellcheck disable=SC2086 # the case directories, one word each
"$cases" --backends "$backends" --work "$runs" --strip "$work/cases/" --strip "$work/" --known "$known" \
    --covered "$covered" --also "$extra" --cover "$(echo $ops pl.get_spr pl.set_vec_mask)" \
    "$work"/cases/*/ "$work"/tile_cases/*/
