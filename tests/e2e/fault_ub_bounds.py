# pvc run must stop this kernel with a located UB_BOUNDS fault: the second iteration
# loads row 1024 of a 64-wide FP32 tile, UB byte 0x40000 = the first byte past the
# 256 KiB Unified Buffer. The address depends on the loop variable, so only the run sees it.
import pypto_pro.language as pl


@pl.vector_function
def far_rows_vf(src_tile, dst_tile, n_rows):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(n_rows):
        reg = vf.load_align(src_tile, [i * 1024, 0])
        vf.store_align(dst_tile, reg, preg)


@pl.jit()
def far_rows_kernel(
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
        far_rows_vf(in_a, t_out, 2)
        pl.store(out, t_out, [0, 0])
