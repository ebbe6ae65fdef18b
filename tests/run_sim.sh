#!/bin/sh
# run_sim.sh PVC PVC_CASES [HAZARD_TEST]: `make sim` - the simulated backend end to end.
#   1-3 run in one process, the case runner (build/pvc-cases, tests/cases/README.md), on the
#   backends sim (the simulator's fast loop, with CC naming no compiler: the simulator needs
#   none), obs (its observing loop), cc (native, cc's object) and tcc (native, the libtcc
#   build); every output is compared between them byte for byte:
#   1. every case samples/data/<sample>/<case>/ against its expect files
#   2. every kernel of tests/sim/diff_kernels.txt (the runtime test kernels of tests/e2e/,
#      tests/sim/ and tests/golden/py_*.py, and the tests/sim/diff_*.py kernels) on generated
#      inputs (tools/diff_kernels.py cases), every parameter it writes compared between the
#      backends, and against the formulas of tools/diff_kernels.py byte for byte where it has one
#   3. one kernel per fault / hazard kind (tests/sim/*.py): exit status 1 and a stderr line
#      holding the located first error line of tests/sim/NAME.expect (and its second line, the
#      related note, when it has one); GM races between the blocks of a launch (--blocks); UB
#      addresses far outside the UB (tests/sim/addr_wide.cases); pl.printf's lines; a kernel
#      with vf.mem_bar; Python // and %; the note of a clipped pl.load
#   4. golden --trace of three samples and --stats of one (tests/sim/*.trace, *.stats)
#   5. --timeline writes JSON that parses, with the pipes as threads (per core in a mixed kernel)
#   6. the NORM copy benchmark (prints lanes/s)
#   7. the hazard shadow map unit test binary, when given (it also runs in `make unit`)
# With no C compiler (cc --version fails) the native backends are left out, with a message.
# Ends with "N passed, M failed".
pvc=${1:-build/pvc}; cases_bin=${2:-build/pvc-cases}; hz_test=$3
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

native=cc; if ! cc --version >/dev/null 2>&1; then
    echo "SKIP the native backends: no C compiler (cc --version fails)"; native=
fi
cases=$tmp/cases
# mkcase NAME FILE BACKENDS FLAGS...: a case directory of the runner in $cases/NAME; the
# caller adds its stderr, stdout, status or .npy files
mkcase() {
    d=$cases/$1; mkdir -p "$d"; echo "$2" >"$d/kernel"
    bk=$3; [ -n "$native" ] || bk=$(echo "$bk" | sed 's/ cc\| tcc//g')
    echo "$bk" >"$d/backends"; shift 3; echo "$*" >"$d/args"
}

# ---- 2. the differential kernels ---------------------------------------------------------
if ! /usr/bin/python3 tools/diff_kernels.py cases "$tmp/diff" tests/sim/diff_kernels.txt >"$tmp/diff.log" 2>&1; then
    bad "tools/diff_kernels.py cases" "$(cat "$tmp/diff.log")"
fi

