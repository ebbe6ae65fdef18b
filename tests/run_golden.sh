#!/bin/sh
# run_golden.sh PVC: golden tests of the passes, run from the repository root.
#   samples/NAME.py     pvc check exits 0 and prints nothing, or exactly
#                       tests/golden/NAME.warn (its trap warnings); pvc ir text/json
#   tests/golden/NAME.py  (the same for inputs that are not device samples)
#                       equal tests/golden/NAME.ir / NAME.json (the IR after the last
#                       pass); the JSON parses and is byte-identical across two runs;
#                       --after check = default; where tests/golden/NAME.lower.ir exists,
#                       --after lower equals it
#   tests/stream/NAME.py compiled streamed and whole, the same C; -v as its line 1 says
#   tests/diag/NAME.py  pvc check exits 1, prints nothing on stdout, stderr = NAME.err
#   usage               exit codes 0 (--help, --version) and 2 (usage errors, one line)
#   help TOPIC          every topic prints; `--help TOPIC` = `help TOPIC`; the dists and
#                       casts and enums tables equal tests/golden/help_{dists,casts,enums}.txt
#                       (reviewed row by row against docs/SEMANTICS.md §2.2-§3.6 and §5.4);
#                       docs/IR.md's machine-op table = `pvc help ops --markdown`
#   documents           every repository path and symbol they name exists (check_doc_refs.py)
#   layers              no file of compiler/ or runtime/ includes a header of a layer above its
#                       own (tools/check_layers.py)
# UPDATE=1 rewrites the golden files instead (review every diff before committing).
# run_golden.sh PVC pvc: `make test`'s sanitizer pass - every path of pvc once per input:
# the dumps and diagnostics of every file, the streamed compile of tests/stream/, usage and
# help; not what repeats a run to compare it with itself (--after check, --format=json, the
# second JSON dump, pvc ir on the diagnostics files, the streamed compile of the other test
# files against the whole one) nor what does not depend on the build (JSON parsing, the
# documents, the include graph): the plain pass checks those, `make test-full` both.
# Prints each failure with a diff, then "N passed, M failed"; exits 1 on any failure.
pvc=${1:-build/pvc}; mode=${2:-}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# same NAME GOLDEN FILE: compare (or update) one golden file
same() {
    if [ -n "$UPDATE" ]; then cp "$3" "$2"; ok; return; fi
    if [ ! -f "$2" ]; then bad "$1: missing golden file $2"; return; fi
    if diff -u "$2" "$3" >"$tmp/diff"; then ok; else bad "$1"; cat "$tmp/diff"; fi
}

# Every JSON dump is parsed at the end, by one Python process (json_files lists them).
mkdir "$tmp/json"; : >"$tmp/json_files"

