# cube (matrix) code is refused once per function, at its first use, and nothing else
# in that function (its parameters included) is read: pvc compiles vector code only
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


# a cube kernel's parameters are not checked: its one error is its cube code
@pl.jit()
def ptr_cube_kernel(q: pl.Ptr[pl.DT_UINT8], t: NotAType, n: pl.Tensor[[undefined_dim], pl.DT_FP16]):
    with pl.section_cube():
        pass