# ---- 3. faults, hazards, notes ---------------------------------------------------------
# fault NAME BACKENDS [flags]: exit 1, and stderr holds each line of tests/sim/NAME.expect
# (the located first error line, then the related note's location when there is one)
nfault=0
fault() {
    name=$1; nfault=$((nfault + 1)); tag=$(printf '%s.%02d' "$name" $nfault); shift
    mkcase "$tag" "tests/sim/$name.py" "$@"
    cp "tests/sim/$name.expect" "$d/stderr"; echo 1 >"$d/status"
}
shapes="--shape a=1,64 --shape out=1,64"
# shellcheck disable=SC2086
{
fault fault_ub_bounds sim $shapes
fault fault_misaligned sim $shapes
fault fault_undef_reg sim $shapes
fault fault_hazard sim $shapes
fault fault_hazard_wrong_bar sim $shapes --strict-hazards
fault fault_hazard_other_tile_bar sim $shapes
fault fault_hazard_one_tile sim $shapes --strict-hazards
fault fault_unflushed sim $shapes
fault fault_unflushed_many sim $shapes
# GM shared by the blocks of one launch: two stores, and a load of another block's store
fault fault_gm_race_write sim $shapes --blocks 3
fault fault_gm_race_read sim --shape a=1,64 --blocks 2
fault fault_gm_race_setval sim --shape a=1,64 --blocks 2
fault fault_gm_race_cores sim --shape a=16,16 --shape b=16,16 --shape x=16,16 --shape out=16,16
# a deadlock's text names every core's wait, run after run (the threads unwind in any order)
for _ in 1 2 3 4 5 6; do fault fault_deadlock_cores sim --shape x=16,16 --shape out=16,16; done
# Python's float % by zero: the same located fault from the runtime in both backends
fault fault_float_mod_zero "sim cc" --shape out=1,64
# a read of the MASK register in counter mode: located in both backends
fault fault_mask_count_read "sim cc" --shape out=1,32
# the scalar language in a kernel: / by zero, a negative shift, a run-time valid shape
# larger than its tile - located in both backends (the native fault names its op after the
# kernel object is unloaded); // in a kernel, % and a zero pl.range step in a vector
# function (the inline helpers of pvc_rt.h)
fault fault_lang_truediv "sim cc" --shape out=1,64 --scalar n=3
fault fault_lang_shift "sim cc" --shape out=1,64 --scalar n=3
fault fault_lang_valid_shape "sim cc" --shape a=4,64 --scalar n=3
fault fault_lang_floordiv "sim cc" --shape out=1,64 --scalar n=3
fault fault_lang_mod_vf "sim cc" --shape out=1,64 --scalar n=3
fault fault_range_step "sim cc" --shape out=1,64 --scalar n=3
fault fault_lang_tile_elem "sim cc" --shape a=2,64 --scalar n=2
fault fault_lang_getval "sim cc" --shape a=2,64 --scalar n=2
fault fault_lang_setval "sim cc" --shape a=2,64 --scalar n=2
fault fault_lang_group_index "sim cc" --shape a=1,64 --scalar n=2
}
# UB addresses in 64 bits (tests/sim/addr_wide.cases), each in both backends and in the
# simulator's fast loop (folded address arithmetic, fast.c) and its observing loop
i=0
grep -v '^#' tests/sim/addr_wide.cases | while read -r k n want; do
    i=$((i + 1))
    mkcase "addr_wide.$k.$i" "tests/sim/addr_$k.py" "sim obs cc" --shape out=1,64 --scalar "n=$n"
    echo "$want" >"$d/stderr"; echo 1 >"$d/status"
done
# pl.printf: "[block 0] " and the formatted scalars on stdout, the same in both backends
# (tests/golden/py_tiles.py prints one line per tile: 3 tiles of 5 rows, the last of 1)
mkcase printf tests/golden/py_tiles.py "sim cc" --shape x=2,5,64 --shape y=5,64
printf '%s\n' "[block 0] tile 0: 2 rows" "[block 0] tile 1: 2 rows" "[block 0] tile 2: 1 rows" >"$d/stdout"
# with --blocks 3 each tile is another block's, and each line names its block (one thread:
# the blocks in order)
mkcase printf_blocks tests/golden/py_tiles.py "sim cc" --blocks 3 --threads 1 --shape x=2,5,64 --shape y=5,64
printf '%s\n' "[block 0] tile 0: 2 rows" "[block 1] tile 1: 2 rows" "[block 2] tile 2: 1 rows" >"$d/stdout"
# one block has nothing to race with; natively the racing blocks run (no check there)
mkcase one_block_no_race tests/sim/fault_gm_race_read.py sim --shape a=1,64
# shellcheck disable=SC2086
[ -z "$native" ] || mkcase native_races_unchecked tests/sim/fault_gm_race_write.py cc $shapes --blocks 3
# VST_VST between a store and a load through one tile (pypto's mem_bar docs write it so): the
# tile's one address register orders them on the device (sim/hazard.h rules): without
# --strict-hazards it runs, copies a to out, and warns once, W034, at the load with a note at
# the store
mkcase hazard_tolerated tests/sim/fault_hazard_wrong_bar.py sim --rtol 0 --atol 0
cp samples/data/load_align_norm/default/in_a.npy "$d/in_a.npy"
cp samples/data/load_align_norm/default/in_a.npy "$d/expect_out.npy"
printf '%s\n' "tests/sim/fault_hazard_wrong_bar.py:10:12: warning: vector load of [0x100, 0x200) reads byte 0x100, stored at line 8 with no vf.mem_bar(VST_VLD) between them" \
    "tests/sim/fault_hazard_wrong_bar.py:8:5: note: the vector store that wrote those bytes" >"$d/stderr"
# no barrier at all, the store in a nested vector function: the same, and out = 2|a| (numpy)
mkcase hazard_tolerated_nested tests/sim/fault_hazard_one_tile.py sim --rtol 0 --atol 0
cp samples/data/load_align_norm/default/in_a.npy "$d/in_a.npy"
/usr/bin/python3 -c 'import numpy as np, sys; a = np.load(sys.argv[1]); np.save(sys.argv[2], np.abs(a) + np.abs(a))' \
    "$d/in_a.npy" "$d/expect_out.npy"
