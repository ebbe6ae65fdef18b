"""Two things of a real kernel file (docs/SEMANTICS.md §6, §16.3): None for a pl.Ptr parameter is
a null pointer (an empty argument: the kernel runs while it does not touch it, and an access
through it faults, located), and a datatype= template name (io_dtype) is bound for the whole
compile, so a vector function the kernel calls reads it too."""
import numpy as np
import pytest
import pvc
import pypto_pro.language as pl
from pypto_pro.language import Vf as vf


@pl.vector_function
def twice(t):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=io_dtype)  # noqa: F821 - bound per datatype
    r = vf.load_align(t, 0)
    vf.store_align(t, vf.add(r, r, m), m)


@pl.jit(datatype={"a": "io_dtype", "out": "io_dtype"})
def typed(a: pl.Tensor[[1, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32], unused: pl.Ptr[pl.DT_UINT8],
          n: int):
    t = pl.make_tile(pl.TileType(shape=[1, 64], dtype=io_dtype, target_memory=pl.MemorySpace.Vec), addr=0x0)  # noqa: F821
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        twice(t)
        pl.store(out, t, [0, 0])
        if n > 0:
            v = pl.make_tensor(unused, [1, 64], dtype=pl.DT_UINT8)
            v[0, 0] = 1


def test_none_pointer_and_datatype_name(backend):
    a = np.arange(64, dtype=np.float32).reshape(1, 64)
    out = np.zeros_like(a)
    typed[None, 1, None, {"a": pl.DT_FP32, "out": pl.DT_FP32}](a, out, None, 0)
    assert (out == a * 2).all()
    with pytest.raises(pvc.KernelFault, match="error: kernel fault"):
        typed[None, 1, None, {"a": pl.DT_FP32, "out": pl.DT_FP32}](a, out, None, 1)
