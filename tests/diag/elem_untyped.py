# Element access to a kernel parameter pvc has no type for: one error that says to
# annotate it (it read "not of this ?").
import pypto_pro.language as pl


@pl.jit()
def untyped(a, out: pl.Tensor[[1, 64], pl.DT_FP32]):
    x = a[0, 0]
    out[0, 0] = x
