# forms the device rejects or pvc does not model: E023
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile, n):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(src_tile, 0)
    a = vf.abs(r, preg, mode=pl.MergeMode.MERGING)
    s = vf.unalign_reg_for_store()
    vf.store_unalign(dst_tile, r, s)
    vf.store_align(dst_tile + n, r, preg, 64, post_update=True)
    f = vf.full(src_tile, preg, dtype=pl.DT_FP32)
    for i in pl.range(2):
        ar = vf.create_addr_reg(64, 64, dtype=pl.DT_FP32)
        q = vf.load_align(src_tile, ar)

@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], n: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0, 1])
    t0 = g.current()
    t1 = g.next()
    with pl.section_vector():
        vf_x(t0, t1, n)
