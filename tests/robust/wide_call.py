# A vector function of 20 parameters, 18 ints then two tiles (docs/ARCHITECTURE.md §7, B22: the simulator
# refused calls of more than 8 arguments). Called with s0..s8 = n (a kernel scalar) and
# s9..s17 = 9..17, every lane of out's row 0 is FP32(9n + 9 + 10 + ... + 17) = 9n + 117;
# with --scalar n=4 that is 153.0.
import pypto_pro.language as pl


@pl.vector_function
def wide_vf(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    total = s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + s8 + s9 + s10 + s11 + s12 + s13 + s14 + s15 + s16 + s17
    vf.store_align(dst_tile, vf.full(total, dtype=pl.DT_FP32), preg)


@pl.jit()
def wide_call_kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    n: int,
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        wide_vf(n, n, n, n, n, n, n, n, n, 9, 10, 11, 12, 13, 14, 15, 16, 17, t_in, t_out)
        pl.store(out, t_out, [0, 0])
