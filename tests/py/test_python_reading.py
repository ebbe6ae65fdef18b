"""pvc reads a file's module-level Python as Python does (docs/SEMANTICS.md §6, "Names" and
"Module-level Python"): identifiers in NFKC (`Ｃ` is `C`), a statement-level `(C := v)` as an
assignment, a parenthesised decorator (PEP 614), a lone carriage return as a line end. Each
kernel stores a module constant; the expected value is what Python itself binds, by running
the module's constant lines with exec."""

import textwrap

import pytest
import torch

import pvc

KERNEL = """
@pl.vector_function
def fill(dst):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst, vf.full(C, dtype=pl.DT_FP32), m)

{decorator}
def k(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        fill(t)
        pl.store(out, t, [0, 0])
"""

CONSTANTS = {
    "fullwidth": "C = 1.5\n\uff23 = 2.5\n",              # Ｃ is C after NFKC
    "math_bold": "C = 1.5\n\U0001d402 = 3.5\n",          # 𝐂 (MATHEMATICAL BOLD CAPITAL C)
    "walrus": "C = 1.5\n(C := 2.25)\n",
    "walrus_twice": "(C := 1.0)\n((C := 4.75))\n",
    "lone_cr": "C = 1.5\rC = 5.5\n",                     # two statements in Python
}


@pytest.mark.parametrize("name", sorted(CONSTANTS))
def test_module_constants_as_python_binds_them(backend, tmp_path, name):
    consts = CONSTANTS[name]
    want = {}
    exec(consts.replace("\r", "\n"), want)  # the value Python gives C
    path = tmp_path / f"{name}.py"
    path.write_bytes(("import pypto_pro.language as pl\n" + consts +
                      textwrap.dedent(KERNEL).format(decorator="@pl.jit()")).encode())
    out = torch.zeros(1, 64)
    pvc.load(str(path)).kernel("k").launch([out])
    assert torch.equal(out, torch.full((1, 64), float(want["C"])))


def test_parenthesised_decorator(backend, tmp_path):
    path = tmp_path / "dec.py"
    path.write_text("import pypto_pro.language as pl\nC = 0.5\n" +
                    textwrap.dedent(KERNEL).format(decorator="@(pl.jit())"))
    out = torch.zeros(1, 64)
    pvc.load(str(path)).kernel("k").launch([out])
    assert torch.equal(out, torch.full((1, 64), 0.5))


FLAG = """
import pypto_pro.language as pl

@pl.jit()
def k(out: pl.Tensor[[1, 64], pl.DT_FP32], flag: pl.DT_BOOL):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        if flag:
            t[0, 0] = 2.0
        pl.store(out, t, [0, 0])
"""


def test_dt_bool_annotates_a_flag(backend, tmp_path):
    path = tmp_path / "flag.py"
    path.write_text(FLAG)
    k = pvc.load(str(path)).kernel("k")
    for flag, first in ((True, 2.0), (False, 0.0)):
        out = torch.ones(1, 64)
        k.launch([out, flag])
        want = torch.zeros(1, 64)
        want[0, 0] = first
        assert torch.equal(out, want)


def test_uncompiled_decorators_import(tmp_path):
    import pypto_pro.language as pl

    @pl.simt.function(max_threads=64)
    def lanes(a):
        return a

    with pytest.raises(NotImplementedError, match="pvc does not compile SIMT functions"):
        lanes(1)
    assert pl.Tile[[16, 64], pl.DT_FP32] is not None  # an annotation evaluates
