#!/bin/sh
# run_e2e.sh PVC: end-to-end tests of `pvc compile` and `pvc run --backend native`.
#   (every sample case natively against its expect files, and the libtcc build = cc's object
#   on each, are `make sim`'s: tests/run_sim.sh runs them with the simulator's in one process)
#   - every sample's C compiles warning-free with gcc and clang (-std=c11 -Wall -Wextra
#     -Werror) and is byte-identical across two runs of `pvc compile`
#   - the object cache: a second run never invokes cc; another spelling of the file's path
#     hits the same entry; a miss runs the libtcc build at once and the background cc build
#     lands in the cache; without cc the libtcc build runs, with cc demanded a miss fails
#   - --output, a wrong --expect (exit 3), usage errors (exit 2, --scalar among them), located kernel faults
#     (exit 1, tests/e2e/fault_*.py), two kernels in one file, --blocks, gdb on a .py line
# Closing line: "N passed, M failed". Needs no Python packages.
pvc=${1:-build/pvc}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
PVC_CACHE_DIR="$tmp/cache"; export PVC_CACHE_DIR
# A miss waits for cc, so that every run below finds what the one before it cached; the
# default (libtcc now, cc in the background) has its own tests in the cache section.
PVC_NATIVE_BUILD=cc; export PVC_NATIVE_BUILD
unset PVC_CFLAGS
data=samples/data

ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() {
    fail=$((fail + 1)); echo "FAIL $1"
    [ -z "$2" ] || printf '%s\n' "$2" | head -n 20 | sed 's/^/    /'
}
# check NAME EXIT CMD...: CMD must exit with EXIT; its stdout+stderr are left in $out.
check() {
    cname=$1; want=$2; shift 2
    out=$("$@" 2>&1); rc=$?
    if [ "$rc" -eq "$want" ]; then ok "$cname"; return 0; fi
    bad "$cname (exit $rc, want $want)" "$out"; return 1
}
# has NAME PATTERN: the last check's output matches the grep -E pattern.
has() {
    if printf '%s\n' "$out" | grep -Eq -- "$2"; then ok "$1"; else bad "$1 (no /$2/)" "$out"; fi
}

# ---- emitted C: warning-free under gcc and clang, deterministic -------------------------
for src in samples/*.py tests/e2e/*.py tests/golden/py_*.py tests/sim/lang_*.py; do
    name=${src##*/}; name=${name%.py}
    case $name in bad_*) continue ;; esac
    check "compile $name" 0 "$pvc" compile "$src" -o "$tmp/$name.c" || continue
    "$pvc" compile "$src" -o "$tmp/$name.again.c" >/dev/null 2>&1
    if cmp -s "$tmp/$name.c" "$tmp/$name.again.c"; then ok "deterministic $name"
    else bad "deterministic $name" "$(diff "$tmp/$name.c" "$tmp/$name.again.c" | head)"; fi
    # gcc warns from its optimiser too (-O2, to an object); clang's warnings all come from
    # its front end, which -fsyntax-only runs whole
    check "gcc -Werror $name" 0 gcc -std=c11 -Wall -Wextra -Werror -O2 -Iruntime/include \
        -c "$tmp/$name.c" -o "$tmp/$name.gcc.o"
    check "clang -Werror $name" 0 clang -std=c11 -Wall -Wextra -Werror -O2 -Iruntime/include \
        -fsyntax-only "$tmp/$name.c"
done
check "compile to stdout" 0 "$pvc" compile samples/load_align_norm.py
printf '%s\n' "$out" | cmp -s - "$tmp/load_align_norm.c" && ok "stdout equals -o" ||
    bad "stdout equals -o"
"$pvc" compile samples/load_align_norm.py -o - >"$tmp/dash.c" 2>&1
if [ ! -e ./- ] && cmp -s "$tmp/dash.c" "$tmp/load_align_norm.c"; then ok "-o - is stdout"
else bad "-o - is stdout"; rm -f ./-; fi

# ---- the object cache ------------------------------------------------------------------
norm="samples/load_align_norm.py --backend native --input a=$data/load_align_norm/default/in_a.npy
      --expect out=$data/load_align_norm/default/expect_out.npy"
rm -rf "$PVC_CACHE_DIR"
# shellcheck disable=SC2086
check "cold run compiles" 0 "$pvc" run $norm -v && has "cold run names the key" '^pvc: native: cache key [0-9a-f]{32}: ' &&
    has "cold run says cc compiled it" "^pvc: native: cache miss: compiled .* with 'cc'"
