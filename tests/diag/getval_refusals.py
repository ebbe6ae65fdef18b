# pl.getval / pl.setval and GM tensor elements where the types pass refuses them
# (docs/SEMANTICS.md §6.1): element access inside a vector function, a float offset or
# index, a container that is neither a tile nor a tensor, a storage-only dtype (FP8), a
# value that is not a scalar.
import pypto_pro.language as pl


@pl.vector_function
def vf_getval(src, dst):
    x = pl.getval(src, 0)
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst, vf.load_align(src, 0), preg)


@pl.jit()
def kernel(
    a: pl.Tensor[[2, 64], pl.DT_FP32],
    v: pl.Tensor[[8], pl.DT_INT32],
    q: pl.Tensor[[8], pl.DT_FP8E4M3FN],
    n: int,
):
    t = pl.make_tile(pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0)
    with pl.section_vector():
        vf_getval(t, t)
        z = pl.getval(a, 1.5)
        w = a[n * 0.5, 0]
        pl.setval(n, 0, 1)
        b = pl.getval(q, 0)
        pl.setval(v, 0, t)
        pl.setval(t, n, 2)
