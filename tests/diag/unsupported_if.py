import pypto_pro.language as pl

@pl.vector_function
def vf_bad(src_tile, dst_tile, n):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    if n:
        reg = vf.load_align(src_tile, 0)
    while n:
        pass
    return preg
