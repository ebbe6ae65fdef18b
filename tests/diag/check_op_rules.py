# generic vf ops: forms the lowering rejects (E024, §12 T3/T16, §10.3, §10.6, §10.15), dtypes
# outside an op's row (E014), missing dtype= (§9.3), and the literals the device cannot take
import pypto_pro.language as pl

@pl.vector_function
def vf_rules(t16, t32, tu8, dst):
    m16 = vf.create_mask(pl.MaskPattern.ALL, dtype=pl.DT_FP16)
    m32 = vf.create_mask(pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    h = vf.load_align(t16, 0)
    f = vf.load_align(t32, 0)
    u = vf.load_align(tu8, 0)
    a = vf.sqrt(h, m16, precision=True)
    b = vf.exp_sub(h, h, m16)
    c = vf.exp_sub(f, h, m32)
    hist = vf.histograms(u, m16)
    i = vf.bit_cast(f, dtype=pl.DT_INT32)
    carry, s = vf.addc(i, i, m32, m32)
    d = vf.muls_cast(h, 2.0, m16, dtype=pl.DT_FP16)
    e = vf.muls_cast(f, 2.0, m32)
    g = vf.bit_cast(f)
    k = vf.add(f, h, m32)
    n = vf.relu(u, m16)
    p = vf.sub(f, f, m32, mode=pl.MergeMode.MERGING)
    q = vf.mask_gen_with_reg_tensor(f, offset=32)
    r = vf.arange(0)
    us = vf.bit_cast(f, dtype=pl.DT_UINT32)
    sr = vf.shift_right(us, us, m32)

@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    t16 = pl.TileType(shape=[1, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t32 = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    tu8 = pl.TileType(shape=[1, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    x16 = pl.make_tile(t16, addr=0, size=256)
    x32 = pl.make_tile(t32, addr=256, size=256)
    xu8 = pl.make_tile(tu8, addr=512, size=256)
    o = pl.make_tile(t32, addr=768, size=256)
    with pl.section_vector():
        vf_rules(x16, x32, xu8, o)
