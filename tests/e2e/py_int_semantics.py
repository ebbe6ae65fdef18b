# Python integer semantics in emitted C: floor division and modulo of negative numbers
# and a negative range step. Row i of a 4x64 FP32 tile is stored to row
#     (-i - 1) % 4 + (i - 4) // 4 + 1  =  (3 - i) + (-1) + 1  =  3 - i     (Python)
# so `out` is `a` with its rows reversed. C's truncating / and % would give rows
# -1 - i + 0 + 1 (negative: a fault) instead.
import pypto_pro.language as pl


@pl.vector_function
def reverse_rows_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(3, -1, -1):
        row = (-i - 1) % 4 + (i - 4) // 4 + 1
        reg = vf.load_align(src_tile, [i, 0])
        vf.store_align(dst_tile + row * 64, reg, preg)


@pl.jit()
def reverse_rows_kernel(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    out: pl.Tensor[[4, 64], pl.DT_FP32],
):
    tf = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    in_a = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x400, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(in_a, a, [0, 0])
        reverse_rows_vf(in_a, t_out)
        pl.store(out, t_out, [0, 0])
