#!/bin/sh
# run_sim.sh PVC [HAZARD_TEST]: `make sim` - the simulated backend end to end.
#   1. every case samples/data/<sample>/<case>/ runs in sim against its expect files, with
#      CC=/nonexistent (the simulator needs no C compiler)
#   2. differential: every case runs in sim and native, --output files compared with cmp
#      (skipped with a message when this pvc has no native backend); then every kernel of
#      tests/sim/diff_kernels.txt (the runtime test kernels of tests/e2e/, tests/sim/ and
#      tests/golden/py_*.py, and the tests/sim/diff_*.py kernels) on generated inputs, every
#      parameter compared between native (cc's object and the libtcc build), the simulator's
#      fast loop and its observing loop (--stats), and against the formulas of
#      tools/diff_kernels.py where it has one
#   3. one kernel per fault / hazard kind (tests/sim/*.py): exit status and the located
#      first error line (tests/sim/NAME.expect, a prefix of the line), and the note line;
#      GM races between the blocks of a launch (--blocks)
#   4. golden --trace of three samples and --stats of one (tests/sim/*.trace, *.stats)
#   5. --timeline writes JSON that parses, with the pipes as threads
#   6. the NORM copy benchmark (prints lanes/s)
#   7. the hazard shadow map unit test binary, when given (it also runs in `make unit`)
# Ends with "N passed, M failed".
pvc=${1:-build/pvc}; hz_test=$2
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; [ -n "$2" ] && printf '%s\n' "$2" | sed 's/^/    /'; fail=$((fail + 1)); }

