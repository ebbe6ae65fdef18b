# pvc run --blocks 3 must stop this kernel at block 1's pl.store: every block stores its tile
# to the same 64 floats of out, and the device orders no block's GM write against another's
# (a race). The error names block 1's store; the note names block 0's, the same line.
import pypto_pro.language as pl


@pl.vector_function
def copy_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.load_align(src_tile, 0), preg)


@pl.jit()
def same_row_kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        copy_vf(t_in, t_out)
        pl.store(out, t_out, [0, 0])
