# pl.printf's %p takes a pointer (a pl.Ptr parameter, pl.addptr, pl.make_ptr; docs/SEMANTICS.md
# §6), as pypto_pro's printf checks; pl.pto_assert's message format has no %p (its lowering
# prints no pointer).
import pypto_pro.language as pl


@pl.jit()
def kernel(x: pl.Tensor[[16], pl.DT_FP16], p: pl.Ptr[pl.DT_FP16], n: int):
    with pl.section_vector():
        pl.printf("%p\n", x)
        pl.printf("%p\n", n)
        pl.pto_assert(n > 0, "%p\n", p)
