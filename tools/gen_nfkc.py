#!/usr/bin/python3
"""gen_nfkc.py > compiler/front/nfkc_table.h: the NFKC forms of the identifier characters,
from this Python's unicodedata (docs/SEMANTICS.md §6, "Names"; front/names.c reads them).

Python gives every identifier its NFKC form before it binds or looks it up, so `Ｃ` and `C`
are one name. Two tables:
  nfkc_rows       every non-ASCII code point allowed in an identifier whose NFKC form is
                  another string, and that form (in nfkc_pool)
  nfkc_composing  the identifier characters that may compose with the one before them
                  (combining marks, the second of a canonical composition, Hangul vowels
                  and trailing consonants): a name holding one is not normalised one
                  character at a time, and pvc refuses it
Without a composing character, the NFKC form of a name is its characters' forms one after
the other; the generator checks that on random names before it writes anything."""

import random
import sys
import unicodedata as u

MAX = 0x110000


def ident_char(c):
    return ("a" + c).isidentifier()


def composes_after():
    s = set(range(0x1161, 0x1176)) | set(range(0x11A8, 0x11C3))  # Hangul V, T
    for cp in range(MAX):
        d = u.decomposition(chr(cp))
        if d and not d.startswith("<"):
            parts = [int(x, 16) for x in d.split()]
            if len(parts) == 2 and u.normalize("NFC", chr(parts[0]) + chr(parts[1])) == chr(cp):
                s.add(parts[1])
    return s


def ranges(cps):
    out = []
    for cp in sorted(cps):
        if out and out[-1][1] == cp - 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return out


def c_string(b):
    return "".join(chr(x) if 0x20 <= x < 0x7F and chr(x) not in '"\\?' else "\\%03o" % x for x in b)


def main():
    second = composes_after()
    rows, pool, composing = [], bytearray(), set()
    for cp in range(0x80, MAX):
        c = chr(cp)
        if not ident_char(c):
            continue
        first = u.normalize("NFKD", c)[0]
        if u.combining(first) or ord(first) in second:
            composing.add(cp)
            continue
        k = u.normalize("NFKC", c)
        if k != c:
            data = k.encode()
            rows.append((cp, len(pool), len(data)))
            pool += data
    plain = [chr(r[0]) for r in rows] + list("abcXYZ_09\u00e9\u4e00")
    rnd = random.Random(1)
    for _ in range(300000):
        name = "".join(rnd.choice(plain) for _ in range(rnd.randint(1, 4)))
        assert u.normalize("NFKC", name) == "".join(u.normalize("NFKC", ch) for ch in name), name
    w = sys.stdout.write
    w("/* nfkc_table.h - written by tools/gen_nfkc.py from the unicodedata of Python %s (Unicode %s);\n"
      " * do not edit. front/names.c reads it. */\n\n" % (sys.version.split()[0], u.unidata_version))
    w("static const struct {\n    uint32_t lo, hi;\n} nfkc_composing[%d] = {\n" % len(ranges(composing)))
    rs = ranges(composing)
    for i in range(0, len(rs), 6):
        w("    " + " ".join("{0x%X, 0x%X}," % tuple(r) for r in rs[i:i + 6]) + "\n")
    w("};\n\nstatic const char nfkc_pool[] =\n")
    for i in range(0, len(pool), 24):
        w('    "%s"\n' % c_string(pool[i:i + 24]))
    w(";\n\nstatic const struct {\n    uint32_t cp;\n    uint16_t off;\n    uint8_t len;\n} nfkc_rows[%d] = {\n"
      % len(rows))
    for i in range(0, len(rows), 5):
        w("    " + " ".join("{0x%X, %d, %d}," % r for r in rows[i:i + 5]) + "\n")
    w("};\n")
    print("%d rows, %d pool bytes, %d composing ranges" % (len(rows), len(pool), len(rs)), file=sys.stderr)


main()
