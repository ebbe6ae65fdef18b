"""pypto_pro's Python surface as hicann/pypto's tests import it (pypto_pro.runtime, the
parser's exception classes, launch forms, kernel factories, tiling keys, the per-signature
cache), checked in both backends. Expected values are worked out by hand in the comments."""

import os

import numpy as np
import pytest
import torch

import pvc
import pypto_pro.language as pl
from pypto_pro.language.parser.diagnostics._exceptions import (ParserError, ParserSyntaxError,
                                                               ParserTypeError,
                                                               UndefinedVariableError,
                                                               UnsupportedFeatureError)
from pypto_pro.runtime.tilingkey import TilingKeyField, TilingKeySchema
import pypto_pro.runtime

SCALE = int(os.environ.get("PVC_TEST_NO_SUCH_VARIABLE", "3"))  # os.environ at module scope: 3
TAG = f"t{SCALE}"                                               # an f-string: "t3"


def make_adder(n, name_suffix=""):
    """A kernel factory: each call's kernel sees its own n."""

    @pl.jit(name=name_suffix or None)
    def adder(out: pl.Tensor[[2], pl.DT_INT32], base: pl.DT_INT32 = 5):
        with pl.section_vector():
            pl.setval(out, 0, base + n * SCALE)
            if TAG == "t3":
                pl.setval(out, 1, n in (1, 2))

    return adder


add_one = make_adder(1)
add_ten = make_adder(10, "ten")


class Mode:
    Op = TilingKeyField(bits=2, values=[0, 1, 2])
    Neg = TilingKeyField(bits=1, values=[0, 1])

    def is_valid(self, key):
        return key != (2, 1)


@pl.jit(tiling_key=Mode)
def keyed(out: pl.Tensor[[1], pl.DT_INT32], x: pl.DT_INT32):
    with pl.section_vector():
        v = x
        if Op == 1:  # noqa: F821 - a field of the key, a compile-time constant
            v = x * 10
        elif Op == 2:  # noqa: F821
            v = x + 100
        if Neg == 1:  # noqa: F821
            v = -v
        pl.setval(out, 0, v)


def test_factory_kernels_see_their_arguments(backend):
    out = torch.zeros(2, dtype=torch.int32)
    add_one(out)                          # 5 + 1*3, 1 in (1, 2)
    assert out.tolist() == [8, 1]
    add_ten[None, 1](out, base=100)       # a keyword argument: 100 + 10*3, 10 not in (1, 2)
    assert out.tolist() == [130, 0]
    add_ten[None, 1](out=out)             # the default base: 5 + 30
    assert out.tolist() == [35, 0]
    assert len(add_one._compiled_by_signature) == 1 and len(add_ten._compiled_by_signature) == 1


def test_tiling_keys_specialise(backend):
    out = torch.zeros(1, dtype=torch.int32)
    for key, want in [({"Op": 0, "Neg": 0}, 7), ({"Op": 1, "Neg": 0}, 70), ({"Op": 2, "Neg": 0}, 107),
                      ({"Op": 1, "Neg": 1}, -70), ({"Op": 0, "Neg": 1}, -7)]:
        keyed[None, 1, key](out, 7)
        assert out.item() == want, key
    assert len(keyed._compiled_by_signature) == 5  # one compile per key
    # the packed key: the value's index at each field's offset (Op: bits 0-1, Neg: bit 2)
    assert keyed.tilingkey_schema.pack({"Op": 2, "Neg": 1}) == 2 | 1 << 2
    assert keyed.tilingkey_schema.enumerate_valid() == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]


@pytest.mark.parametrize("launch, message", [
    (lambda o: keyed(o, 1), "has compile-time specialization and cannot be called directly"),
    (lambda o: keyed[None, 1](o, 1), r"Expected kernel\[stream, block_dim, tilingkey\]"),
    (lambda o: keyed[None, 1, {"Op": 3, "Neg": 0}](o, 1), r"field 'Op' value 3 is not a candidate; allowed: \[0, 1, 2\]"),
    (lambda o: keyed[None, 1, {"Op": 0}](o, 1), r"tilingkey keys \['Op'\] do not match schema fields \['Neg', 'Op'\]"),
    (lambda o: keyed[None, 1, {"Op": 2, "Neg": 1}](o, 1), r"did not pass Mode.is_valid"),
    (lambda o: keyed[None, 1, [0, 1]](o, 1), "tilingkey must be specified as a dict, got list"),
    (lambda o: keyed[None, 1, {"Op": 0, "Neg": 0}, {}, 1](o, 1), r"Expected kernel\[stream, block_dim, tilingkey\]"),
])
def test_key_errors(launch, message):
    with pytest.raises(ValueError, match=message):
        launch(torch.zeros(1, dtype=torch.int32))


