# each dist against the register width (§2.2, §3.1): E016
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    lo, hi = vf.load_align(src_tile, 0, dist=pl.LoadDist.DINTLV_B16)
    b = vf.load_align(src_tile, 0, dist=pl.LoadDist.BRC_B8)
    c = vf.load_align(src_tile, 0, dist=pl.LoadDist.UNPK_B16)
    w = vf.load_align(src_tile, 0, dist=pl.LoadDist.NORM, dtype=pl.DT_INT64)
    u = vf.load_align(src_tile, 0, dist=pl.LoadDist.UNPK, dtype=pl.DT_INT64)
    e = vf.load_align(src_tile, 0, dist=pl.LoadDist.BRC, dtype=pl.DT_INT64)
    vf.store_align(dst_tile, w, preg, dist=pl.StoreDist.NORM_B16)
    vf.store_align(dst_tile, w, preg, dist=pl.StoreDist.FIRST_ELEMENT)
    vf.store_align(dst_tile, b, preg, dist=pl.StoreDist.NORM_B16)
    vf.store_align(dst_tile, b, c, preg, dist=pl.StoreDist.INTLV)
    x, y = vf.load_align(src_tile, 0, dist=pl.LoadDist.NORM)
    z = vf.load_align(src_tile, 0, dist=pl.LoadDist.DINTLV)

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
