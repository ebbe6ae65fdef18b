# pvc compile -v: pvc: streamed: 2 vector functions, 2 of them lowered when first called
# The plain form with what the text scan must skip: blank and comment lines, tabs before a
# comment, spaces inside the def line, a trailing comma, a comment after the colon.
import pypto_pro.language as pl
from pypto_pro.language import Vf as vf

@pl.vector_function
def  copy_row ( t ,  u , ) :   # spaces the scan allows

    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
	# a tab, then a comment
    r = vf.load_align(t, 0)
    vf.store_align(u, r, m)
# column 0, still inside
@pl.vector_function
def unused_by_name_only(t):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(t, 0)
    vf.store_align(t, r, m)


@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
           out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(type=tf, addr=0x0, size=256)
    u = pl.make_tile(type=tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        copy_row(t, u)
        unused_by_name_only(u)
        pl.store(out, u, [0, 0])
