# dist, mode, pattern must be compile-time constants of their enum (E012, E013)
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile):
    d = pl.LoadDist.NORM
    d = pl.LoadDist.US
    p = pl.MaskPattern.ALL
    p = pl.MaskPattern.VL8
    mo = pl.MemBarMode.VST_VLD
    mo = pl.MemBarMode.VV_ALL
    preg = vf.create_mask(pattern=p, dtype=pl.DT_FP32)
    r = vf.load_align(src_tile, 0, dist=d)
    vf.mem_bar(mode=mo)
    s = vf.load_align(src_tile, 0, dist=pl.StoreDist.NORM)
    vf.store_align(dst_tile, r, preg, dist=pl.LoadDist.NORM)
    q = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.LoadDist.NORM)
    t = vf.load_align(src_tile, 0, post_update=1)

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