# case_args DIR: --input/--expect flags of a sample case, then its args file
case_args() {
    for f in "$1"/in_*.npy; do
        [ -e "$f" ] || continue
        p=${f##*/in_}; printf -- '--input %s=%s ' "${p%.npy}" "$f"
    done
    for f in "$1"/expect_*.npy; do
        [ -e "$f" ] || continue
        p=${f##*/expect_}; printf -- '--expect %s=%s ' "${p%.npy}" "$f"
    done
    cat "$1/args" 2>/dev/null
}
# out_args DIR TAG: --output P=$tmp/TAG_P.npy for every expect file
out_args() {
    for f in "$1"/expect_*.npy; do
        [ -e "$f" ] || continue
        p=${f##*/expect_}; p=${p%.npy}; printf -- '--output %s=%s/%s_%s.npy ' "$p" "$tmp" "$2" "$p"
    done
}

# ---- 1. samples in sim, no C compiler --------------------------------------------------
for dir in samples/data/*/*/; do
    dir=${dir%/}; name=${dir#samples/data/}; sample=${name%%/*}
    # shellcheck disable=SC2046 # flags, word-split on purpose
    if out=$(CC=/nonexistent "$pvc" run "samples/$sample.py" --backend sim $(case_args "$dir") 2>&1); then
        ok "sim $name"
    else
        bad "sim $name (exit $?)" "$out"
    fi
done

# ---- 2. differential sim vs native -----------------------------------------------------
first=$(ls -d samples/data/*/*/ | head -n 1); first=${first%/}; fs=${first#samples/data/}; fs=${fs%%/*}
# shellcheck disable=SC2046
if ! "$pvc" run "samples/$fs.py" --backend native $(case_args "$first") >"$tmp/probe" 2>&1; then
    echo "SKIP differential sim/native: this pvc cannot run --backend native ($(head -n 1 "$tmp/probe"))"
else
    native=1
    for dir in samples/data/*/*/; do
        dir=${dir%/}; name=${dir#samples/data/}; sample=${name%%/*}; tag=$(echo "$name" | tr / _)
        # shellcheck disable=SC2046
        "$pvc" run "samples/$sample.py" --backend sim $(case_args "$dir") $(out_args "$dir" "${tag}_sim") >/dev/null 2>&1
        # shellcheck disable=SC2046
        "$pvc" run "samples/$sample.py" --backend native $(case_args "$dir") $(out_args "$dir" "${tag}_native") >/dev/null 2>&1
        same=1; n=0
        for f in "$tmp/${tag}_sim_"*.npy; do
            [ -e "$f" ] || { same=0; break; }
            n=$((n + 1)); cmp -s "$f" "$(echo "$f" | sed "s/${tag}_sim_/${tag}_native_/")" || same=0
        done
        if [ "$same" = 1 ] && [ "$n" -gt 0 ]; then ok "sim = native $name ($n outputs)"; else bad "sim = native $name"; fi
    done
fi

# diff_kernel FILE KERNEL SPEC...: generated inputs, sim and native, every tensor parameter
# cmp'd; a scalar SPEC P=VALUE (no ':') is passed to both as --scalar P=VALUE
diff_kernel() {
    file=$1; kern=$2; shift 2
    tag=$(basename "$file" .py); [ "$kern" = - ] || tag="$tag.$kern"
    d="$tmp/diff_$tag"; rm -rf "$d"; mkdir -p "$d"
    scalars=""
    for spec in "$@"; do case $spec in *:*) ;; *) scalars="$scalars --scalar $spec" ;; esac; done
    [ -z "$scalars" ] || tag="$tag ($(echo $scalars | sed 's/--scalar //g'))"
    kflag=""; [ "$kern" = - ] || kflag="--kernel $kern"
    if ! /usr/bin/python3 tools/diff_kernels.py inputs "$d" "$file$kern" "$@"; then
        bad "sim = native $tag: cannot generate inputs"; return
    fi
    io_sim=""; io_nat=""
    io_sim=$scalars; io_nat=$scalars
    for spec in "$@"; do
        case $spec in *:*) ;; *) continue ;; esac
        p=${spec%%=*}
        io_sim="$io_sim --input $p=$d/in_$p.npy --output $p=$d/sim_$p.npy"
        io_nat="$io_nat --input $p=$d/in_$p.npy --output $p=$d/native_$p.npy"
    done
    # shellcheck disable=SC2086 # flags, word-split on purpose
    out=$("$pvc" run "$file" $kflag --backend sim $io_sim 2>&1) || { bad "sim = native $tag: sim exit $?" "$out"; return; }
    # the observing loop (--stats) against the fast one (compiler/sim/fast.c) that ran above
    io_obs=$(echo "$io_sim" | sed "s|$d/sim_|$d/obs_|g")
    # shellcheck disable=SC2086
    out=$("$pvc" run "$file" $kflag --backend sim --stats $io_obs 2>&1) || { bad "sim fast = observing $tag: exit $?" "$out"; return; }
    for spec in "$@"; do
        case $spec in *:*) ;; *) continue ;; esac
        p=${spec%%=*}
        cmp -s "$d/sim_$p.npy" "$d/obs_$p.npy" || { bad "sim fast = observing $tag: parameter $p differs"; return; }
    done
    # shellcheck disable=SC2086
    out=$("$pvc" run "$file" $kflag --backend native $io_nat 2>&1) || { bad "sim = native $tag: native exit $?" "$out"; return; }
    for spec in "$@"; do
        case $spec in *:*) ;; *) continue ;; esac
        p=${spec%%=*}
        cmp -s "$d/sim_$p.npy" "$d/native_$p.npy" || { bad "sim = native $tag: parameter $p differs"; return; }
    done
    # the native backend's libtcc build (a cache miss's first run) against cc's object above
    if [ -n "$tcc" ]; then
        io_tcc=$(echo "$io_nat" | sed "s|$d/native_|$d/tcc_|g")
        # shellcheck disable=SC2086
        out=$(PVC_NATIVE_BUILD=tcc "$pvc" run "$file" $kflag --backend native $io_tcc 2>&1) ||
            { bad "libtcc = cc $tag: exit $?" "$out"; return; }
        for spec in "$@"; do
            case $spec in *:*) ;; *) continue ;; esac
            p=${spec%%=*}
            cmp -s "$d/native_$p.npy" "$d/tcc_$p.npy" || { bad "libtcc = cc $tag: parameter $p differs"; return; }
        done
    fi
    ok "sim = native $tag ($# parameters)"
    out=$(/usr/bin/python3 tools/diff_kernels.py check "$(basename "$file" .py)" "$d" "$d" 2>&1); rc=$?
    if [ "$rc" -eq 0 ]; then ok "$tag = its docs/SEMANTICS.md formula (tools/diff_kernels.py)"
    elif [ "$rc" -ne 2 ]; then bad "$tag = its docs/SEMANTICS.md formula" "$out"; fi
}
if [ -n "$native" ]; then
    # libtcc's build too, when this pvc has it (native.h)
    PVC_NATIVE_BUILD=tcc "$pvc" run "samples/$fs.py" --backend native $(case_args "$first") -v 2>&1 | grep -q 'by libtcc' && tcc=1
    # shellcheck disable=SC2086
    grep -v '^#' tests/sim/diff_kernels.txt | while read -r line; do [ -n "$line" ] && echo "$line"; done >"$tmp/diff.list"
    while read -r line; do
        # shellcheck disable=SC2086
        diff_kernel $line
    done <"$tmp/diff.list"
