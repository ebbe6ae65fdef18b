import pypto_pro.language as pl

# The constant of overflow_literal.py through names: 2**62 * 4 = 2**64, error E009 at the
# product (docs/SEMANTICS.md §6); -1 << 63 = -2**63 fits and is no error. In a vector function
# as in a kernel.
@pl.vector_function
def vf(s: int):
    k = 1 << 61
    m = k * 16
    n = -1
    p = n << 63
    pl.printf("%d %d %d", m, p, s)


@pl.jit
def kernel(x: pl.Tensor[[8, 64], pl.DT_FP32]):
    a = 2**62
    b = a * 4
    c = b - 1
    vf(1)
    pl.printf("%d", c)
