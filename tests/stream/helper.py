# pvc compile -v: pvc: compiled whole: a vector function calls a helper whose part of the file is gone
# A helper called from a deferred function: its tree went with its part, so the file is compiled whole.
import pypto_pro.language as pl
from pypto_pro.language import Vf as vf

def lanes():
    return 64


@pl.vector_function
def f(t):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(t, lanes() - 64)
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
