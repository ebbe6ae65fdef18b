import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile, n):
    a = n / 2
    b = n ** 2
    c = n < 3
    d = ~n
    e = "text"
    f = src_tile[0]
    n += 1
