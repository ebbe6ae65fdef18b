# Python raises ValueError for a negative shift count; a kernel faults BAD_ARG at the `<<`.
import pypto_pro.language as pl


@pl.jit()
def shift_kernel(out: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    with pl.section_vector():
        k = 1 << (n - 5)
        if k > 0:
            pl.printf("unreachable %d\n", k)
