# UNFLUSHED: 60 FP32 elements = 240 bytes leave 16 bytes parked; the flush sits in a loop
# that runs 0 times, so the vector function returns with them (§4.2).
import pypto_pro.language as pl

@pl.vector_function
def vf_under_test(src_tile, dst_tile, n):
    reg = vf.load_align(src_tile, 0)
    ureg = vf.unalign_reg_for_store()
    vf.store_unalign(dst_tile, reg, ureg, 60, post_update=True)
    for i in pl.range(n):
        vf.store_unalign_post(dst_tile, ureg, 0, post_update=True)

@pl.jit()
def kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    in_a = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x100, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(in_a, a, [0, 0])
        vf_under_test(in_a, t_out, 0)
        pl.store(out, t_out, [0, 0])
