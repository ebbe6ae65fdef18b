# the cube code pvc does not compile yet (the MX matmul and its scale spaces) is refused once
# per function, at its first use, and nothing else in that function (its parameters included)
# is read; other cube code is compiled, and its rules are checked (E028)
import pypto_pro.language as pl


@pl.jit()
def mx_kernel(a: pl.Tensor[[64, 64], pl.DT_FP16], out: pl.Tensor[[64, 64], pl.DT_FP32]):
    with pl.section_cube():
        sl = pl.make_tile(pl.TileType(shape=[64, 2], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.ScaleLeft),
                          addr=0, size=128)
        pl.matmul_mx(sl, sl, sl, sl, sl)
        undefined_everywhere()


# a refused kernel's parameters are not checked: its one error is its cube code
@pl.jit()
def ptr_cube_kernel(q: pl.Ptr[pl.DT_UINT8], t: NotAType, n: pl.Tensor[[undefined_dim], pl.DT_FP16]):
    with pl.section_cube():
        pl.matmul_mx_acc()

