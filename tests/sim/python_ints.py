# Scalar arithmetic with Python semantics: // floors and % takes the divisor's sign.
# r0 = (0 - 3) % 2 = 1 (C's % would give -1); r1 = (0 - 1) // 2 + 1 = 0 (C's / would give 1).
# So out row 0 = a row 1 and out row 1 = a row 0: the rows come out swapped.
import pypto_pro.language as pl

@pl.vector_function
def vf_under_test(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(1):
        r0 = (i - 3) % 2
        r1 = (i - 1) // 2 + 1
        a = vf.load_align(src_tile, [r0, 0])
        vf.store_align(dst_tile, a, preg)
        b = vf.load_align(src_tile, [r1, 0])
        vf.store_align(dst_tile + 64, b, preg)

@pl.jit()
def kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    in_a = in_grp.current()
    out_grp = pl.make_tile_group(type=tf, addrs=0x200, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(in_a, a, [0, 0])
        vf_under_test(in_a, t_out)
        pl.store(out, t_out, [0, 0])
