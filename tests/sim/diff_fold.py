# Address arithmetic the simulator folds into the loads and stores that read it (its fast
# loop, compiler/sim/fast.c): row offsets from a loop variable counting down, a named
# offset reassigned between a load and a store, a negated index, a tile + k view, and a
# post-update cursor beside them. out rows: 2i and 2i+1 <- a row i, 8+i <- a row 3-i,
# 12+i <- a row i by the cursor (i = 0..3).
import pypto_pro.language as pl

@pl.vector_function
def vf_fold(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(3, -1, -1):
        j = i * 2
        reg = vf.load_align(src_tile, [i, 0])
        vf.store_align(dst_tile + j * 64, reg, preg)
        j = j + 1
        vf.store_align(dst_tile + j * 64, reg, preg)
        k = -i
        back = vf.load_align(src_tile + (3 + k) * 64, 0)
        vf.store_align(dst_tile + (8 + i) * 64, back, preg)
    for i in pl.range(4):
        cur = vf.load_align(src_tile, 64, post_update=True)
        vf.store_align(dst_tile + 64 * (12 + i), cur, preg)

@pl.jit()
def kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tin = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    tout = pl.TileType(shape=[16, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tin, addrs=0x0, mutex_ids=[0])
    in_a = in_grp.current()
    out_grp = pl.make_tile_group(type=tout, addrs=0x1000, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(in_a, a, [0, 0])
        vf_fold(in_a, t_out)
        pl.store(out, t_out, [0, 0])
