# Calling a @pl.simt.function in a kernel: pvc does not compile SIMT functions.
import pypto_pro.language as pl

@pl.simt.function
def s(x):
    pass

@pl.jit()
def k(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        s(t)
        pl.store(out, t, [0, 0])
