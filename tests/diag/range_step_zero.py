# A pl.range whose step is the constant 0 would fault every time it runs (Python's range()
# refuses it): `pvc check` reports it, in a vector function and in a kernel (docs/ARCHITECTURE.md §7, B1).
import pypto_pro.language as pl

@pl.vector_function
def vf_step(dst_tile, n: int):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(n, 4, 0):
        vf.store_align(dst_tile, vf.full(1.0, dtype=pl.DT_FP32), preg)

@pl.jit()
def kernel_step(a: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        for j in pl.range(0, n, 3 - 3):
            pl.load(t, a, [0, 0])
        vf_step(t, n)
