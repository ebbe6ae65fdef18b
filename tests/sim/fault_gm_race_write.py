# pvc run --blocks 3 must stop this kernel at block 1's pl.store: every block fills its tile
# with its own block number and stores it to the same 64 floats of out, and the device orders
# no block's GM write against another's, so out ends with whichever block stored last (a
# race). The error names block 1's store at the first byte whose value differs (1.0f is
# 00 00 80 3f: byte 2); the note names block 0's store, the same line. Blocks that store the
# same bytes would be no race (docs/SEMANTICS.md §6).
import pypto_pro.language as pl


@pl.vector_function
def fill_vf(dst_tile, value):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.full(value, dtype=pl.DT_FP32), preg)


@pl.jit()
def block_number_kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        fill_vf(t_out, pl.get_block_idx() * 1.0)
        pl.store(out, t_out, [0, 0])
