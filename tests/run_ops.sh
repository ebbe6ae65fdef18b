#!/bin/sh
# run_ops.sh PVC [BUILD]: `make ops` - every vf op end to end, from Python source through both
# backends (tests/ops/README.md).
#   1. tools/gen_op_tests.py writes the cases into BUILD/ops/cases/<case>/ (inputs, expected
#      outputs from the numpy formulas of docs/SEMANTICS.md, the kernel, the run flags)
#   2. each case runs `pvc run FILE --kernel K` with --backend sim and with --backend native,
#      --expect for every output (--rtol 0 --atol 0, or --ulp 1 for the approximate ops of
#      §9.4); a check is one output of one case: it passes when both backends match the
#      expected file and their --output files are the same bytes. A fault case (a `fault`
#      file) passes when both backends exit 1 with a kernel-fault line that contains each line
#      of the file (its location FILE:LINE:COL and the fault's words).
#   3. tests/ops/diag/NAME.py: `pvc check` prints the diagnostics of NAME.err (written by hand
#      from the rule) and exits 1 when it holds an error, 0 when it holds only warnings; each
#      diagnostic is compared by file, line, severity and code, in any order (the column, the
#      message text and the source/caret lines are the implementation's wording)
#   4. coverage: every vf op of `pvc help ops` (and pl.get_spr, pl.set_vec_mask) is called in
#      some tests/ops/*.py kernel
# tests/ops/KNOWN_FAILURES lists checks pvc gets wrong today (a name or a shell pattern such as
# blocks_*/*): a listed check that fails is an XFAIL (counted as passed), one that passes is an
# XPASS (counted as failed, so the list stays honest), a line that matches no check is a
# failure. Ends with "N passed, M failed".
# Internal: run_ops.sh --case PVC DIR runs one case and prints "STATUS check detail" lines.
set -u