# shellcheck disable=SC2086
check "warm run" 0 "$pvc" run $norm -v && has "warm run says cache hit" '^pvc: native: cache hit '
# the same kernel by another spelling of its path: the same C text, the same entry
alt=$(echo "$norm" | sed 's|^samples/load_align_norm.py|./samples/../samples/load_align_norm.py|')
# shellcheck disable=SC2086
check "another path spelling" 0 "$pvc" run $alt -v && has "another path spelling hits" '^pvc: native: cache hit '
# The key includes the compiler command and the compiler program, so the compiler that
# records its calls is the one of the cold run too: one call, then none.
mkdir -p "$tmp/bin"
printf '#!/bin/sh\necho called >>"%s/cc-calls"\nexec cc "$@"\n' "$tmp" >"$tmp/bin/cc-rec"; chmod +x "$tmp/bin/cc-rec"
# shellcheck disable=SC2086
check "cold run with a recording cc" 0 env CC="$tmp/bin/cc-rec" "$pvc" run $norm
# shellcheck disable=SC2086
check "warm run with it" 0 env CC="$tmp/bin/cc-rec" "$pvc" run $norm
[ "$(wc -l <"$tmp/cc-calls")" -eq 1 ] && ok "cc not invoked on a hit" ||
    bad "cc was invoked on a cache hit ($(wc -l <"$tmp/cc-calls") calls, want 1)"
# shellcheck disable=SC2086
check "missing compiler on a miss: exit 1" 1 env CC=/nonexistent/cc "$pvc" run $norm &&
    has "missing compiler is named" 'cannot run C compiler .*/nonexistent/cc'