fi

# ---- 3. faults, hazards, notes ---------------------------------------------------------
# expect_fault NAME [flags]: exit 1 and a stderr line starting with the .expect line
expect_fault() {
    name=$1; shift
    want=$(head -n 1 "tests/sim/$name.expect")
    out=$("$pvc" run "tests/sim/$name.py" "$@" 2>&1); rc=$?
    if [ "$rc" -eq 1 ] && printf '%s\n' "$out" | grep -qF -- "$want"; then ok "fault $name"
    else bad "fault $name (exit $rc, want a line starting: $want)" "$out"; fi
    # the related location (a hazard's store) when the .expect file has a second line
    rel=$(sed -n 2p "tests/sim/$name.expect")
    if [ -n "$rel" ]; then
        if printf '%s\n' "$out" | grep -qF -- "$rel"; then ok "fault $name related"
        else bad "fault $name related (want: $rel)" "$out"; fi
    fi
}
shapes="--shape a=1,64 --shape out=1,64"
# B11: tests/sim/addr_wide.cases, each in both backends (the native one when it runs), the
# simulator's fast loop (folded address arithmetic, fast.c) and its observing loop (--trace)
grep -v '^#' tests/sim/addr_wide.cases | while read -r k n want; do
    for be in sim sim-observed ${native:+native}; do
        tr=; [ $be = sim-observed ] && tr=--trace=/dev/null
        # shellcheck disable=SC2086
        out=$("$pvc" run "tests/sim/addr_$k.py" --shape out=1,64 --scalar "n=$n" --backend ${be%-observed} $tr 2>&1); rc=$?
        if [ "$rc" -eq 1 ] && printf '%s\n' "$out" | grep -qF -- "$want"; then echo "PASS addr $k n=$n ($be)"
        else echo "FAIL addr $k n=$n ($be, exit $rc, want: $want)"; printf '%s\n' "$out" | sed 's/^/    /'; fi
    done
done >"$tmp/addr_wide"
cat "$tmp/addr_wide"
pass=$((pass + $(grep -c '^PASS' "$tmp/addr_wide"))); fail=$((fail + $(grep -c '^FAIL' "$tmp/addr_wide")))
# shellcheck disable=SC2086
{
expect_fault fault_ub_bounds $shapes
expect_fault fault_misaligned $shapes
expect_fault fault_undef_reg $shapes
expect_fault fault_hazard $shapes
expect_fault fault_hazard_wrong_bar $shapes
expect_fault fault_unflushed $shapes
expect_fault fault_unflushed_many $shapes
# GM shared by the blocks of one launch: two stores, and a load of another block's store
expect_fault fault_gm_race_write $shapes --blocks 3
expect_fault fault_gm_race_read --shape a=1,64 --blocks 2
expect_fault fault_gm_race_setval --shape a=1,64 --blocks 2
# Python's float % by zero: the same located fault from the runtime in both backends
expect_fault fault_float_mod_zero --shape out=1,64
[ -n "$native" ] && expect_fault fault_float_mod_zero --shape out=1,64 --backend native
# the scalar language in a kernel: / by zero, a negative shift, a run-time valid shape
# larger than its tile - located in both backends (the native fault names its op after the
# kernel object is unloaded)
for be in sim ${native:+native}; do
    expect_fault fault_lang_truediv --shape out=1,64 --scalar n=3 --backend $be
    expect_fault fault_lang_shift --shape out=1,64 --scalar n=3 --backend $be
    expect_fault fault_lang_valid_shape --shape a=4,64 --scalar n=3 --backend $be
    # issue 14, B1: // in a kernel, % and a zero pl.range step in a vector function (the
    # inline helpers of pvc_rt.h, whose op names were the unloaded object's: exit 139)
    expect_fault fault_lang_floordiv --shape out=1,64 --scalar n=3 --backend $be
    expect_fault fault_lang_mod_vf --shape out=1,64 --scalar n=3 --backend $be
    expect_fault fault_range_step --shape out=1,64 --scalar n=3 --backend $be
    expect_fault fault_lang_tile_elem --shape a=2,64 --scalar n=2 --backend $be
    expect_fault fault_lang_getval --shape a=2,64 --scalar n=2 --backend $be
    expect_fault fault_lang_setval --shape a=2,64 --scalar n=2 --backend $be
    expect_fault fault_lang_group_index --shape a=1,64 --scalar n=2 --backend $be
done
}
# pl.printf: "[block 0] " and the formatted scalars on stdout, the same in both backends
# (tests/golden/py_tiles.py prints one line per tile: 3 tiles of 5 rows, the last of 1)
printf '%s\n' "[block 0] tile 0: 2 rows" "[block 0] tile 1: 2 rows" "[block 0] tile 2: 1 rows" >"$tmp/printf.want"
for be in sim ${native:+native}; do
    "$pvc" run tests/golden/py_tiles.py --backend $be --shape x=2,5,64 --shape y=5,64 >"$tmp/printf.got" 2>"$tmp/printf.err"
    if cmp -s "$tmp/printf.want" "$tmp/printf.got"; then ok "pl.printf output ($be)"
    else bad "pl.printf output ($be)" "$(cat "$tmp/printf.got" "$tmp/printf.err")"; fi