if [ "${1:-}" = --case ]; then
    pvc=$2; dir=$3; name=${dir##*/}
    read -r file kernel <"$dir/kernel"
    set -- run "$file" --kernel "$kernel"
    for f in "$dir"/in_*.npy; do
        [ -e "$f" ] || continue
        p=${f##*/in_}; set -- "$@" --input "${p%.npy}=$f"
    done
    params=""
    for f in "$dir"/expect_*.npy; do
        [ -e "$f" ] || continue
        p=${f##*/expect_}; p=${p%.npy}; params="$params $p"
        set -- "$@" --expect "$p=$f"
    done
    # shellcheck disable=SC2046 # args holds flags, one line, word-split on purpose
    set -- "$@" $(cat "$dir/args")
    for be in sim native; do
        outs=""
        for p in $params; do outs="$outs --output $p=$dir/$be.$p.npy"; done
        rm -f "$dir/$be".*.npy
        # shellcheck disable=SC2086
        "$pvc" "$@" --backend $be $outs >"$dir/$be.out" 2>"$dir/$be.err"
        echo $? >"$dir/$be.rc"
    done
    if [ -f "$dir/fault" ]; then
        for be in sim native; do
            line=$(grep -m 1 'error: kernel fault' "$dir/$be.err")
            if [ "$(cat "$dir/$be.rc")" != 1 ]; then
                echo "FAIL $name $be exit $(cat "$dir/$be.rc"), expected 1 (a kernel fault: $(tr '\n' ' ' <"$dir/fault"))"
                exit 0
            fi
            while IFS= read -r want; do
                case $line in
                    *"$want"*) ;;
                    *) echo "FAIL $name $be: wanted a kernel fault with '$want', got: $(head -n 1 "$dir/$be.err")"; exit 0 ;;
                esac
            done <"$dir/fault"
        done
        echo "PASS $name"; exit 0
    fi
    for p in $params; do
        why=""
        for be in sim native; do
            rc=$(cat "$dir/$be.rc")
            if [ "$rc" != 0 ] && [ "$rc" != 3 ]; then
                why="$why; $be exit $rc: $(grep -m 1 . "$dir/$be.err")"
            elif grep -q "^$p: " "$dir/$be.err"; then
                why="$why; $be: $(grep "^$p: \|^  \[" "$dir/$be.err" | sed -n "/^$p: /,/^[^ ]/p" | head -n 4 | tr '\n' ' ')"
            fi
        done
        if [ -z "$why" ] && ! cmp -s "$dir/sim.$p.npy" "$dir/native.$p.npy"; then
            why="; sim and native outputs differ"
        fi
        if [ -z "$why" ]; then echo "PASS $name/$p"; else echo "FAIL $name/$p ${why#; }"; fi
    done
    exit 0
fi

pvc=${1:-build/pvc}; build=${2:-build}
case $pvc in /*) ;; *) pvc=$PWD/$pvc ;; esac
work=$build/ops
known=tests/ops/KNOWN_FAILURES
mkdir -p "$work"
PVC_CACHE_DIR=${PVC_CACHE_DIR:-$PWD/$work/cache}; export PVC_CACHE_DIR
results=$work/results.txt
: >"$results"

# ---- 1-2. generated cases, both backends ---------------------------------------------------
if ! /usr/bin/python3 tools/gen_op_tests.py --out "$work/cases" >"$work/gen.log" 2>&1; then
    cat "$work/gen.log"; echo "FAIL gen_op_tests.py" >>"$results"
else
    ls -d "$work/cases"/*/ | sed 's:/$::' |
        xargs -P "${OPS_JOBS:-2}" -n 1 sh tests/run_ops.sh --case "$pvc" >>"$results"
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
    if [ $rc -ne $want ]; then echo "FAIL $name pvc check exit $rc, expected $want" >>"$results"
    elif [ -s "$work/diag.out" ]; then echo "FAIL $name output on stdout" >>"$results"
    elif ! diff -u "$work/diag.want" "$work/diag.got" >"$work/diag.diff"; then
        echo "FAIL $name stderr differs from $stem.err: $(grep '^[-+][^-+]' "$work/diag.diff" | head -n 4 | tr '\n' ' ')" >>"$results"
    else echo "PASS $name" >>"$results"; fi
done

# ---- 4. coverage: every vf op is called somewhere -----------------------------------------------
missing=""
for op in $("$pvc" help ops | sed -n 's/^\(vf\.[a-z_0-9]*\)(.*/\1/p') pl.get_spr pl.set_vec_mask; do
    grep -q "$op(" tests/ops/*.py || missing="$missing $op"
done
if [ -z "$missing" ]; then echo "PASS coverage" >>"$results"; else echo "FAIL coverage not called:$missing" >>"$results"; fi

# ---- verdicts against KNOWN_FAILURES ------------------------------------------------------------
pass=0; fail=0
patterns=$([ -f "$known" ] && grep -v '^#' "$known" | awk 'NF {print $1}')
listed() { # listed CHECK: CHECK matches a line of KNOWN_FAILURES
    for pat in $patterns; do
        # shellcheck disable=SC2254 # the line is a pattern on purpose
        case $1 in $pat) return 0 ;; esac
    done
    return 1
}
sort -k2,2 "$results" >"$work/sorted.txt"
shown=""; npass=0  # passing checks print one line per case: "PASS case (N checks)"
flush() { [ -n "$shown" ] && echo "PASS $shown ($npass check$([ $npass = 1 ] || echo s))"; shown=""; npass=0; }
while read -r status check detail; do
    if [ "$status" != PASS ]; then detail=$(printf '%s' "$detail" | cut -c1-160); fi
    if listed "$check"; then
        flush
        if [ "$status" = FAIL ]; then echo "XFAIL $check ($detail)"; pass=$((pass + 1))
        else echo "XPASS $check: listed in $known but passes"; fail=$((fail + 1)); fi
    elif [ "$status" = PASS ]; then
        [ "${check%%/*}" = "$shown" ] || { flush; shown=${check%%/*}; }
        npass=$((npass + 1)); pass=$((pass + 1))
    else flush; echo "FAIL $check: $detail"; fail=$((fail + 1)); fi
done <"$work/sorted.txt"
flush
for pat in $patterns; do
    hit=0
    for check in $(awk '{print $2}' "$work/sorted.txt"); do
        # shellcheck disable=SC2254
        case $check in $pat) hit=1; break ;; esac
    done
    [ $hit = 1 ] || { echo "FAIL $pat: listed in $known but matches no check"; fail=$((fail + 1)); }
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
