# cache.sh - the native object cache under attack and damage (docs/ARCHITECTURE.md §7), sourced by
# tests/run_robust.sh (its helpers check/has/hasnt/count/ok/bad, $pvc, $tmp, $S, $in_a, $exp):
#   B2   a truncated, empty, garbage or foreign-key object is never mapped: it is removed and
#        built again (-v says why), in both miss modes
#   B5   with no PVC_CACHE_DIR, XDG_CACHE_HOME or HOME the cache is /tmp/pvc-cache-UID (0700);
#        a directory not the user's, writable by others or inside a swappable one is
#        refused; an object not the user's, writable by others or a link is rebuilt
#   B15  a failing $CC keeps its C (KEY.failed.c) and prints a command that reproduces it;
#        CC=true "produced no object"; an early sanitizer pvc lacks is refused up front
#   B18  a cache directory longer than 4000 bytes is refused, nothing is created
#   R8   a full or read-only cache directory is named as such (not blamed on cc), and keeps no
#        KEY.failed.c, also after a background build (in a 256 KiB tmpfs of a private mount
#        namespace: root, or unshare -r)
#   R16  the Makefile asks for libtcc when a recipe runs (after `make deps` installed it), not
#        when make reads it: make's database holds HAVE_LIBTCC and LDLIBS unexpanded
#        (`make fresh` measures a clean clone's first runs)
#   and: 8 parallel cold runs compile once (cc now and cc in the background); temporaries
#   older than an hour are swept; the key holds the CPU's AVX-512 feature bits.
norm="$S --backend native --input a=$in_a --expect out=$exp"
cache="$tmp/cache-b"
# cold CACHE [ENV...]: a run with cc now (-v), leaving $out; the entry's object in $so
cold() {
    cdir=$1; shift
    # shellcheck disable=SC2086
    check "cold run into ${cdir##*/}" 0 env PVC_CACHE_DIR="$cdir" PVC_NATIVE_BUILD=cc "$@" "$pvc" run $norm -v
    so=$(ls "$cdir"/*.so 2>/dev/null | head -n 1)
}
# rerun NAME CACHE PATTERN [MODE]: a run (cc now) that must rebuild, saying PATTERN, then hit
rerun() {
    # shellcheck disable=SC2086
    check "$1: the run succeeds" 0 env PVC_CACHE_DIR="$2" PVC_NATIVE_BUILD=cc "$pvc" run $norm -v &&
        has "$1: -v says why it is not used" "cached object .* is not used \($3\): it is removed and built again" &&
        has "$1: and builds it again" "cache miss: compiled"
    # shellcheck disable=SC2086
    check "$1: then a hit" 0 env PVC_CACHE_DIR="$2" "$pvc" run $norm -v && has "$1: the hit" "cache hit "
}

# ---- B2: an object is checked before it is mapped, its key after ---------------------------
cold "$cache"
cp "$so" "$tmp/good.so"
truncate -s 5000 "$so"
rerun "truncated object" "$cache" "its section headers are not inside its 5000 bytes \(truncated\)"
: >"$so"
rerun "empty object" "$cache" "it is empty"
printf 'garbage' >"$so"
rerun "garbage object" "$cache" "it is not an ELF file \(7 bytes\)"
# a whole object of another entry (another kernel) filed under this key
d2=samples/data/load_align_int64/default
check "another kernel's object" 0 env PVC_CACHE_DIR="$tmp/cache-k2" PVC_NATIVE_BUILD=cc "$pvc" run \
    samples/load_align_int64.py --backend native --input "a=$d2/in_a.npy" --expect "out=$d2/expect_out.npy"
cp "$(ls "$tmp/cache-k2"/*.so | head -n 1)" "$so"
rerun "an object of another key" "$cache" "it does not define the key it is filed under"
# the default miss (libtcc now, cc in the background) also replaces a truncated object
truncate -s 3000 "$so"
# shellcheck disable=SC2086
check "truncated object, libtcc miss" 0 env PVC_CACHE_DIR="$cache" PVC_NATIVE_BUILD=auto "$pvc" run $norm -v &&
    has "truncated object, libtcc miss: not used" "is not used \(.*truncated\)" &&
    has "truncated object, libtcc miss: libtcc runs" "compiled in process by libtcc"
for i in $(seq 600); do # the background build: at most 60 s
    [ -f "$so" ] && [ "$(wc -c <"$so")" -gt 3000 ] && ! ls "$cache"/*.lock >/dev/null 2>&1 && break
    sleep 0.1
done
# shellcheck disable=SC2086
check "truncated object: the background build replaced it" 0 env PVC_CACHE_DIR="$cache" "$pvc" run $norm -v &&
    has "truncated object: then a hit" "cache hit "

# ---- B5: the cache is the user's own ---------------------------------------------------------
me=$(id -u)
def="/tmp/pvc-cache-$me"
[ -e "$def" ] && had_def=1 || had_def=0
# shellcheck disable=SC2086
check "no PVC_CACHE_DIR, XDG_CACHE_HOME, HOME" 0 env -i PATH="$PATH" PVC_NATIVE_BUILD=cc "$pvc" run $norm -v &&
    has "no HOME: the per-user directory" "(compiled|cache hit) $def/[0-9a-f]{32}\.so"
[ "$(stat -c '%u %a' "$def")" = "$me 700" ] && ok "no HOME: $def is the user's, mode 700" ||
    bad "no HOME: $def is $(stat -c '%u %a' "$def")"
[ $had_def = 1 ] || rm -rf "$def"
if [ "$me" = 0 ]; then # another user's directory and objects (root can make them)
    mkdir -p "$tmp/theirs"; chown 12345 "$tmp/theirs"
    foreign="$tmp/theirs"
else
    foreign=/ # root's
fi
# shellcheck disable=SC2086
check "a directory of another user: refused" 1 env PVC_CACHE_DIR="$foreign" "$pvc" run $norm &&
    has "another user's directory: says whose" "native backend: cache directory $foreign is owned by uid [0-9]+, not by this user \(uid $me\)"
# shellcheck disable=SC2086
check "/tmp as the cache: refused" 1 env PVC_CACHE_DIR=/tmp "$pvc" run $norm &&
    has "/tmp as the cache: says why" "cache directory /tmp is (writable by others \(mode 1777\)|owned by uid 0)"
mkdir -m 770 "$tmp/group"
# shellcheck disable=SC2086
check "a group-writable directory: refused" 1 env PVC_CACHE_DIR="$tmp/group" "$pvc" run $norm &&
    has "a group-writable directory: says so" "cache directory $tmp/group is writable by its group \(mode 0770\)"
mkdir -m 777 "$tmp/open"; mkdir -m 700 "$tmp/open/mine"
# shellcheck disable=SC2086
check "inside a world-writable directory: refused" 1 env PVC_CACHE_DIR="$tmp/open/mine" "$pvc" run $norm &&
    has "inside a world-writable directory: names it" "cache directory $tmp/open/mine is inside $tmp/open, which others can write to \(mode 0777\)"
# shellcheck disable=SC2086
check "a refused directory: PVC_NATIVE_BUILD=tcc runs without it" 0 env PVC_CACHE_DIR=/tmp PVC_NATIVE_BUILD=tcc "$pvc" run $norm
chmod 664 "$so"
rerun "a group-writable object" "$cache" "it is writable by others \(mode 0664\)"
mv "$so" "$tmp/moved.so"; ln -s "$tmp/moved.so" "$so"
rerun "an object that is a link" "$cache" "it is a symbolic link"
[ -L "$so" ] && bad "the link was kept" || ok "the link was replaced by an object"
if [ "$me" = 0 ]; then
    chown 12345 "$so"
    rerun "another user's object" "$cache" "it is owned by uid 12345, not by this user"
    [ "$(stat -c %u "$so")" = 0 ] && ok "another user's object: replaced by ours" || bad "another user's object kept"
fi

# ---- B15: a failing compiler says what to do -------------------------------------------------
mkdir -p "$tmp/ccs"
printf '#!/bin/sh\necho "fake-cc: it fails" >&2\nexit 1\n' >"$tmp/ccs/failing"
printf '#!/bin/sh\nwhile [ $# -gt 1 ]; do [ "$1" = -o ] && printf garbage >"$2"; shift; done\n' >"$tmp/ccs/garbage"
chmod +x "$tmp/ccs/failing" "$tmp/ccs/garbage"
# shellcheck disable=SC2086
check "a failing \$CC: exit 1" 1 env PVC_CACHE_DIR="$tmp/cache-f" PVC_NATIVE_BUILD=cc CC="$tmp/ccs/failing" "$pvc" run $norm &&
    has "a failing \$CC: its own message" "fake-cc: it fails" &&
    has "a failing \$CC: the C kept, the command" "the C compiler '$tmp/ccs/failing' failed \(exit status 1\) on the C kept as $tmp/cache-f/[0-9a-f]{32}\.failed\.c; to reproduce: $tmp/ccs/failing -std=c11 "
kept=$(printf '%s\n' "$out" | sed -n 's/.* on the C kept as \([^;]*\);.*/\1/p')
[ -f "$kept" ] && grep -q 'pvc_object_key' "$kept" && ok "a failing \$CC: the kept C is there" || bad "a failing \$CC: no kept C '$kept'"
cmd=$(printf '%s\n' "$out" | sed -n 's/.*; to reproduce: //p')
# the command is whole: with a working compiler in its place it builds the kept C
sh -c "cc ${cmd#"$tmp/ccs/failing "}" >/dev/null 2>&1 && [ -s "${kept%.c}.so" ] &&
    ok "a failing \$CC: the command reproduces the build" || bad "a failing \$CC: the command does not build" "$cmd"
# shellcheck disable=SC2086
check "CC=true: exit 1" 1 env PVC_CACHE_DIR="$tmp/cache-f" PVC_NATIVE_BUILD=cc CC=true "$pvc" run $norm &&
    has "CC=true: no object" "the C compiler 'true' produced no object \(exit status 0\) on the C kept as"
# shellcheck disable=SC2086
check "a \$CC writing garbage: exit 1" 1 env PVC_CACHE_DIR="$tmp/cache-f" PVC_NATIVE_BUILD=cc CC="$tmp/ccs/garbage" "$pvc" run $norm &&
    has "a \$CC writing garbage: says so" "produced no usable object \(it is not an ELF file \(7 bytes\)\)"
ls "$tmp/cache-f" | grep -Eq '^[0-9a-f]{32}\.so$' && bad "a failed build left an object" "$(ls "$tmp/cache-f")" || ok "no failed build left an object"
if ldd "$pvc" 2>/dev/null | grep -q libasan; then
    # shellcheck disable=SC2086
    check "PVC_CFLAGS=-fsanitize=address in an ASan pvc: runs" 0 env PVC_CACHE_DIR="$tmp/cache-f" PVC_CFLAGS=-fsanitize=address "$pvc" run $norm
else
    # shellcheck disable=SC2086
    check "PVC_CFLAGS=-fsanitize=address: exit 1" 1 env PVC_CACHE_DIR="$tmp/cache-f" PVC_CFLAGS="-g -fsanitize=undefined,address" "$pvc" run $norm &&
        has "-fsanitize=address: says why" "the C flags ask for -fsanitize=address, whose runtime must be loaded before the program starts, and this pvc was built without it" &&
        lines "-fsanitize=address: one line" 1
fi

# ---- B18: no cache directory is cut ---------------------------------------------------------
long="$tmp/$(printf '%04100d' 0)"
# shellcheck disable=SC2086
check "a 4 KiB cache directory: refused" 1 env PVC_CACHE_DIR="$long" "$pvc" run $norm &&
    has "a 4 KiB cache directory: the length" "\\\$PVC_CACHE_DIR is $((${#long})) bytes long, more than the 4000 pvc takes"
# shellcheck disable=SC2086
check "a 4 KiB HOME: refused" 1 env -u PVC_CACHE_DIR -u XDG_CACHE_HOME HOME="$long" "$pvc" run $norm &&
    has "a 4 KiB HOME: names the rule" "\\\$HOME/.cache/pvc is $((${#long} + 11)) bytes long"
[ -z "$(ls "$tmp" | grep '^00000')" ] && ok "a 4 KiB cache directory: nothing created" || bad "a cut directory was created"

# ---- parallel cold runs compile once ----------------------------------------------------------
printf '#!/bin/sh\necho called >>"%s/par-calls"\nexec cc "$@"\n' "$tmp" >"$tmp/ccs/rec"; chmod +x "$tmp/ccs/rec"
for mode in cc auto; do
    : >"$tmp/par-calls"; rm -rf "$tmp/par"
    i=0; while [ $i -lt 8 ]; do
        # shellcheck disable=SC2086
        env PVC_CACHE_DIR="$tmp/par" PVC_NATIVE_BUILD=$mode CC="$tmp/ccs/rec" "$pvc" run $norm -v >"$tmp/par.$i" 2>&1 &
        i=$((i + 1))
    done
    wait
    for i in $(seq 600); do # the background build (auto): at most 60 s
        ls "$tmp/par"/*.so >/dev/null 2>&1 && ! ls "$tmp/par"/*.lock >/dev/null 2>&1 && break
        sleep 0.1
    done
    out=$(cat "$tmp"/par.*)
    count "8 parallel cold runs ($mode): all pass" "pvc: native: cache key" 8
    [ "$(wc -l <"$tmp/par-calls")" -eq 1 ] && ok "8 parallel cold runs ($mode): cc ran once" ||
        bad "8 parallel cold runs ($mode): cc ran $(wc -l <"$tmp/par-calls") times" "$out"
    [ $mode = cc ] && count "8 parallel cold runs (cc): -v says one compile" "cache miss: compiled $tmp/par" 1
done

# ---- stale temporaries are swept on a miss ----------------------------------------------------
mkdir -p "$tmp/sweep"; chmod 700 "$tmp/sweep"
touch -d '2 hours ago' "$tmp/sweep/0123.456.tmp.c" "$tmp/sweep/0123.456.bg.tmp.so"
touch "$tmp/sweep/0123.789.tmp.c"
# shellcheck disable=SC2086
check "a miss sweeps" 0 env PVC_CACHE_DIR="$tmp/sweep" PVC_NATIVE_BUILD=cc "$pvc" run $norm -v &&
    has "the sweep is said" "removed 2 temporaries older than an hour from $tmp/sweep"
[ ! -e "$tmp/sweep/0123.456.tmp.c" ] && [ ! -e "$tmp/sweep/0123.456.bg.tmp.so" ] && [ -e "$tmp/sweep/0123.789.tmp.c" ] &&
    ok "old temporaries gone, a fresh one kept" || bad "the sweep" "$(ls -la "$tmp/sweep")"

# ---- R8: the cache directory's filesystem full or read-only -----------------------------------
# small_fs full|ro MODE: a run with PVC_NATIVE_BUILD=MODE into a 256 KiB tmpfs (4 KiB free, or
# remounted read-only), then, after any background build (at most 60 s, as above: a loaded
# machine under ASan takes more than 10), the directory's files ("files: ...").
small_fs() {
    ns="unshare -m"; [ "$(id -u)" = 0 ] || ns="unshare -rm"
    # shellcheck disable=SC2016,SC2086 # the inner script expands its own arguments
    $ns sh -c 'd=$1 how=$2 mode=$3; shift 3
        mount -t tmpfs -o size=256k tmpfs "$d" && mkdir -m 700 "$d/c" || exit 99
        if [ "$how" = full ]; then dd if=/dev/zero of="$d/fill" bs=1k count=252 2>/dev/null; else mount -o remount,ro "$d"; fi
        PVC_CACHE_DIR="$d/c" PVC_NATIVE_BUILD=$mode "$@"; rc=$?
        for i in $(seq 600); do ls "$d/c"/*.lock >/dev/null 2>&1 || break; sleep 0.1; done
        echo "files: $(ls "$d/c" | tr "\n" " ")"; exit $rc' sh "$tmp/small" "$@" "$pvc" run $norm
}
mkdir -p "$tmp/small"
if small_fs ro cc >/dev/null 2>&1 || [ $? -ne 99 ]; then
    check "a full cache directory: refused" 1 small_fs full cc &&
        has "a full cache directory: named" "the cache directory $tmp/small/c is full \([0-9]+ KiB free on its filesystem\): free space, set PVC_CACHE_DIR to another directory, or PVC_NATIVE_BUILD=tcc" &&
        hasnt "a full cache directory: cc not blamed" "the C compiler 'cc' failed" && has "a full cache directory: no C kept" "^files: $"
    check "a read-only cache directory: refused" 1 small_fs ro cc &&
        has "a read-only cache directory: named" "the cache directory $tmp/small/c is on a read-only filesystem: set PVC_CACHE_DIR to a writable directory"
    check "a full cache directory, libtcc now: runs" 0 small_fs full auto &&
        has "a full cache directory, libtcc now: the background build keeps nothing" "^files: $"
else
    bad "R8: no private mount namespace here (unshare -m / -rm) for a 256 KiB tmpfs"
fi

# ---- R16: libtcc decided after the packages are installed ---------------------------------------
db=$(make -pn help 2>/dev/null)
printf '%s\n' "$db" | grep -q '^HAVE_LIBTCC = \$(shell ' &&
    printf '%s\n' "$db" | grep -q '^LDLIBS = .*\$(if \$(HAVE_LIBTCC),-ltcc)' &&
    ok "the Makefile asks for libtcc when it links, not when it is read" ||
    bad "the Makefile decides libtcc when it is read" "$(printf '%s\n' "$db" | grep -E '^(HAVE_LIBTCC|LDLIBS) ')"

# ---- the key holds what -march=native expands from -------------------------------------------
# cpuid leaf 7's EBX, as -v prints it, against the kernel's own reading of the CPU
# (/proc/cpuinfo): two hosts with different AVX-512 subsets have different keys.
if [ "$(uname -m)" = x86_64 ] && [ -r /proc/cpuinfo ]; then
    # shellcheck disable=SC2086
    check "the key's CPU words" 0 env PVC_CACHE_DIR="$cache" "$pvc" run $norm -v
    ebx=$(printf '%s\n' "$out" | sed -n 's/.* 7\.0:[0-9a-f]*\.\([0-9a-f]*\)\..*/\1/p')
    flags=$(grep -m 1 '^flags' /proc/cpuinfo)
    good=1
    for f in avx2:5 avx512f:16 avx512dq:17 avx512ifma:21 avx512cd:28 avx512bw:30 avx512vl:31; do
        bit=$(( (0x${ebx:-0} >> ${f#*:}) & 1 ))
        case " $flags " in *" ${f%:*} "*) has=1 ;; *) has=0 ;; esac
        [ "$bit" = "$has" ] || { good=0; bad "the key's leaf 7 EBX bit ${f#*:} is $bit, /proc/cpuinfo has ${f%:*}=$has"; }
    done
    [ $good = 1 ] && ok "the key holds leaf 7 EBX as /proc/cpuinfo reads it (${ebx:-none})"
    # another compiler program behind the same command is another entry
    mkdir -p "$tmp/shadow"; printf '#!/bin/sh\nexec %s "$@"\n' "$(command -v cc)" >"$tmp/shadow/cc"; chmod +x "$tmp/shadow/cc"
    # shellcheck disable=SC2086
    check "another cc on PATH" 0 env PATH="$tmp/shadow:$PATH" CC=cc PVC_CACHE_DIR="$cache" PVC_NATIVE_BUILD=cc "$pvc" run $norm -v &&
        has "another cc on PATH: another entry" "cache miss: compiled"
fi
