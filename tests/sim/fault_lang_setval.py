# pl.setval on a tile checks its linear offset against the tile's rows * cols elements
# (docs/SEMANTICS.md §6.1): n - 3 with n = 2 is offset -1, a BAD_ARG fault at the write.
import pypto_pro.language as pl


@pl.jit()
def tile_setval_kernel(a: pl.Tensor[[2, 64], pl.DT_FP32], n: int):
    t = pl.make_tile(pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        pl.setval(t, n - 3, 1.5)
        pl.store(a, t, [0, 0])
