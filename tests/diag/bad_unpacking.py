import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    a, b = vf.abs(src_tile, preg)
    c, d = 1, 2, 3
    e = vf.store_align(dst_tile, preg, preg)
    x, y, z = vf.load_align(src_tile, 0, dist=pl.LoadDist.DINTLV_B32)
    src_tile.attr = 3
    vf = 3
