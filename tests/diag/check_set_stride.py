# pl.set_stride (docs/SEMANTICS.md §6): a tensor parameter of rank 2 or more and [row_stride,
# col_stride].
import pypto_pro.language as pl


@pl.jit()
def kernel(v: pl.Tensor[[64], pl.DT_FP16], a: pl.Tensor[[16, 16], pl.DT_FP16], n: int):
    with pl.section_cube():
        m = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                     layout=pl.NZ), addr=0, size=512)
        pl.set_stride(v, [n, 1])
        pl.set_stride(a, n)
        pl.set_stride(a, [n, 1])
        pl.load(m, a, [0, 0])
