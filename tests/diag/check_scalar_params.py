# Scalar kernel parameters are run-time values: where a compile-time constant is required
# (pattern, dist, mode: E012) a scalar parameter passed down to a vector function is refused,
# while run-time uses (pl.range bound, offsets, vf.full / compare scalars) are accepted.
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile, n, p, d, mo, thr):
    preg = vf.create_mask(pattern=p, dtype=pl.DT_FP32)
    for i in pl.range(n):
        r = vf.load_align(src_tile + i * 64, 0, dist=d)
        vf.mem_bar(mode=mo)
        ge = vf.ge(r, thr, preg)
        vf.store_align(dst_tile + i * 64, vf.full(thr, ge, dtype=pl.DT_FP32), preg)

@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32], out: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_FP32], n: int, pat: int, dist: int, mode: bool, thr: float):
    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=512)
    t_out = pl.make_tile(tf, addr=0x200, size=512)
    with pl.section_vector():
        pl.load(t_in, a, [n, 0])
        vf_x(t_in, t_out, n, pat, dist, mode, thr)
        pl.store(out, t_out, [n * 2, 0])
