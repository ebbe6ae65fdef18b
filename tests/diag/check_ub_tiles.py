# tiles outside the usable 248 KiB of the UB: E022 (decision 3); overlapping tiles: W004
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(src_tile, 0)
    vf.store_align(dst_tile, r, preg)

@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g_top = pl.make_tile_group(type=tf, addrs=0x3E000, mutex_ids=[0])
    g_edge = pl.make_tile_group(type=tf, addrs=0x3DF00, mutex_ids=[1, 2])
    g_fits = pl.make_tile_group(type=tf, addrs=0x3DF00, depth=1)
    g_lo = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[3, 4])
    g_mid = pl.make_tile_group(type=tf, addrs=0x80, mutex_ids=[5])
    t_top = pl.make_tile(tf, addr=0x3E000, size=256)
    t_mid = pl.make_tile(tf, addr=0x1C0, size=256)
    # the [1, 8] row view of an [8, 1] column (§15.3) is no overlap; a shorter row over it is
    col = pl.make_tile(pl.TileType(shape=[8, 1], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec,
                                   layout=pl.DN), addr=0x8000, size=32)
    col_row = pl.make_tile(pl.TileType(shape=[1, 8], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                           addr=0x8000, size=32)
    col_part = pl.make_tile(pl.TileType(shape=[1, 4], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                            addr=0x8000, size=16)
    t0 = g_lo.current()
    t1 = g_lo.next()
    with pl.section_vector():
        vf_x(t0, t1)
