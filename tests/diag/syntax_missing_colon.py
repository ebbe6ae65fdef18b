import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile)
    reg = vf.load_align(src_tile, 0)
