# pl.sort32 / pl.mrgsort / pl.mrgsort2 / pl.addc at compile time (docs/SEMANTICS.md §15.24-§15.26):
# TSORT32's and TMRGSORT's dtypes and one-row tiles, block_len given, the warnings of a
# partial block without tmp, of records past dst, and of mrgsort2's argument order
import pypto_pro.language as pl


@pl.jit()
def sort_kernel(a: pl.Tensor[[16, 16], pl.DT_FP32]):
    f32 = pl.make_tile(pl.TileType(shape=[1, 40], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0)
    rec = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0x100)
    idx = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec), addr=0x200)
    i32 = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec), addr=0x300)
    two = pl.make_tile(pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0x400)
    f16 = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec), addr=0x600)
    with pl.section_vector():
        pl.sort32(rec, f32, i32)
        pl.sort32(i32, i32, idx)
        pl.sort32(rec, f32, idx)
        pl.sort32(rec, f32, idx, f32)
        pl.mrgsort(rec, two, block_len=16)
        pl.mrgsort(rec, rec)
        pl.mrgsort2(rec, rec, f16, rec)
        pl.mrgsort2(rec, rec, rec, rec, exhausted=True)
        pl.addc(i32, i32, i32, rec)
