#!/usr/bin/python3
"""check_layers.py - the include graph of compiler/ and runtime/ against the layer order.

Data flows up the layers: a file may include a header of its own layer or of a layer below,
never one above (docs/ARCHITECTURE.md, "Layers"). A layer is a folder of compiler/ (or a
file of compiler/ itself); two layers of the same rank (emit, sim) do not include each
other. Every folder and top-level file of compiler/ must have a row below, so a new one is
placed in the order when it is made. Prints one FAIL line per upward include, then
"N passed, M failed".

    /usr/bin/python3 tools/check_layers.py
"""
import os
import re
import sys

# (layer, rank, what it holds). The runtime and the grammar's node table are the ground.
LAYERS = [
    ("runtime", 0, "runtime/include, runtime/src: the register semantics (pvc_rt.h)"),
    ("grammar", 0, "grammar/nodes.h: the node and field names of the pinned grammar"),
    ("base", 1, "files and signals every layer may use (ioutil, watchdog)"),
    ("ir", 2, "the IR, the op table, diagnostics, dumps, the verifier"),
    ("front", 3, "tree-sitter CST -> IR"),
    ("passes", 4, "resolve, types, dispatch, check; pvc.h, the unit and the pipeline"),
    ("backend", 5, "what a launch asks of a backend, the blocks of a launch"),
    ("emit", 6, "C emitter, the native backend, the streamed compile"),
    ("sim", 6, "the simulator backend"),
    ("lib", 7, "libpvc: programs, kernels, launches"),
    ("run", 8, "pvc run and pvc py: .npy files, comparison"),
    ("cli", 9, "main.c and help.c: the command line"),
]
RANK = {name: rank for name, rank, _ in LAYERS}
# Files of compiler/ itself and the layer each belongs to.
TOP = {"pvc.h": "passes", "main.c": "cli", "help.c": "cli", "help.h": "cli"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_of(path):
    """The layer of a repository path, or None when it is outside the layered tree."""
    parts = path.split("/")
    if parts[0] == "runtime":
        return "runtime"
    if parts[0] == "grammar":
        return "grammar"
    if parts[0] != "compiler":
        return None
    if len(parts) == 2:
        return TOP.get(parts[1], "?" + parts[1])
    return parts[1] if parts[1] in RANK else "?" + parts[1]


def resolve(includer, name):
    """The repository path of `#include "name"` in includer (the build's -I order)."""
    for base in (os.path.dirname(includer), "runtime/include", "compiler", "."):
        p = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(p):
            return p
    return None


def sources():
    for root in ("compiler", "runtime"):
        for d, _, files in os.walk(root):
            for f in sorted(files):
                if f.endswith((".c", ".h")):
                    yield os.path.join(d, f)


def main():
    passed = failed = 0
    for src in sorted(sources()):
        own = layer_of(src)
        if own.startswith("?"):
            failed += 1
            print(f"FAIL {src}: '{own[1:]}' has no row in tools/check_layers.py LAYERS/TOP")
            continue
        for n, line in enumerate(open(src, encoding="utf-8"), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = resolve(src, m.group(1))
            if target is None:
                failed += 1
                print(f"FAIL {src}:{n}: \"{m.group(1)}\" is not a file of the tree")
                continue
            theirs = layer_of(target)
            if theirs is None or theirs == own or RANK.get(theirs, 99) < RANK[own]:
                passed += 1
            else:
                failed += 1
                print(f"FAIL {src}:{n}: {own} (rank {RANK[own]}) includes {target}, "
                      f"of layer {theirs} (rank {RANK.get(theirs, '?')})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
