# axpy into a name no op wrote: the accumulator is an uninitialised register (§9.3, §12 T17). The
# expected diagnostics (t17_axpy_new_dst.err) are written by hand from that rule: file, line,
# severity and code are compared, the message text is the rule's own wording.
import pypto_pro.language as pl


@pl.vector_function
def t17_axpy_new_dst_vf(a_tile, o_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    d = vf.axpy(a, 2, every)
    vf.store_align(o_tile, d, every)


@pl.jit()
def t17_axpy_new_dst(a: pl.Tensor[[1, 64], pl.DT_FP32], o: pl.Tensor[[1, 64], pl.DT_FP32]):
    tt = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    o_t = pl.make_tile(tt, addr=0x400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        t17_axpy_new_dst_vf(a_t, o_t)
        pl.store(o, o_t, [0, 0])
