# A kernel that runs as long as asked: n calls of a vector function that copies one row
# (docs/ARCHITECTURE.md §7, B8: a run killed while it writes --trace / --timeline must leave the old files
# whole). out = a for any n >= 1.
import pypto_pro.language as pl


@pl.vector_function
def copy_row(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.load_align(src_tile, 0), preg)


@pl.jit()
def long_kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    n: int,
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        for i in pl.range(n):
            copy_row(t_in, t_out)
        pl.store(out, t_out, [0, 0])
