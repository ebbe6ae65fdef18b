# A vector function that calls another, three deep: the native unit built for the kernel must
# hold every function it reaches, not only the kernel's direct callees (a native run once
# failed to load: "undefined symbol" for the innermost function).
# out (1 x 64 FP32) = (a + 1) * 2 - 3, lane by lane; every step is exact for these inputs.
import pypto_pro.language as pl
from pypto_pro.language import Vf as vf


@pl.vector_function
def add_one(t):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(t, 0)
    r = vf.adds(r, 1.0, m)
    vf.store_align(t, r, m)


@pl.vector_function
def add_then_double(t):
    add_one(t)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.mem_bar(mode=pl.MemBarMode.VST_VLD)
    r = vf.load_align(t, 0)
    r = vf.muls(r, 2.0, m)
    vf.store_align(t, r, m)


@pl.vector_function
def outer(t):
    add_then_double(t)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.mem_bar(mode=pl.MemBarMode.VST_VLD)
    r = vf.load_align(t, 0)
    r = vf.subs(r, 3.0, m)
    vf.store_align(t, r, m)


@pl.jit()
def k(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
      out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    g = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t = g.current()
    with pl.section_vector():
        pl.load(t, a, [0, 0])
        outer(t)
        pl.store(out, t, [0, 0])
