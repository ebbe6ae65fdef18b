# pvc compile -v: pvc: compiled whole: an indentation error (the whole compile reports it)
# A body indented two ways: Python's IndentationError, which tree-sitter's scanner lets
# through; pvc reports it before the parse (front/indent.c), streamed or not.
import pypto_pro.language as pl
from pypto_pro.language import Vf as vf


@pl.vector_function
def f(t):
        m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(t, 0)
    vf.store_align(t, r, m)


@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
           out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(type=tf, addr=0x0, size=256)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        f(t)
        pl.store(out, t, [0, 0])
