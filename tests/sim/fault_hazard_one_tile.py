# A store (line 9, in a nested vector function) then a load (line 15) of the same bytes through
# one tile, no vf.mem_bar: one address register keeps them in order on the device (§5.6), so
# the run goes on with warning W034 at the load; --strict-hazards makes it the HAZARD fault.
import pypto_pro.language as pl

@pl.vector_function
def inner(src, dst):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst, vf.abs(vf.load_align(src, 0), preg), preg)

@pl.vector_function
def outer(src, dst):
    inner(src, dst)
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(dst, 0)
    vf.store_align(dst, vf.add(r, r, preg), preg)

@pl.jit()
def kernel(a: pl.Tensor[[1, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    s = pl.make_tile(tf, addr=0x0, size=256)
    d = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(s, a, [0, 0])
        outer(s, d)
        pl.store(out, d, [0, 0])