# The default miss: the libtcc build runs at once, cc builds the entry in the background.
if "$pvc" run $norm >/dev/null 2>&1 && env PVC_NATIVE_BUILD=tcc "$pvc" run $norm -v 2>&1 | grep -q 'by libtcc'; then
    auto_cache="$tmp/cache-auto"
    # shellcheck disable=SC2086
    check "miss: libtcc now" 0 env PVC_NATIVE_BUILD=auto PVC_CACHE_DIR="$auto_cache" "$pvc" run $norm -v &&
        has "miss says libtcc, cc in the background" "cache miss: compiled in process by libtcc .*'cc -O2' builds .* in the background"
    for i in $(seq 600); do # the background build: at most 60 s
        ls "$auto_cache"/*.so >/dev/null 2>&1 && ! ls "$auto_cache"/*.lock >/dev/null 2>&1 && break
        sleep 0.1
    done
    # shellcheck disable=SC2086
    check "then a hit" 0 env PVC_NATIVE_BUILD=auto PVC_CACHE_DIR="$auto_cache" "$pvc" run $norm -v &&
        has "the background build landed" '^pvc: native: cache hit '
    # shellcheck disable=SC2086
    check "no cc: the libtcc build runs" 0 env PVC_NATIVE_BUILD=auto CC=/nonexistent/cc "$pvc" run $norm -v &&
        has "no cc: -v says so" "nothing cached: no C compiler '/nonexistent/cc'"
else
    echo "SKIP the libtcc build: this pvc was built without libtcc"
fi

# ---- --output, --expect mismatch -------------------------------------------------------
exp=$data/load_align_norm/default/expect_out.npy
# shellcheck disable=SC2086
check "--output" 0 "$pvc" run $norm --output "out=$tmp/out.npy"
cmp -s "$tmp/out.npy" "$exp" && ok "--output equals the expect file" ||
    bad "--output equals the expect file" "$(cmp "$tmp/out.npy" "$exp" 2>&1)"
cp "$exp" "$tmp/wrong.npy"
size=$(wc -c <"$tmp/wrong.npy")
printf '\177' | dd of="$tmp/wrong.npy" bs=1 seek=$((size - 1)) conv=notrunc 2>/dev/null
check "wrong --expect: exit 3" 3 "$pvc" run samples/load_align_norm.py --backend native \
    --input "a=$data/load_align_norm/default/in_a.npy" --expect "out=$tmp/wrong.npy" &&
    has "mismatch report" '^out: 1 / 64 elements differ' && has "mismatch index" '\[0, 63\]'

# ---- usage errors: exit 2, one line with a hint -----------------------------------------
in_a="a=$data/load_align_norm/default/in_a.npy"
check "no FILE" 2 "$pvc" run
check "unknown option" 2 "$pvc" run samples/load_align_norm.py --bogus
check "bad backend" 2 "$pvc" run samples/load_align_norm.py --backend gpu --input "$in_a"
check "unknown kernel" 2 "$pvc" run samples/load_align_norm.py --kernel nosuch &&
    has "kernels listed" 'kernels: example_kernel'
check "unknown parameter" 2 "$pvc" run samples/load_align_norm.py --input "zz=$tmp/x.npy" &&
    has "parameters listed" 'parameters: a, out'
check "parameter without data" 2 "$pvc" run samples/load_align_norm.py --input "$in_a" &&
    has "hint names the options" '--shape out=R,C'
check "missing .npy" 2 "$pvc" run samples/load_align_norm.py --input "a=$tmp/none.npy" --shape out=1,64
printf 'not an npy file' >"$tmp/garbage.npy"
check "garbage .npy" 2 "$pvc" run samples/load_align_norm.py --input "a=$tmp/garbage.npy" --shape out=1,64
check "wrong dtype .npy" 2 "$pvc" run samples/load_align_norm.py \
    --input "a=$data/load_align_int64/default/in_a.npy" --shape out=1,64
check "bad --shape" 2 "$pvc" run samples/load_align_norm.py --input "$in_a" --shape out=0,64
check "--rtol without --atol" 2 "$pvc" run samples/load_align_norm.py --input "$in_a" --shape out=1,64 --rtol 0
check "bad --atol" 2 "$pvc" run samples/load_align_norm.py --input "$in_a" --shape out=1,64 --rtol 0 --atol x
check "--trace with native" 2 "$pvc" run samples/load_align_norm.py --backend native --trace
check "input given twice" 2 "$pvc" run samples/load_align_norm.py --input "$in_a" --input "$in_a" --shape out=1,64
check "compile: no FILE" 2 "$pvc" compile
check "compile: -o without a name" 2 "$pvc" compile samples/load_align_norm.py -o
check "missing .py: exit 1" 1 "$pvc" run "$tmp/none.py"

# --scalar P=VALUE binds a scalar parameter as Python reads its type; anything else is one
# usage line (tests/e2e/scalar_param_usage.py: tensors a, out and n: int).
scal=tests/e2e/scalar_param_usage.py
scalar_usage() { # scalar_usage NAME PATTERN ARGS...: exit 2, one line matching PATTERN
    sname=$1; pat=$2; shift 2
    check "--scalar: $sname" 2 "$pvc" run $scal --backend native --shape a=2,64 --shape out=2,64 "$@" &&
        has "--scalar: $sname says so" "^pvc run: .*$pat" &&
        { [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && ok "--scalar: $sname in one line" ||
            bad "--scalar: $sname in one line" "$out"; }
}
scalar_usage "unknown name" "has no parameter 'zz' \\(parameters: a, out, n\\)" --scalar n=1 --scalar zz=1
scalar_usage "missing scalar" "no value for int parameter 'n': give --scalar n=VALUE"
scalar_usage "float for an int" "n=1.5: parameter 'n' is int, which wants a decimal integer" --scalar n=1.5
scalar_usage "int64 overflow" "parameter 'n' is int" --scalar n=9223372036854775808
scalar_usage "bool for an int" "parameter 'n' is int" --scalar n=True
scalar_usage "scalar for a tensor" "parameter 'a' is a tensor; bind it with --input" --scalar n=1 --scalar a=1
scalar_usage "tensor option for a scalar" "parameter 'n' is not a tensor; bind it with --scalar n=VALUE" \
    --scalar n=1 --shape n=1,64
scalar_usage "given twice" "given twice for parameter 'n'" --scalar n=1 --scalar n=2
scalar_usage "empty value" "--scalar wants P=VALUE" --scalar n=
ks=tests/e2e/kernel_scalars.py
ks_ok="--shape a=8,64 --shape out=8,64 --scalar n_rows=1 --scalar r0=0 --scalar thr=0.5"
# shellcheck disable=SC2086 # flags, word-split on purpose
check "--scalar: int, float (Python syntax), bool bound" 0 "$pvc" run $ks $ks_ok --scalar fill=-1_000.5e-1 --scalar keep=False
for v in 1. .5 1_0.0_1 -Infinity +nan 1E+3 7 1e999; do
    # shellcheck disable=SC2086
    check "--scalar: '$v' is a Python float" 0 "$pvc" run $ks $ks_ok --scalar "fill=$v" --scalar keep=True
done
for v in 0x1p3 1e 1__0 . nan1 +-1 1_ _1 inf_; do
    # shellcheck disable=SC2086
    check "--scalar: '$v' is not a Python float" 2 "$pvc" run $ks $ks_ok --scalar "fill=$v" --scalar keep=True &&
        has "--scalar '$v' names the type" "parameter 'fill' is float, which wants a Python float"
done
for v in 1 true TRUE 0; do
    # shellcheck disable=SC2086
    check "--scalar: '$v' is not a bool" 2 "$pvc" run $ks $ks_ok --scalar fill=1 --scalar "keep=$v" &&
        has "--scalar '$v' wants True or False" "parameter 'keep' is bool, which wants True or False"
done

# ---- two kernels in one file ------------------------------------------------------------
two=tests/e2e/two_kernels.py
rows=$data/load_align_loop_rows/default/in_a.npy
check "two kernels need --kernel" 2 "$pvc" run $two --backend native --input "a=$rows" --shape out=2,64 &&
    has "both kernels listed" 'kernels: copy_kernel, copy_rows_kernel'
check "second kernel, negative range step" 0 "$pvc" run $two --kernel copy_rows_kernel --backend native \
    --input "a=$rows" --expect "out=$rows" --shape n=1,64 --output "n=$tmp/n.npy" --rtol 0 --atol 0
dd if="$rows" bs=1 skip=128 count=256 2>/dev/null >"$tmp/row0"
tail -c 256 "$tmp/n.npy" | cmp -s - "$tmp/row0" && ok "n holds row 0 of a" || bad "n holds row 0 of a"
check "fixed dim checked" 2 "$pvc" run $two --kernel copy_rows_kernel --backend native \
    --input "a=$rows" --shape out=2,64 --shape n=2,64 && has "dim named" 'dimension 0 is 2, the kernel declares 1'

# ---- tensors of rank 3: --shape with three sizes, the constant dims checked (exit 2) -------
lt=tests/golden/py_tiles.py
check "rank-3 tensor bound by --shape" 0 "$pvc" run $lt --backend native --shape x=2,3,64 --shape y=3,64
check "rank-3 constant dim checked" 2 "$pvc" run $lt --backend native --shape x=3,3,64 --shape y=3,64 &&
    has "rank-3 dim named" "dimension 0 is 3, the kernel declares 2"
check "rank checked" 2 "$pvc" run $lt --backend native --shape x=3,64 --shape y=3,64 &&
    has "rank named" "has rank 2; kernel 'kernel' declares 'x' with rank 3"
check "--shape takes at most 4 sizes" 2 "$pvc" run $lt --backend native --shape x=1,2,3,4,5 --shape y=3,64

# ---- Python int semantics: // and % floor, negative range step ---------------------------
# a[r][c] = 64r + c as FP32, and the same rows reversed (what the kernel must produce).
python3 - "$tmp" <<'PY'
import struct, sys
def npy(path, rows):
    hdr = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, 64), }" % len(rows)
    hdr += ' ' * (127 - 10 - len(hdr)) + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(hdr)) + hdr.encode())
        for r in rows:
            f.write(struct.pack('<64f', *r))
a = [[r * 64 + c for c in range(64)] for r in range(4)]
npy(sys.argv[1] + '/rows.npy', a)
npy(sys.argv[1] + '/rows_reversed.npy', a[::-1])
PY
check "floor // and %, range step -1" 0 "$pvc" run tests/e2e/py_int_semantics.py --backend native \
    --input "a=$tmp/rows.npy" --expect "out=$tmp/rows_reversed.npy" --rtol 0 --atol 0

# ---- GM tensor elements from scalar code (tests/e2e/gm_elems.py, §6.1) -------------------
# inputs and the values its header derives by hand, as little-endian .npy files
python3 - "$tmp" <<'PY'
import struct, sys
def npy(path, descr, shape, fmt, vals):
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)
    hdr += ' ' * (127 - 10 - len(hdr)) + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(hdr)) + hdr.encode())
        f.write(struct.pack('<%d%s' % (len(vals), fmt), *vals))
a = [float(r * 64 + c) for r in range(2) for c in range(64)]
npy(sys.argv[1] + '/ge_a.npy', '<f4', '(2, 64)', 'f', a)
npy(sys.argv[1] + '/ge_idx.npy', '<i4', '(4,)', 'i', [3, 1, 0, 2])
npy(sys.argv[1] + '/ge_out.npy', '<i4', '(8,)', 'i', [67, 65, 64, 66, 127, 17, 2, -2])
a[0], a[64] = 0.25, 1e9
npy(sys.argv[1] + '/ge_a_after.npy', '<f4', '(2, 64)', 'f', a)
PY
check "GM elements read and written by scalar code" 0 "$pvc" run tests/e2e/gm_elems.py --backend native \
    --input "a=$tmp/ge_a.npy" --input "idx=$tmp/ge_idx.npy" --shape out=8 --expect "out=$tmp/ge_out.npy" \
    --expect "a=$tmp/ge_a_after.npy" --rtol 0 --atol 0
check "a GM element outside its tensor faults" 1 "$pvc" run tests/sim/fault_lang_getval.py --backend native \
    --shape a=2,64 --scalar n=2 &&
    has "located, offset named" "^tests/sim/fault_lang_getval.py:10:19: error: kernel fault: .*offset 128 is outside"

# ---- kernel faults: exit 1, located at the DSL op ---------------------------------------
fault() { # fault FILE LINE TEXT
    check "fault ${1##*/}" 1 "$pvc" run "$1" --backend native --shape a=1,64 --shape out=1,64 || return
    has "fault ${1##*/} located" "^$1:$2:[0-9]+: error: kernel fault: $3"
    has "fault ${1##*/} caret" '^ *\^$'
}
fault tests/e2e/fault_ub_bounds.py 11 'access outside the Unified Buffer \(load_align, UB address 0x40000'
fault tests/e2e/fault_misaligned.py 12 'misaligned UB address \(store_align, UB address 0x210'
fault tests/e2e/fault_unflushed.py '[0-9]+' 'store_unalign state not flushed'