def test_key_schemas_checked_at_decoration():
    class TooWide:
        A = TilingKeyField(bits=1, values=[0, 1, 2])

    with pytest.raises(ValueError, match="has 3 candidates, exceeding the 2 representable by 1 bits"):
        TilingKeySchema(TooWide)

    class Bits:
        A = TilingKeyField(bits=40, values=[0])
        B = TilingKeyField(bits=30, values=[0])

    with pytest.raises(ValueError, match="uses 70 bits, exceeding the 64-bit limit"):
        pl.jit(tiling_key=Bits)
    with pytest.raises(ValueError, match="has no TilingKeyField members"):
        pl.jit(tiling_key=type("Empty", (), {}))

    class Clash:
        x = TilingKeyField(bits=1, values=[0, 1])

    with pytest.raises(ValueError, match="conflict with kernel parameter name"):
        @pl.jit(tiling_key=Clash)
        def k(out: pl.Tensor[[1], pl.DT_INT32], x: pl.DT_INT32):
            pass


def test_parser_errors(tmp_path):
    """A kernel pvc cannot compile raises pypto_pro's parser error for it at its first launch,
    located, and is a pvc.CompileError too."""
    path = tmp_path / "bad.py"
    path.write_text(
        "import pypto_pro.language as pl\n"
        "\n"
        "@pl.jit()\n"
        "def undefined(out: pl.Tensor[[1], pl.DT_INT32]):\n"
        "    with pl.section_vector():\n"
        "        pl.setval(out, 0, nowhere)\n"
        "\n"
        "@pl.jit()\n"
        "def unknown_op(out: pl.Tensor[[1], pl.DT_INT32]):\n"
        "    with pl.section_vector():\n"
        "        pl.frobnicate(out)\n"
    )
    ns = {}
    exec(compile(path.read_text(), str(path), "exec"), ns)
    out = torch.zeros(1, dtype=torch.int32)
    with pytest.raises(UndefinedVariableError) as e:
        ns["undefined"](out)
    assert isinstance(e.value, ParserError) and isinstance(e.value, pvc.CompileError)
    text = str(e.value)
    assert text.startswith("ErrCode: F00004, ") and f"{path}:6:27: error: undefined variable 'nowhere'" in text
    assert e.value.span["line"] == 6 and e.value.span["column"] == 27
    assert e.value.source_lines[5] == "        pl.setval(out, 0, nowhere)"
    with pytest.raises(UnsupportedFeatureError, match="pl.frobnicate"):
        ns["unknown_op"](out)


def test_exception_classes():
    e = ParserTypeError("bad type", span={"filename": "k.py", "line": 2, "column": 5, "end_column": 8},
                        hint="use an int", source_lines=["a", "x = foo(1)"])
    assert str(e).splitlines() == ["ErrCode: F00001, bad type", "  --> k.py:2:5", "   |",
                                   "  2 | x = foo(1)", "   |     ^^^", "  hint: use an int"]
    assert issubclass(ParserSyntaxError, ParserError) and not issubclass(ParserTypeError, ParserSyntaxError)
    assert pl.parser.ParserError is ParserError
    assert pypto_pro.runtime.jit is pl.jit


def test_numpy_tiling_free_launch_and_cache_api():
    out = np.zeros(2, np.int32)
    add_one[1](out)  # kernel[block_dim]
    assert out.tolist() == [8, 1]
    add_one._compiled_by_signature.clear()
    add_one._kernel_def_by_static_signature.clear()
    add_one(out)
    assert len(add_one._compiled_by_signature) == 1
    assert add_one._ensure_compiled((out, 5)).kernel.name == "make_adder.adder"


@pl.jit()
def static_copy(a: pl.Tensor[[pl.DYNAMIC, pl.STATIC], pl.DT_INT32], out: pl.Tensor[[pl.DYNAMIC, pl.STATIC], pl.DT_INT32]):
    with pl.section_vector():
        pl.setval(out, 0, pl.getval(a, 0))


def test_static_dims_key_the_cache():
    static_copy._compiled_by_signature.clear()
    for shape in [(2, 4), (3, 4), (2, 8), (2, 4)]:
        a = torch.full(shape, 9, dtype=torch.int32)
        out = torch.zeros(shape, dtype=torch.int32)
        static_copy[None, 1](a, out)
        assert out[0, 0].item() == 9
    # (axis 1 is STATIC: 4, 8) -> 2 signatures; the DYNAMIC axis 0 adds none
    assert sorted(static_copy._compiled_by_signature) == [(((0, 1, 4), (1, 1, 4)), None, None),
                                                          (((0, 1, 8), (1, 1, 8)), None, None)]
