# VST_VST (line 9) orders stores, not the load (line 10) after the store (line 8) (§5.6); one tile: HAZARD under --strict-hazards, else W034.
import pypto_pro.language as pl

@pl.vector_function
def vf_under_test(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    reg = vf.load_align(src_tile, 0)
    vf.store_align(dst_tile, reg, preg)
    vf.mem_bar(mode=pl.MemBarMode.VST_VST)
    back = vf.load_align(dst_tile, 0)
    vf.store_align(src_tile, back, preg)

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
        vf_under_test(in_a, t_out)
        pl.store(out, t_out, [0, 0])
