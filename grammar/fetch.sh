#!/bin/sh
# grammar/fetch.sh - fetch the grammar pinned by grammar/PIN into grammar/vendor/.
#
#   sh grammar/fetch.sh        (the Makefile's grammar target runs it; any directory works)
#
# `npm pack` downloads <package>-<version>.tgz into a private temporary directory under
# grammar/vendor/; its sha512 must equal GRAMMAR_INTEGRITY and its src/parser.c must have
# LANGUAGE_VERSION GRAMMAR_ABI; only then is it unpacked and renamed into
# grammar/vendor/<package>-<version> in one step. Concurrent runs (make -j, two builds of
# one tree) each work in their own directory; the first rename wins and the others find the
# grammar in place. A grammar already in place is left alone (delete it to fetch again).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
pin=$here/PIN

die() {
    echo "grammar/fetch.sh: $*" >&2
    exit 1
}

# The value of KEY in grammar/PIN (empty when absent).
pin_value() {
    sed -n "s/^$1=//p" "$pin" | tail -n 1
}

[ -f "$pin" ] || die "no $pin"
pkg=$(pin_value GRAMMAR_PACKAGE)
ver=$(pin_value GRAMMAR_VERSION)
integrity=$(pin_value GRAMMAR_INTEGRITY)
abi=$(pin_value GRAMMAR_ABI)
[ -n "$pkg" ] && [ -n "$ver" ] && [ -n "$integrity" ] && [ -n "$abi" ] ||
    die "grammar/PIN needs GRAMMAR_PACKAGE, GRAMMAR_VERSION, GRAMMAR_INTEGRITY and GRAMMAR_ABI"
case $integrity in
sha512-*) want=${integrity#sha512-} ;;
*) die "GRAMMAR_INTEGRITY must be an npm sha512 integrity string (sha512-<base64>)" ;;
esac

dest=$here/vendor/$pkg-$ver
if [ -f "$dest/src/parser.c" ] && [ -f "$dest/src/scanner.c" ]; then
    exit 0
fi

for cmd in npm openssl tar; do
    command -v "$cmd" >/dev/null 2>&1 ||
        die "'$cmd' is needed to fetch $pkg@$ver (make deps installs it on Debian)"
done

mkdir -p "$here/vendor"
tmp=$(mktemp -d "$here/vendor/fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

echo "fetching $pkg@$ver with npm pack"
(cd "$tmp" && npm pack --loglevel=error "$pkg@$ver" >/dev/null) || die "npm pack $pkg@$ver failed"
tgz=$tmp/$pkg-$ver.tgz
[ -f "$tgz" ] || die "npm pack did not write $pkg-$ver.tgz"

got=$(openssl dgst -sha512 -binary "$tgz" | openssl base64 -A)
[ "$got" = "$want" ] ||
    die "$pkg-$ver.tgz: sha512 mismatch (got sha512-$got, grammar/PIN has $integrity)"

tar -xzf "$tgz" -C "$tmp"
[ -f "$tmp/package/src/parser.c" ] && [ -f "$tmp/package/src/scanner.c" ] ||
    die "$pkg-$ver.tgz has no src/parser.c and src/scanner.c"
got_abi=$(sed -n 's/^#define LANGUAGE_VERSION \([0-9][0-9]*\).*/\1/p' "$tmp/package/src/parser.c")
[ "$got_abi" = "$abi" ] ||
    die "$pkg-$ver src/parser.c has ABI (LANGUAGE_VERSION) '$got_abi', grammar/PIN has GRAMMAR_ABI=$abi"

# npm tarballs carry a fixed 1985 mtime: date the sources now, before they become visible.
touch "$tmp/package/src/parser.c" "$tmp/package/src/scanner.c"
if ! mv -T "$tmp/package" "$dest" 2>/dev/null; then
    # another run renamed its copy first; that copy passed the same checks
    [ -f "$dest/src/parser.c" ] || die "cannot move the grammar into $dest"
fi
echo "$pkg@$ver: sha512 ok, ABI $abi, in grammar/vendor/$pkg-$ver"
