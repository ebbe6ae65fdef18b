# pl.TileType(compact=2), the RowPlusOne NZ layout, is refused where it is written
# (docs/SEMANTICS.md §17.3.3): pvc's index maps do not pad the column blocks
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[64, 64], pl.DT_FP16]):
    t = pl.make_tile(pl.TileType(shape=[65, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec,
                                 valid_shape=[-1, -1], layout=pl.NZ, compact=2), addr=0x0)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
