# pl.set_stride (docs/SEMANTICS.md §6) changes a tensor's strides for the Vec tiles' moves;
# a cube tile's load from that tensor is refused, not run with the row-major strides.
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[16, 16], pl.DT_FP16], n: int):
    with pl.section_cube():
        m = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                     layout=pl.NZ), addr=0, size=512)
        pl.set_stride(a, [n, 1])
        pl.load(m, a, [0, 0])
