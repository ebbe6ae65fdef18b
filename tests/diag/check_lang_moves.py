# pl.load / pl.store on tensors of rank 1-4: one offset per axis, and the tile's columns run
# along the last axis, not transposed (docs/SEMANTICS.md §6)
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[2, 4, 64], pl.DT_FP32], b: pl.Tensor[[64], pl.DT_FP32]):
    tf = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0, size=1024)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        pl.load(t, a, [0, 0, 0], order=[2, 1])
        pl.load(t, a, [0, 0, 0], order=[0, 1])
        pl.store(b, t, [0, 0])
        pl.load(t, a, [1, 0, 0], order=[0, 2])
        pl.load(t, a, [1, 0, 0], order=[1])
