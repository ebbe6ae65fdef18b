# muls on 8-bit integers: a native vmuls, not vdup + vmul (§10.2, §12 T18). The expected diagnostics
# (t18_muls_i8.err) are written by hand from that rule: file, line, severity and code are compared,
# the message text is the rule's own wording.
import pypto_pro.language as pl


@pl.vector_function
def t18_muls_i8_vf(a_tile, o_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    d = vf.muls(a, 3, every)
    vf.store_align(o_tile, d, every)


@pl.jit()
def t18_muls_i8(a: pl.Tensor[[1, 256], pl.DT_INT8], o: pl.Tensor[[1, 256], pl.DT_INT8]):
    tt = pl.TileType(shape=[1, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    o_t = pl.make_tile(tt, addr=0x400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        t18_muls_i8_vf(a_t, o_t)
        pl.store(o, o_t, [0, 0])
