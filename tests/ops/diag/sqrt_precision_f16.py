# sqrt(precision=True) emits vsqrt<float, ...> even for an FP16 register: ill-typed (§10.4, §12 T3).
# The expected diagnostics (sqrt_precision_f16.err) are written by hand from that rule: file, line,
# severity and code are compared, the message text is the rule's own wording.
import pypto_pro.language as pl


@pl.vector_function
def sqrt_precision_f16_vf(a_tile, o_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    d = vf.sqrt(a, every, precision=True)
    vf.store_align(o_tile, d, every)


@pl.jit()
def sqrt_precision_f16(a: pl.Tensor[[1, 128], pl.DT_FP16], o: pl.Tensor[[1, 128], pl.DT_FP16]):
    tt = pl.TileType(shape=[1, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    o_t = pl.make_tile(tt, addr=0x400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        sqrt_precision_f16_vf(a_t, o_t)
        pl.store(o, o_t, [0, 0])
