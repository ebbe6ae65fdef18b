# a mask load/store offset is a byte count or an AddrReg (§2.5, §3.6): a [row, col] list or a
# register in its place is an error, never dropped
import pypto_pro.language as pl

@pl.vector_function
def vf_mask_offsets(buf, out):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    g = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    m = vf.load_align(buf, [0, 8])
    m = vf.load_align(buf, [0, 8], post_update=True)
    vf.store_align(out, m, g)
    vf.store_align(out, m, [1, 0], post_update=True)
    r = vf.load_align(buf, 0)
    vf.store_align(out, g, r)

@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0, size=512)
    t_out = pl.make_tile(tf, addr=512, size=512)
    with pl.section_vector():
        vf_mask_offsets(t_in, t_out)
