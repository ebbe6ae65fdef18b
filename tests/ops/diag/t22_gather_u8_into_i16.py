# an 8-bit tile gathered into an existing 16-bit register is a 16-bit gather (§10.13, §12 T22); the
# register keeps its dtype, not the tile's (T23). The expected diagnostics
# (t22_gather_u8_into_i16.err) are written by hand from that rule: file, line, severity and code are
# compared, the message text is the rule's own wording.
import pypto_pro.language as pl


@pl.vector_function
def t22_gather_u8_into_i16_vf(a_tile, o_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    i = vf.load_align(a_tile, 0, dtype=pl.DT_UINT16)
    d = vf.load_align(a_tile, 0, dtype=pl.DT_INT16)
    d = vf.gather(a_tile, i, every)
    vf.store_align(o_tile, d, every)


@pl.jit()
def t22_gather_u8_into_i16(
    a: pl.Tensor[[1, 256], pl.DT_UINT8],
    o: pl.Tensor[[1, 256], pl.DT_UINT8],
):
    tt = pl.TileType(shape=[1, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    o_t = pl.make_tile(tt, addr=0x400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        t22_gather_u8_into_i16_vf(a_t, o_t)
        pl.store(o, o_t, [0, 0])
