# pl.gathermask's and pl.gatherb's compile-time rules (docs/SEMANTICS.md §15.15, §15.16):
# pattern_mode 1..7, one element width, 32-bit offsets
import pypto_pro.language as pl


@pl.jit()
def gather_kernel(a: pl.Tensor[[16, 16], pl.DT_FP32]):
    f32 = pl.make_tile(pl.TileType(shape=[16, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0)
    f16 = pl.make_tile(pl.TileType(shape=[16, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec), addr=0x1000)
    off16 = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec),
                         addr=0x2000)
    with pl.section_vector():
        pl.gathermask(f32, f32, pattern_mode=8)
        pl.gathermask(f16, f32, pattern_mode=1)
        pl.gatherb(f16, f16, off16)
