# compact= of a pl.TileType is 0, 1 or 2 (docs/SEMANTICS.md §17.3.3)
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[64, 64], pl.DT_FP16]):
    t = pl.make_tile(pl.TileType(shape=[64, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec,
                                 layout=pl.NZ, compact=3), addr=0x0)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
