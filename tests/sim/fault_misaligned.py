# MISALIGNED: iteration 1 loads at tile + 4 elements = 0x10, not 32-byte aligned (NORM, §2.2).
import pypto_pro.language as pl

@pl.vector_function
def vf_under_test(src_tile, dst_tile, n):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(n):
        reg = vf.load_align(src_tile, i * 4)
        vf.store_align(dst_tile, reg, preg)

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
        vf_under_test(in_a, t_out, 2)
        pl.store(out, t_out, [0, 0])
