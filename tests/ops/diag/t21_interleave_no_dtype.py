# a mask made without dtype= is UINT16, so interleave groups 2 bits, not 4 (§9.3, §12 T21). The
# expected diagnostics (t21_interleave_no_dtype.err) are written by hand from that rule: file, line,
# severity and code are compared, the message text is the rule's own wording.
import pypto_pro.language as pl


@pl.vector_function
def t21_interleave_no_dtype_vf(a_tile, o_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    p = vf.create_mask(pattern=pl.MaskPattern.VL8)
    q0, q1 = vf.interleave(p, p)
    vf.store_align(o_tile, a, q0)


@pl.jit()
def t21_interleave_no_dtype(a: pl.Tensor[[1, 64], pl.DT_FP32], o: pl.Tensor[[1, 64], pl.DT_FP32]):
    tt = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    o_t = pl.make_tile(tt, addr=0x400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        t21_interleave_no_dtype_vf(a_t, o_t)
        pl.store(o, o_t, [0, 0])
