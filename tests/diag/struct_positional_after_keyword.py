# A positional argument after a field keyword of pl.struct_array is Python's own SyntaxError,
# reported there; it was a crash (the field loop read its keyword name). Found by fuzz_frontend.
import pypto_pro.language as pl


@pl.jit()
def kernel(out: pl.Tensor[[4], pl.DT_INT32]):
    arr = pl.struct_array(2, "Pair", a=0, b==0)
    with pl.section_vector():
        pl.ssbuf_store(arr, 0)
