# Two jit kernels in one file sharing a vector function: `pvc run` needs --kernel to pick
# one, `pvc compile` emits both (and one specialisation of copy_vf per call signature).
import pypto_pro.language as pl


@pl.vector_function
def copy_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    reg = vf.load_align(src_tile, 0)
    vf.store_align(dst_tile, reg, preg)


@pl.jit()
def copy_kernel(
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
        copy_vf(in_a, t_out)
        pl.store(out, t_out, [0, 0])


@pl.jit()
def copy_rows_kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    n: pl.Tensor[[1, 64], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x400, mutex_ids=[0])
    in_a = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x800, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        for r in pl.range(1, -1, -1):
            pl.load(in_a, a, [r, 0])
            copy_vf(in_a, t_out)
            pl.store(out, t_out, [r, 0])
        pl.load(in_a, a, [0, 0])
        pl.store(n, in_a, [0, 0])
