# x = vf.astype(..., dtype=FP16) on an existing FP32 x writes the FP32 register (§9.3, §12 T23): the
# conversion takes the register's own dtype, FP32 -> FP32, which is no astype pair (§5.4). The
# expected diagnostics (t23_reassign_dtype.err) are written by hand from that rule: file, line,
# severity and code are compared, the message text is the rule's own wording.
import pypto_pro.language as pl


@pl.vector_function
def t23_reassign_dtype_vf(a_tile, o_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    x = vf.load_align(a_tile, 0)
    x = vf.astype(a, every, dtype=pl.DT_FP16)
    vf.store_align(o_tile, x, every)


@pl.jit()
def t23_reassign_dtype(a: pl.Tensor[[1, 64], pl.DT_FP32], o: pl.Tensor[[1, 64], pl.DT_FP32]):
    tt = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    o_t = pl.make_tile(tt, addr=0x400)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        t23_reassign_dtype_vf(a_t, o_t)
        pl.store(o, o_t, [0, 0])
