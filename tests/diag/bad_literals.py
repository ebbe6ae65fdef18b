import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile):
    a = 99999999999999999999999
    b = 1e999
    c = 3j
    d = None
    e = -0x10
