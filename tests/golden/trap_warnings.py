# Documented traps (docs/SEMANTICS.md decision 1): accepted, compiled as the device runs them,
# each with a located warning. Not a device program.
import pypto_pro.language as pl

@pl.vector_function
def vf_traps(src_tile, dst_tile, mask_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(src_tile, 0)
    cmp = vf.ge(r, 1.5, preg)
    vf.store_align(mask_tile, cmp, 32, dist=pl.StoreDist.PACK)
    hf = vf.astype(r, preg, dtype=pl.DT_HF8)
    us = vf.load_align(src_tile, 0, dist=pl.LoadDist.US)
    p64 = vf.create_mask(pattern=pl.MaskPattern.VL8, dtype=pl.DT_INT64)
    m16 = vf.create_mask(pattern=pl.MaskPattern.ALL)
    s = vf.unalign_reg_for_store()
    vf.store_unalign(mask_tile, m16, s)
    vf.store_unalign_post(mask_tile, s)
    t = vf.unalign_reg_for_store()
    vf.store_unalign(dst_tile, us, t, 64)
    vf.store_unalign_post(dst_tile, t, 0, post_update=True)

@pl.vector_function
def vf_unused(src_tile):
    pass

@pl.jit()
def kernel_traps(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g_in = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    g_out = pl.make_tile_group(type=tf, addrs=0x100, mutex_ids=[1])
    g_mask = pl.make_tile_group(type=tf, addrs=0x180, mutex_ids=[2])
    t_in = g_in.current()
    t_out = g_out.current()
    t_mask = g_mask.current()
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        vf_traps(t_in, t_out, t_mask)
        pl.store(a, t_out, [0, 0])
