# pl.ssbuf_store / ssbuf_load copy a named pl.struct (docs/SEMANTICS.md §16.8): not a
# struct array, not a scalar.
import pypto_pro.language as pl


@pl.jit()
def kernel(out: pl.Tensor[[4], pl.DT_INT32], n: int):
    arr = pl.struct_array(2, "Pair", a=0, b=0)
    with pl.section_vector():
        pl.ssbuf_store(arr, 0)
        pl.ssbuf_load(n, 0)
