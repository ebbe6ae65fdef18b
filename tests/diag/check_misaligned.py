# statically misaligned UB addresses (decision 4): E017
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(src_tile + 4, 0)
    vf.store_align(dst_tile, r, preg, 1)
    ok = vf.load_align(src_tile, 1, dist=pl.LoadDist.BRC_B32)
    lo, hi = vf.load_align(src_tile, [0, 2], dist=pl.LoadDist.DINTLV_B32)
    p = vf.load_align(src_tile, 3, post_update=True)
    q = vf.load_align(src_tile - 64, 0)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    m = vf.load_align(src_tile, 8, dist=pl.LoadDist.US)
    vf.store_align(dst_tile, m, 20, dist=pl.StoreDist.NORM, post_update=True)

@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g_in = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    g_out = pl.make_tile_group(type=tf, addrs=0x200, mutex_ids=[1])
    t_in = g_in.current()
    t_out = g_out.current()
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        vf_x(t_in, t_out)
        pl.store(out, t_out, [0, 0])
