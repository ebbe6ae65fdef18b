import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile):
    preg = vf.create_mask(pl.MaskPattern.ALL, pl.DT_FP32, 3)
    reg = vf.load_align(src_tile, 0, pl.LoadDist.NORM)
    vf.store_align(dst_tile, reg, preg)
