import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    good = vf.load_align(src_tile, 0)
    reg = vf.load_align()
    m = vf.ge(good, 0.0)
    vf.store_align(dst_tile)
    vf.store_align(src=good, preg=preg)
    vf.load_unalign_pre()
