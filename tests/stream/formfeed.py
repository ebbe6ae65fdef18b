# pvc compile -v: pvc: streamed: 1 vector function, 0 of them lowered when first called
# A form feed opens a body line: Python measures its indentation after it (the line is in
# the body), the text scan would end the body there; so the function is lowered with its part.
import pypto_pro.language as pl
from pypto_pro.language import Vf as vf

@pl.vector_function
def fill(dst):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst, vf.full(1.5, dtype=pl.DT_FP32), m)

@pl.jit()
def k(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        fill(t)
        pl.store(out, t, [0, 0])
