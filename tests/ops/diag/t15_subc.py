# subc's borrow output is carry-style, 1 = no borrow (§10.3, §12 T15). The expected diagnostics
# (t15_subc.err) are written by hand from that rule: file, line, severity and code are compared, the
# message text is the rule's own wording.
import pypto_pro.language as pl


@pl.vector_function
def t15_subc_vf(a_tile, o_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    b = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT32)
    b, d = vf.subc(a, a, every, every)
    vf.store_align(o_tile, d, every)


@pl.jit()
def t15_subc(a: pl.Tensor[[1, 64], pl.DT_UINT32], o: pl.Tensor[[1, 64], pl.DT_UINT32]):
    tt = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    o_t = pl.make_tile(tt, addr=0x400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        t15_subc_vf(a_t, o_t)
        pl.store(o, o_t, [0, 0])
