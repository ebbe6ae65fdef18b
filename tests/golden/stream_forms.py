# The forms a streamed compile (emit/stream.c) reads from the text alone and lowers only
# when the kernel calls them (front/defer.c), compiled both ways by tests/run_golden.sh:
# one vector function specialised twice (tiles at two UB addresses), one calling another,
# a comment in column 0 inside a body, a called decorator, `-> None`, a scalar parameter,
# and a file that does not end in a newline.
import pypto_pro.language as pl
from pypto_pro.language import Vf as vf


@pl.vector_function
def copy_row(t):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(t, 0)
# a comment in column 0 does not end the body
    vf.store_align(t, r, m)


@pl.vector_function()
def scaled(t, k) -> None:  # a scalar parameter
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(t, 0)
    r = vf.muls(r, 1.5, m)
    vf.store_align(t, r, m)
    vf.mem_bar(mode=pl.MemBarMode.VST_VLD)
    twice(t, k)

@pl.vector_function
def twice(t, k):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(t, 0)
    for i in pl.range(k):
        r = vf.adds(r, 1.0, m)
    vf.store_align(t, r, m)


@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
           h: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
           out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t32 = pl.make_tile(type=tf, addr=0x0, size=256)
    t2 = pl.make_tile(type=tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t32, a, [0, 0])
        pl.load(t2, h, [0, 0])
        copy_row(t32)
        copy_row(t2)
        scaled(t32, 2)
        pl.store(out, t32, [0, 0])