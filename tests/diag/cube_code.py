# cube (matrix) code is refused once per function, at its first use, and nothing after it
# in that function is read: pvc compiles vector code only
import pypto_pro.language as pl


@pl.jit()
def mm_kernel(a: pl.Tensor[[64, 64], pl.DT_FP16], out: pl.Tensor[[64, 64], pl.DT_FP32]):
    lhs = pl.make_tile(pl.TileType(shape=[64, 64], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left),
                       addr=0, size=8192)
    with pl.section_cube():
        pl.matmul(lhs, lhs, lhs)
        pl.move(lhs, lhs)


@pl.jit()
def section_kernel(a: pl.Tensor[[64, 64], pl.DT_FP16]):
    with pl.section_cube():
        undefined_everywhere()
