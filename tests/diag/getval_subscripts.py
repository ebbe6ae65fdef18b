# Subscripts of a GM tensor the front end refuses (docs/SEMANTICS.md §6.1): one index per
# axis, no fewer and no more, in a read and in an assignment, and no slices (a window of a
# tensor is reached through pl.load into a tile); pl.setval without its value.
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[2, 64], pl.DT_FP32], v: pl.Tensor[[8], pl.DT_INT32]):
    with pl.section_vector():
        x = a[1]
        a[0, 1, 2] = 1.0
        y = v[0:4]
        v[1:2] = 3
        pl.setval(v, 1)
