# reduce_sum of 16-bit integers: a 32-bit sum in lanes 0-1 (§10.10, §12 T6). The expected
# diagnostics (t6_reduce_sum_i16.err) are written by hand from that rule: file, line, severity and
# code are compared, the message text is the rule's own wording.
import pypto_pro.language as pl


@pl.vector_function
def t6_reduce_sum_i16_vf(a_tile, o_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    d = vf.reduce_sum(a, every)
    vf.store_align(o_tile, d, every)


@pl.jit()
def t6_reduce_sum_i16(a: pl.Tensor[[1, 128], pl.DT_INT16], o: pl.Tensor[[1, 128], pl.DT_INT16]):
    tt = pl.TileType(shape=[1, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    o_t = pl.make_tile(tt, addr=0x400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        t6_reduce_sum_i16_vf(a_t, o_t)
        pl.store(o, o_t, [0, 0])
