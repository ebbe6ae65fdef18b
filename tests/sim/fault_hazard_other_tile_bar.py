# VST_VST (line 9) orders stores, not the load (line 10) through tile over of the bytes the store (line 8) wrote through dst_tile: HAZARD (§5.6).
import pypto_pro.language as pl

@pl.vector_function
def vf_under_test(src_tile, dst_tile, over):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    reg = vf.load_align(src_tile, 0)
    vf.store_align(dst_tile, reg, preg)
    vf.mem_bar(mode=pl.MemBarMode.VST_VST)
    back = vf.load_align(over, 64)
    vf.store_align(src_tile, back, preg)

@pl.jit()
def kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_a = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x200, size=256)
    t_over = pl.make_tile(pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                          addr=0x100, size=512)
    with pl.section_vector():
        pl.load(in_a, a, [0, 0])
        vf_under_test(in_a, t_out, t_over)
        pl.store(out, t_out, [0, 0])
