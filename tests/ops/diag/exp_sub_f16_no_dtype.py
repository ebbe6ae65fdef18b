# exp_sub of FP16 sources needs dtype=pl.DT_FP32: the destination must be FP32 (§10.6, §12 T16). The
# expected diagnostics (exp_sub_f16_no_dtype.err) are written by hand from that rule: file, line,
# severity and code are compared, the message text is the rule's own wording.
import pypto_pro.language as pl


@pl.vector_function
def exp_sub_f16_no_dtype_vf(a_tile, o_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    d = vf.exp_sub(a, a, every)
    vf.store_align(o_tile, d, every)


@pl.jit()
def exp_sub_f16_no_dtype(a: pl.Tensor[[1, 128], pl.DT_FP16], o: pl.Tensor[[1, 128], pl.DT_FP16]):
    tt = pl.TileType(shape=[1, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    o_t = pl.make_tile(tt, addr=0x400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        exp_sub_f16_no_dtype_vf(a_t, o_t)
        pl.store(o, o_t, [0, 0])
