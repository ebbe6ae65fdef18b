#!/bin/sh
# fresh_clone.sh [REPO]: `make fresh` - the README's set-up in a clean clone of REPO's HEAD
# (default: this tree), then its first runs: `make` must give a pvc with libtcc (the Makefile
# asks for libtcc when it compiles, after `make deps`), and the first native run of a kernel
# from the command line and from Python must be fast against a warm one (libtcc in process;
# from libpvc.so, the pvc beside it as the first-run compiler). Prints the times and ratios
# and closes with "N passed, M failed". Takes a full build (minutes on two cores).
repo=${1:-.}
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -z "$2" ] || printf '%s\n' "$2" | tail -n 20 | sed 's/^/    /'; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
git clone -q "$repo" "$tmp/pvc" || { echo "0 passed, 1 failed"; exit 1; }
# the pinned grammar as a fresh machine would fetch it (grammar/fetch.sh), without the network
[ -d "$repo/grammar/vendor" ] && cp -r "$repo/grammar/vendor" "$tmp/pvc/grammar/"
cd "$tmp/pvc" || exit 1
if out=$(make -j2 2>&1); then ok "make in a clean clone"; else bad "make in a clean clone" "$out"; fi
if [ "$(cat build/.libtcc 2>/dev/null)" = "libtcc: 1" ] && nm build/pvc | grep -q ' tcc_new$'; then
    ok "the first build has libtcc"
else bad "the first build has no libtcc" "$(cat build/.libtcc 2>&1)"; fi
# ms CMD...: wall milliseconds of CMD
ms() {
    s=$(date +%s%N); "$@" >"$tmp/out" 2>&1; rc=$?; e=$(date +%s%N)
    [ $rc -eq 0 ] || { bad "$*" "$(cat "$tmp/out")"; echo 0; return; }
    echo $(( (e - s) / 1000000 ))
}
# ratio NAME FIRST WARM LIMIT: FIRST / WARM at most LIMIT
ratio() {
    r=$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    echo "     $1: first $2 ms, warm $3 ms, ratio $r"
    if awk -v r="$r" -v l="$4" 'BEGIN { exit !(r > 0 && r <= l) }'; then ok "$1: first run within ${4}x a warm one"
    else bad "$1: first run ${r}x a warm one (at most ${4}x)"; fi
}
d=samples/data/load_align_norm/default
cli="build/pvc run samples/load_align_norm.py --backend native --input a=$d/in_a.npy --expect out=$d/expect_out.npy"
mkdir -m 700 "$tmp/c1" "$tmp/c2"
# shellcheck disable=SC2086
first=$(PVC_CACHE_DIR="$tmp/c1" ms $cli)
sleep 5 # the background cc
# shellcheck disable=SC2086
warm=$(PVC_CACHE_DIR="$tmp/c1" ms $cli)
ratio "pvc run" "$first" "$warm" 4
# from Python: the first launch in a process, with a cold cache and then a warm one (the
# process's compile and the object's load included both times)
cat >"$tmp/first.py" <<'EOF2'
import time, torch, pvc
k = pvc.load("samples/load_align_norm.py").kernel("example_kernel")
t = time.perf_counter()
k.launch([torch.rand(1, 64), torch.zeros(1, 64)], backend="native")
print(round((time.perf_counter() - t) * 1000))
EOF2
launch_ms() { PVC_CACHE_DIR="$tmp/c2" build/pvc py "$tmp/first.py" 2>"$tmp/err" || cat "$tmp/err" >&2; }
first=$(launch_ms)
sleep 5
warm=$(launch_ms)
ratio "kernel launch from Python" "${first:-0}" "${warm:-0}" 10
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
