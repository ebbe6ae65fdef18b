import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP128)
    vf.store_align(dst_tile, vf.load_align(src_tile), preg)