done
# with --blocks 3 each tile is another block's, and each line names its block (one thread:
# the blocks in order)
printf '%s\n' "[block 0] tile 0: 2 rows" "[block 1] tile 1: 2 rows" "[block 2] tile 2: 1 rows" >"$tmp/printf.want"
for be in sim ${native:+native}; do
    "$pvc" run tests/golden/py_tiles.py --backend $be --blocks 3 --threads 1 --shape x=2,5,64 --shape y=5,64 >"$tmp/printf.got" 2>"$tmp/printf.err"
    if cmp -s "$tmp/printf.want" "$tmp/printf.got"; then ok "pl.printf names the block ($be, --blocks 3)"
    else bad "pl.printf names the block ($be, --blocks 3)" "$(cat "$tmp/printf.got" "$tmp/printf.err")"; fi
done
# one block has nothing to race with; natively the racing blocks run (no check there)
if out=$("$pvc" run tests/sim/fault_gm_race_read.py --shape a=1,64 2>&1); then ok "one block, no race"
else bad "one block, no race" "$out"; fi
if [ -n "$native" ]; then
    # shellcheck disable=SC2086
    if out=$("$pvc" run tests/sim/fault_gm_race_write.py $shapes --blocks 3 --backend native 2>&1); then
        ok "native runs racing blocks unchecked"
    else bad "native runs racing blocks unchecked" "$out"; fi
fi
# the same kernel with vf.mem_bar(VST_VLD): runs, and copies a to out and back
a=samples/data/load_align_norm/default/in_a.npy # 1x64 FP32
if out=$("$pvc" run tests/sim/hazard_membar.py --input "a=$a" --expect "out=$a" --rtol 0 --atol 0 2>&1); then
    ok "no hazard with vf.mem_bar(VST_VLD)"
else bad "no hazard with vf.mem_bar(VST_VLD) (exit $?)" "$out"; fi
# Python // and % (tests/sim/python_ints.py): out = a with its two rows swapped. The
# expected file is a's .npy with the two 256-byte rows of its data exchanged (header kept).
rows=samples/data/load_align_loop_rows/default/in_a.npy # 2x64 FP32
python3 - "$rows" "$tmp/swapped.npy" <<'EOF'
import sys
d = open(sys.argv[1], "rb").read()
h = len(d) - 512
open(sys.argv[2], "wb").write(d[:h] + d[h + 256:] + d[h:h + 256])
EOF
if out=$("$pvc" run tests/sim/python_ints.py --input "a=$rows" --expect "out=$tmp/swapped.npy" --rtol 0 --atol 0 2>&1); then
    ok "Python // and % semantics"
else bad "Python // and % semantics (exit $?)" "$out"; fi
# clipped pl.load: a note at the load, exit 0
want=$(head -n 1 tests/sim/note_clipped.expect)
out=$("$pvc" run tests/sim/note_clipped.py --shape a=1,32 --shape out=1,64 2>&1); rc=$?
if [ "$rc" -eq 0 ] && printf '%s\n' "$out" | grep -qF -- "$want"; then ok "note clipped pl.load"
else bad "note clipped pl.load (exit $rc, want: $want)" "$out"; fi

