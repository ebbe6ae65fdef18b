# a run-time bound slices only a kernel's ND Vec tile (docs/SEMANTICS.md §6): pypto_pro's
# subview takes no NZ tile
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[64, 64], pl.DT_FP16], n: int):
    t = pl.make_tile(pl.TileType(shape=[64, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec,
                                 layout=pl.NZ), addr=0x0)
    with pl.section_vector():
        v = t[n:, :]
        pl.load(v, a, [0, 0])
