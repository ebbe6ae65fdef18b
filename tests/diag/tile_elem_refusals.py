# t[r, c] where the front end refuses it (docs/SEMANTICS.md §6): inside a vector function (its
# tiles are reached by vf loads and stores only), and a slice as an assignment target
import pypto_pro.language as pl


@pl.vector_function
def vf_elem(src, dst):
    x = src[0, 0]
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst, vf.load_align(src, 0), preg)


@pl.jit()
def kernel(a: pl.Tensor[[2, 64], pl.DT_FP32]):
    t32 = pl.make_tile(pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0)
    with pl.section_vector():
        vf_elem(t32, t32)
        t32[0:1, :] = 1.0
        t32[0] = 2.0
        pl.store(a, t32, [0, 0])
