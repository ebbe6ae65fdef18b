# A name bound to a tensor parameter (b = a, c = b) is the parameter: the simulator follows
# the names to it, as the emitted C does (a pointer copy). out = a, read through c.
import pypto_pro.language as pl


@pl.jit()
def kernel(a: pl.Tensor[[1, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32]):
    t = pl.make_tile(pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec),
                     addr=0, size=256)
    with pl.section_vector():
        b = a
        c = b
        dst = out
        pl.load(t, c, [0, 0])
        pl.store(dst, t, [0, 0])
