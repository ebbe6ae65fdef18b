# pl.make_tensor (docs/SEMANTICS.md §6): the shape is a list of 1 to 4 integers, the stride one
# integer per dim.
import pypto_pro.language as pl


@pl.jit()
def kernel(p: pl.Ptr[pl.DT_FP16], n: int):
    with pl.section_vector():
        v = pl.make_tensor(p, n)
        w = pl.make_tensor(p, [4, n], [n])
        s = pl.make_tensor(p, [1, 2, 3, 4, 5])
