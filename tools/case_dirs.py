"""The case directories of tests/cases/README.md, written the one way every generator shares:
a case is a directory holding `kernel`, `args`, an optional `fault`, `in_P.npy` per input
and `expect_P.npy` per checked output; a tree of cases is written beside its place and renamed
over it, so a run never reads a half-written tree."""
import argparse
import os
import shutil

import numpy as np

from gen_samples import npy_bytes


def write_case(top, c, kernel_line, files=None):
    """Case c under top/<c.name>; kernel_line: the `kernel` file's line; files: more files by name."""
    d = os.path.join(top, c.name)
    os.makedirs(d)
    for name, text in (files or {}).items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    with open(os.path.join(d, "kernel"), "w") as f:
        f.write(kernel_line + "\n")
    with open(os.path.join(d, "args"), "w") as f:
        f.write(c.args + "\n")
    if getattr(c, "exact", False):  # the outputs are compared as bytes too
        open(os.path.join(d, "exact"), "w").close()
    if c.fault is not None:
        with open(os.path.join(d, "fault"), "w") as f:
            f.write("".join(line + "\n" for line in c.fault))
    for prefix, arrays in (("in_", c.inputs), ("expect_", c.expects)):
        for p, arr in arrays.items():
            with open(os.path.join(d, prefix + p + ".npy"), "wb") as f:
                f.write(npy_bytes(np.ascontiguousarray(arr)))


def main(tool, doc, all_cases, write):
    """A generator's command line: --list prints the case names, --out DIR writes them;
    write(top, out, c) writes case c under top, a tree that will be renamed to out."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--out", help="write the cases under this directory (replaced)")
    ap.add_argument("--list", action="store_true", help="print the case names")
    args = ap.parse_args()
    cases = all_cases()
    if args.list:
        for c in cases:
            print(c.name)
    if args.out:
        out = args.out.rstrip("/")
        tmp = out + ".tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        for c in cases:
            write(tmp, out, c)
        shutil.rmtree(out, ignore_errors=True)
        os.rename(tmp, out)
        print("%s: %d cases in %s" % (tool, len(cases), args.out))
    return 0