# ---- blocks: kernel[None, N] is --blocks N -------------------------------------------------
check "--blocks 0 is a usage error" 2 "$pvc" run tests/e2e/two_kernels.py --blocks 0 &&
    has "--blocks names its range" "--blocks wants a whole number from 1 to 65535, not '0'"
check "--blocks 65536 is a usage error" 2 "$pvc" run tests/e2e/two_kernels.py --blocks 65536
check "--threads x is a usage error" 2 "$pvc" run tests/e2e/two_kernels.py --threads x &&
    has "--threads names its range" "--threads wants a whole number from 1 to 256, not 'x'"
# rows split over N blocks give out = a for every N, on any number of threads
if "$pvc" help ops | grep -q 'pl.get_block_idx'; then
    rows_a=$data/load_align_loop_rows/default/in_a.npy # 2 x 64 FP32
    for b in sim native; do
        for n in 1 3 8; do
            for t in 1 2; do
                check "--blocks $n --threads $t ($b): every row copied once" 0 "$pvc" run \
                    tests/e2e/blocks/copy_rows.py --backend "$b" --blocks "$n" --threads "$t" \
                    --input "a=$rows_a" --expect "out=$rows_a" --scalar rows=2 --rtol 0 --atol 0
            done
        done
    done
else
    echo "SKIP --blocks N: tests/e2e/blocks/copy_rows.py needs pl.get_block_idx (the language branch)"
fi
# the language's tiled kernel (16 rows in 4 tiles, spread by get_block_idx): the sample's
# expected output for every N, idle blocks included (N = 8), in both backends
lt=$data/lang_tiles/rows_16
for b in sim native; do
    for n in 1 3 8; do
        check "samples/lang_tiles.py --blocks $n ($b): the same output" 0 "$pvc" run samples/lang_tiles.py \
            --backend "$b" --blocks "$n" --input "x=$lt/in_x.npy" --expect "y=$lt/expect_y.npy" --rtol 0 --atol 0
    done
done

# ---- gdb stops on a .py line of the native kernel ---------------------------------------
if command -v gdb >/dev/null 2>&1; then
    check "gdb break at load_align_norm.py:10" 0 env PVC_CFLAGS="-g -O0" gdb -batch -nx \
        -ex 'set breakpoint pending on' -ex 'break load_align_norm.py:10' -ex run -ex bt \
        --args "$pvc" run samples/load_align_norm.py --backend native --input "$in_a" --shape out=1,64 &&
        has "stopped in the kernel at the .py line" 'Breakpoint 1, .*vf_example_vf__1.* at .*samples/load_align_norm.py:10'
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
