import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile):
    for i in range(4):
        pass
    for j in [0, 1]:
        pass
    for k in pl.range(0, 4, 1, 2):
        pass
    for a, b in pl.range(2):
        pass
