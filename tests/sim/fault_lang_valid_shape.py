# A run-time valid shape is checked where it moves data (docs/SEMANTICS.md §6): 3 rows of a
# 2-row tile fault BAD_ARG at the pl.load.
import pypto_pro.language as pl


@pl.jit()
def valid_kernel(a: pl.Tensor[[4, 64], pl.DT_FP32], n: int):
    tt = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tt, addr=0, size=512)
    with pl.section_vector():
        pl.set_validshape(t, [n, 64])
        pl.load(t, a, [0, 0])
