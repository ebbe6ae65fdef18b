# pvc run must stop this kernel with a located UNFLUSHED fault: 60 FP32 elements (240
# bytes) leave 240 % 32 = 16 bytes parked in the store register (docs/SEMANTICS.md §4.2), and
# the store_unalign_post that would flush them sits in a loop that runs n_flush = 0 times.
import pypto_pro.language as pl


@pl.vector_function
def parked_tail_vf(src_tile, dst_tile, n_flush):
    ureg = vf.load_unalign_init()
    vf.load_unalign_pre(ureg, src_tile)
    src_reg = vf.load_unalign(ureg, src_tile, 64)
    store_ureg = vf.unalign_reg_for_store()
    vf.store_unalign(dst_tile, src_reg, store_ureg, 60, post_update=True)
    for i in pl.range(n_flush):
        vf.store_unalign_post(dst_tile, store_ureg, 0, post_update=True)


@pl.jit()
def parked_tail_kernel(
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
        parked_tail_vf(in_a, t_out, 0)
        pl.store(out, t_out, [0, 0])