# ---- 4. golden trace and stats ---------------------------------------------------------
norm=samples/data/load_align_norm/default
# shellcheck disable=SC2046
"$pvc" run samples/load_align_norm.py $(case_args "$norm") --trace="$tmp/norm.trace" >/dev/null 2>&1
if cmp -s "$tmp/norm.trace" tests/sim/load_align_norm.trace; then ok "golden trace load_align_norm"
else bad "golden trace load_align_norm" "$(diff tests/sim/load_align_norm.trace "$tmp/norm.trace")"; fi
# bare --trace: the same lines on stderr, nothing on stdout
# shellcheck disable=SC2046
"$pvc" run samples/load_align_norm.py $(case_args "$norm") --trace >"$tmp/trace.out" 2>"$tmp/trace.err"
if [ ! -s "$tmp/trace.out" ] && cmp -s "$tmp/trace.err" tests/sim/load_align_norm.trace; then ok "bare --trace goes to stderr"
else bad "bare --trace goes to stderr" "stdout: $(head -c 300 "$tmp/trace.out")"; fi
# shellcheck disable=SC2046
"$pvc" run samples/load_align_norm.py $(case_args "$norm") --stats >"$tmp/norm.stats" 2>&1
if cmp -s "$tmp/norm.stats" tests/sim/load_align_norm.stats; then ok "golden stats load_align_norm"
else bad "golden stats load_align_norm" "$(diff tests/sim/load_align_norm.stats "$tmp/norm.stats")"; fi
for sample in store_unalign_basic load_align_mask_reg; do
    # shellcheck disable=SC2046
    "$pvc" run "samples/$sample.py" $(case_args "samples/data/$sample/default") --trace="$tmp/$sample.trace" >/dev/null 2>&1
    if cmp -s "$tmp/$sample.trace" "tests/sim/$sample.trace"; then ok "golden trace $sample"
    else bad "golden trace $sample" "$(diff "tests/sim/$sample.trace" "$tmp/$sample.trace")"; fi
done

# ---- 5. timeline -----------------------------------------------------------------------
# shellcheck disable=SC2046
"$pvc" run samples/load_align_norm.py $(case_args "$norm") --timeline "$tmp/norm.json" >/dev/null 2>&1
if python3 - "$tmp/norm.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"]
names = {e["args"]["name"] for e in ev if e.get("name") == "thread_name"}
assert names == {"V", "MTE2", "MTE3", "S"}, names
x = [e for e in ev if e["ph"] == "X"]
# sequential: each op starts where the previous one ended
for a, b in zip(x, x[1:]):
    assert abs(a["ts"] + a["dur"] - b["ts"]) < 1e-9 or b["ts"] >= a["ts"] + a["dur"], (a, b)
assert [e["name"] for e in x if e["cat"] != "S"] == \
    ["gm.load", "mask.create", "ld.reg", "st.reg", "ld.reg.post", "st.reg", "gm.store"], x
EOF
then ok "timeline load_align_norm"; else bad "timeline load_align_norm"; fi
# the picture: tools/timeline_svg.py draws it as SVG that parses, with the zoom panel
if python3 tools/timeline_svg.py "$tmp/norm.json" "$tmp/norm.svg" &&
    python3 -c 'import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); assert "zoom" in d.toxml()' "$tmp/norm.svg"
then ok "timeline picture (tools/timeline_svg.py)"; else bad "timeline picture (tools/timeline_svg.py)"; fi

# ---- 6. speed: NORM copy loop, checks on (a figure, not a pass/fail threshold) ----------
t0=$(date +%s%N)
if "$pvc" run tests/sim/bench_norm_copy.py --shape a=128,64 --shape out=128,64 >/dev/null 2>&1; then
    t1=$(date +%s%N); ms=$(( (t1 - t0) / 1000000 )); [ "$ms" -gt 0 ] || ms=1
    ok "bench NORM copy: 491520000 FP32 lanes in ${ms} ms = $(( 491520000 / ms / 1000 )) M lanes/s"
else bad "bench NORM copy"; fi

# ---- 7. hazard map unit test -----------------------------------------------------------
if [ -n "$hz_test" ]; then
    if out=$("$hz_test" 2>&1); then ok "hazard map unit ($(echo "$out" | tail -n 1))"
    else bad "hazard map unit" "$out"; fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
