# pl.move of an ND tile into a compact=2 (RowPlusOne) NZ tile: PTO's TMov puts the column blocks
# ceil16(valid rows) + 1 rows apart, which pvc does not model (docs/SEMANTICS.md §17.3.3)
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[64, 64], pl.DT_FP16]):
    s = pl.make_tile(pl.TileType(shape=[64, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec), addr=0x0)
    t = pl.make_tile(pl.TileType(shape=[65, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec,
                                 valid_shape=[64, 64], layout=pl.NZ, compact=2), addr=0x4000)
    with pl.section_vector():
        pl.load(s, a, [0, 0])
        pl.move(t, s)
