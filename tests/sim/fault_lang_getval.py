# A GM tensor element outside the tensor is a located kernel fault in both backends, never a
# host memory access (docs/SEMANTICS.md §6.1): a[n, 0] of a 2x64 tensor with n = 2 is linear
# offset 2 * 64 + 0 = 128, one past the last element.
import pypto_pro.language as pl


@pl.jit()
def gm_elem_kernel(a: pl.Tensor[[2, 64], pl.DT_FP32], n: int):
    with pl.section_vector():
        a[0, 1] = a[n, 0]