printf '%s\n' "tests/sim/fault_hazard_one_tile.py:15:9: warning: vector load of [0x100, 0x200) reads byte 0x100, stored at line 9 with no vf.mem_bar(VST_VLD) between them" \
    "tests/sim/fault_hazard_one_tile.py:9:5: note: the vector store that wrote those bytes" >"$d/stderr"
# the same kernel with vf.mem_bar(VST_VLD): runs, and copies a to out and back
a=samples/data/load_align_norm/default/in_a.npy # 1x64 FP32
mkcase membar tests/sim/hazard_membar.py sim --rtol 0 --atol 0
cp "$a" "$d/in_a.npy"; cp "$a" "$d/expect_out.npy"
# tensors bound to other names (tests/sim/tensor_alias.py): out = a, exactly
mkcase tensor_alias tests/sim/tensor_alias.py "sim obs cc" --rtol 0 --atol 0
cp "$a" "$d/in_a.npy"; cp "$a" "$d/expect_out.npy"
# Python // and % (tests/sim/python_ints.py): out = a with its two rows swapped. The
# expected file is a's .npy with the two 256-byte rows of its data exchanged (header kept).
rows=samples/data/load_align_loop_rows/default/in_a.npy # 2x64 FP32
mkcase python_ints_swapped tests/sim/python_ints.py sim --rtol 0 --atol 0
cp "$rows" "$d/in_a.npy"
python3 - "$rows" "$d/expect_out.npy" <<'PY'
import sys
d = open(sys.argv[1], "rb").read()
h = len(d) - 512
open(sys.argv[2], "wb").write(d[:h] + d[h + 256:] + d[h:h + 256])
PY
# clipped pl.load: a note at the load, exit 0
mkcase note_clipped_load tests/sim/note_clipped.py sim --shape a=1,32 --shape out=1,64
head -n 1 tests/sim/note_clipped.expect >"$d/stderr"

# ---- 1.-3. in one process ----------------------------------------------------------------
"$cases_bin" --backends "sim,obs${native:+,cc,tcc}" --work "${PVC_TEST_SCRATCH:-$tmp}/sim-runs" \
    --strip samples/data/ --strip "$tmp/diff/" --strip "$cases/" \
    samples/data/*/*/ "$tmp"/diff/*/ "$cases"/*/ >"$tmp/cases.out" 2>&1
cat "$tmp/cases.out"
line=$(tail -n 1 "$tmp/cases.out")
case $line in
*" passed, "*" failed") p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed}
    pass=$((pass + p)); fail=$((fail + f)) ;;
*) bad "pvc-cases printed no count line" ;;
esac

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
assert names == {"V", "MTE2", "MTE3", "S", "MTE1", "M", "FIX"}, names  # a row per pipe of PVC_PIPES
x = [e for e in ev if e["ph"] == "X"]
# sequential: each op starts where the previous one ended
for a, b in zip(x, x[1:]):
    assert abs(a["ts"] + a["dur"] - b["ts"]) < 1e-9 or b["ts"] >= a["ts"] + a["dur"], (a, b)
assert [e["name"] for e in x if e["cat"] != "S"] == \
    ["gm.load", "mask.create", "ld.reg", "st.reg", "ld.reg.post", "st.reg", "gm.store"], x
EOF
then ok "timeline load_align_norm"; else bad "timeline load_align_norm"; fi
# a mixed kernel: each core of the block has its own rows (the cube core's MTE2/MTE1/M/FIX,
# each vector core's MTE2/V/MTE3), each on its own clock from 0
# shellcheck disable=SC2046
"$pvc" run samples/cube_vector_add.py $(case_args samples/data/cube_vector_add/ints) --timeline "$tmp/mix.json" >/dev/null 2>&1
if python3 - "$tmp/mix.json" <<'EOF'
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
rows = {(e["pid"], e["tid"]): e["args"]["name"] for e in ev if e.get("name") == "thread_name"}
x = [e for e in ev if e["ph"] == "X"]
used = {rows[(e["pid"], e["tid"])] for e in x}
for want in ("cube MTE2", "cube MTE1", "cube M", "cube FIX", "vec0 MTE2", "vec0 V", "vec0 MTE3",
             "vec1 MTE2", "vec1 V", "vec1 MTE3"):
    assert want in used, (want, sorted(used))
assert "cube V" not in used, used  # no vector op on the cube core
for core in ("cube", "vec0", "vec1"):  # each core's clock starts at 0
    assert min(e["ts"] for e in x if rows[(e["pid"], e["tid"])].startswith(core)) == 0, core
EOF
then ok "timeline cube_vector_add: a row per core and pipe"; else bad "timeline cube_vector_add: a row per core and pipe"; fi
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
