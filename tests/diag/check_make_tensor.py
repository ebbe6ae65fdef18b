# pl.make_tensor / pl.addptr (docs/SEMANTICS.md §6): a list of dims, one stride per dim, a
# pointer or tensor to view; pl.addptr offsets pointers only.
import pypto_pro.language as pl


@pl.jit()
def kernel(p: pl.Ptr[pl.DT_FP16], a: pl.Tensor[[16, 16], pl.DT_FP16], n: int):
    with pl.section_vector():
        v = pl.make_tensor(p, n)
        w = pl.make_tensor(p, [4, n], [n])
        q = pl.addptr(a, 4)
        r = pl.make_tensor(n, [4])
        s = pl.make_tensor(p, [1, 2, 3, 4, 5])