for src in samples/*.py tests/golden/*.py; do
    name=$(basename "$src" .py)
    "$pvc" check "$src" >"$tmp/out" 2>&1; rc=$?
    if [ $rc -ne 0 ]; then bad "$name: pvc check exit $rc"; cat "$tmp/out"
    elif [ -f "tests/golden/$name.warn" ] || [ -s "$tmp/out" ]; then same "$name.warn" "tests/golden/$name.warn" "$tmp/out"
    else ok; fi
    "$pvc" ir "$src" >"$tmp/ir" 2>"$tmp/err" || bad "$name: pvc ir failed: $(cat "$tmp/err")"
    same "$name.ir" "tests/golden/$name.ir" "$tmp/ir"
    if [ "$mode" != pvc ]; then
        "$pvc" ir "$src" --after check --format text >"$tmp/ir2" 2>/dev/null
        if cmp -s "$tmp/ir" "$tmp/ir2"; then ok; else bad "$name: --after check differs from the default"; fi
    fi
    if [ -f "tests/golden/$name.lower.ir" ]; then
        "$pvc" ir "$src" --after lower >"$tmp/lo" 2>&1
        same "$name.lower.ir" "tests/golden/$name.lower.ir" "$tmp/lo"
    fi
    "$pvc" ir "$src" --format json >"$tmp/j1" 2>"$tmp/err" || bad "$name: pvc ir --format json failed"
    if [ "$mode" != pvc ]; then
        cp "$tmp/j1" "$tmp/json/$name.json"; echo "$name" >>"$tmp/json_files"
        "$pvc" ir "$src" --format=json >"$tmp/j2" 2>/dev/null
        if cmp -s "$tmp/j1" "$tmp/j2"; then ok; else bad "$name: JSON differs between two runs"; fi
    fi
    same "$name.json" "tests/golden/$name.json" "$tmp/j1"
done

for src in tests/diag/*.py; do
    name=$(basename "$src" .py)
    "$pvc" check "$src" >"$tmp/out" 2>"$tmp/err"; rc=$?
    if [ $rc -eq 1 ]; then ok; else bad "$name: pvc check exit $rc, expected 1"; fi
    if [ ! -s "$tmp/out" ]; then ok; else bad "$name: output on stdout"; fi
    same "$name.err" "tests/diag/$name.err" "$tmp/err"
    [ "$mode" = pvc ] && continue
    "$pvc" ir "$src" >"$tmp/out" 2>/dev/null; rc=$?
    if [ $rc -eq 1 ] && [ ! -s "$tmp/out" ]; then ok; else bad "$name: pvc ir exit $rc / dumped IR despite errors"; fi
done

# The streamed compile (emit/stream.c) writes the classic compile's C byte for byte and
# fails as it does: every input both ways (PVC_STREAM=0 is the classic compile). Every
# sample streams, and so does a file of the front-end benchmark's shape, each of its vector
# functions lowered only when the kernel calls it (front/defer.c); tests/stream/NAME.py
# says on its first line what `pvc compile -v` prints for it (streamed, or why not).
/usr/bin/python3 bench/gen_frontend.py 40 >"$tmp/bench40.py"
if [ "$mode" = pvc ]; then set -- tests/stream/*.py "$tmp/bench40.py"
else set -- samples/*.py tests/golden/*.py tests/sim/*.py tests/e2e/*.py tests/diag/*.py tests/stream/*.py "$tmp/bench40.py"; fi
for src in "$@"; do
    "$pvc" compile -v "$src" >"$tmp/s.c" 2>"$tmp/s.err"; rs=$?
    PVC_STREAM=0 "$pvc" compile "$src" >"$tmp/w.c" 2>"$tmp/w.err"; rw=$?
    grep -v '^pvc: \(streamed\|compiled whole\)' "$tmp/s.err" >"$tmp/s.msg"
    if [ $rs -eq $rw ] && cmp -s "$tmp/s.c" "$tmp/w.c" && cmp -s "$tmp/s.msg" "$tmp/w.err"; then ok
    else bad "$src: the streamed compile differs from the whole one (exit $rs / $rw)"; diff "$tmp/s.c" "$tmp/w.c" | head -5; fi
    case $src in
    samples/*) grep -q '^pvc: streamed' "$tmp/s.err" && ok || bad "$src: not streamed: $(cat "$tmp/s.err")" ;;
    */bench40.py) grep -q '^pvc: streamed: 40 vector functions, 40 of them lowered when first called$' "$tmp/s.err" \
                  && ok || bad "bench40.py: $(cat "$tmp/s.err")" ;;
    tests/stream/*) # line 1: "# pvc compile -v: <the line -v prints>"
        want=$(head -n 1 "$src" | sed 's/^# pvc compile -v: //; s/\r$//')
        got=$(grep '^pvc: \(streamed\|compiled whole\)' "$tmp/s.err")
        [ "$want" = "$got" ] && ok || bad "$src: -v said '$got', expected '$want'" ;;
    esac
done

# expect CODE ARGS...: exit status; usage errors print exactly one line on stderr
expect() {
    want=$1; shift
    "$pvc" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
    lines=$(wc -l <"$tmp/err")
    if [ $rc -ne "$want" ]; then bad "pvc $*: exit $rc, expected $want"; cat "$tmp/err"
    elif [ "$want" -eq 2 ] && [ "$lines" -ne 1 ]; then bad "pvc $*: $lines lines on stderr, expected 1"
    else ok; fi
}
s=samples/load_align_norm.py
expect 0 --help
expect 0 --version
expect 0 ir --help
expect 2
expect 2 frobnicate $s
expect 2 ir
expect 2 check
expect 2 ir $s --format yaml
expect 2 ir $s --format
expect 2 ir $s --after nosuchpass
expect 2 ir $s --bogus
expect 2 check $s $s
expect 2 check $s --format json
expect 1 check tests/diag/does_not_exist.py
expect 2 help nosuchtopic
expect 2 help dists casts
for topic in ops dists patterns dtypes casts enums faults diagnostics; do
    expect 0 help $topic
    [ "$mode" = pvc ] && continue
    "$pvc" --help $topic >"$tmp/h2" 2>&1
    if [ -s "$tmp/out" ] && cmp -s "$tmp/out" "$tmp/h2"; then ok; else bad "help $topic: empty, or differs from --help $topic"; fi
    "$pvc" --help | grep -q "^  pvc help $topic " && ok || bad "--help does not list topic $topic"
done
for topic in dists casts enums; do
    "$pvc" help $topic >"$tmp/h" 2>&1
    same "help_$topic.txt" "tests/golden/help_$topic.txt" "$tmp/h"
done
# docs/IR.md carries the machine-op table: exactly `pvc help ops --markdown` between its markers
"$pvc" help ops --markdown >"$tmp/mops" 2>&1 || bad "help ops --markdown failed"
awk -v table="$tmp/mops" '
    /^<!-- END: pvc help ops --markdown -->$/ { while ((getline line < table) > 0) print line; skip = 0 }
    !skip { print }
    /^<!-- BEGIN: pvc help ops --markdown -->$/ { skip = 1 }' docs/IR.md >"$tmp/ir.md"
same "docs/IR.md machine-op table" docs/IR.md "$tmp/ir.md"
"$pvc" --help | grep -q '^usage: pvc' && ok || bad "--help: no usage line"
"$pvc" --help | grep -q '^  pvc compile' && "$pvc" --help | grep -q '^  pvc run' && ok || bad "--help does not list compile and run"
if [ "$mode" = pvc ]; then echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit; fi

# the JSON dumps parse: one verdict per file
/usr/bin/python3 - "$tmp/json" "$tmp/json_files" >"$tmp/json_bad" 2>&1 <<'PY'
import json, sys
for name in open(sys.argv[2]).read().split():
    try:
        json.load(open(f"{sys.argv[1]}/{name}.json"))
    except Exception as e:  # any failure to read or parse is that file's verdict
        print(f"{name}: invalid JSON: {e}")
PY
njson=$(wc -l <"$tmp/json_files"); nbad=$(grep -c . "$tmp/json_bad")
sed 's/^/FAIL: /' "$tmp/json_bad"
pass=$((pass + njson - nbad)); fail=$((fail + nbad))

# Every repository path (and `symbol` after it) the documents name exists (tools/check_doc_refs.py)
/usr/bin/python3 tools/check_doc_refs.py README.md BENCHMARKS.md docs/*.md runtime/*.md >"$tmp/refs" 2>&1
grep '^FAIL' "$tmp/refs"
line=$(tail -n 1 "$tmp/refs")
case $line in
*" passed, "*" failed") p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed}
    pass=$((pass + p)); fail=$((fail + f)) ;;
*) bad "check_doc_refs.py: $line" ;;
esac

# The inlining budget (compiler/emit/emit_c.c PVC_EMIT_INLINE_BUDGET): a sample's unit forces
# the fast paths inline; the 1,000-function benchmark file (over 2,000 machine ops) leaves them
# to cc's limits.
"$pvc" compile samples/rmsnorm_rows.py -o "$tmp/small.c" && ! grep -q PVC_INLINE_BY_CC "$tmp/small.c" \
    && ok || bad "inline budget: samples/rmsnorm_rows.py's C defines PVC_INLINE_BY_CC"
/usr/bin/python3 bench/gen_frontend.py 1000 >"$tmp/big.py" && "$pvc" compile "$tmp/big.py" -o "$tmp/big.c" \
    && grep -q '^#define PVC_INLINE_BY_CC 1 ' "$tmp/big.c" \
    && ok || bad "inline budget: the 1,000-function file's C does not define PVC_INLINE_BY_CC"

# The include graph against the layer order (tools/check_layers.py, docs/ARCHITECTURE.md)
/usr/bin/python3 tools/check_layers.py >"$tmp/layers" 2>&1
grep '^FAIL' "$tmp/layers"
line=$(tail -n 1 "$tmp/layers")
case $line in
*" passed, "*" failed") p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed}
    pass=$((pass + p)); fail=$((fail + f)) ;;
*) bad "check_layers.py: $line" ;;
esac

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
