import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.EVERYTHING, dtype=pl.DT_FP32)
    reg = vf.load_align(src_tile, 0, dist=pl.LoadDists.NORM)
    vf.store_align(dst_tile, reg, preg, dist=pl.StoreDist.PACK8)
