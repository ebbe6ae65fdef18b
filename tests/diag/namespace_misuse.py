import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile):
    a = pl
    b = vf.load_align
    c = pl.LoadDist
    d = pl.Tensor(1)
    e = pl.range(4)
    pl.section_vector()
    f = src_tile.shape
