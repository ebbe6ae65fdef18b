# store_unalign without a later store_unalign_post on its register (§4.2): E020
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile):
    r = vf.load_align(src_tile, 0)
    s = vf.unalign_reg_for_store()
    vf.store_unalign(dst_tile, r, s, 64, post_update=True)
    t = vf.unalign_reg_for_store()
    vf.store_unalign(dst_tile, r, t, 64, post_update=True)
    vf.store_unalign_post(dst_tile, t, 0, post_update=True)
    vf.store_unalign(dst_tile, r, t, 32, post_update=True)

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
