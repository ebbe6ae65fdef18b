# pl.transpose's compile-time rules (docs/SEMANTICS.md §15.13): one element width, row-major
# tiles, rows of whole 32-byte blocks
import pypto_pro.language as pl


@pl.jit()
def transpose_kernel(a: pl.Tensor[[16, 16], pl.DT_FP32]):
    f32 = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0)
    f16 = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec), addr=0x400)
    odd = pl.make_tile(pl.TileType(shape=[16, 12], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0x800)
    col = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec,
                                   layout=pl.DN), addr=0xc00)
    with pl.section_vector():
        pl.transpose(f16, f32)
        pl.transpose(f32, odd)
        pl.transpose(f32, col)
