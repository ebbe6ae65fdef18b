# 64-bit integer add: one vector instruction no source documents; pvc wraps (§10.1, §12 T2). The
# expected diagnostics (t2_add_i64.err) are written by hand from that rule: file, line, severity and
# code are compared, the message text is the rule's own wording.
import pypto_pro.language as pl


@pl.vector_function
def t2_add_i64_vf(a_tile, o_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    d = vf.add(a, a, every)
    vf.store_align(o_tile, d, every)


@pl.jit()
def t2_add_i64(a: pl.Tensor[[1, 32], pl.DT_INT64], o: pl.Tensor[[1, 32], pl.DT_INT64]):
    tt = pl.TileType(shape=[1, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    o_t = pl.make_tile(tt, addr=0x400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        t2_add_i64_vf(a_t, o_t)
        pl.store(o, o_t, [0, 0])
