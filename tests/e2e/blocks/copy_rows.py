# Rows split over the blocks of a launch: block b copies rows b, b + N, b + 2N, ... of a into
# out (pl.get_block_idx() is b, pl.get_block_num() is N). Every N gives out = a, and no two
# blocks touch the same GM bytes, so the simulator reports no race.
import pypto_pro.language as pl


@pl.vector_function
def copy_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.load_align(src_tile, 0), preg)


@pl.jit()
def copy_rows_kernel(
    a: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32],
    rows: int,
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        for r in pl.range(pl.get_block_idx(), rows, pl.get_block_num()):
            pl.load(t_in, a, [r, 0])
            copy_vf(t_in, t_out)
            pl.store(out, t_out, [r, 0])
