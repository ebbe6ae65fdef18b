# An element index outside its tile is checked where it is used (docs/SEMANTICS.md §6): row n
# of a 2-row tile faults BAD_ARG at the read.
import pypto_pro.language as pl


@pl.jit()
def elem_kernel(a: pl.Tensor[[2, 64], pl.DT_FP32], n: int):
    tt = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tt, addr=0, size=512)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        t[0, 1] = t[n, 0]
        pl.store(a, t, [0, 0])
