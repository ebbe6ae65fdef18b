# expressions outside the DSL: each a located error, the rest still checked
import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile, n):
    b = n ** 2
    c = n @ n
    d = n is None
    e = "text"
    f = src_tile[0]
    g = n in n
    h = lambda: n
    k = abs(n)
    m = n < 2 < n + 1 < "x"
