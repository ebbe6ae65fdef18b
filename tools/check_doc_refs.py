#!/usr/bin/python3
"""check_doc_refs.py - every repository path a document names in backquotes exists, and every
`symbol` written right after a `path.c`/`path.h` in the same table cell or sentence occurs in
that file. Keeps docs/ARCHITECTURE.md ("Where each rule lives") and the other pages true
as code moves. Prints one FAIL line per broken reference, then "N passed, M failed".

    /usr/bin/python3 tools/check_doc_refs.py README.md docs/*.md runtime/*.md
"""
import os
import re
import sys

PATH = re.compile(r"^(compiler|runtime|tests|tools|docs|samples|bench|grammar|python)/[\w./-]*$")
SYMBOL = re.compile(r"^[A-Za-z_]\w*$")
OTHER_REPO = re.compile(r"\| same \||` @ `|\(index commits")


def check(doc):
    passed = failed = 0
    for n, line in enumerate(open(doc, encoding="utf-8"), 1):
        if OTHER_REPO.search(line):
            continue  # a sources-table row: its paths are in another repository
        for cell in line.split("|"):
            current = None
            for tok in re.findall(r"`([^`\n]+)`", cell):
                if PATH.match(tok) and "*" not in tok and "<" not in tok:
                    current = tok if os.path.isfile(tok) else None
                    if os.path.exists(tok.rstrip("/")):
                        passed += 1
                    else:
                        failed += 1
                        print(f"FAIL {doc}:{n}: no such path `{tok}`")
                elif re.match(r"^[\w-]+\.[ch]$", tok) and current:
                    # a bare file name: beside the last path of the cell
                    current = os.path.join(os.path.dirname(current), tok)
                    if os.path.isfile(current):
                        passed += 1
                    else:
                        failed += 1
                        print(f"FAIL {doc}:{n}: no such file `{current}`")
                        current = None
                elif current and current.endswith((".c", ".h")) and SYMBOL.match(tok):
                    if re.search(r"\b" + re.escape(tok) + r"\b", open(current, encoding="utf-8").read()):
                        passed += 1
                    else:
                        failed += 1
                        print(f"FAIL {doc}:{n}: `{tok}` does not occur in `{current}`")
    return passed, failed


def main():
    total = [0, 0]
    for doc in sys.argv[1:]:
        p, f = check(doc)
        total[0] += p
        total[1] += f
    print(f"{total[0]} passed, {total[1]} failed")
    return 1 if total[1] else 0


if __name__ == "__main__":
    sys.exit(main())
