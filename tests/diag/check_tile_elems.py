# t[r, c] and pl.move refused by the types pass (docs/SEMANTICS.md §6): an element of a 4-bit
# tile, a float index, an element of something that is not a tile, pl.move between widths, a
# smaller source with no offset, the fixpipe keywords of an Acc -> Vec move
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[2, 64], pl.DT_FP32], n: int):
    t32 = pl.make_tile(pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0)
    s32 = pl.make_tile(pl.TileType(shape=[1, 32], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0x400)
    t4 = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_INT4, target_memory=pl.MemorySpace.Vec), addr=0x800)
    t16 = pl.make_tile(pl.TileType(shape=[2, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec), addr=0xA00)
    with pl.section_vector():
        k = t4[0, 1]
        f = t32[0, 1.5]
        g = n[0, 1]
        pl.move(t16, t32)
        pl.move(t32, s32)
        pl.move(s32, t32, [0, 0], scale=2.0)
        pl.store(a, t32, [0, 0])
