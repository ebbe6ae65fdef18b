# pl.histogram's compile-time rules (docs/SEMANTICS.md §15.14): THISTOGRAM's dtypes, idx's
# layout and shape by mode, 256 bins per row, is_msb given
import pypto_pro.language as pl


@pl.jit()
def histogram_kernel(a: pl.Tensor[[16, 16], pl.DT_FP32]):
    u16 = pl.make_tile(pl.TileType(shape=[32, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec), addr=0)
    u32 = pl.make_tile(pl.TileType(shape=[32, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec), addr=0x2000)
    col = pl.make_tile(pl.TileType(shape=[32, 1], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec,
                                   layout=pl.DN), addr=0x4000)
    row = pl.make_tile(pl.TileType(shape=[1, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec), addr=0x4000)
    bins = pl.make_tile(pl.TileType(shape=[32, 256], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec),
                        addr=0x8000)
    f32 = pl.make_tile(pl.TileType(shape=[32, 128], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0x10000)
    with pl.section_vector():
        pl.histogram(bins, u16, row, is_msb=False)
        pl.histogram(bins, f32, col, is_msb=True)
        pl.histogram(bins, u32, col, is_msb=False)
        pl.histogram(u32, u16, col, is_msb=True)
        pl.histogram(bins, u16, col)
        pl.histogram(bins, u16, col, is_msb=True)
