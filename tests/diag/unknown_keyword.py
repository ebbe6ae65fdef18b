import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    good = vf.load_align(src_tile, 0)
    reg = vf.load_align(src_tile, 0, distribution=pl.LoadDist.NORM)
    vf.store_align(dst_tile, good, preg, post_update=True, post_update=False)
    vf.store_align(dst_tile, good, preg, 0, offset=64)
    vf.store_align(dst_tile, good, preg, 0, preg=preg)
    m = vf.create_mask(dtype=pl.DT_FP32, pattern=pl.MaskPattern.ALL, size=3)
