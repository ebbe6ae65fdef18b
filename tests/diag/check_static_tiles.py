# pvc supports only compile-time tile addresses (E015; a group rotated in a loop and a name
# bound to several tiles are the run-time exceptions, tests/sim/tile_group_rotation.py), one
# shape and dtype per tile name, and tiles/scalars as VF arguments (E014)
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(src_tile, 0)
    vf.store_align(dst_tile, r, preg)

@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], base: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g_lo = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[3, 4])
    g_dyn = pl.make_tile_group(type=tf, addrs=base, mutex_ids=[6])
    t0 = g_lo.current()
    with pl.section_vector():
        t0 = g_lo[1]
        t0 = pl.make_tile(pl.TileType(shape=[2, 64], dtype=pl.DT_FP32), addr=0x800)
        vf_x(t0, a)
    bad = pl.TileType(shape=[base, 64], dtype=pl.DT_FP32)
