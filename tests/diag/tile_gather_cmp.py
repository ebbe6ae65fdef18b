# pl.gather's compare form at compile time (docs/SEMANTICS.md §15.23): five arguments and a
# constant cmp_mode=, TGATHER's dtypes of out, src and the k values
import pypto_pro.language as pl


@pl.jit()
def gather_cmp_kernel(a: pl.Tensor[[16, 16], pl.DT_FP32]):
    src = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec), addr=0)
    wide = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec), addr=0x100)
    k16 = pl.make_tile(pl.TileType(shape=[1, 16], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec), addr=0x400)
    ki = pl.make_tile(pl.TileType(shape=[1, 16], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec), addr=0x500)
    idx = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec), addr=0x600)
    f32 = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0x800)
    cnt = pl.make_tile(pl.TileType(shape=[1, 16], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec), addr=0xA00)
    with pl.section_vector():
        pl.gather(idx, src, k16, cnt, cmp_mode=4)
        pl.gather(idx, wide, k16, cnt, idx, cmp_mode=4)
        pl.gather(idx, src, ki, cnt, idx, cmp_mode=0)
        pl.gather(f32, src, k16, cnt, idx, cmp_mode=4)
